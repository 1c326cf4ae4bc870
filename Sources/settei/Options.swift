import SchemaKit

/// The command line, parsed. Parsing is pure so that usage errors are tested as values.
struct Options: Equatable {
  /// What to do: open the REPL (the default) or one of the commands for scripts.
  enum Subcommand: Equatable {
    case repl
    case get(key: String)
    case set(key: String, value: String)
    case list(json: Bool)
    case export(format: StoreFormat)
    case importFile(path: String)
    case reset(key: String?)
    case lint(path: String)
    /// Candidates for shell completion of the words typed so far (the last may be partial).
    case complete(words: [String])
  }

  enum StoreFormat: String, Equatable {
    case json, plist
  }

  var subcommand = Subcommand.repl
  var schemaPath: String?
  var storePath: String?
  var language: String?
  /// The device shown, from `--idiom`.
  var idiom = Idiom.phone
  var noColor = false
  var showHelp = false
  var showVersion = false
  var recover = false

  /// A command line that cannot be understood: the message quotes the input and says what to
  /// type instead.
  struct UsageError: Error, Equatable {
    var message: String
  }

  static let valueOptions = ["--schema", "--store", "--lang", "--idiom", "--format"]
  static let flagOptions = ["--no-color", "--help", "--version", "--json", "--all", "--recover"]
  static let subcommands = ["get", "set", "list", "export", "import", "reset", "lint"]

  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var positionals: [String] = []
    var json = false
    var all = false
    var format: String?
    var index = 0
    if arguments.first == "__complete" {
      options.subcommand = .complete(words: Array(arguments.dropFirst()))
      return options
    }
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" {
        positionals += arguments[index...]
        break
      }
      var name = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      switch name {
      case "--help", "-h": options.showHelp = true
      case "--version": options.showVersion = true
      case "--no-color": options.noColor = true
      case "--recover": options.recover = true
      case "--json": json = true
      case "--all": all = true
      case "--schema", "--store", "--lang", "--idiom", "--format":
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
        case "--format": format = value
        case "--idiom":
          guard let idiom = Idiom(rawValue: value.lowercased()) else {
            throw UsageError(message: "Unknown idiom '\(value)'. \(example(for: name))")
          }
          options.idiom = idiom
        default: options.language = value
        }
      default:
        if argument.hasPrefix("-"), argument.count > 1 {
          let suggestion = (valueOptions + flagOptions).min {
            distance($0, name) < distance($1, name)
          }
          let hint =
            suggestion.map { distance($0, name) <= 3 ? " Did you mean '\($0)'?" : "" } ?? ""
          throw UsageError(message: "Unknown option '\(argument)'.\(hint)")
        }
        positionals.append(argument)
      }
    }
    options.subcommand = try subcommand(positionals, json: json, all: all, format: format)
    return options
  }

  private static func subcommand(
    _ words: [String], json: Bool, all: Bool, format: String?
  ) throws(UsageError) -> Subcommand {
    guard let name = words.first else {
      if json || all || format != nil {
        throw UsageError(message: "--json, --all and --format go with list, reset and export.")
      }
      return .repl
    }
    let rest = Array(words.dropFirst())
    func expect(_ count: Int, _ usage: String) throws(UsageError) {
      guard rest.count == count else {
        throw UsageError(message: "'\(name)' takes \(usage).")
      }
    }
    switch name {
    case "get":
      try expect(1, "one KEY: settei get KEY")
      return .get(key: rest[0])
    case "set":
      guard rest.count >= 2 else {
        throw UsageError(message: "'set' takes a KEY and a VALUE: settei set KEY VALUE.")
      }
      return .set(key: rest[0], value: rest.dropFirst().joined(separator: " "))
    case "list":
      try expect(0, "no arguments (add --json for machine output)")
      return .list(json: json)
    case "export":
      try expect(0, "no arguments: settei export [--format json|plist]")
      guard let parsed = StoreFormat(rawValue: format ?? "json") else {
        throw UsageError(
          message: "Unknown format '\(format ?? "")'. Use --format json or --format plist.")
      }
      return .export(format: parsed)
    case "import":
      try expect(1, "one FILE: settei import FILE")
      return .importFile(path: rest[0])
    case "reset":
      if all {
        try expect(0, "a KEY or --all, not both")
        return .reset(key: nil)
      }
      try expect(1, "a KEY or --all: settei reset KEY")
      return .reset(key: rest[0])
    case "lint":
      try expect(1, "one PATH: settei lint PATH")
      return .lint(path: rest[0])
    default:
      let suggestion = subcommands.min { distance($0, name) < distance($1, name) }
      let hint = suggestion.map { distance($0, name) <= 2 ? " Did you mean '\($0)'?" : "" } ?? ""
      throw UsageError(
        message:
          "Unknown command '\(name)'.\(hint) Commands: \(subcommands.joined(separator: ", ")).")
    }
  }

  private static func example(for name: String) -> String {
    switch name {
    case "--schema": "Give a Settings.bundle folder, a .plist page or a .json schema."
    case "--store": "Give a .json or .plist file, e.g. --store ~/settings.json."
    case "--format": "Give json or plist."
    case "--idiom": "Give phone, pad, mac or vision."
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
    var beforePrevious = previous
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        // Two letters swapped count as one typo.
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], beforePrevious[j - 2] + 1)
        }
      }
      beforePrevious = previous
      previous = current
    }
    return previous[b.count]
  }

  static let usage = """
    settei — browse and edit settings in a terminal, the way Settings.app does.

    Usage:
      settei [OPTIONS]                 open the REPL
      settei get KEY [OPTIONS]         print a setting's value
      settei set KEY VALUE [OPTIONS]   change a setting (VALUE: a value or a choice's title)
      settei list [--json] [OPTIONS]   list every setting: key, value, default, where
      settei export [--format json|plist] [OPTIONS]
                                       print the stored values
      settei import FILE [OPTIONS]     store the values of a .json or .plist file, all or none
      settei reset KEY|--all [OPTIONS] restore defaults
      settei lint PATH                 check a schema for mistakes

    Options:
      --schema PATH   A Settings.bundle folder, a .plist page or a .json schema.
                      Default: the built-in Language & Region screen.
      --store PATH    Where the values live (.json, or .plist by extension).
                      Default: $XDG_CONFIG_HOME/settei/settings.json
                      (~/.config/settei/settings.json); for --schema X, X.json there.
      --lang CODE     The language to show (ja, en, de, …).
                      Default: from LC_ALL, LC_MESSAGES or LANG.
      --idiom DEVICE  The device to show: phone, pad, mac or vision. It chooses
                      Root~ipad.plist pages (pad) and hides the rows whose
                      SupportedUserInterfaceIdioms leave it out. Default: phone.
      --no-color      No colour (also when NO_COLOR is set).
      --recover       Restore the unsaved changes a stopped settei kept in
                      <store>.recover without asking (how a script restores them).
      --help          Show this help.
      --version       Show the version.

    In the REPL, type a row number to open or choose it, back to return, quit to save
    and exit, help for every command. Input from a pipe runs as a script.

    Exit status: 0 done; 1 a scripted command or a value failed (nothing saved);
    64 usage error; 65 a schema or store that cannot be read; 74 the store could not
    be saved (or another program changed the same settings); 75 the store is locked by
    another settei; 129, 143 stopped by SIGHUP, SIGTERM (unsaved changes are kept in
    <store>.recover).
    """
}
