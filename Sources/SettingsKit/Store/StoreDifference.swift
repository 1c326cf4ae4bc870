import FileFormats

/// How two sets of stored values differ, as a user sees them: a key absent from a store has
/// its default.
package enum StoreDifference {
  /// One setting that differs.
  package struct Row: Equatable {
    package var key: String
    /// The titles from the root page to the setting, or a note when the schema lacks it.
    package var path: [String]
    package var old: PropertyListValue?
    package var new: PropertyListValue?

    package init(key: String, path: [String], old: PropertyListValue?, new: PropertyListValue?) {
      self.key = key
      self.path = path
      self.old = old
      self.new = new
    }
  }

  /// Every key whose value differs between `old` and `new` (each falling back to the
  /// default), or whose numbers are written as different numbers (`sameNumbers` says
  /// whether a key's are the same): the schema's keys, then the keys it does not know, each
  /// sorted.
  package static func rows(
    old: [PropertyListKey: PropertyListValue], new: [PropertyListKey: PropertyListValue],
    model: SettingsModel,
    index: SettingsIndex, messages: SettingsMessages = .forLanguage("en"),
    sameNumbers: (String) -> Bool = { _ in true }
  ) -> [Row] {
    let unknown = Set(old.keys).union(new.keys).filter { index.byKey[$0.string] == nil }.sorted()
      .map(\.string)
    var rows: [Row] = []
    for key in index.keys + unknown {
      let before = old[key] ?? model.defaultValue(forKey: key)
      let after = new[key] ?? model.defaultValue(forKey: key)
      guard before != after || !sameNumbers(key) else { continue }
      let path =
        index.byKey[key].map { index.breadcrumb(of: $0, model: model) }
        ?? [messages.text(.notInSchema)]
      rows.append(Row(key: key, path: path, old: before, new: after))
    }
    return rows
  }

  /// The stored values that differ from their defaults, and those of keys the schema lacks.
  package static func changedValues(
    _ values: [PropertyListKey: PropertyListValue], model: SettingsModel
  )
    -> [PropertyListKey: PropertyListValue]
  {
    values.filter { key, value in value != model.defaultValue(forKey: key.string) }
  }
}
