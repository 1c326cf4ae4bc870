import FileFormats
import SystemIO
import TextSafety

/// What SchemaKit has to say, as data: a message of its catalog (`Messages/SchemaKit`,
/// ``SchemaMessage``) and what fills its placeholders. A lint problem, its fix and a schema
/// error each carry one; the program words it in the session's language with
/// `worded(in:)`, and `description` is the English.
package typealias SchemaReason = Reason<SchemaArgument>

/// What fills a placeholder of a ``SchemaReason``: text shown as written, or a value worded
/// in the catalog's language.
package indirect enum SchemaArgument: ReasonArgument {
  /// Text shown as written: a key, a file, a member's or a type's name.
  case text(String)
  /// A whole number, as written: an index, a count.
  case index(Int)
  /// A value of the file with its type, `"40" (a string)`; an array or a dictionary by
  /// its type alone, `an array`.
  case value(PropertyListValue)
  /// A value as the file writes it: `"40"`, `true`.
  case literal(PropertyListValue)
  /// Values as the file writes them, joined; past `limit` of them, the first `limit` and
  /// an ellipsis.
  case literals([PropertyListValue], limit: Int?)
  /// Texts shown as written, joined.
  case texts([String])
  /// The type of a value with its article: `a string`, `an array`.
  case typeOf(PropertyListValue)
  /// The name of a value's type: `string`, `dictionary`.
  case typeNameOf(PropertyListValue)
  /// A number as lint writes it: `40`, `0.5`.
  case number(Double)
  /// A number of entries: `1 entry`, `3 entries`.
  case entries(Int)
  /// A switch's state: on or off.
  case state(on: Bool)
  /// Another reason, worded in the same language.
  case reason(SchemaReason)
  /// Why a file cannot be read, worded in FileFormats' catalog of the same language.
  case format(FormatReason)
  /// Where a file cannot be read and why (`settings.json:3:7: …`), worded in FileFormats'
  /// catalog of the same language.
  case sourceError(SourceError)
  /// Why a failed system call failed, worded in SystemIO's catalog of the same language.
  case systemReason(SystemCallError)
  /// A file that could not be read whole (`PATH: cannot read: why`), likewise.
  case fileRead(FileBytes.ReadError)

  package static var englishCatalog: SchemaMessages { .english }
}

extension Reason where Argument == SchemaArgument {
  /// A file that could not be read whole, as SystemIO words it.
  package static func fileRead(_ error: FileBytes.ReadError) -> SchemaReason {
    SchemaReason(.verbatim, .fileRead(error))
  }

  /// Text another module worded, shown as it is.
  package static func verbatim(_ text: String) -> SchemaReason {
    SchemaReason(.verbatim, .text(text))
  }
}

extension SchemaArgument {
  /// The argument in the language of `catalog`.
  package func worded(in catalog: SchemaMessages) -> String {
    switch self {
    case .text(let text): text
    case .systemReason(let error): error.reasonText(in: .forLanguage(catalog.language))
    case .fileRead(let error): error.message(in: .forLanguage(catalog.language))
    case .index(let index): String(index)
    case .value(let value):
      switch value {
      case .array, .dictionary: Self.typeOf(value, catalog)
      default:
        catalog.text(
          .valueWithType, Self.shortened(value.debugDescription), Self.typeOf(value, catalog))
      }
    case .literal(let value): value.debugDescription
    case .literals(let values, let limit):
      Self.list(values.prefix(limit ?? values.count).map(\.debugDescription), in: catalog)
        .map { values.count > (limit ?? values.count) ? catalog.text(.listContinues, $0) : $0 }
        ?? ""
    case .texts(let texts): Self.list(texts, in: catalog) ?? ""
    case .typeOf(let value): Self.typeOf(value, catalog)
    case .typeNameOf(let value): catalog[Self.typeName(of: value)]
    case .number(let number): Self.format(number)
    case .entries(let count):
      count == 1 ? catalog[.oneEntry] : catalog.text(.entries, String(count))
    case .state(let on): catalog[on ? .on : .off]
    case .reason(let reason): reason.worded(in: catalog)
    case .format(let reason): reason.worded(in: .forLanguage(catalog.language))
    case .sourceError(let error): error.worded(in: .forLanguage(catalog.language))
    }
  }

  private static func list(_ items: [String], in catalog: SchemaMessages) -> String? {
    items.isEmpty ? nil : items.joined(separator: catalog[.listSeparator])
  }

  /// A value's text of at most 40 characters, cut with an ellipsis.
  private static func shortened(_ text: String) -> String {
    text.count > 40 ? String(text.prefix(40)) + "…" : text
  }

  private static func typeOf(_ value: PropertyListValue, _ catalog: SchemaMessages) -> String {
    let message: SchemaMessage =
      switch value {
      case .string: .aString
      case .integer, .unsignedInteger: .anInteger
      case .real: .aReal
      case .bool: .aBoolean
      case .date: .aDate
      case .data: .aData
      case .array: .anArray
      case .dictionary: .aDictionary
      }
    return catalog[message]
  }

  private static func typeName(of value: PropertyListValue) -> SchemaMessage {
    switch value {
    case .string: .typeString
    case .integer, .unsignedInteger: .typeInteger
    case .real: .typeReal
    case .bool: .typeBoolean
    case .date: .typeDate
    case .data: .typeData
    case .array: .typeArray
    case .dictionary: .typeDictionary
    }
  }

  /// `40` for a whole number, else the number as Swift writes it.
  static func format(_ number: Double) -> String {
    number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
  }
}

extension MessageCatalog where Key == SchemaMessage {
  /// The English catalog, in which SchemaKit's reasons describe themselves.
  package static var english: Self { forLanguage("en") }
}
