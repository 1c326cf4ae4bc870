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
  /// Standard error, through the one presenter, in the screens' language.
  private var diagnostics: Diagnostics {
    Diagnostics(
      programName: "settei", output: errorOutput, messages: .forLanguage(model.language))
  }
  /// settei's words, in the language the screens are shown in.
  private var messages: ProgramMessages { .forLanguage(model.language) }
  /// Why a store cannot be read or saved, in the session's language.
  private var storeMessages: StoreMessages { .forLanguage(model.language) }
  /// The kind of the last failed save, for the exit status of a script.
  private(set) var lastFailure: StoreError.Kind?
  /// The conflicts reported, by key; the next `quit` overwrites a key only while the file
  /// still holds the value the user was shown.
  private var reportedConflicts: [String: StoreError.Conflict] = [:]
  /// The recovery file this session's changes came (partly) from, which then goes once
  /// they are saved.
  private var restoredRecovery: String?
  /// Recovery files that were there but could not be read: they may hold someone's edits,
  /// so this run never writes over them.
  private var unreadableRecoveries: Set<String> = []
  /// The program's state folder, where the recovery file goes when the store's folder
  /// cannot be written.
  private let stateFolder: String?
  /// Whether the quit under way is the end of input (Ctrl-D), after which the session
  /// ends whatever the save does.
  var isAtEndOfInput: () -> Bool = { false }
  /// Whether `quit` says so when no setting differs from the store (the REPL does; the end of
  /// input and a script's `settei set` say nothing on standard output).
  var saysNothingToSave = false
  /// How many earlier saves of the store to keep (``Environment/savesKept``); 0 keeps none.
  var savesKept = SettingsStore.earlierSavesKept

  init(
    model: SettingsModel, store: SettingsStore, isInteractive: Bool,
    errorOutput: any TextOutput, stateFolder: String? = nil
  ) {
    self.model = model
    self.store = store
    self.isInteractive = isInteractive
    self.errorOutput = errorOutput
    self.stateFolder = stateFolder
  }

  /// Where recovery files of this store go: beside it, then in the state folder.
  private var recoveryPaths: [String] {
    SettingsStore.recoveryPaths(for: store.path, in: stateFolder, earlier: false)
  }

  /// Where recovery files of this store may be: ``recoveryPaths``, then where earlier versions put
  /// them in the state folder.
  private var readableRecoveryPaths: [String] {
    SettingsStore.recoveryPaths(for: store.path, in: stateFolder, earlier: true)
  }

  // MARK: Quitting

  /// The session's quit handler: after a termination signal, keeps the changes for
  /// recovery; otherwise saves them.
  func quit() -> Session.QuitResult {
    if let signal = Termination.signal { return keepForRecovery(after: signal) }
    let changed = model.changedKeys
    guard !changed.isEmpty else {
      removeRestoredRecovery()
      return .done(
        message: isAtEndOfInput() || !saysNothingToSave
          ? nil : messages.text(.nothingToSave, store.path))
    }
    let report: SaveReport
    // Only a changed key can be in a conflict, whose value is then not shown if secret.
    store.secretKeys = changed.filter { model.holdsSecret($0.string) }
    do {
      report = try store.save(
        model.values, changedKeys: changed, overwriting: Array(reportedConflicts.values))
    } catch {
      // A signal that ended the wait for the lock ends the run: the edits are kept.
      if let signal = Termination.signal { return keepForRecovery(after: signal) }
      lastFailure = error.kind
      for conflict in error.conflicts { reportedConflicts[conflict.key] = conflict }
      if isInteractive, isAtEndOfInput() {
        // Input ended: the session ends once the edits are in a recovery file, and says so
        // after the failure; where none can be written, it stays, for the user to act.
        let kept = keep(reason: messages.text(.notSavedReason))
        guard kept.isKept else {
          return .stay(
            message: error.worded(in: storeMessages) + "\n" + kept.report + "\n"
              + messages.text(.inputEndedNotKept))
        }
        keptReport = kept.report
      }
      return .failed(message: error.worded(in: storeMessages) + "\n" + nextStep(after: error))
    }
    lastFailure = nil
    removeRestoredRecovery()
    keepEarlierSave(report)
    // Notes (a stale lock taken over) go to standard error in every mode: a script's
    // `settei set` says nothing on standard output, and the REPL's is the conversation.
    for note in report.noteReasons {
      diagnostics.write(note.worded(in: storeMessages), kind: .note)
    }
    return .done(
      message: changed.count == 1
        ? messages.text(.savedOne, store.path)
        : messages.text(.savedMany, String(changed.count), store.path))
  }

  /// Keeps what a save replaced as the newest earlier save, for `rollback`; a copy that
  /// cannot be written is a warning, never a failed save.
  private func keepEarlierSave(_ report: SaveReport) {
    guard let replaced = report.replaced, let stateFolder, savesKept > 0 else { return }
    do {
      try store.keepEarlierSave(replaced, in: stateFolder, limit: savesKept)
    } catch {
      diagnostics.write(error.worded(in: storeMessages), kind: .warning)
    }
  }

  /// What to do after a failed save, in the words of the REPL or of a script.
  private func nextStep(after error: StoreError) -> String {
    guard isInteractive else {
      return messages.text(.scriptNotSaved)
    }
    if isAtEndOfInput() {
      return messages.text(.inputEndedKept)
    }
    switch error.kind {
    case .conflict:
      let keys = error.conflicts.map { "'\($0.key)'" }.joined(separator: ", ")
      return messages.text(.conflictNextStep, keys)
    case .locked, .unreadable, .saveFailed:
      return messages.text(.changesKept)
    }
  }

  /// Writes the unsaved changes to the recovery file; the store itself is not touched.
  private func keepForRecovery(after signal: Int32) -> Session.QuitResult {
    let name = Termination.name(of: signal, in: messages)
    return keepUnsavedChanges(reason: name)
      ? .done(message: nil) : .failed(message: messages.text(.lostAfterSignal, name))
  }

  /// Writes this session's unsaved changes to the recovery file and says so on standard
  /// error, starting with `reason`; the store itself is not touched.
  ///
  /// When the store's folder cannot take the file (read-only, full), it goes to the state
  /// folder instead (``SettingsStore/fallbackRecoveryPath(for:in:)``), and the message says
  /// where and why.
  ///
  /// - Parameter reason: Why, for the message: `SIGTERM`, `not saved`.
  /// - Returns: Whether the changes are kept (also when there are none).
  @discardableResult
  func keepUnsavedChanges(reason: String) -> Bool {
    let kept = keep(reason: reason)
    if !kept.report.isEmpty { diagnostics.write(kept.report) }
    return kept.isKept
  }

  /// What the end of input kept in a recovery file, said once the session has ended.
  private var keptReport: String?

  /// Says where the end of input kept the edits that could not be saved, if it did.
  func reportKeptChanges() {
    if let keptReport { diagnostics.write(keptReport) }
    keptReport = nil
  }

  /// Writes this session's unsaved changes to the first recovery file that can be written.
  ///
  /// - Parameter reason: Why, for the report: `SIGTERM`, `not saved`.
  /// - Returns: Whether the changes are kept (also when there are none), and what to say:
  ///   where they are, or why no file could take them.
  private func keep(reason: String) -> (isKept: Bool, report: String) {
    let changes = unsavedChanges
    guard !changes.isEmpty else { return (true, "") }
    var failures: [StoreError] = []
    for path in recoveryPaths {
      do throws(StoreError) {
        guard !unreadableRecoveries.contains(path) else {
          throw StoreError(
            kind: .saveFailed, path: path,
            reason: messages.text(.recoveryNotOverwritten),
            advice: "")
        }
        try SettingsStore.writeRecovery(changes, to: path, store: store.path)
      } catch {
        failures.append(error)
        continue
      }
      let why =
        failures.first.map {
          messages.text(.notBesideStore, $0.path, $0.why.worded(in: storeMessages))
        } ?? ""
      return (
        true,
        changes.count == 1
          ? messages.text(.keptOneForRecovery, reason, path, why, store.path)
          : messages.text(
            .keptForRecovery, reason, String(changes.count), path, why, store.path)
      )
    }
    return (
      false,
      "\(reason): " + failures.map { "\($0)" }.joined(separator: "\n") + "\n"
        + messages.text(.notChanged, store.path)
    )
  }

  /// This session's changes: each changed key's new value, `nil` for a removed key.
  private var unsavedChanges: [PropertyListKey: PropertyListValue?] {
    let values = model.values
    var changes: [PropertyListKey: PropertyListValue?] = [:]
    for key in model.changedKeys { changes[key] = .some(values[key]) }
    return changes
  }

  private func removeRestoredRecovery() {
    guard let restoredRecovery else { return }
    do {
      try SettingsStore.removeRecovery(at: restoredRecovery)
      self.restoredRecovery = nil
    } catch {
      diagnostics.write(error.worded(in: storeMessages), kind: .warning)
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
    var found: (path: String, changes: [PropertyListKey: PropertyListValue?])?
    for path in readableRecoveryPaths where found == nil {
      do {
        found = try SettingsStore.readRecovery(at: path).map { (path, $0) }
      } catch {
        unreadableRecoveries.insert(path)
        diagnostics.write(error.worded(in: storeMessages), kind: .warning)
      }
    }
    guard let (path, recovered) = found else { return }
    // The file is checked as `set` checks what is typed: what it could not have said is
    // reported and never restored.
    let changes = refusingInvalid(recovered, in: path)
    guard !changes.isEmpty else {
      diagnostics.write(messages.text(.nothingRestorable, path), kind: .note)
      return
    }
    let one = changes.count == 1
    var listing =
      TerminalText.sanitize(
        one
          ? messages.text(.recoveryHoldsOne, path)
          : messages.text(.recoveryHolds, path, String(changes.count))) + "\n"
    let index = SettingsIndex(model: model)
    for key in changes.keys.sorted().map(\.string) {
      let value = changes[key] ?? nil
      // As the screens say it: where the setting is, and its value in words.
      if let entry = index.byKey[key] {
        let place = index.breadcrumb(of: entry, model: model).joined(separator: " › ")
        let text = value.map { model.displayText(of: $0, for: entry.specifier, on: entry.page) }
        let shown = text ?? messages.text(.recoveryDefault)
        listing +=
          "  " + TerminalText.sanitize("\(place) (") + TerminalText.identifier(key)
          + TerminalText.sanitize("): \(shown)") + "\n"
      } else {
        let text = value.map(\.debugDescription) ?? messages.text(.recoveryRemoved)
        listing +=
          "  " + TerminalText.identifier(key) + TerminalText.sanitize(": \(text)") + "\n"
      }
    }
    let choice: RecoveryChoice
    if restoreWithoutAsking {
      output.write(listing)
      choice = .restore
    } else if let ask {
      output.write(listing)
      let answer = ask(messages.text(one ? .restoreOneQuestion : .restoreQuestion) + " ")
      switch answer?.lowercased() {
      case "y", "yes": choice = .restore
      case "n", "no": choice = .discard
      default: choice = .keep
      }
    } else {
      diagnostics.write(
        one
          ? messages.text(.recoveryNoteOne, path)
          : messages.text(.recoveryNote, path, String(changes.count)), kind: .note)
      return
    }
    switch choice {
    case .restore:
      for key in changes.keys.sorted().map(\.string) {
        model.setValue(changes[key] ?? nil, forKey: key)
      }
      restoredRecovery = path
      output.write(
        (one ? messages.text(.restoredOne) : messages.text(.restored, String(changes.count)))
          + "\n")
    case .discard:
      do {
        try SettingsStore.removeRecovery(at: path)
        output.write(TerminalText.sanitize(messages.text(.deleted, path)) + "\n")
      } catch {
        diagnostics.write(error.worded(in: storeMessages), kind: .warning)
      }
    case .keep:
      output.write(TerminalText.sanitize(messages.text(.keptRecovery, path)) + "\n")
    }
  }

  /// The changes that fit their settings; the others are named on standard error.
  private func refusingInvalid(_ changes: [PropertyListKey: PropertyListValue?], in path: String)
    -> [PropertyListKey: PropertyListValue?]
  {
    var accepted: [PropertyListKey: PropertyListValue?] = [:]
    var refused: [String] = []
    for key in changes.keys.sorted().map(\.string) {
      let value = changes[key] ?? nil
      if let problem = model.problem(storing: value, forKey: key) {
        refused.append("  \(key): \(problem)")
      } else {
        accepted[key] = .some(value)
      }
    }
    if !refused.isEmpty {
      let heading =
        refused.count == 1
        ? messages.text(.refusedOne, path) : messages.text(.refused, path, String(refused.count))
      diagnostics.write(heading + "\n" + refused.joined(separator: "\n"), kind: .warning)
    }
    return accepted
  }
}
