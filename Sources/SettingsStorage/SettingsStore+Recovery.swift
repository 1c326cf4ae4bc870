import FileFormats
import Glibc
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
  package static func recoveryPath(for storePath: String) -> String {
    realPath(of: storePath) + ".recover"
  }

  /// Where the recovery file of the store at `storePath` may be, in the order to look: beside
  /// the real file (``recoveryPath(for:)``), then in `stateFolder`
  /// (``fallbackRecoveryPath(for:in:)``) and, with `earlier`, where earlier versions put it
  /// there (``earlierFallbackRecoveryPath(for:in:)``): the store's symbolic links resolved
  /// once for all of them, not once each (two `readlink`s and 12,000 instructions each).
  ///
  /// - Parameters:
  ///   - storePath: The store's path, as given.
  ///   - stateFolder: The program's state folder, if it has one.
  ///   - earlier: Whether to add the earlier versions' place.
  /// - Returns: The paths.
  package static func recoveryPaths(for storePath: String, in stateFolder: String?, earlier: Bool)
    -> [String]
  {
    let real = realPath(of: storePath)
    var paths = [real + ".recover"]
    if let stateFolder {
      paths.append(fallbackRecoveryPath(ofReal: real, in: stateFolder))
      if earlier, let path = earlierFallbackRecoveryPath(ofReal: real, in: stateFolder) {
        paths.append(path)
      }
    }
    return paths
  }

  /// `storePath` with its symbolic links resolved, or as given when they cannot be.
  private static func realPath(of storePath: String) -> String {
    (try? resolve(storePath)) ?? storePath
  }

  /// Where the recovery file of the store at `storePath` goes when the store's own folder
  /// cannot be written (read-only, full): in `stateFolder`'s `recover` folder, under the
  /// store's ``stateFileName(for:)``, so that every store has its own and the next start
  /// finds it.
  ///
  /// - Parameters:
  ///   - storePath: The store's path, as given.
  ///   - stateFolder: The program's state folder (`~/.local/state/settei`).
  /// - Returns: `<stateFolder>/recover/settings.json-89b2c3d4e5f60718.recover`.
  package static func fallbackRecoveryPath(for storePath: String, in stateFolder: String)
    -> String
  {
    fallbackRecoveryPath(ofReal: realPath(of: storePath), in: stateFolder)
  }

  /// ``fallbackRecoveryPath(for:in:)`` of a path whose links are resolved.
  private static func fallbackRecoveryPath(ofReal real: String, in stateFolder: String) -> String {
    stateFolder + "/recover/" + FileSystem.fileName(standingFor: real) + ".recover"
  }

  /// Where earlier versions of settei put the file of ``fallbackRecoveryPath(for:in:)``: named after the
  /// store's whole real path with `%` and `/` percent-encoded, as Vim names its swap files;
  /// `nil` when that name is longer than a file name may be (`NAME_MAX`), as no such file
  /// can exist. Only read, never written.
  ///
  /// - Parameters:
  ///   - storePath: The store's path, as given.
  ///   - stateFolder: The program's state folder.
  /// - Returns: `<stateFolder>/recover/%2Fhome%2Ftaro%2F.config%2Fsettei%2Fsettings.json.recover`.
  package static func earlierFallbackRecoveryPath(for storePath: String, in stateFolder: String)
    -> String?
  {
    earlierFallbackRecoveryPath(ofReal: realPath(of: storePath), in: stateFolder)
  }

  /// ``earlierFallbackRecoveryPath(for:in:)`` of a path whose links are resolved.
  private static func earlierFallbackRecoveryPath(ofReal real: String, in stateFolder: String)
    -> String?
  {
    // Byte by byte: `%` and `/` are ASCII, never part of another character's UTF-8, and
    // walking the path's characters cost 20,000 instructions of every start.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(real.utf8.count + 16)
    for byte in real.utf8 {
      switch byte {
      case UInt8(ascii: "%"): bytes += Array("%25".utf8)
      case UInt8(ascii: "/"): bytes += Array("%2F".utf8)
      default: bytes.append(byte)
      }
    }
    let name = String(decoding: bytes, as: UTF8.self) + ".recover"
    guard name.utf8.count <= Int(NAME_MAX) else { return nil }
    return stateFolder + "/recover/" + name
  }

  /// The name settei's files about the store at `storePath` have in its state folder (its
  /// recovery file there, the keys it knew): the store's own file name, cut to at most 64
  /// bytes, a dash and the FNV-1a hash (64 bits, 16 hex digits) of the store's whole real
  /// path, as in `settings.json-89b2c3d4e5f60718`. It fits in a file name however long the
  /// path, is the same on every run, and differs between stores of the same name.
  ///
  /// - Parameter storePath: The store's path, as given (symbolic links are resolved).
  /// - Returns: The name, without an extension.
  package static func stateFileName(for storePath: String) -> String {
    FileSystem.fileName(standingFor: realPath(of: storePath))
  }

  /// Writes `changes` atomically to the recovery file at `path`: through its lock file
  /// `<path>.lock`, `fsync`ed and renamed, mode 0600, its folder created 0700 if missing.
  ///
  /// - Parameters:
  ///   - changes: The unsaved edits: a key's new value, or `nil` for a key the session
  ///     removed.
  ///   - path: The recovery file, normally ``recoveryPath(for:)``.
  ///   - storePath: The store the edits are for, noted in the file; by default `path`
  ///     without `.recover`.
  /// - Throws: ``StoreError`` of kind ``StoreError/Kind/saveFailed`` (or
  ///   ``StoreError/Kind/locked``) naming the file; nothing is left half written.
  package static func writeRecovery(
    _ changes: [PropertyListKey: PropertyListValue?], to path: String,
    store storePath: String? = nil
  ) throws(StoreError) {
    var set: [PropertyListKey: PropertyListValue] = [:]
    var removed: [PropertyListValue] = []
    for key in changes.keys.sorted() {
      if let value = changes[key] ?? nil {
        set[key] = value
      } else {
        removed.append(.string(key.string))
      }
    }
    let storePath = storePath ?? (path.hasSuffix(".recover") ? String(path.dropLast(8)) : path)
    let document: PropertyListValue = .dictionary([
      "store": .string(storePath), "set": .dictionary(set), "removed": .array(removed),
    ])
    try replaceStateFile(
      Array(PropertyListWriter.serialize(document).utf8), at: path,
      advice: StoreReason(.changesNotKept))
  }

  /// Replaces the file of settei's own state at `path` (its known keys) with `values`, in
  /// the format its extension chooses, as ``writeRecovery(_:to:store:)`` writes.
  ///
  /// - Parameters:
  ///   - values: The file's new contents.
  ///   - path: The file.
  /// - Throws: ``StoreError`` naming the file; nothing is left half written.
  package static func writeStateFile(
    _ values: [PropertyListKey: PropertyListValue], to path: String
  )
    throws(StoreError)
  {
    try replaceStateFile(
      serialize(values, format: Format(path: path)).bytes, at: path,
      advice: StoreReason(.checkFolder))
  }

  /// Replaces a file of settei's own (a recovery file, the known keys) with `bytes`: written
  /// into its lock file `<path>.lock`, `fsync`ed and renamed over `path`, mode 0600, its
  /// folder created 0700 if missing. Unlike a store, a symbolic link at `path` is not
  /// followed: the rename replaces the link itself, so the file it pointed to is never
  /// written.
  private static func replaceStateFile(_ bytes: [UInt8], at path: String, advice: StoreReason)
    throws(StoreError)
  {
    do {
      try FileSystem.createFolders(FileSystem.parentFolder(of: path), mode: 0o700)
    } catch {
      throw StoreError(
        kind: .saveFailed, path: error.path,
        why: StoreReason.failedCall(error),
        whatToDo: advice, systemError: error.code)
    }
    try TerminationSignals.blocked { () throws(StoreError) in
      let lock: FileLock
      do throws(FileLock.Failure) {
        lock = try FileLock.acquire(for: path, waitingUpTo: lockWaitSeconds)
      } catch {
        switch error {
        case .held(let lockPath, let holder), .interrupted(let lockPath, let holder):
          throw StoreError(
            kind: .locked, path: lockPath,
            why: StoreReason(
              .lockedBy,
              .reason(
                holder.map { StoreReason(.verbatim, .holder($0)) } ?? StoreReason(.anotherProgram))),
            whatToDo: advice)
        case .system(let failure):
          throw StoreError(
            kind: .saveFailed, path: failure.path,
            why: StoreReason.failedCall(failure),
            whatToDo: advice,
            systemError: failure.code)
        }
      }
      defer { lock.release() }
      do throws(SystemCallError) {
        try lock.commit(bytes, mode: 0o600, owner: nil)
      } catch {
        throw StoreError(
          kind: .saveFailed, path: error.path,
          why: StoreReason.failedCall(error),
          whatToDo: advice, systemError: error.code)
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
  package static func readRecovery(for storePath: String) throws(StoreError)
    -> [PropertyListKey: PropertyListValue?]?
  {
    try readRecovery(at: recoveryPath(for: storePath))
  }

  /// The unsaved edits in the recovery file at `path`, or `nil` if there is none.
  ///
  /// - Parameter path: The recovery file: ``recoveryPath(for:)`` or
  ///   ``fallbackRecoveryPath(for:in:)``.
  /// - Returns: Each key's new value, `nil` for a key to remove; `nil` without a file.
  /// - Throws: ``StoreError`` of kind ``StoreError/Kind/unreadable`` naming the file.
  package static func readRecovery(at path: String) throws(StoreError)
    -> [PropertyListKey: PropertyListValue?]?
  {
    let advice = StoreReason(.recoveryUnchanged)
    let found: [PropertyListKey: PropertyListValue]?
    do {
      found = try read(path: path, format: .plist, sizeLimit: sizeLimit, advice: advice)
    } catch  where error.systemError == ENOTDIR {
      return nil  // a file where a folder on the way should be: no recovery file there
    }
    guard let document = found else { return nil }
    guard let set = (document["set"] ?? .dictionary([:])).dictionaryValue,
      let removed = (document["removed"] ?? .array([])).arrayValue,
      removed.allSatisfy({ $0.stringValue != nil })
    else {
      throw StoreError(
        kind: .unreadable, path: path,
        why: StoreReason(.notRecoveryFile), whatToDo: advice)
    }
    var changes: [PropertyListKey: PropertyListValue?] = [:]
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
  package static func removeRecovery(for storePath: String) throws(StoreError) {
    try removeRecovery(at: recoveryPath(for: storePath))
  }

  /// Deletes the recovery file at `path`, if there is one.
  ///
  /// - Parameter path: The recovery file.
  /// - Throws: ``StoreError`` of kind ``StoreError/Kind/saveFailed`` naming the file when it
  ///   exists but cannot be removed.
  package static func removeRecovery(at path: String) throws(StoreError) {
    do {
      try FileSystem.remove(path)
    } catch {
      throw StoreError(
        kind: .saveFailed, path: path,
        why: StoreReason.failedCall(error),
        whatToDo: StoreReason(.deleteRecovery),
        systemError: error.code)
    }
  }
}
