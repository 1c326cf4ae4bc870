import FileFormats
import SchemaKit

/// A store checked against a schema (`settei lint --store STORE PATH`): keys no setting of
/// the schema has, and values a setting could not have stored, with what it allows; and
/// what settei says at the REPL's start when the schema and the store drifted apart.
package enum StoreLinter {
  /// One thing wrong with a stored key.
  package struct Problem: Equatable {
    package var key: String
    package var severity: LintProblem.Severity
    package var message: String

    package init(key: String, severity: LintProblem.Severity, message: String) {
      self.key = key
      self.severity = severity
      self.message = message
    }
  }

  /// The problems of a store's values under a model's schema, by key.
  ///
  /// A value that does not fit is an error (the app shows its default instead, and the user's
  /// choice is lost to them); a key the schema lacks is a warning (it is kept, but nothing
  /// shows or changes it: often a key renamed in an update). Each is said in the words of
  /// `messages`.
  package static func problems(
    in values: [PropertyListKey: PropertyListValue], model: SettingsModel,
    messages: SettingsMessages = .forLanguage("en")
  ) -> [Problem] {
    let index = SettingsIndex(model: model)
    let schemaKeys = settingKeys(of: index)
    var problems: [Problem] = []
    // Keys by their bytes, as the store holds them: `cafe\u{301}` (NFD) is not the
    // setting `café` (NFC).
    for key in values.keys.sorted().map(\.string) {
      guard index.byKey[key] != nil else {
        let close = schemaKeys.filter { values[$0] == nil }
          .min { EditDistance.between($0, key) < EditDistance.between($1, key) }
        let hint =
          close.map { EditDistance.between($0, key) <= max(2, key.count / 3) ? $0 : nil } ?? nil
        problems.append(
          Problem(
            key: key, severity: .warning,
            message: hint.map { messages.text(.storeKeyUnknownRenamed, $0) }
              ?? messages.text(.storeKeyUnknown)))
        continue
      }
      if let problem = model.problem(storing: values[key], forKey: key) {
        problems.append(
          Problem(
            key: key, severity: .error,
            message: messages.text(.storeValueDoesNotFit, "\(problem)", key)))
      }
    }
    return problems
  }

  /// The keys of the settings that store a value, sorted.
  package static func settingKeys(of index: SettingsIndex) -> [String] {
    index.keys.filter { index.byKey[$0]?.specifier.kind.storesValue == true }
  }

  /// The notes for the REPL's start: settings the schema gained since the keys it had last
  /// time (`previous`, `nil` the first time), and stored keys it lacks that were not yet
  /// reported (`reported`). Each list is named by title and key, at most five of them. When
  /// the `schemaUnchanged` since `previous` was learned, its keys are `previous` and no page
  /// is read. Returns the schema's keys too, to remember for next time. `storedKeys` are the
  /// store's keys as it holds them (looked up in place, not copied into a set). The notes
  /// are in the words of `messages`.
  package static func upgradeNotes(
    model: SettingsModel, storedKeys: [PropertyListKey: PropertyListValue].Keys,
    previous: Set<PropertyListKey>?, reported: Set<PropertyListKey>, schemaUnchanged: Bool = false,
    messages: SettingsMessages = .forLanguage("en")
  ) -> (notes: [String], stranded: [String], keys: [String]) {
    if schemaUnchanged, let previous {
      let stranded = storedKeys.filter { !previous.contains($0) }.sorted()
      return (
        strandedNotes(stranded, reported: reported, messages: messages), stranded.map(\.string),
        previous.sorted().map(\.string)
      )
    }
    let index = SettingsIndex(model: model)
    let keys = settingKeys(of: index)
    var notes: [String] = []
    if let previous {
      let new = keys.filter {
        !previous.contains($0) && !storedKeys.contains(PropertyListKey($0))
      }
      if !new.isEmpty {
        let named = new.map { key in
          let title = index.byKey[key].flatMap { index.breadcrumb(of: $0, model: model).last }
          return title.map { $0.isEmpty || $0 == key ? key : "\($0) (\(key))" } ?? key
        }
        notes.append(
          new.count == 1
            ? messages.text(.newSettingsOne, listed(named, messages))
            : messages.text(.newSettingsMany, String(new.count), listed(named, messages)))
      }
    }
    let stranded = storedKeys.filter { index.byKey[$0.string] == nil }.sorted()
    return (
      notes + strandedNotes(stranded, reported: reported, messages: messages),
      stranded.map(\.string), keys
    )
  }

  /// The note on stored keys the schema lacks that were not yet reported.
  private static func strandedNotes(
    _ stranded: [PropertyListKey], reported: Set<PropertyListKey>, messages: SettingsMessages
  ) -> [String] {
    let unreported = stranded.filter { !reported.contains($0) }.map(\.string)
    guard !unreported.isEmpty else { return [] }
    let names = listed(unreported, messages)
    return [
      unreported.count == 1
        ? messages.text(.strandedKeysOne, names)
        : messages.text(.strandedKeysMany, String(unreported.count), names)
    ]
  }

  /// Up to five names, then how many more.
  private static func listed(_ names: [String], _ messages: SettingsMessages) -> String {
    let shown = names.prefix(5).joined(separator: ", ")
    return names.count > 5 ? messages.text(.andMore, shown, String(names.count - 5)) : shown
  }
}
