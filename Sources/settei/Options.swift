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
    /// Every key's default (`settei defaults PATH`).
    case defaults(path: String, format: DefaultsFormat)
    /// Every page as text (`settei render PATH`).
    case render(path: String)
    /// The settings two stores (or a store and the defaults) hold differently.
    case diff(storeA: String, storeB: String?)
    /// Candidates for shell completion of the words typed so far (the last may be partial).
    case complete(words: [String])
  }

  enum StoreFormat: String, Equatable {
    case json, plist
  }

  enum DefaultsFormat: String, Equatable {
    case json, plist, swift
  }

  var subcommand = Subcommand.repl
  /// The command whose help `--help` shows (`settei defaults --help`), if one was named.
  var helpTopic: String?
  var schemaPath: String?
  var storePath: String?
  var language: String?
  /// The device shown, from `--idiom`.
  var idiom = Idiom.phone
  var noColor = false
  var showHelp = false
  var showVersion = false
  var recover = false
  /// `export --changed`: only the stored values that differ from their defaults.
  var changedOnly = false
  /// `lint --strict`: warnings fail too.
  var strict = false
  /// `lint --l10n`: check the translations instead.
  var l10n = false
  /// `render --width N`: the width of the text, in columns.
  var width = 80
  /// `render --out DIR`: the folder for one file per language.
  var outputFolder: String?

  /// A command line that cannot be understood: the message quotes the input and says what to
  /// type instead.
  struct UsageError: Error, Equatable {
    var message: String
  }

  static let valueOptions = [
    "--schema", "--store", "--lang", "--idiom", "--format", "--width", "--out",
  ]
  static let flagOptions = [
    "--no-color", "--help", "--version", "--json", "--all", "--recover", "--changed",
    "--strict", "--l10n",
  ]
  static let subcommands = [
    "get", "set", "list", "export", "import", "reset", "lint", "defaults", "diff", "render",
  ]

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
      case "--changed": options.changedOnly = true
      case "--strict": options.strict = true
      case "--l10n": options.l10n = true
      case "--json": json = true
      case "--all": all = true
      case "--schema", "--store", "--lang", "--idiom", "--format", "--width", "--out":
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
        case "--out": options.outputFolder = value
        case "--width":
          guard let width = Int(value), (20...1000).contains(width) else {
            throw UsageError(message: "Bad width '\(value)'. \(example(for: name))")
          }
          options.width = width
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
    if options.showHelp {
      // `settei COMMAND --help` shows that command's help whatever else is typed.
      options.helpTopic = positionals.first.flatMap { subcommands.contains($0) ? $0 : nil }
      return options
    }
    options.subcommand = try subcommand(positionals, json: json, all: all, format: format)
    if options.outputFolder != nil || options.width != 80 {
      guard case .render = options.subcommand else {
        throw UsageError(message: "--width and --out go with render: settei render PATH.")
      }
    }
    if options.strict || options.l10n {
      guard case .lint = options.subcommand else {
        throw UsageError(message: "--strict and --l10n go with lint: settei lint --strict ….")
      }
    }
    if options.changedOnly {
      guard case .export = options.subcommand else {
        throw UsageError(message: "--changed goes with export: settei export --changed.")
      }
    }
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
    case "render":
      try expect(1, "one PATH: settei render PATH [--lang CODE|all] [--width N] [--out DIR]")
      return .render(path: rest[0])
    case "diff":
      guard rest.count == 1 || rest.count == 2 else {
        throw UsageError(
          message: "'diff' takes one or two STOREs: settei diff STORE_A STORE_B, or settei "
            + "diff STORE to compare with the defaults.")
      }
      return .diff(storeA: rest[0], storeB: rest.count == 2 ? rest[1] : nil)
    case "defaults":
      try expect(1, "one PATH: settei defaults PATH [--format json|plist|swift]")
      guard let parsed = DefaultsFormat(rawValue: format ?? "json") else {
        throw UsageError(
          message: "Unknown format '\(format ?? "")'. Use --format json, plist or swift.")
      }
      return .defaults(path: rest[0], format: parsed)
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
    case "--format": "Give json or plist (or swift, for defaults)."
    case "--width": "Give a number of columns from 20 to 1000, e.g. --width 80."
    case "--out": "Give a folder, e.g. --out Settings.render."
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
      settei export [--format json|plist] [--changed] [OPTIONS]
                                       print the stored values (--changed: those
                                       that differ from their defaults)
      settei import FILE [OPTIONS]     store the values of a .json or .plist file, all or none
      settei reset KEY|--all [OPTIONS] restore defaults
      settei lint PATH                 check a schema for mistakes
      settei lint --store STORE PATH [--strict]
                                       check a store against a schema
      settei lint --l10n PATH [--strict]
                                       check a bundle's translations
      settei defaults PATH [--format json|plist|swift]
                                       every key's default, for register(defaults:)
      settei render PATH [--lang CODE|all] [--width N] [--out DIR]
                                       every page as text, for review and diffs
      settei diff STORE_A [STORE_B] [OPTIONS]
                                       the settings two stores (or a store and the
                                       defaults) hold differently

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

    settei COMMAND --help shows a command's own help.

    In the REPL, type a row number to open or choose it, back to return, quit to save
    and exit, help for every command. Input from a pipe runs as a script.

    Exit status: 0 done; 1 a scripted command or a value failed (nothing saved);
    64 usage error; 65 a schema or store that cannot be read; 74 the store could not
    be saved (or another program changed the same settings); 75 the store is locked by
    another settei; 129, 143 stopped by SIGHUP, SIGTERM (unsaved changes are kept in
    <store>.recover).
    """
}
