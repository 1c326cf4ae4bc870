extension SettingsStore {
  /// Saves the keys this session changed, over what is on disk now.
  ///
  /// The steps (../shared/RELIABILITY.md, "Saving the store", without the lock that a later
  /// change adds):
  /// 1. Resolve the path through symbolic links, so that a symlinked store stays a link and
  ///    its target is replaced.
  /// 2. Re-read the file. If it no longer parses, refuse: nothing is written.
  /// 3. Apply only `changedKeys` over what is on disk; every other key, including those no
  ///    schema knows, stays as it is on disk. A key in `changedKeys` that `newValues` lacks
  ///    is removed.
  /// 4. If that changes nothing, do not write at all (same bytes, same inode).
  /// 5. Create missing folders with mode 0700, then replace the file atomically: write a
  ///    temporary file beside it, give it the old file's mode (0600 for a new file),
  ///    `fsync`, `rename` over the store, `fsync` the folder.
  ///
  /// After a successful save, ``values`` holds what the file now contains.
  ///
  /// - Parameters:
  ///   - newValues: The session's values; only the keys in `changedKeys` are read.
  ///   - changedKeys: The keys the session set or removed.
  /// - Throws: ``StoreError``: ``StoreError/Kind/unreadable`` if the file on disk no longer
  ///   parses, ``StoreError/Kind/saveFailed`` if creating a folder or writing fails. Either
  ///   way the file on disk is unchanged and no temporary file is left.
  public func save(_ newValues: [String: PropertyListValue], changedKeys: Set<String>)
    throws(StoreError)
  {
    let target = try resolvedPath()
    let refusal = "Nothing was saved. Fix the file or move it aside, then save again."
    let existing: FileSystem.File?
    do {
      existing = try FileSystem.readFile(target)
    } catch {
      throw StoreError(
        kind: .unreadable, path: error.path, reason: "\(error.operation): \(error.reason)",
        advice: refusal, systemError: error.code)
    }
    let onDisk =
      try existing.map { file throws(StoreError) in
        try Self.parse(file.bytes, path: target, format: format, advice: refusal)
      } ?? [:]
    var merged = onDisk
    for key in changedKeys {
      if let value = newValues[key] {
        merged[key] = value
      } else {
        merged.removeValue(forKey: key)
      }
    }
    guard merged != onDisk else {
      values = onDisk
      return
    }
    do {
      try FileSystem.createFolders(FileSystem.parentFolder(of: target), mode: 0o700)
      try FileSystem.replaceFile(
        at: target, with: Self.serialize(merged, format: format),
        mode: existing?.mode ?? 0o600, owner: existing.map { ($0.owner, $0.group) })
    } catch {
      throw StoreError(
        kind: .saveFailed, path: error.path, reason: "\(error.operation): \(error.reason)",
        advice: "Nothing was saved; \(target) is unchanged. Check the folder's permissions "
          + "and free space, then save again.",
        systemError: error.code)
    }
    values = merged
  }

  /// The file to replace: `path` with symbolic links resolved, also when the link points to
  /// a file that does not exist yet.
  private func resolvedPath() throws(StoreError) -> String {
    do {
      if let real = try FileSystem.realPath(path) { return real }
    } catch {
      throw StoreError(
        kind: .saveFailed, path: path, reason: "\(error.operation): \(error.reason)",
        advice: "Nothing was saved. Check the path and its folders, then save again.",
        systemError: error.code)
    }
    var current = path
    for _ in 0..<40 {
      guard let next = FileSystem.linkTarget(current) else { return current }
      current = next
    }
    throw StoreError(
      kind: .saveFailed, path: path, reason: "too many levels of symbolic links",
      advice: "Nothing was saved. Point the link at a file, then save again.")
  }
}
