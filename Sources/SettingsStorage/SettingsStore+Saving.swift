import FileFormats
import Glibc
import SystemIO

/// What a successful ``SettingsStore/save(_:changedKeys:overwriting:)`` did.
package struct SaveReport: Equatable, Sendable {
  /// Whether the file was written; `false` when the changes were on disk already.
  package let wroteFile: Bool
  /// Whether a lock file abandoned by a process that died while saving was taken over.
  package let tookOverStaleLock: Bool
  /// Things the user should know, one sentence each, e.g. about a stale lock taken over.
  package let noteReasons: [StoreReason]
  /// ``noteReasons`` in English.
  package var notes: [String] { noteReasons.map(\.description) }
  /// The bytes the save replaced (`nil`: there was no file, or it was not written), for the
  /// caller to keep as an earlier save (``SettingsStore/keepEarlierSave(_:in:limit:)``).
  package var replaced: [UInt8]?

  /// Creates a report.
  ///
  /// - Parameters:
  ///   - wroteFile: Whether the file was written.
  ///   - tookOverStaleLock: Whether a stale lock was taken over.
  ///   - notes: Notes for the user.
  package init(wroteFile: Bool, tookOverStaleLock: Bool = false, notes: [StoreReason] = []) {
    self.wroteFile = wroteFile
    self.tookOverStaleLock = tookOverStaleLock
    self.noteReasons = notes
  }
}

extension SettingsStore {
  /// How long a save waits for another process to let go of the store's lock.
  static let lockWaitSeconds = 1.0

  /// Saves the keys this session changed, over what is on disk now, with the save protocol
  /// (docs/reliability.md, "Saving the store").
  ///
  /// 1. Resolve the path through symbolic links, so that a symlinked store stays a link and
  ///    its target is replaced; the lock sits beside the real file.
  /// 2. Take the lock `<store>.lock` (`O_EXCL` plus `flock`; see ``FileLock``). A lock whose
  ///    owner died is taken over, with a note in the report; a live owner is waited for about
  ///    a second, then ``StoreError/Kind/locked`` is thrown.
  /// 3. Under the lock, re-read the file. If it no longer parses, refuse: nothing is written.
  /// 4. Merge key by key. For each key in `changedKeys`: if the value on disk is still the
  ///    one loaded (``values``), or already equals ours, ours is applied. If another program
  ///    changed it to something else meanwhile, that is a conflict: nothing is written and
  ///    ``StoreError/Kind/conflict`` lists every such key, unless `overwriting` holds a
  ///    conflict of that key whose value on disk is still the one on disk now: the user saw
  ///    that value and chose ours over it. A value that changed again since is a new
  ///    conflict, reported again. Keys only the other side changed, and keys no schema
  ///    knows, stay as they are on disk. A key in `changedKeys` that `newValues` lacks is
  ///    removed.
  /// 5. If that changes nothing, do not write at all (same bytes, same inode).
  /// 6. Write the new contents into the lock file (a JSON file in the shape settei writes
  ///    gets only its changed members written, the others copied as they are), give it the
  ///    old file's mode (0600 for a new file, whose missing folders are made 0700), `fsync`,
  ///    close, `rename` it over the store, `fsync` the folder.
  ///
  /// SIGINT, SIGTERM and SIGHUP are blocked from taking the lock until it is gone, so a
  /// signal can only take effect before the save or after it. On every failure the store on
  /// disk is unchanged and the lock file, if this process made it, is removed.
  ///
  /// After a successful save, ``values`` holds what the file now contains.
  ///
  /// - Parameters:
  ///   - newValues: The session's values; only the keys in `changedKeys` are read.
  ///   - changedKeys: The keys the session set or removed.
  ///   - overwriting: Conflicts the user has seen and chosen to resolve with this session's
  ///     value (typically the ``StoreError/conflicts`` of the previous try); each holds only
  ///     while the file still has the value it reported.
  /// - Returns: What was done, with notes for the user.
  /// - Throws: ``StoreError``: ``StoreError/Kind/unreadable`` if the file on disk no longer
  ///   parses, ``StoreError/Kind/conflict`` if another program changed the same keys,
  ///   ``StoreError/Kind/locked`` if another live process holds the lock,
  ///   ``StoreError/Kind/saveFailed`` if creating a folder, the lock or writing fails.
  @discardableResult
  package func save(
    _ newValues: [PropertyListKey: PropertyListValue], changedKeys: Set<PropertyListKey>,
    overwriting: [StoreError.Conflict] = []
  ) throws(StoreError) -> SaveReport {
    guard !changedKeys.isEmpty else { return SaveReport(wroteFile: false) }
    let target = try Self.resolve(path)
    let folder = FileSystem.parentFolder(of: target)
    if !FileSystem.exists(folder) {
      // No folder, so no file: there is nothing to merge with and nobody to lock out.
      guard !Self.apply(changedKeys, from: newValues, over: [:]).isEmpty else {
        values = [:]
        return SaveReport(wroteFile: false)
      }
      do {
        try FileSystem.createFolders(folder, mode: 0o700)
      } catch {
        throw saveFailure(error, target: target)
      }
    }
    // The file is parsed before the lock is taken, with signals free to end a parse that
    // takes long; under the lock the bytes are only compared. A file changed in between is
    // read and parsed again.
    for _ in 0..<Self.readAttempts {
      let parsed = try readOnDisk(target)
      let report = try TerminationSignals.blocked { () throws(StoreError) -> SaveReport? in
        let lock = try takeLock(of: target)
        defer { lock.release() }
        return try saveLocked(
          newValues, changedKeys: changedKeys, overwriting: overwriting, lock: lock,
          parsed: parsed)
      }
      if let report { return report }
    }
    throw StoreError(
      kind: .locked, path: target,
      why: StoreReason(.fileKeepsChanging, .text(String(Self.readAttempts))),
      whatToDo: StoreReason(.letWriterFinish))
  }

