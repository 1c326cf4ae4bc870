import FileFormats
import SystemIO
import TextSafety

/// What SettingsStorage has to say, as data: a message of its catalog
/// (`Messages/SettingsStorage`, ``StoreMessage``) and what fills its placeholders. A
/// ``StoreError`` carries what is wrong and what to do as two of them; the program words them
/// in the session's language with `worded(in:)`, and `description` is the English.
package typealias StoreReason = Reason<StoreArgument>

/// What fills a placeholder of a ``StoreReason``.
package indirect enum StoreArgument: ReasonArgument {
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

  package static var englishCatalog: StoreMessages { .english }

  package func worded(in catalog: StoreMessages) -> String {
    switch self {
    case .text(let text): text
    case .reason(let reason): reason.worded(in: catalog)
    case .reasons(let reasons):
      reasons.map { $0.worded(in: catalog) }.joined(separator: catalog[.listSeparator])
    case .format(let reason): reason.worded(in: .forLanguage(catalog.language))
    case .operation(let error): error.operationText(in: .forLanguage(catalog.language))
    case .systemReason(let error): error.reasonText(in: .forLanguage(catalog.language))
    case .holder(let holder): holder.worded(in: .forLanguage(catalog.language))
    }
  }
}

extension Reason where Argument == StoreArgument {
  /// A failed system call: what it was doing and why (`cannot open: Permission denied`).
  package static func failedCall(_ error: SystemCallError) -> StoreReason {
    StoreReason(.operationFailed, .operation(error), .systemReason(error))
  }

  /// Text another module worded, shown as it is.
  package static func verbatim(_ text: String) -> StoreReason {
    StoreReason(.verbatim, .text(text))
  }
}

extension MessageCatalog where Key == StoreMessage {
  /// The English catalog, in which SettingsStorage's reasons describe themselves.
  package static var english: Self { forLanguage("en") }
}
