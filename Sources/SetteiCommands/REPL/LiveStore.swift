import FileFormats
import Glibc
import SettingsKit
import SettingsStorage

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
  private var lastSeen: Stamp?

  /// What tells that a file was replaced or written: its identity, size and times.
  private struct Stamp: Equatable {
    var device: UInt
    var inode: UInt
    var size: Int
    var modified: timespec
    var changed: timespec

    static func == (a: Stamp, b: Stamp) -> Bool {
      a.device == b.device && a.inode == b.inode && a.size == b.size
        && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
        && a.changed.tv_sec == b.changed.tv_sec && a.changed.tv_nsec == b.changed.tv_nsec
    }
  }

  init(store: SettingsStore, model: SettingsModel, index: SettingsIndex) {
    self.store = store
    self.model = model
    self.index = index
    lastSeen = Self.stamp(of: store.path)
  }

  private static func stamp(of path: String) -> Stamp? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Stamp(
      device: UInt(info.st_dev), inode: UInt(info.st_ino), size: Int(info.st_size),
      modified: info.st_mtim, changed: info.st_ctim)
  }

  /// The lines to show before the next command: what another program changed since the
  /// store was last read or saved, one line a setting; empty when nothing did.
  func check() -> [String] {
    let now = Self.stamp(of: store.path)
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
    var lines: [String] = []
    for change in changes {
      // Keys no setting of the schema has are kept and saved as they are, not shown.
      guard let entry = index.byKey[change.key.string] else { continue }
      let title = index.breadcrumb(of: entry, model: model).last ?? change.key.string
      func text(_ value: PropertyListValue?) -> String {
        model.displayText(
          of: value ?? model.defaultValue(forKey: change.key.string), for: entry.specifier,
          on: entry.page)
      }
      if change.isConflict {
        lines.append(
          messages.text(
            .conflictElsewhere, title, text(change.new),
            text(model.value(forKey: change.key.string))))
      } else {
        lines.append(messages.text(.changedElsewhere, title, text(change.old), text(change.new)))
      }
    }
    return lines
  }
}