  /// How many times a save reads a file that keeps changing before it gives up.
  static let readAttempts = 20

  /// The store file as it is now, parsed (unless it holds the bytes this store last saw),
  /// for a save; `nil` without a file.
  private func readOnDisk(_ target: String) throws(StoreError) -> (
    file: FileSystem.File, contents: Contents?
  )? {
    guard let file = try Self.readForSaving(target) else { return nil }
    if let knownBytes, FileSystem.sameBytes(file.bytes, knownBytes) { return (file, nil) }
    return (
      file, try Self.parse(file.bytes, path: target, format: format, advice: Self.saveRefusal)
    )
  }

  private static var saveRefusal: StoreReason { StoreReason(.saveRefusal) }

  /// The store file at `target`, or `nil` without one; failures refuse the save.
  private static func readForSaving(_ target: String) throws(StoreError) -> FileSystem.File? {
    try readFile(target, limit: sizeLimit, advice: saveRefusal)
  }

  /// The save under the lock, over the file `parsed` before the lock was taken; `nil` when
  /// the file is no longer what was parsed.
  private func saveLocked(
    _ newValues: [PropertyListKey: PropertyListValue], changedKeys: Set<PropertyListKey>,
    overwriting: [StoreError.Conflict], lock: FileLock,
    parsed: (file: FileSystem.File, contents: Contents?)?
  ) throws(StoreError) -> SaveReport? {
    let target = lock.target
    let existing = try Self.readForSaving(target)
    var onDisk: Contents
    switch (existing, parsed) {
    case (nil, nil):
      onDisk = Contents()
    case (let file?, let parsed?) where FileSystem.sameBytes(file.bytes, parsed.file.bytes):
      // The file is as this store last saw it (no need to parse it again), or as parsed.
      onDisk =
        parsed.contents
        ?? Contents(values: values, layout: knownLayout, looseMembers: knownLooseMembers)
    default:
      return nil
    }
    if let file = existing { try Self.checkWritable(file, at: target) }

    // What the user was shown of each key they chose to overwrite.
    var shown: [PropertyListKey: PropertyListValue?] = [:]
    for conflict in overwriting { shown[conflict.key] = .some(conflict.onDisk) }
    let conflicts = changedKeys.sorted().compactMap { key -> StoreError.Conflict? in
      let disk = onDisk.values[key]
      let loaded = values[key]
      let mine = newValues[key]
      guard disk != loaded, disk != mine else { return nil }
      if let seen = shown[key], seen == disk { return nil }
      return StoreError.Conflict(key: key.string, loaded: loaded, onDisk: disk, mine: mine)
    }
    if !conflicts.isEmpty { throw conflictError(conflicts, target: target) }

    var notes: [StoreReason] = []
    if lock.tookOverStaleLock {
      notes.append(StoreReason(.tookOverLock, .text(lock.path), .text(target)))
    }
    FileSystem.removeLeftoverTemporaryFiles(of: target)
    let changes = changedKeys.map { key in (key: key, value: newValues[key]) }
    guard changes.contains(where: { $0.value != onDisk.values[$0.key] }) else {
      values = onDisk.values
      knownBytes = existing?.bytes
      knownLayout = onDisk.layout
      knownLooseMembers = onDisk.looseMembers
      return SaveReport(wroteFile: false, tookOverStaleLock: lock.tookOverStaleLock, notes: notes)
    }
    // The layout moves out of the store and of `onDisk`, so that it is changed in place
    // (a store without a layout writes its next save whole: nil is always safe).
    knownLayout = nil
    knownLooseMembers = nil
    var layout = onDisk.layout
    onDisk.layout = nil
    var file = existing?.bytes
    if layout == nil, let bytes = file, let loose = onDisk.looseMembers {
      // JSON in another shape (edited by hand): put it in settei's, copying every member.
      (file, layout) = JSONObjectLayout.reshape(bytes, members: loose)
    }
    let bytes = Self.contents(
      onDisk.values, changedBy: changes, file: file, layout: &layout, format: format,
      numbers: numbersToWrite)
    do {
      try lock.commit(
        bytes, mode: existing?.mode ?? 0o600, owner: existing.map { ($0.owner, $0.group) })
    } catch {
      throw saveFailure(error, target: target)
    }
    // The store's reference goes first, so that the dictionary is changed in place rather
    // than copied (10,000 keys cost more to copy than to save).
    values = [:]
    var merged = onDisk.values
    onDisk.values = [:]
    for change in changes {
      merged[change.key] = change.value
    }
    values = merged
    knownBytes = bytes
    knownLayout = layout
    var report = SaveReport(
      wroteFile: true, tookOverStaleLock: lock.tookOverStaleLock, notes: notes)
    report.replaced = existing?.bytes
    return report
  }

