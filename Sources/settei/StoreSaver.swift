import FileFormats
import SettingsKit
import SettingsStorage
import TableREPL

/// The quit handler and the recovery file: saves the session's changes when the user quits,
/// keeps them in `<store>.recover` when a signal ends the run, and offers them back at the
/// next start.
///
/// It remembers between tries what a person was told: after a conflict is reported, the
/// next `quit` saves this session's values over the other program's for those keys.
final class StoreSaver {
  let model: SettingsModel
  let store: SettingsStore
  let isInteractive: Bool
  private let errorOutput: any TextOutput
  /// The kind of the last failed save, for the exit status of a script.
  private(set) var lastFailure: StoreError.Kind?
  /// Keys whose conflicts were reported; the next `quit` overwrites them.
  private var reportedConflicts: Set<String> = []
  /// Whether this session's changes came (partly) from the recovery file, which then goes
  /// once they are saved.
  private var restoredRecovery = false

  init(
    model: SettingsModel, store: SettingsStore, isInteractive: Bool,
    errorOutput: any TextOutput
  ) {
    self.model = model
    self.store = store
    self.isInteractive = isInteractive
    self.errorOutput = errorOutput
  }

  private var recoveryPath: String { SettingsStore.recoveryPath(for: store.path) }

  // MARK: Quitting

  /// The session's quit handler: after a termination signal, keeps the changes for
  /// recovery; otherwise saves them.
  func quit() -> Session.QuitResult {
    if let signal = Termination.signal { return keepForRecovery(after: signal) }
    let changed = model.changedKeys
    guard !changed.isEmpty else {
      removeRestoredRecovery()
      return .done(message: nil)
    }
    let report: SaveReport
    do {
      report = try store.save(
        model.values, changedKeys: changed, overwriting: reportedConflicts)
    } catch {
      lastFailure = error.kind
      reportedConflicts.formUnion(error.conflicts.map(\.key))
      return .failed(message: "\(error)\n" + nextStep(after: error))
    }
    lastFailure = nil
    removeRestoredRecovery()
    let noun = changed.count == 1 ? "change" : "changes"
    let lines = ["Saved \(changed.count) \(noun) to \(store.path)."] + report.notes
    return .done(message: lines.joined(separator: "\n"))
  }

  /// What to do after a failed save, in the words of the REPL or of a script.
  private func nextStep(after error: StoreError) -> String {
    guard isInteractive else {
      return "The script's changes were not saved; run it again once that is resolved."
    }
    switch error.kind {
    case .conflict:
      let keys = error.conflicts.map { "'\($0.key)'" }.joined(separator: ", ")
      return "Type quit again to save your value of \(keys) over theirs; choose their value "
        + "and quit to keep theirs; quit! leaves without saving."
    case .locked, .unreadable, .saveFailed:
      return "Your changes are kept: type quit to try again; quit! leaves without saving."
    }
  }

  /// Writes the unsaved changes to the recovery file; the store itself is not touched.
  private func keepForRecovery(after signal: Int32) -> Session.QuitResult {
    keepUnsavedChanges(reason: Termination.name(of: signal))
      ? .done(message: nil)
      : .failed(message: "\(Termination.name(of: signal)): the unsaved changes are lost.")
  }

  /// Writes this session's unsaved changes to the recovery file and says so on standard
  /// error, starting with `reason`; the store itself is not touched.
  ///
  /// - Parameter reason: Why, for the message: `SIGTERM`, `not saved`.
  /// - Returns: Whether the changes are kept (also when there are none).
  @discardableResult
  func keepUnsavedChanges(reason: String) -> Bool {
    let changes = unsavedChanges
    guard !changes.isEmpty else { return true }
    do {
      try SettingsStore.writeRecovery(changes, to: recoveryPath)
    } catch {
      errorOutput.write(
        "settei: \(reason): " + Self.sanitizedLines("\(error)")
          + "\n\(TerminalText.sanitize(store.path)) was not changed.\n")
      return false
    }
    let noun = changes.count == 1 ? "change" : "changes"
    errorOutput.write(
      "settei: \(reason): kept \(changes.count) unsaved \(noun) in "
        + TerminalText.sanitize("\(recoveryPath); \(store.path) was not changed.")
        + " settei offers them at the next start.\n")
    return true
  }

