/// What fills a placeholder of a module's ``Reason``: text shown as written, or a value the
/// module words in the language of its catalog (a type's name, another reason, what the
/// system said).
package protocol ReasonArgument: Sendable, Equatable {
  /// The module's messages.
  associatedtype Message: MessageKey & Equatable
  /// The module's English catalog, in which its reasons describe themselves.
  static var englishCatalog: MessageCatalog<Message> { get }
  /// The argument in the language of `catalog`.
  func worded(in catalog: MessageCatalog<Message>) -> String
}

/// What a module has to say, as data: a message of its catalog and what fills its
/// placeholders. Errors carry reasons, not sentences; the program words them in the session's
/// language with ``worded(in:)``, and ``description`` is the English. Each module that speaks
/// names its own: `FormatReason` (FileFormats), `SchemaReason` (SchemaKit), `StoreReason`
/// (SettingsStorage), each a `Reason` of its own arguments.
package struct Reason<Argument: ReasonArgument>: Sendable, Equatable, CustomStringConvertible {
  /// The message.
  package var message: Argument.Message
  /// What fills its placeholders, in order.
  package var arguments: [Argument]

  /// A message and what fills it.
  package init(_ message: Argument.Message, _ arguments: Argument...) {
    self.message = message
    self.arguments = arguments
  }

  /// A message and what fills it.
  package init(_ message: Argument.Message, arguments: [Argument]) {
    self.message = message
    self.arguments = arguments
  }

  /// The reason in the language of `catalog`.
  package func worded(in catalog: MessageCatalog<Argument.Message>) -> String {
    catalog.text(message, arguments: arguments.map { $0.worded(in: catalog) })
  }

  /// The reason in English.
  package var description: String { worded(in: Argument.englishCatalog) }
}