  /// The new contents of the file, whose current `file` bytes hold `onDisk`, with `changes`
  /// made: only the changed members are written when `layout` says where they are (the file
  /// has the shape settei writes), and the whole file otherwise. `layout` then describes
  /// the new bytes.
  private static func contents(
    _ onDisk: [PropertyListKey: PropertyListValue],
    changedBy changes: [(key: PropertyListKey, value: PropertyListValue?)],
    file: [UInt8]?, layout: inout JSONObjectLayout?, format: Format,
    numbers: JSONWrittenNumbers
  ) -> [UInt8] {
    if let file,
      let bytes = layout?.apply(
        changes, to: file, numbers: numbers, isMember: { onDisk[$0] != nil })
    {
      return bytes
    }
    var merged = onDisk
    // Written whole: the file's numbers that no value holds exactly stay as written in the
    // members not changed, and the changed members' come from `numbers`.
    var allNumbers = JSONWrittenNumbers()
    if format == .json, let file {
      allNumbers = (try? JSONReader.writtenNumbers(in: file, source: "")) ?? allNumbers
    }
    for change in changes {
      merged[change.key] = change.value
      allNumbers.texts = allNumbers.texts.filter { $0.key.first != .key(change.key) }
    }
    allNumbers.texts.merge(numbers.texts) { _, given in given }
    let written = serialize(merged, format: format, numbers: allNumbers)
    layout = written.layout
    return written.bytes
  }

  /// `base` with the keys in `changedKeys` set from `newValues`, or removed where it lacks
  /// them.
  static func apply(
    _ changedKeys: Set<PropertyListKey>, from newValues: [PropertyListKey: PropertyListValue],
    over base: [PropertyListKey: PropertyListValue]
  ) -> [PropertyListKey: PropertyListValue] {
    var merged = base
    for key in changedKeys {
      if let value = newValues[key] {
        merged[key] = value
      } else {
        merged.removeValue(forKey: key)
      }
    }
    return merged
  }