  /// This session's changes: each changed key's new value, `nil` for a removed key.
  private var unsavedChanges: [String: PropertyListValue?] {
    let values = model.values
    var changes: [String: PropertyListValue?] = [:]
    for key in model.changedKeys { changes[key] = .some(values[key]) }
    return changes
  }

  private func removeRestoredRecovery() {
    guard restoredRecovery else { return }
    do {
      try SettingsStore.removeRecovery(for: store.path)
      restoredRecovery = false
    } catch {
      errorOutput.write("settei: warning: \(Self.sanitizedLines("\(error)"))\n")
    }
  }

  // MARK: Recovering

  /// What the user chose for a recovery file.
  enum RecoveryChoice {
    case restore
    case discard
    case keep
  }

  /// Offers the changes of a recovery file left by an earlier run, if there is one.
  ///
  /// On a terminal the changes are listed and the user answers; in a script they are
  /// restored only with `--recover`, and otherwise a note says so. Restored changes become
  /// this session's changes; the file goes once they are saved, or at once when the user
  /// discards them. A recovery file that cannot be read costs a warning and is left alone.
  ///
  /// - Parameters:
  ///   - restoreWithoutAsking: `--recover` was given.
  ///   - output: Where the list and the question go.
  ///   - ask: Shows a question and returns the answer, or `nil` when input ended; `nil`
  ///     when no one can be asked (a script).
  func offerRecovery(
    restoreWithoutAsking: Bool, output: any TextOutput, ask: ((String) -> String?)?
  ) {
    let path = recoveryPath
    let changes: [String: PropertyListValue?]
    do {
      guard let found = try SettingsStore.readRecovery(for: store.path) else { return }
      changes = found
    } catch {
      errorOutput.write("settei: warning: \(Self.sanitizedLines("\(error)"))\n")
      return
    }
    let noun = changes.count == 1 ? "change" : "changes"
    var listing =
      TerminalText.sanitize(path)
      + " holds \(changes.count) \(noun) not saved when settei was stopped:\n"
    let index = SettingsIndex(schema: model.schema)
    for key in changes.keys.sorted() {
      let value = changes[key] ?? nil
      // As the screens say it: where the setting is, and its value in words.
      if let entry = index.byKey[key] {
        let place = index.breadcrumb(of: entry, model: model).joined(separator: " › ")
        let text = value.map { model.displayText(of: $0, for: entry.specifier, on: entry.page) }
        listing += "  " + TerminalText.sanitize("\(place) (\(key)): \(text ?? "default")") + "\n"
      } else {
        let text = value.map(\.debugDescription) ?? "(removed)"
        listing += "  " + TerminalText.sanitize("\(key): \(text)") + "\n"
      }
    }
    let choice: RecoveryChoice
    if restoreWithoutAsking {
      output.write(listing)
      choice = .restore
    } else if let ask {
      output.write(listing)
      let them = changes.count == 1 ? "it" : "them"
      let answer = ask("Restore \(them)? [y = restore, n = delete, Enter = ask next time] ")
      switch answer?.lowercased() {
      case "y", "yes": choice = .restore
      case "n", "no": choice = .discard
      default: choice = .keep
      }
    } else {
      errorOutput.write(
        "settei: note: \(TerminalText.sanitize(path)) holds \(changes.count) unsaved \(noun) "
          + "from a settei that was stopped; run with --recover to restore them.\n")
      return
    }
    switch choice {
    case .restore:
      for key in changes.keys.sorted() {
        model.setValue(changes[key] ?? nil, forKey: key)
      }
      restoredRecovery = true
      output.write("Restored \(changes.count) \(noun); quit saves them.\n")
    case .discard:
      do {
        try SettingsStore.removeRecovery(for: store.path)
        output.write("Deleted \(TerminalText.sanitize(path)).\n")
      } catch {
        errorOutput.write("settei: warning: \(Self.sanitizedLines("\(error)"))\n")
      }
    case .keep:
      output.write(
        "Kept \(TerminalText.sanitize(path)); settei asks again next time "
          + "(or start it with --recover).\n")
    }
  }

  /// Each line of `text` sanitized for the terminal, the line breaks kept.
  private static func sanitizedLines(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { TerminalText.sanitize(String($0)) }.joined(separator: "\n")
  }
}
