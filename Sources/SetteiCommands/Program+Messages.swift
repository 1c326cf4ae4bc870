import SchemaKit
import SettingsStorage
import SystemIO
import TableREPL
import TextSafety

extension Program {
  /// The language of settei's own words: `--lang`'s (read even when the rest of the command
  /// line is wrong, so that a usage error speaks it too), else the environment's. Worked out
  /// once, by ``Program/init(arguments:environment:)``: each resolution costs about 45,000
  /// instructions, and a run asks for its words dozens of times.
  static func messagesLanguage(arguments: [String], environment: Environment) -> String {
    var value: String?
    for (index, argument) in arguments.enumerated() {
      if argument == "--lang", index + 1 < arguments.count { value = arguments[index + 1] }
      if argument.hasPrefix("--lang=") { value = String(argument.dropFirst(7)) }
      if argument == "--" { break }
    }
    return PreferredLanguage.resolve(option: value, environment: environment.values)
  }

  /// settei's own words, in ``messagesLanguage``.
  var messages: ProgramMessages { .forLanguage(messagesLanguage) }

  /// The REPL's own words, in ``messagesLanguage``.
  var sessionMessages: SessionMessages { .forLanguage(messagesLanguage) }

  /// SchemaKit's words (a schema's problems, why it cannot be loaded), in
  /// ``messagesLanguage``.
  var schemaMessages: SchemaMessages { .forLanguage(messagesLanguage) }
  /// SystemIO's words (a failed system call), in the language of settei's messages.
  var systemMessages: SystemMessages { .forLanguage(messagesLanguage) }

  /// SettingsStorage's words (why a store cannot be read or saved), in ``messagesLanguage``.
  var storeMessages: StoreMessages { .forLanguage(messagesLanguage) }

  /// The one way to standard error: `settei: …`, `settei: warning: …`, `settei: note: …`.
  /// On a terminal its lines are wrapped between words at the terminal's width, as the
  /// REPL's messages are: a long note at start (the schemas left out, a missing translation)
  /// does not break inside a word.
  var diagnostics: Diagnostics {
    var output: any TextOutput = standardError
    if let columns = Terminal.size(of: 2)?.columns {
      let wrapping = WrappingOutput(standardError)
      wrapping.width = { columns }
      output = wrapping
    }
    return Diagnostics(programName: "settei", output: output, messages: sessionMessages)
  }
}

extension MessageCatalog where Key == ProgramMessage {
  /// `count` in the words of `one` (for 1) or `many` (for any other count, its first
  /// placeholder): `1 error`, `3 errors`.
  func count(_ count: Int, _ one: ProgramMessage, _ many: ProgramMessage) -> String {
    count == 1 ? text(one) : text(many, String(count))
  }
}

extension Program {
  /// The note on a language the schema has no text in, in settei's words.
  func text(of missing: StringsCatalog.MissingLanguage) -> String {
    switch missing {
    case .noTranslations:
      return messages.text(.schemaHasNoTranslations)
    case .noText(let language, let shown, let languages):
      let what = shown.map { messages.text(.languageText, $0) } ?? messages.text(.textAsWritten)
      return messages.text(
        .schemaHasNoLanguage, language, what, languages.joined(separator: ", "))
    }
  }
}