  /// Refuses to replace a file the caller may not write, as editors do, although the
  /// folder would let the rename through: a file without any write permission (mode 0444;
  /// for root too, as Vim's `'readonly'`), one the caller cannot write (`access(W_OK)` with
  /// the effective ids), and, unless the caller is root, one that belongs to another user,
  /// which the new file would take from them (only root can give a file away).
  static func checkWritable(_ file: FileSystem.File, at path: String) throws(StoreError) {
    let mode = StoreArgument.text(String(file.mode, radix: 8))
    let reason: StoreReason
    let advice: StoreReason
    let denial = FileSystem.writeDenial(path)
    if file.mode & 0o222 == 0 || denial != nil {
      reason =
        file.mode & 0o222 == 0
        ? StoreReason(.readOnly, mode)
        : StoreReason(.mayNotWrite, .text(denial ?? ""), mode, .text(String(file.owner)))
      advice = StoreReason(.makeWritable)
    } else if geteuid() != 0, file.owner != geteuid() {
      reason = StoreReason(.ownedByOther, .text(String(file.owner)))
      advice = StoreReason(.letOwnerChange)
    } else {
      return
    }
    throw StoreError(kind: .saveFailed, path: path, why: reason, whatToDo: advice)
  }

  /// Takes the lock of `target`, turning failures into messages for a person.
  private func takeLock(of target: String) throws(StoreError) -> FileLock {
    do {
      return try FileLock.acquire(
        for: target, waitingUpTo: Self.lockWaitSeconds, endingEarlyOn: TerminationSignals.all)
    } catch {
      switch error {
      case .held(let lockPath, let holder), .interrupted(let lockPath, let holder):
        let who =
          holder.map { StoreReason(.anotherProgramNamed, .holder($0)) }
          ?? StoreReason(.anotherProgram)
        let interrupted = if case .interrupted = error { true } else { false }
        throw StoreError(
          kind: .locked, path: lockPath,
          why: StoreReason(
            interrupted ? .lockedInterrupted : .lockedWaited, .text(target), .reason(who)),
          whatToDo: StoreReason(.letOtherFinish, .text(lockPath)))
      case .system(let failure):
        throw saveFailure(failure, target: target)
      }
    }
  }

  private func saveFailure(_ error: SystemCallError, target: String) -> StoreError {
    StoreError(
      kind: .saveFailed, path: error.path,
      why: StoreReason.failedCall(error),
      whatToDo: StoreReason(.checkPermissionsUnchanged, .text(target)),
      systemError: error.code)
  }

  private func conflictError(_ conflicts: [StoreError.Conflict], target: String) -> StoreError {
    let details = conflicts.map { conflict in
      // A secret is said to differ, never shown.
      let hidden = secretKeys.contains(conflict.key)
      func shown(_ value: PropertyListValue?) -> StoreArgument {
        guard let value else { return .reason(StoreReason(.notSet)) }
        return hidden ? .reason(StoreReason(.hiddenValue)) : .text(value.debugDescription)
      }
      return StoreReason(
        .conflictDetail, .text(conflict.key), shown(conflict.onDisk), shown(conflict.mine))
    }
    return StoreError(
      kind: .conflict, path: target,
      why: StoreReason(conflicts.count == 1 ? .conflictOne : .conflictMany, .reasons(details)),
      whatToDo: StoreReason(.otherValuesStay),
      conflicts: conflicts)
  }

  /// The file to replace: `path` with symbolic links resolved, also when the link points to
  /// a file that does not exist yet.
  static func resolve(_ path: String) throws(StoreError) -> String {
    do {
      if let real = try FileSystem.realPath(path) { return real }
    } catch {
      throw StoreError(
        kind: .saveFailed, path: path,
        why: StoreReason.failedCall(error),
        whatToDo: StoreReason(.checkPath),
        systemError: error.code)
    }
    if let end = FileSystem.endOfLinks(path) { return end }
    throw StoreError(
      kind: .saveFailed, path: path, why: StoreReason(.tooManyLinks),
      whatToDo: StoreReason(.pointLinkAtFile))
  }
}
