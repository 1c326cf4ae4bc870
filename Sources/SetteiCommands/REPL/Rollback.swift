import FileFormats
import SettingsKit
import SettingsStorage
import TableREPL

/// Every earlier save one command away, as Junos keeps its last 50 commits: `rollback` lists
/// the earlier saves of the store (newest first, as `1`), `compare N` shows what going back
/// to save N would change, and `rollback N` makes it this session's changes, checked by the
/// one validator like any typed value, for `undo` to revert or `quit` to save.
struct Rollback {
  let store: SettingsStore
  let stateFolder: String
  let model: SettingsModel
  let index: SettingsIndex
  /// How many earlier saves are kept, as its help says.
  let savesKept: Int
  var messages: ProgramMessages { .forLanguage(model.language) }

  /// `saves`, `rollback` and `compare`, with their help in the session's language.
  func register(with session: Session) {
    let messages = self.messages
    session.register(
      CommandDefinition(["saves"], "saves", .savesSummary, .savesDetails, messages) { _ in
        list()
      })
    session.register(
      CommandDefinition(
        ["rollback"], "rollback [N]", .rollbackSummary, .rollbackDetails, messages,
        detailsArguments: [String(savesKept)]
      ) { rollback($0) })
    session.register(
      CommandDefinition(["compare"], "compare N", .compareSummary, .compareDetails, messages) {
        compare($0)
      })
  }

  typealias Result = CommandDefinition.Result

  private var history: SaveHistory {
    SaveHistory(store: store, stateFolder: stateFolder, model: model, index: index)
  }

  func rollback(_ argument: String) -> Result {
    guard !argument.isEmpty else { return list() }
    switch differences(argument) {
    case .failure(let failure): return .failed(message(failure))
    case .success(let (number, differences)):
      guard !differences.isEmpty else {
        return .done(message: messages.text(.rollbackNothing, number), showScreen: false)
      }
      let (accepted, refused) = history.restoring(differences)
      model.setValues(accepted)
      let done = messages.text(
        .rollbackDone, number, messages.count(accepted.count, .settingsOne, .settingsMany))
      let lines = refused.map { messages.text(.rollbackRefused, $0.title, $0.problem) }
      return .done(message: ([done] + lines).joined(separator: "\n"), showScreen: true)
    }
  }

  func compare(_ argument: String) -> Result {
    switch differences(argument) {
    case .failure(let failure): return .failed(message(failure))
    case .success(let (number, differences)):
      guard !differences.isEmpty else {
        return .done(message: messages.text(.rollbackNothing, number), showScreen: false)
      }
      let lines = differences.map {
        messages.text(.compareLine, $0.title, $0.nowText, $0.thenText)
      }
      return .done(
        message: ([messages.text(.compareHeading, number)] + lines).joined(separator: "\n"),
        showScreen: false)
    }
  }

  /// The store now (0) and its earlier saves, newest first, with when each was saved and
  /// what that save changed.
  func list() -> Result {
    guard !history.saves.isEmpty else {
      return .done(message: messages.text(.rollbackNone), showScreen: false)
    }
    let table = Program.alignedTable(history.listing(messages: messages))
    let text = table.hasSuffix("\n") ? String(table.dropLast()) : table
    return .done(
      message: messages.text(.rollbackHeading) + "\n" + text, showScreen: false)
  }

  /// Why a save cannot be used, in the words of the REPL's commands.
  private func message(_ problem: SaveHistory.Problem) -> String {
    guard case .noSuchSave(let count) = problem, count > 0 else {
      return problem.message(messages)
    }
    return messages.text(.rollbackUsage, String(count))
  }

  /// The settings whose values in save `argument` differ from this session's.
  private func differences(_ argument: String)
    -> Swift.Result<(String, [SaveHistory.Difference]), SaveHistory.Problem>
  {
    do {
      let (number, values) = try history.values(ofSave: argument)
      return .success((String(number), history.differences(to: values)))
    } catch {
      return .failure(error)
    }
  }
}
