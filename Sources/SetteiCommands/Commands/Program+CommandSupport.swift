import FileFormats
import Glibc
import SchemaKit
import SettingsKit
import SettingsStorage
import TableREPL

/// What several commands share: saving, values as a script reads them, tables, stores that
/// must exist, notes.
extension Program {
  /// Saves a script command's changes; a failure is exit 74.
  func commit(_ model: SettingsModel, to store: SettingsStore) throws(Failure) {
    let saver = StoreSaver(
      model: model, store: store, isInteractive: false, errorOutput: standardError,
      stateFolder: environment.stateFolder)
    saver.savesKept = environment.savesKept
    switch saver.quit() {
    case .done: return
    case .failed(let message), .stay(let message):
      // A store locked by another settei is 75, as in the REPL (ExitStatus decides).
      throw .notSaved(message, kind: saver.lastFailure)
    }
  }

  /// A value as a script reads it: strings bare, numbers and booleans as written in JSON.
  func plainText(_ value: PropertyListValue) -> String {
    switch value {
    case .string(let text): text
    case .integer(let number): String(number)
    case .unsignedInteger(let number): String(number)
    case .real(let number): String(number)
    case .bool(let flag): flag ? "true" : "false"
    default: JSONWriter.serialize(value, pretty: false)
    }
  }

  /// A value as a script reads it (``plainText(_:)``), its secrets masked.
  func shownText(_ value: PropertyListValue, key: String, model: SettingsModel) -> String {
    plainText(model.masked(value, forKey: key))
  }

  /// Rows of equal length, every column but the last padded to its widest cell, the last as
  /// it is; with a `width`, a row wider than that goes on under its last column (or, when
  /// that column starts too far right, under the row). Text from files is to be escaped
  /// before it comes here.
  static func alignedTable(_ rows: [[String]], width: Int? = nil) -> String {
    let padded = max(0, (rows.first?.count ?? 1) - 1)
    let widths = (0..<padded).map { column in
      rows.map { DisplayWidth.of($0[column]) }.max() ?? 0
    }
    let lastColumn = widths.reduce(2 * padded, +)
    return rows.map { row in
      var line = ""
      for column in 0..<padded {
        line += DisplayWidth.pad(row[column], toWidth: widths[column]) + "  "
      }
      line += row[padded]
      guard let width else { return line }
      return TextWrapping.lines(
        line, width: width, continuationIndent: lastColumn <= width / 2 ? lastColumn : 2
      ).joined(separator: "\n")
    }.joined(separator: "\n") + "\n"
  }

  /// The first character an XML property list cannot hold, with where it is and its code
  /// (`U+001B`).
  static func characterXMLCannotHold(in values: PropertyListValue) -> (
    path: String, code: String
  )? {
    guard let (path, character) = PropertyListWriter.characterXMLCannotHold(in: values) else {
      return nil
    }
    let hex = String(character.value, radix: 16, uppercase: true)
    return (path, "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex)
  }

  /// A store file that must exist (a missing one is a typo, not an empty store).
  func existingStore(_ path: String) throws(Failure) -> SettingsStore {
    guard access(path, F_OK) == 0 else {
      throw Failure.unreadableInput(messages.text(.noSuchStore, path))
    }
    do {
      return try SettingsStore.load(path: path)
    } catch {
      throw Failure.unreadableInput(error.worded(in: storeMessages))
    }
  }

  /// The failure of a command given a key no setting has (nor the store).
  func unknownKey(_ key: String, index: SettingsIndex, model: SettingsModel) -> Failure {
    .refused(
      index.unknownKeyMessage(
        key, otherwise: messages.text(.listShowsEveryKey), messages: model.messages))
  }

  /// A note on standard error, sanitised: `settei: note: …`.
  func note(_ message: String) {
    diagnostics.write(message, kind: .note)
  }

  /// Names, on standard error, each strings table `language` reads that cannot be read, with
  /// its file, line and column: its text is shown as written.
  func warnOfUnreadableTables(_ strings: StringsCatalog, language: String) {
    for why in strings.unreadableTables(for: language) {
      diagnostics.write(
        messages.text(.stringsUnreadable, why.worded(in: schemaMessages), language), kind: .warning)
    }
  }
}
