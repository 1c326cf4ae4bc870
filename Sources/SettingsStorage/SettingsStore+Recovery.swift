import FileFormats
import SystemIO

/// The recovery file: the edits of a session that was ended by a signal before it could
/// save, kept beside the store as `<store>.recover` so that the next start can offer them,
/// as nano keeps `file.save` when its terminal dies.
///
/// The file is an XML property list (so that dates and data keep their kind whatever the
/// store's format), written with the same lock-and-rename protocol as the store:
///
/// ```xml
/// <dict>
///   <key>store</key><string>/home/taro/.config/settei/settings.json</string>
///   <key>set</key><dict><key>temperatureUnit</key><string>fahrenheit</string></dict>
///   <key>removed</key><array><string>region</string></array>
/// </dict>
/// ```
extension SettingsStore {
  /// The recovery file of the store at `storePath`: `<store>.recover` beside the real file
  /// (symbolic links resolved, as for the lock).
  ///
  /// - Parameter storePath: The store's path, as given.
  /// - Returns: The recovery file's path.
  public static func recoveryPath(for storePath: String) -> String {
    ((try? resolve(storePath)) ?? storePath) + ".recover"
  }

  /// Writes `changes` atomically to the recovery file at `path`: through its lock file
  /// `<path>.lock`, `fsync`ed and renamed, mode 0600, its folder created 0700 if missing.
  ///
  /// - Parameters:
  ///   - changes: The unsaved edits: a key's new value, or `nil` for a key the session
  ///     removed.
  ///   - path: The recovery file, normally ``recoveryPath(for:)``.
  /// - Throws: ``StoreError`` of kind ``StoreError/Kind/saveFailed`` (or
  ///   ``StoreError/Kind/locked``) naming the file; nothing is left half written.
  public static func writeRecovery(_ changes: [String: PropertyListValue?], to path: String)
    throws(StoreError)
  {
    var set: [String: PropertyListValue] = [:]
    var removed: [PropertyListValue] = []
    for key in changes.keys.sorted() {
      if let value = changes[key] ?? nil {
        set[key] = value
      } else {
        removed.append(.string(key))
      }
    }
    let storePath = path.hasSuffix(".recover") ? String(path.dropLast(8)) : path
    let document: PropertyListValue = .dictionary([
      "store": .string(storePath), "set": .dictionary(set), "removed": .array(removed),
    ])
    let advice =
      "Your unsaved changes could not be kept. Check the folder's permissions and free space."
    do {
      try FileSystem.createFolders(FileSystem.parentFolder(of: path), mode: 0o700)
    } catch {
      throw StoreError(
        kind: .saveFailed, path: error.path, reason: "\(error.operation): \(error.reason)",
        advice: advice, systemError: error.code)
    }
    try TerminationSignals.blocked { () throws(StoreError) in
      let lock: FileLock
      do throws(FileLock.Failure) {
        lock = try FileLock.acquire(for: path, waitingUpTo: lockWaitSeconds)
      } catch {
        switch error {
        case .held(let lockPath, let holder):
          throw StoreError(
            kind: .locked, path: lockPath,
            reason: "locked by " + (holder ?? "another program"), advice: advice)
        case .system(let failure):
          throw StoreError(
            kind: .saveFailed, path: failure.path,
            reason: "\(failure.operation): \(failure.reason)", advice: advice,
            systemError: failure.code)
        }
      }
      defer { lock.release() }
      do throws(SystemCallError) {
        try lock.commit(
          Array(PropertyListWriter.serialize(document).utf8), mode: 0o600, owner: nil)
      } catch {
        throw StoreError(
          kind: .saveFailed, path: error.path, reason: "\(error.operation): \(error.reason)",
          advice: advice, systemError: error.code)
      }
    }
  }

  /// The unsaved edits in the recovery file of the store at `storePath`, or `nil` if there
  /// is none.
  ///
  /// - Parameter storePath: The store's path, as given.
  /// - Returns: Each key's new value, `nil` for a key to remove; `nil` without a file.
  /// - Throws: ``StoreError`` of kind ``StoreError/Kind/unreadable`` naming the recovery file
  ///   (and the line, for a syntax error) when it cannot be read; it is left as it is.
  public static func readRecovery(for storePath: String) throws(StoreError)
    -> [String: PropertyListValue?]?
  {
    let path = recoveryPath(for: storePath)
    let advice =
      "settei has not changed it. Move it aside or delete it to go on without those changes."
    guard let document = try read(path: path, format: .plist, advice: advice) else { return nil }
    guard let set = (document["set"] ?? .dictionary([:])).dictionaryValue,
      let removed = (document["removed"] ?? .array([])).arrayValue,
      removed.allSatisfy({ $0.stringValue != nil })
    else {
      throw StoreError(
        kind: .unreadable, path: path,
        reason: "not a settei recovery file: expected a <dict> with 'set' (a <dict>) and "
          + "'removed' (an <array> of <string>)",
        advice: advice)
    }
    var changes: [String: PropertyListValue?] = [:]
    for key in removed.compactMap(\.stringValue) { changes[key] = .some(nil) }
    for (key, value) in set { changes[key] = value }
    return changes
  }

  /// Deletes the recovery file of the store at `storePath`, if there is one: after its
  /// changes were saved, or when the user discards them.
  ///
  /// - Parameter storePath: The store's path, as given.
  /// - Throws: ``StoreError`` of kind ``StoreError/Kind/saveFailed`` naming the file when it
  ///   exists but cannot be removed.
  public static func removeRecovery(for storePath: String) throws(StoreError) {
    let path = recoveryPath(for: storePath)
    do {
      try FileSystem.remove(path)
    } catch {
      throw StoreError(
        kind: .saveFailed, path: path, reason: "\(error.operation): \(error.reason)",
        advice: "Delete it yourself, or settei will offer its changes again at the next start.",
        systemError: error.code)
    }
  }
}
