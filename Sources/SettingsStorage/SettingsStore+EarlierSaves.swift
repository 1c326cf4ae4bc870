import FileFormats
import Glibc
import SystemIO

/// One store file as it was before a save replaced it (``SettingsStore/earlierSaves(in:)``).
package struct EarlierSave: Sendable, Equatable {
  /// Its file.
  package var path: String
  /// When it was replaced, in seconds since 1970, UTC.
  package var replacedAt: Int
}

extension SettingsStore {
  /// How many earlier saves of a store are kept: the newest ones.
  package static let earlierSavesKept = 50

  /// The folder that keeps the earlier saves of this store, in the program's state folder
  /// (`~/.local/state/settei`): `saves/<the store's state file name>`.
  package func earlierSavesFolder(in stateFolder: String) -> String {
    stateFolder + "/saves/" + Self.stateFileName(for: path)
  }

  /// Keeps `bytes`, what a save replaced, as the newest earlier save (mode 0600, written
  /// atomically), and removes the oldest beyond `limit`.
  ///
  /// - Throws: ``StoreError`` of kind ``StoreError/Kind/saveFailed`` when the file cannot be
  ///   written; the store itself is not touched either way.
  package func keepEarlierSave(
    _ bytes: [UInt8], in stateFolder: String, limit: Int = earlierSavesKept,
    now: Int = Int(time(nil))
  ) throws(StoreError) {
    let folder = earlierSavesFolder(in: stateFolder)
    let existing = earlierSaves(in: stateFolder)
    // Names sort by time; a second save within the same second gets the next number.
    var sequence = 0
    var name: String
    repeat {
      name =
        Self.padded(now, 12) + "-" + Self.padded(sequence, 3)
        + (format == .plist ? ".plist" : ".json")
      sequence += 1
    } while existing.contains { $0.path.hasSuffix("/" + name) }
    do {
      try FileSystem.createFolders(folder, mode: 0o700)
      try FileSystem.replaceFile(folder + "/" + name, with: bytes, mode: 0o600)
      for old in earlierSaves(in: stateFolder).dropFirst(limit) { try? FileSystem.remove(old.path) }
    } catch {
      throw StoreError(
        kind: .saveFailed, path: folder,
        why: StoreReason.failedCall(error),
        whatToDo: StoreReason(.earlierCopyMissing),
        systemError: error.code)
    }
  }

  /// `number` in decimal with zeros in front, `width` digits at least.
  private static func padded(_ number: Int, _ width: Int) -> String {
    let digits = String(number)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  /// The earlier saves kept of this store, newest first.
  package func earlierSaves(in stateFolder: String) -> [EarlierSave] {
    let folder = earlierSavesFolder(in: stateFolder)
    let names = (try? FileSystem.folderEntries(folder)) ?? []
    return names.compactMap { name -> EarlierSave? in
      guard let seconds = Int(name.prefix { $0 != "-" }),
        name.hasSuffix(".json") || name.hasSuffix(".plist")
      else { return nil }
      return EarlierSave(path: folder + "/" + name, replacedAt: seconds)
    }
    .sorted { $0.path > $1.path }
  }

  /// The values of an earlier save, read as a store is.
  package static func values(of save: EarlierSave) throws(StoreError)
    -> [PropertyListKey: PropertyListValue]
  {
    try existing(
      path: save.path, whatToDo: StoreReason(.earlierUnusable)
    ).values
  }
}
