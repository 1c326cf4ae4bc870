import SchemaKit
import SettingsKit
import TableREPL
import TextSafety

/// The command line, parsed. Parsing is pure so that usage errors are tested as values.
struct Options: Equatable {
  /// The command to run: the one named, else the REPL (``CommandTable``).
  var command = REPLCommand.with(.init())
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
    "--development-language", "--title", "--save",
  ]
  static let flagOptions = [
    "--no-color", "--help", "--version", "--json", "--all", "--recover", "--changed",
    "--strict", "--l10n", "--in-app", "--gsettings",
  ]

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
    guard
      let closest = candidates.min(by: {
        EditDistance.between($0, word) < EditDistance.between($1, word)
      })
    else { return nil }
    let letters = min(word.drop { $0 == "-" }.count, closest.drop { $0 == "-" }.count)
    return EditDistance.between(closest, word) <= max(1, letters / 3) ? closest : nil
  }

  /// The command line as options; a usage error is worded in `messages` (settei's words in
  /// the language chosen by `--lang` or the environment).
  static func parse(
    _ arguments: [String], messages: ProgramMessages = .forLanguage("en")
  ) throws(UsageError) -> Options {
    var options = Options()
    var positionals: [String] = []
    var flags = CommandFlags()
    // Each option given, as its name is spelled in the help, for the one check of which
    // command takes it.
    var given: [String] = []
    // A value an option cannot take, said once the option is known to be the command's: an
    // option the command does not take is the first thing to say.
    var badValue: UsageError?
    var index = 0
    if let first = arguments.first,
      let hidden = CommandTable.hidden.first(where: { $0.name == first })
    {
      options.command = try hidden.parsedCommand(Array(arguments.dropFirst()), flags, messages)
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
      if name.hasPrefix("-") { given.append(name == "-h" ? "--help" : name) }
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
      case "--json": flags.json = true
      case "--all": flags.all = true
      case "--schema", "--store", "--lang", "--idiom", "--format", "--width", "--out",
        "--development-language", "--title", "--save":
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
        case "--format": flags.format = value
        case "--save": flags.save = value
        case "--out": options.outputFolder = value
        case "--development-language": options.developmentLanguage = value
        case "--title": options.title = value
        case "--width":
          guard let width = TypedNumber(value)?.value, (20...1000).contains(width) else {
            badValue =
              badValue
              ?? UsageError(message: messages.text(.badWidth, value, example(for: name, messages)))
            continue
          }
          options.width = width
        case "--idiom":
          guard let idiom = Idiom(rawValue: value.lowercased()) else {
            badValue =
              badValue
              ?? UsageError(
                message: messages.text(.unknownIdiom, value, example(for: name, messages)))
            continue
          }
          options.idiom = idiom
        default: options.language = value
        }
      default:
        if argument.hasPrefix("-"), argument.count > 1 {
          // The command's own options, when a command is named.
          let named = Options.positionals(in: arguments).first.flatMap(CommandTable.command(named:))
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
      guard topic.count <= 1, topic.allSatisfy(CommandTable.names.contains) else {
        throw UsageError(
          message: messages.text(
            .unknownHelpTopic, topic.joined(separator: " "),
            CommandTable.names.joined(separator: ", ")))
      }
      options.showHelp = true
      options.helpTopic = topic.first
      return options
    }
    if options.showHelp {
      // `settei COMMAND --help` shows that command's help whatever else is typed.
      options.helpTopic = positionals.first.flatMap { CommandTable.names.contains($0) ? $0 : nil }
      return options
    }
    if options.gsettings {
      try options.checkGSettingsOptions(
        given: given, verb: positionals.first, language: messages.language)
      if let badValue { throw badValue }
      options.command = try GSettingsCommand.parsedCommand(positionals, flags, messages)
    } else {
      // An option of another command is named before the command's own words are read.
      let named =
        positionals.isEmpty ? CommandTable.unnamed : CommandTable.command(named: positionals[0])
      if let named { try CommandTable.check(given, for: named, messages: messages) }
      if let badValue { throw badValue }
      options.command = try command(positionals, flags, messages: messages)
    }
    if options.developmentLanguage != nil, !options.l10n {
      throw UsageError(message: messages.text(.developmentLanguageOnly))
    }
    if options.inApp, options.command.is(LintCommand.self), options.storePath == nil,
      !options.l10n
    {
      throw UsageError(message: messages.text(.inAppNotForLint))
    }
    return options
  }

  /// The command `words` name (the REPL when they name none), with its arguments.
  private static func command(
    _ words: [String], _ flags: CommandFlags, messages: ProgramMessages
  ) throws(UsageError) -> ParsedCommand {
    guard let name = words.first else {
      return try CommandTable.unnamed.parsedCommand([], flags, messages)
    }
    guard let command = CommandTable.command(named: name) else {
      let commands = CommandTable.names.joined(separator: ", ")
      if let suggestion = Options.suggestion(for: name, among: CommandTable.names) {
        throw UsageError(
          message: messages.text(.unknownCommandDidYouMean, name, suggestion, commands))
      }
      throw UsageError(message: messages.text(.unknownCommand, name, commands))
    }
    return try command.parsedCommand(Array(words.dropFirst()), flags, messages)
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
    case "--save": messages.text(.giveSave)
    case "--development-language": messages.text(.giveDevelopmentLanguage)
    default: messages.text(.giveLanguage)
    }
  }

  /// The general help in English, as docs/commands.md shows it (`--help` speaks `--lang`).
  static var usage: String { ProgramMessages.forLanguage("en").text(.generalHelp) }
}
