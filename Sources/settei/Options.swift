import SchemaKit
import TableREPL

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

  enum StoreFormat: String, Equatable, CaseIterable {
    case json, plist
  }

  enum DefaultsFormat: String, Equatable, CaseIterable {
    case json, plist, swift
  }

  /// A command of the command line (`settei get`, `settei lint`, …): its name, the options it
  /// takes and its help.
  struct Verb {
    var name: String
    /// The options it takes, as its help lists them (every one takes `--help` too).
    var options: [String]
    /// What `--format` takes, when the verb takes it.
    var formats: [String] = []
    var help: ProgramMessage
  }

  /// The options of the commands that read a schema and its store.
  private static let storeOptions = ["--schema", "--store", "--lang", "--idiom"]

  /// The one list of commands: parsing, `--help`, shell completion and (by a test) the general
  /// help, both completion scripts and docs/commands.md follow it.
  static let verbs = [
    Verb(name: "get", options: storeOptions, help: .getHelp),
    Verb(name: "set", options: storeOptions, help: .setHelp),
    Verb(name: "list", options: ["--json"] + storeOptions, help: .listHelp),
    Verb(
      name: "export", options: ["--format", "--changed", "--schema", "--store"],
      formats: StoreFormat.allCases.map(\.rawValue), help: .exportHelp),
    Verb(name: "import", options: ["--schema", "--store"], help: .importHelp),
    Verb(name: "reset", options: ["--all", "--schema", "--store"], help: .resetHelp),
    Verb(
      name: "lint", options: ["--store", "--l10n", "--strict", "--development-language"],
      help: .lintHelp),
    Verb(
      name: "defaults", options: ["--format", "--in-app"],
      formats: DefaultsFormat.allCases.map(\.rawValue),
      help: .defaultsHelp),
    Verb(name: "diff", options: ["--schema", "--lang"], help: .diffHelp),
    Verb(
      name: "render", options: ["--lang", "--idiom", "--title", "--width", "--out", "--in-app"],
      help: .renderHelp),
  ]

  /// The verb called `name`, if there is one.
  static func verb(named name: String) -> Verb? {
    verbs.first { $0.name == name }
  }

  var subcommand = Subcommand.repl
  /// The command whose help `--help` shows (`settei defaults --help`), if one was named.
  var helpTopic: String?
  var schemaPath: String?
  var storePath: String?
  var language: String?
  /// The device shown, from `--idiom`.
  var idiom = Idiom.phone
  /// `--in-app`: a bundle's pages as InAppSettingsKit shows them in an app
  /// (`Root.inApp.plist` first), not as Settings.app does.
  var inApp = false
  var noColor = false
  /// `--gsettings`: the desktop's GSettings instead of a schema and its store.
  var gsettings = false
  /// `--gsettings list SCHEMA`: the schema (and those below it) whose keys are listed.
  var gsettingsListSchema: String?
  var showHelp = false
  var showVersion = false
  var recover = false
  /// `export --changed`: only the stored values that differ from their defaults.
  var changedOnly = false
  /// `lint --strict`: warnings fail too.
  var strict = false
  /// `lint --l10n`: check the translations instead.
  var l10n = false
  /// `lint --l10n --development-language CODE`: the language the plists' texts are in.
  var developmentLanguage: String?
  /// `render --width N`: the width of the text, in columns.
  var width = 80
  /// `render --out DIR`: the folder for one file per language.
  var outputFolder: String?
  /// `--title TEXT`: the root page's title, where Settings.app shows the app's name.
  var title: String?

  /// A command line that cannot be understood: the message quotes the input and says what to
  /// type instead.
  struct UsageError: Error, Equatable {
    var message: String
  }

  static let valueOptions = [
    "--schema", "--store", "--lang", "--idiom", "--format", "--width", "--out",
    "--development-language", "--title",
  ]
  static let flagOptions = [
    "--no-color", "--help", "--version", "--json", "--all", "--recover", "--changed",
    "--strict", "--l10n", "--in-app", "--gsettings",
  ]
  static let subcommands = verbs.map(\.name)

  /// The words of a command line that are not options nor their values (`get KEY` of
  /// `get --schema X KEY`), up to a `--` and all after it.
  static func positionals(in arguments: [String]) -> [String] {
    var positionals: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" { return positionals + arguments[index...] }
      if valueOptions.contains(argument) {
        index += 1
      } else if !argument.hasPrefix("-") || argument == "-" {
        positionals.append(argument)
      }
    }
    return positionals
  }

  /// The candidate closest to `word`, when it is close enough to be a typo of it: at most one
  /// edit in three letters (dashes not counted), so that `--shema` gets `--schema` but
  /// `--bogus` gets nothing.
  static func suggestion(for word: String, among candidates: [String]) -> String? {
    guard let closest = candidates.min(by: { distance($0, word) < distance($1, word) })
    else { return nil }
    let letters = min(word.drop { $0 == "-" }.count, closest.drop { $0 == "-" }.count)
    return distance(closest, word) <= max(1, letters / 3) ? closest : nil
  }

  /// The command line as options; a usage error is worded in `messages` (settei's words in
  /// the language chosen by `--lang` or the environment).
  static func parse(
    _ arguments: [String], messages: ProgramMessages = .forLanguage("en")
  ) throws(UsageError) -> Options {
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
      case "--in-app": options.inApp = true
      case "--gsettings": options.gsettings = true
      case "--recover": options.recover = true
      case "--changed": options.changedOnly = true
      case "--strict": options.strict = true
      case "--l10n": options.l10n = true
      case "--json": json = true
      case "--all": all = true
      case "--schema", "--store", "--lang", "--idiom", "--format", "--width", "--out",
        "--development-language", "--title":
        let value: String
        if let inlineValue {
          value = inlineValue
        } else if index < arguments.count {
          value = arguments[index]
          index += 1
        } else {
          throw UsageError(
            message: messages.text(.missingValue, name, example(for: name, messages)))
        }
        guard !value.isEmpty else {
          throw UsageError(message: messages.text(.emptyValue, name, example(for: name, messages)))
        }
        switch name {
        case "--schema": options.schemaPath = value
        case "--store": options.storePath = value
        case "--format": format = value
        case "--out": options.outputFolder = value
        case "--development-language": options.developmentLanguage = value
        case "--title": options.title = value
        case "--width":
          guard let width = TypedNumber(value)?.value, (20...1000).contains(width) else {
            throw UsageError(message: messages.text(.badWidth, value, example(for: name, messages)))
          }
          options.width = width
        case "--idiom":
          guard let idiom = Idiom(rawValue: value.lowercased()) else {
            throw UsageError(
              message: messages.text(.unknownIdiom, value, example(for: name, messages)))
          }
          options.idiom = idiom
        default: options.language = value
        }
      default:
        if argument.hasPrefix("-"), argument.count > 1 {
          // The command's own options, when a command is named.
          let named = Options.positionals(in: arguments).first.flatMap(Options.verb(named:))
          let candidates = named.map { $0.options + ["--help"] } ?? valueOptions + flagOptions
          if let suggestion = Options.suggestion(for: name, among: candidates) {
            throw UsageError(
              message: messages.text(.unknownOptionDidYouMean, argument, suggestion))
          }
          throw UsageError(message: messages.text(.unknownOption, argument))
        }
        positionals.append(argument)
      }
    }
    if positionals.first == "help" {
      // `settei help` is `settei --help`; `settei help COMMAND` is `settei COMMAND --help`.
      let topic = positionals.dropFirst()
      guard topic.count <= 1, topic.allSatisfy(subcommands.contains) else {
        throw UsageError(
          message: messages.text(
            .unknownHelpTopic, topic.joined(separator: " "),
            subcommands.joined(separator: ", ")))
      }
      options.showHelp = true
      options.helpTopic = topic.first
      return options
    }
    if options.showHelp {
      // `settei COMMAND --help` shows that command's help whatever else is typed.
      options.helpTopic = positionals.first.flatMap { subcommands.contains($0) ? $0 : nil }
      return options
    }
    if options.gsettings {
      try options.checkGSettings(
        positionals: &positionals, json: json, format: format, language: messages.language)
    }
    options.subcommand = try subcommand(
      positionals, json: json, all: all, format: format, messages: messages)
    if options.outputFolder != nil || options.width != 80 {
      guard case .render = options.subcommand else {
        throw UsageError(message: messages.text(.renderOptionsOnly))
      }
    }
    if options.developmentLanguage != nil, !options.l10n {
      throw UsageError(message: messages.text(.developmentLanguageOnly))
    }
    if options.strict || options.l10n {
      guard case .lint = options.subcommand else {
        throw UsageError(message: messages.text(.lintOptionsOnly))
      }
    }
    if options.inApp, case .lint = options.subcommand, options.storePath == nil, !options.l10n {
      throw UsageError(message: messages.text(.inAppNotForLint))
    }
    if options.changedOnly {
      guard case .export = options.subcommand else {
        throw UsageError(message: messages.text(.exportOptionOnly))
      }
    }
    return options
  }

  private static func subcommand(
    _ words: [String], json: Bool, all: Bool, format: String?, messages: ProgramMessages
  ) throws(UsageError) -> Subcommand {
    guard let name = words.first else {
      if json || all || format != nil {
        throw UsageError(message: messages.text(.listOptionsOnly))
      }
      return .repl
    }
    let rest = Array(words.dropFirst())
    func expect(_ count: Int, _ usage: ProgramMessage) throws(UsageError) {
      guard rest.count == count else {
        throw UsageError(message: messages.text(.takes, name, messages.text(usage)))
      }
    }
    switch name {
    case "get":
      try expect(1, .takesGet)
      return .get(key: rest[0])
    case "set":
      guard rest.count >= 2 else {
        throw UsageError(message: messages.text(.takesSet))
      }
      return .set(key: rest[0], value: rest.dropFirst().joined(separator: " "))
    case "list":
      try expect(0, .takesList)
      return .list(json: json)
    case "export":
      try expect(0, .takesExport)
      guard let parsed = StoreFormat(rawValue: format ?? "json") else {
        throw UsageError(message: messages.text(.unknownExportFormat, format ?? ""))
      }
      return .export(format: parsed)
    case "import":
      try expect(1, .takesImport)
      return .importFile(path: rest[0])
    case "reset":
      if all {
        try expect(0, .takesResetAll)
        return .reset(key: nil)
      }
      try expect(1, .takesReset)
      return .reset(key: rest[0])
    case "lint":
      try expect(1, .takesLint)
      return .lint(path: rest[0])
    case "render":
      try expect(1, .takesRender)
      return .render(path: rest[0])
    case "diff":
      guard rest.count == 1 || rest.count == 2 else {
        throw UsageError(message: messages.text(.takesDiff))
      }
      return .diff(storeA: rest[0], storeB: rest.count == 2 ? rest[1] : nil)
    case "defaults":
      try expect(1, .takesDefaults)
      guard let parsed = DefaultsFormat(rawValue: format ?? "json") else {
        throw UsageError(message: messages.text(.unknownDefaultsFormat, format ?? ""))
      }
      return .defaults(path: rest[0], format: parsed)
    default:
      let commands = subcommands.joined(separator: ", ")
      if let suggestion = Options.suggestion(for: name, among: subcommands) {
        throw UsageError(
          message: messages.text(.unknownCommandDidYouMean, name, suggestion, commands))
      }
      throw UsageError(message: messages.text(.unknownCommand, name, commands))
    }
  }

  private static func example(for name: String, _ messages: ProgramMessages) -> String {
    switch name {
    case "--schema": messages.text(.giveSchema)
    case "--store": messages.text(.giveStore)
    case "--format": messages.text(.giveFormat)
    case "--width": messages.text(.giveWidth)
    case "--out": messages.text(.giveOut)
    case "--idiom": messages.text(.giveIdiom)
    case "--title": messages.text(.giveTitle)
    case "--development-language": messages.text(.giveDevelopmentLanguage)
    default: messages.text(.giveLanguage)
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

  /// The general help in English, as docs/commands.md shows it (`--help` speaks `--lang`).
  static var usage: String { ProgramMessages.forLanguage("en").text(.generalHelp) }
}
