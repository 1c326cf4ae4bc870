import FileFormats
import SystemIO

/// A key another program saved a new value of while a session had the store open.
package struct ChangedElsewhere: Sendable, Equatable {
  /// The key.
  package var key: PropertyListKey
  /// Its value as read before (`nil`: none).
  package var old: PropertyListValue?
  /// Its value on disk now (`nil`: removed).
  package var new: PropertyListValue?
  /// Whether this session changed the key too: a conflict, which a save reports and asks
  /// about, as it would have without the refresh.
  package var isConflict: Bool
}

extension SettingsStore {
  /// Reads the file again, when another program saved it while a session had it open, so
  /// that the session can show what is there now (live values).
  ///
  /// The values of keys another program changed become ``values`` (what a save merges
  /// over), except those of `changedKeys` (the session's own edits): for those, what was
  /// read before stays the base, so that a save still finds the conflict and asks, as it
  /// would have without the refresh. The file is never written, and a file that cannot be
  /// read leaves the store as it was.
  ///
  /// - Parameter changedKeys: The keys the session changed.
  /// - Returns: The keys whose values differ from those read before, in key order; empty
  ///   when the file is what the store last read or wrote.
  /// - Throws: ``StoreError`` of kind ``StoreError/Kind/unreadable`` when the file cannot be
  ///   read or parsed; the store is unchanged.
  package func refresh(keepingBaseOf changedKeys: Set<PropertyListKey>) throws(StoreError)
    -> [ChangedElsewhere]
  {
    let file = try Self.readFile(path, limit: Self.sizeLimit, advice: Self.refreshAdvice)
    if let file, let knownBytes, FileSystem.sameBytes(file.bytes, knownBytes) { return [] }
    let contents =
      try file.map { file throws(StoreError) in
        try Self.parse(file.bytes, path: path, format: format, advice: Self.refreshAdvice)
      } ?? Contents()
    var changes: [ChangedElsewhere] = []
    for key in Set(values.keys).union(contents.values.keys).sorted()
    where values[key] != contents.values[key] {
      changes.append(
        ChangedElsewhere(
          key: key, old: values[key], new: contents.values[key],
          isConflict: changedKeys.contains(key)))
    }
    guard changes.contains(where: \.isConflict) else {
      values = contents.values
      knownBytes = file?.bytes
      knownLayout = contents.layout
      knownLooseMembers = contents.looseMembers
      return changes
    }
    // The base of a conflicting key stays what was read before: the file's bytes are then
    // no longer those of ``values``, and a save parses the file again.
    var merged = contents.values
    for change in changes where change.isConflict { merged[change.key] = change.old }
    values = merged
    knownBytes = nil
    knownLayout = nil
    knownLooseMembers = nil
    return changes
  }

  static var refreshAdvice: StoreReason { StoreReason(.refreshAdvice) }
}
