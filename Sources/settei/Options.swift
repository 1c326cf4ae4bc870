/// The command line, parsed. Parsing is pure so that usage errors are tested as values.
struct Options: Equatable {
  var schemaPath: String?
  var storePath: String?
  var language: String?
  var noColor = false
  var showHelp = false
  var showVersion = false
  var recover = false

  /// A command line that cannot be understood: the message quotes the input and says what to
  /// type instead.
  struct UsageError: Error, Equatable {
    var message: String
  }

  static let valueOptions = ["--schema", "--store", "--lang"]
  static let flagOptions = ["--no-color", "--help", "--version", "--recover"]

  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      var name = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      switch name {
      case "--help", "-h":
        options.showHelp = true
      case "--version":
        options.showVersion = true
      case "--no-color":
        options.noColor = true
      case "--recover":
        options.recover = true
      case "--schema", "--store", "--lang":
        let value: String
        if let inlineValue {
          value = inlineValue
        } else if index < arguments.count {
          value = arguments[index]
          index += 1
        } else {
          throw UsageError(message: "Missing value for '\(name)'. \(example(for: name))")
        }
        guard !value.isEmpty else {
          throw UsageError(message: "Empty value for '\(name)'. \(example(for: name))")
        }
        switch name {
        case "--schema": options.schemaPath = value
        case "--store": options.storePath = value
        default: options.language = value
        }
      default:
        if argument.hasPrefix("-") {
          let all = valueOptions + flagOptions
          let suggestion = all.min { distance($0, name) < distance($1, name) }
          let hint =
            suggestion.map { distance($0, name) <= 3 ? " Did you mean '\($0)'?" : "" } ?? ""
          throw UsageError(message: "Unknown option '\(argument)'.\(hint)")
        }
        throw UsageError(message: "Unexpected argument '\(argument)'.")
      }
    }
    return options
  }

  private static func example(for name: String) -> String {
    switch name {
    case "--schema": "Give a Settings.bundle folder, a .plist page or a .json schema."
    case "--store": "Give a .json or .plist file, e.g. --store ~/settings.json."
    default: "Give a language code, e.g. --lang ja or --lang en."
    }
  }

  /// The edit distance between two strings, for suggestions.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      }
      previous = current
    }
    return previous[b.count]
  }

  static let usage = """
    settei — browse and edit settings in a terminal, the way Settings.app does.

    Usage: settei [--schema PATH] [--store PATH] [--lang CODE] [--no-color] [--recover]

    Options:
      --schema PATH   A Settings.bundle folder, a .plist page or a .json schema.
                      Default: the built-in Language & Region screen.
      --store PATH    Where the values live (.json, or .plist by extension).
                      Default: $XDG_CONFIG_HOME/settei/settings.json
                      (~/.config/settei/settings.json).
      --lang CODE     The language to show (ja, en, de, …).
                      Default: from LC_ALL, LC_MESSAGES or LANG.
      --no-color      No colour (also when NO_COLOR is set).
      --recover       Restore the unsaved changes a stopped settei kept in
                      <store>.recover without asking (needed in a script).
      --help          Show this help.
      --version       Show the version.

    In the REPL, type a row number to open or choose it, back to return, quit to save
    and exit, help for every command. Input from a pipe runs as a script.

    Exit status: 0 done; 1 a scripted command failed (nothing saved); 64 usage error;
    65 a schema or store that cannot be read; 74 the store could not be saved (or another
    program changed the same settings); 75 the store is locked by another settei;
    129, 143 stopped by SIGHUP, SIGTERM (unsaved changes kept in <store>.recover).
    """
}
