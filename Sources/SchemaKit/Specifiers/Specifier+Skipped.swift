extension Specifier {
  /// Why Settings.app shows no row for this entry, or `nil` when it shows one: an entry
  /// without a `Type` (none, or one that is not a string), or a radio group without choices
  /// (no `Values`). Screens skip it as Settings.app does; lint says so. In English.
  package var skippedBySettingsApp: String? { whySkippedBySettingsApp?.description }

  /// ``skippedBySettingsApp`` as a reason the program words in its language.
  package var whySkippedBySettingsApp: SchemaReason? {
    if !fields.hasType { return SchemaReason(.skippedNoType) }
    if case .radioGroup = kind, values.isEmpty { return SchemaReason(.skippedRadioGroup) }
    return nil
  }
}

extension SettingsSchema.Page {
  /// The indexes in `PreferenceSpecifiers` of the entries Settings.app skips
  /// (``Specifier/skippedBySettingsApp``), in order.
  package var skippedIndexes: [Int] {
    specifiers.compactMap { $0.whySkippedBySettingsApp == nil ? nil : $0.index }
  }
}
