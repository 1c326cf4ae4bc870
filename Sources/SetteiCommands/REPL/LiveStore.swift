import FileFormats
import Glibc
import SettingsKit
import SettingsStorage
import SystemIO

/// Live values: when another program (another `settei set`, the app itself) saves the store
/// while the REPL runs, the next screen shows what it saved, with a line for each setting it
/// changed; a setting changed here and there too is said at once, with both values, not only
/// at `quit`.
///
/// Cheap: one `stat` of the store before each command, and the file is read only when its
/// identity, size or modification time moved. The save protocol replaces the file by a
/// rename, so what is read is always a whole file.
final class LiveStore {
  private let store: SettingsStore
  private let model: SettingsModel
  private let index: SettingsIndex
  /// settei's words in the language the screens are shown in (`lang` changes it).
  private var messages: ProgramMessages { .forLanguage(model.language) }
  /// The store file as last seen, or `nil` when there was none.
  private var lastSeen: FileStamp?
  /// The store's path as the C string `stat` takes, made once: made from the String at each
  /// `stat`, it was copied into a new array before every command (450 of the 600
  /// instructions of a check, more for some paths).
  private let cPath: [CChar]

  init(store: SettingsStore, model: SettingsModel, index: SettingsIndex) {
    self.store = store
    self.model = model
    self.index = index
    cPath = Array(store.path.utf8CString)
    lastSeen = FileStamp(path: cPath)
  }

  /// The lines to show before the next command: what another program changed since the
  /// store was last read or saved, one line a setting; empty when nothing did.
  func check() -> [String] {
    let now = FileStamp(path: cPath)
    guard now != lastSeen else { return [] }
    lastSeen = now
    let changes: [ChangedElsewhere]
    do {
      changes = try store.refresh(keepingBaseOf: model.changedKeys)
    } catch {
      // The error says why and what to do on lines of their own; each is shown as one.
      return messages.text(
        .storeUnreadableElsewhere, error.worded(in: .forLanguage(model.language))
      )
      .split(separator: "\n").map(String.init)
    }
    guard !changes.isEmpty else { return [] }
    model.takeStoredValues(store.values)
    return Self.lines(
      of: changes.map { ($0.key.string, $0.old, $0.new, $0.isConflict) }, model: model,
      index: index
    ) { title, theirs, yours in
      self.messages.text(.conflictElsewhere, title, theirs, yours)
    }
  }

  /// A line for each setting another program changed, titled as the screens title it:
  /// `changedElsewhere`, or `conflict` (its title, the value there, the value here) for
  /// one this session changed too. Keys no setting of the schema has are not shown.
  static func lines(
    of changes: [(key: String, old: PropertyListValue?, new: PropertyListValue?, isConflict: Bool)],
    model: SettingsModel, index: SettingsIndex,
    conflict: (_ title: String, _ theirs: String, _ yours: String) -> String
  ) -> [String] {
    let messages = ProgramMessages.forLanguage(model.language)
    var lines: [String] = []
    for change in changes {
      guard let entry = index.byKey[change.key] else { continue }
      let title = index.breadcrumb(of: entry, model: model).last ?? change.key
      func text(_ value: PropertyListValue?) -> String {
        model.displayText(
          of: value ?? model.defaultValue(forKey: change.key), for: entry.specifier,
          on: entry.page)
      }
      if change.isConflict {
        lines.append(conflict(title, text(change.new), text(model.value(forKey: change.key))))
      } else {
        lines.append(messages.text(.changedElsewhere, title, text(change.old), text(change.new)))
      }
    }
    return lines
  }
}

/// Live values with `--gsettings`: before each command the values the user set are read
/// from GIO again (`g_settings_get_user_value` of every key, which dconf answers from its
/// memory-mapped database without a round trip), and what another program changed since
/// (`gsettings set`, the desktop) shows on the next screen with a line a key, as
/// ``LiveStore`` does for a store file. The REPL runs no GLib main loop, so GSettings'
/// `changed` signal would never be delivered: a read per command is what sees the change.
final class LiveGSettings {
  private let read: () -> [PropertyListKey: PropertyListValue]?
  private let model: SettingsModel
  private let index: SettingsIndex
  private let conflict:
    (_ language: String, _ title: String, _ theirs: String, _ yours: String) -> String

  /// - Parameters:
  ///   - model: The REPL's model, whose stored values are replaced by what is read.
  ///   - index: The settings by key, to title each line.
  ///   - read: The values the user set now, by model key (`nil` when GIO cannot say).
  ///   - conflict: The line of a key changed there and here, in a language.
  init(
    model: SettingsModel, index: SettingsIndex,
    read: @escaping () -> [PropertyListKey: PropertyListValue]?,
    conflict:
      @escaping (_ language: String, _ title: String, _ theirs: String, _ yours: String)
      -> String
  ) {
    self.read = read
    self.model = model
    self.index = index
    self.conflict = conflict
  }

  /// The lines to show before the next command; empty when nothing changed elsewhere.
  func check() -> [String] {
    guard let now = read() else { return [] }
    let before = model.storedValues
    guard now != before else { return [] }
    let keys = Set(now.keys).union(before.keys).filter { now[$0] != before[$0] }
      .sorted { $0.string < $1.string }
    let edited = Set(model.changedKeys)
    let changes = keys.map { ($0.string, before[$0], now[$0], edited.contains($0)) }
    model.takeStoredValues(now)
    let language = model.language
    return LiveStore.lines(of: changes, model: model, index: index) { title, theirs, yours in
      self.conflict(language, title, theirs, yours)
    }
  }
}
