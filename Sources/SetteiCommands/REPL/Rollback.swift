import FileFormats
import FoundationEssentials
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
  var messages: ProgramMessages { .forLanguage(model.language) }

  /// `rollback` and `compare`, with their help in the session's language.
  func register(with session: Session) {
    let messages = self.messages
    session.register(
      CommandDefinition(
        help: CommandDefinition.Help(
          names: ["rollback"], usage: "rollback [N]", summary: messages.text(.rollbackSummary),
          details: messages.text(.rollbackDetails, String(SettingsStore.earlierSavesKept)))
      ) { rollback($0) })
    session.register(
      CommandDefinition(
        help: CommandDefinition.Help(
          names: ["compare"], usage: "compare N", summary: messages.text(.compareSummary),
          details: messages.text(.compareDetails))
      ) { compare($0) })
  }

  typealias Result = CommandDefinition.Result

  func rollback(_ argument: String) -> Result {
    guard !argument.isEmpty else { return list() }
    switch differences(argument) {
    case .failure(let failure): return .failed(failure.message)
    case .success(let (number, differences)):
      guard !differences.isEmpty else {
        return .done(message: messages.text(.rollbackNothing, number), showScreen: false)
      }
      var refused: [String] = []
      var accepted: [(key: String, value: PropertyListValue?)] = []
      for difference in differences {
        if let value = difference.then,
          let problem = model.problem(storing: value, forKey: difference.key)
        {
          refused.append(messages.text(.rollbackRefused, difference.title, problem))
        } else {
          accepted.append((difference.key, difference.then))
        }
      }
      model.setValues(accepted)
      let done = messages.text(.rollbackDone, number, String(accepted.count))
      return .done(message: ([done] + refused).joined(separator: "\n"), showScreen: true)
    }
  }

  func compare(_ argument: String) -> Result {
    switch differences(argument) {
    case .failure(let failure): return .failed(failure.message)
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

  /// The earlier saves, newest first, numbered from 1, with when each was replaced.
  private func list() -> Result {
    let saves = store.earlierSaves(in: stateFolder)
    guard !saves.isEmpty else {
      return .done(message: messages.text(.rollbackNone), showScreen: false)
    }
    var lines = [messages.text(.rollbackHeading)]
    for (position, save) in saves.enumerated() {
      let replaced = Date(timeIntervalSince1970: Double(save.replacedAt))
      lines.append("  " + String(position + 1) + "  " + ISO8601Date.string(from: replaced))
    }
    return .done(message: lines.joined(separator: "\n"), showScreen: false)
  }

  /// A setting whose value in an earlier save differs from its value in this session.
  private struct Difference {
    var key: String
    var title: String
    var then: PropertyListValue?
    var nowText: String
    var thenText: String
  }

  /// The settings whose values in save `argument` differ from this session's, in the
  /// schema's order; keys the schema lacks are left as they are.
  private func differences(_ argument: String)
    -> Swift.Result<
      (String, [Difference]), RollbackFailure
    >
  {
    let saves = store.earlierSaves(in: stateFolder)
    guard let number = TypedNumber(argument)?.value, number >= 1, number <= saves.count else {
      return .failure(RollbackFailure(messages.text(.rollbackUsage, String(saves.count))))
    }
    let values: [PropertyListKey: PropertyListValue]
    do {
      values = try SettingsStore.values(of: saves[number - 1])
    } catch {
      return .failure(RollbackFailure(error.worded(in: .forLanguage(model.language))))
    }
    var found: [Difference] = []
    for entry in index.entries {
      guard let key = entry.key, !found.contains(where: { $0.key == key }) else { continue }
      let then = values[PropertyListKey(key)]
      let now = model.value(forKey: key)
      let shownThen = then ?? model.defaultValue(forKey: key)
      guard !SpecifierValues.same(now, shownThen) else { continue }
      found.append(
        Difference(
          key: key, title: index.breadcrumb(of: entry, model: model).joined(separator: " › "),
          then: then,
          nowText: model.displayText(of: now, for: entry.specifier, on: entry.page),
          thenText: model.displayText(of: shownThen, for: entry.specifier, on: entry.page)))
    }
    return .success((String(number), found))
  }
}

/// Why a rollback or a compare cannot be done, in the session's words.
private struct RollbackFailure: Error {
  var message: String
  init(_ message: String) { self.message = message }
}
