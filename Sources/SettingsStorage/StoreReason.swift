import FileFormats
import SystemIO
import TextSafety

/// What SettingsStorage has to say, as data: a message of its catalog
/// (`Messages/SettingsStorage`, ``StoreMessage``) and what fills its placeholders. A
/// ``StoreError`` carries what is wrong and what to do as two of them; the program words them
/// in the session's language with ``worded(in:)``, and ``description`` is the English.
package struct StoreReason: Sendable, Equatable, CustomStringConvertible {
  /// The message.
  package var message: StoreMessage
  /// What fills its placeholders, in order.
  package var arguments: [Argument]

  /// What fills a placeholder.
  package indirect enum Argument: Sendable, Equatable {
    /// Text shown as written: a path, a key, a value as the file writes it, what the system
    /// said.
    case text(String)
    /// Another reason, worded in the same language.
    case reason(StoreReason)
    /// Reasons worded in the same language, joined.
    case reasons([StoreReason])
    /// Why a file cannot be read, worded in FileFormats' catalog of the same language.
    case format(FormatReason)
    /// What a failed system call was doing (`cannot open`), worded in SystemIO's catalog of
    /// the same language.
    case operation(SystemCallError)
    /// Why it failed, likewise.
    case systemReason(SystemCallError)
    /// The process holding a lock, likewise.
    case holder(FileLock.Holder)
  }

  /// A message and what fills it.
  package init(_ message: StoreMessage, _ arguments: Argument...) {
    self.message = message
    self.arguments = arguments
  }

  /// A failed system call: what it was doing and why (`cannot open: Permission denied`).
  package static func failedCall(_ error: SystemCallError) -> StoreReason {
    StoreReason(.operationFailed, .operation(error), .systemReason(error))
  }

  /// Text another module worded, shown as it is.
  package static func verbatim(_ text: String) -> StoreReason {
    StoreReason(.verbatim, .text(text))
  }

  /// The reason in the language of `catalog`.
  package func worded(in catalog: StoreMessages) -> String {
    catalog.text(
      message,
      arguments: arguments.map { argument in
        switch argument {
        case .text(let text): text
        case .reason(let reason): reason.worded(in: catalog)
        case .reasons(let reasons):
          reasons.map { $0.worded(in: catalog) }.joined(separator: catalog[.listSeparator])
        case .format(let reason): reason.worded(in: .forLanguage(catalog.language))
        case .operation(let error): error.operationText(in: .forLanguage(catalog.language))
        case .systemReason(let error): error.reasonText(in: .forLanguage(catalog.language))
        case .holder(let holder): holder.worded(in: .forLanguage(catalog.language))
        }
      })
  }

  /// The reason in English.
  package var description: String { worded(in: .english) }
}

extension MessageCatalog where Key == StoreMessage {
  /// The English catalog, in which SettingsStorage's reasons describe themselves.
  package static var english: Self { forLanguage("en") }
}
