import TextSafety

/// What FileFormats has to say, as data: a message of its catalog (`Messages/FileFormats`,
/// ``FormatMessage``) and what fills its placeholders. A ``SourceError`` carries why a file
/// cannot be read as one; the program words it in the session's language with
/// `worded(in:)`, and `description` is the English.
package typealias FormatReason = Reason<FormatArgument>

/// What fills a placeholder of a ``FormatReason``.
package indirect enum FormatArgument: ReasonArgument {
  /// Text shown as written: a key, a character as the file writes it, a number.
  case text(String)
  /// Another reason, worded in the same language: what was found.
  case reason(FormatReason)

  package static var englishCatalog: FormatMessages { .english }

  package func worded(in catalog: FormatMessages) -> String {
    switch self {
    case .text(let text): text
    case .reason(let reason): reason.worded(in: catalog)
    }
  }
}

extension Reason where Argument == FormatArgument {
  /// Text shown as it is: a character or a word of the file, quoted.
  package static func verbatim(_ text: String) -> FormatReason {
    FormatReason(.verbatim, .text(text))
  }

  /// The name of a value's type: `string`, `dictionary`.
  package static func typeName(of value: PropertyListValue) -> FormatReason {
    switch value {
    case .string: FormatReason(.typeString)
    case .integer, .unsignedInteger: FormatReason(.typeInteger)
    case .real: FormatReason(.typeReal)
    case .bool: FormatReason(.typeBoolean)
    case .date: FormatReason(.typeDate)
    case .data: FormatReason(.typeData)
    case .array: FormatReason(.typeArray)
    case .dictionary: FormatReason(.typeDictionary)
    }
  }
}

extension MessageCatalog where Key == FormatMessage {
  /// The English catalog, in which FileFormats' reasons describe themselves.
  package static var english: Self { forLanguage("en") }
}
