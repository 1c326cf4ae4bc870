import FileFormats
import Glibc
import SettingsKit
import SettingsStorage
import TableREPL

/// A store's earlier saves as settings: what each save changed, and what going back to one
/// would change. The one path of `settei saves`, `settei rollback N`, `settei diff --save N`
/// and the REPL's `saves`, `rollback N` and `compare N`.
///
/// Numbered as Junos numbers its commits: 0 is the store as it is now, 1 what the last save
/// replaced, and so on back to the oldest kept.
struct SaveHistory {
  let store: SettingsStore
  let stateFolder: String
  let model: SettingsModel
  let index: SettingsIndex

  /// The earlier saves, newest (number 1) first.
  var saves: [EarlierSave] { store.earlierSaves(in: stateFolder) }

  /// One line of the listing: a state of the store, when it was written, and the settings
  /// (their titles, never their values) that the save writing it changed.
  struct Entry {
    var number: Int
    /// When the save that wrote it happened, in seconds since 1970; `nil` for the oldest
    /// kept, whose save is no longer known.
    var savedAt: Int?
    /// The settings that save changed; `nil` when the state before it is not kept.
    var changed: [String]?
  }

  /// A setting whose value in an earlier save differs from its value now.
  struct Difference {
    var key: String
    /// Its place, `Page › Title`.
    var title: String
    /// Its value in the save; `nil` when the save held none (the default shows).
    var then: PropertyListValue?
    var nowText: String
    var thenText: String
  }

  /// Why a save cannot be used: a number out of range, or a file that cannot be read.
  enum Problem: Error {
    /// How many earlier saves there are.
    case noSuchSave(count: Int)
    /// The save's file cannot be read as a store.
    case unreadable(StoreError)
  }

  /// The save `argument` names (1 to the number kept), and its values.
  func values(ofSave argument: String) throws(Problem)
    -> (number: Int, values: [PropertyListKey: PropertyListValue])
  {
    let saves = self.saves
    guard let number = TypedNumber(argument)?.value, number >= 1, number <= saves.count else {
      throw .noSuchSave(count: saves.count)
    }
    do {
      return (number, try SettingsStore.values(of: saves[number - 1]))
    } catch {
      throw .unreadable(error)
    }
  }

  /// The settings whose values in `values` (an earlier save) differ from the model's now, in
  /// the schema's order; keys the schema lacks are left out.
  func differences(to values: [PropertyListKey: PropertyListValue]) -> [Difference] {
    var found: [Difference] = []
    for (key, entry) in settings() {
      let then = values[PropertyListKey(key)]
      let now = model.value(forKey: key)
      let shownThen = then ?? model.defaultValue(forKey: key)
      guard !SpecifierValues.same(now, shownThen) else { continue }
      found.append(
        Difference(
          key: key, title: title(of: entry),
          then: then,
          nowText: model.displayText(of: now, for: entry.specifier, on: entry.page),
          thenText: model.displayText(of: shownThen, for: entry.specifier, on: entry.page)))
    }
    return found
  }

  /// What going back to a save changes, split into the values the one validator takes and
  /// those that no longer fit today's schema, with why.
  func restoring(_ differences: [Difference]) -> (
    accepted: [(key: String, value: PropertyListValue?)],
    refused: [(title: String, problem: String)]
  ) {
    var accepted: [(key: String, value: PropertyListValue?)] = []
    var refused: [(title: String, problem: String)] = []
    for difference in differences {
      if let value = difference.then,
        let problem = model.problem(storing: value, forKey: difference.key)
      {
        refused.append((difference.title, problem))
      } else {
        accepted.append((difference.key, difference.then))
      }
    }
    return (accepted, refused)
  }

  /// The store now (0) and each earlier save, newest first, with when each was written and
  /// what that save changed. Values read from the files, not from this session's edits.
  func entries() -> [Entry] {
    let saves = self.saves
    var states: [[PropertyListKey: PropertyListValue]?] = [store.values]
    for save in saves { states.append(try? SettingsStore.values(of: save)) }
    var entries: [Entry] = []
    for number in states.indices {
      // State N was written by the save that replaced state N + 1.
      let savedAt =
        number < saves.count ? saves[number].replacedAt : nil
      var changed: [String]?
      if number + 1 < states.count, let after = states[number], let before = states[number + 1] {
        changed = changedTitles(from: before, to: after)
      }
      entries.append(
        Entry(
          number: number, savedAt: number == 0 ? savedAt ?? modified() : savedAt,
          changed: changed))
    }
    return entries
  }

  /// The listing as lines: `N  SAVED  CHANGED`, aligned, in `messages`' words.
  func listing(messages: ProgramMessages) -> [[String]] {
    var rows = [
      [messages.text(.savesNumber), messages.text(.savesTime), messages.text(.savesChanged)]
    ]
    for entry in entries() {
      let time = entry.savedAt.map {
        ISO8601Date.string(from: PropertyListDate(secondsSince1970: Double($0)))
      }
      let changed =
        entry.changed.map {
          $0.isEmpty ? messages.text(.savesNoSetting) : $0.joined(separator: ", ")
        }
        ?? messages.text(.savesUnknown)
      rows.append([String(entry.number), time ?? messages.text(.savesUnknown), changed])
    }
    return rows
  }

  /// The titles of the settings whose values differ between two states of the store.
  private func changedTitles(
    from before: [PropertyListKey: PropertyListValue],
    to after: [PropertyListKey: PropertyListValue]
  ) -> [String] {
    var titles: [String] = []
    for (key, entry) in settings() {
      let old = before[PropertyListKey(key)] ?? model.defaultValue(forKey: key)
      let new = after[PropertyListKey(key)] ?? model.defaultValue(forKey: key)
      if !SpecifierValues.same(old, new) { titles.append(title(of: entry)) }
    }
    return titles
  }

  /// Each setting of the schema once, by key, in the schema's order.
  private func settings() -> [(key: String, entry: SettingsIndex.Entry)] {
    var seen = Set<String>()
    return index.entries.compactMap { entry in
      guard let key = entry.key, seen.insert(key).inserted else { return nil }
      return (key, entry)
    }
  }

  private func title(of entry: SettingsIndex.Entry) -> String {
    index.breadcrumb(of: entry, model: model).joined(separator: " › ")
  }

  /// When the store file was last written, in seconds since 1970.
  private func modified() -> Int? {
    var info = stat()
    guard stat(store.path, &info) == 0 else { return nil }
    return Int(info.st_mtim.tv_sec)
  }
}

extension SaveHistory.Problem {
  /// The problem in settei's words.
  func message(_ messages: ProgramMessages) -> String {
    switch self {
    case .noSuchSave(let count):
      count == 0 ? messages.text(.rollbackNone) : messages.text(.savesNoSuchSave, String(count))
    case .unreadable(let error): error.worded(in: .forLanguage(messages.language))
    }
  }
}
