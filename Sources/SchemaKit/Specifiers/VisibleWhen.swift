import FileFormats

/// A specifier's `VisibleWhen`: the values of other settings its row is shown for.
///
/// Written as a dictionary, `{"Key": K, "Values": [v, …]}` (shown while K's value is one of
/// them) or `{"Key": K, "NotValues": [v, …]}` (shown while it is none of them), or as an
/// array of such dictionaries (shown while all hold). Values compare as iOS compares
/// property-list values (``PropertyListValue/isSame(as:)``): a toggle's `true` is `1`, and a
/// toggle with a `TrueValue` compares what it stores.
///
/// Settings.app and InAppSettingsKit ignore the key, so a bundle that uses it stays valid
/// for them (they show the row always).
package struct VisibleWhen: Sendable, Equatable {
  /// One condition: a setting's value among some values, or among none of them.
  package struct Condition: Sendable, Equatable {
    /// The `Key` of the setting whose value decides.
    package var key: String
    /// The values compared with.
    package var values: [PropertyListValue]
    /// Whether the values are `NotValues`: the condition holds while the value is none.
    package var isNegated: Bool

    package init(key: String, values: [PropertyListValue], isNegated: Bool = false) {
      self.key = key
      self.values = values
      self.isNegated = isNegated
    }

    /// Whether the condition holds while the setting's value (stored, else its default) is
    /// `value`.
    package func holds(for value: PropertyListValue?) -> Bool {
      let matches = value.map { value in values.contains { $0.isSame(as: value) } } ?? false
      return matches != isNegated
    }
  }

  /// The conditions, all of which must hold.
  package var conditions: [Condition]

  package init(conditions: [Condition]) {
    self.conditions = conditions
  }

  /// What is wrong with a `VisibleWhen` that cannot be read: what is wrong, and what to
  /// write instead.
  package struct Malformation: Error, Sendable, Equatable {
    package var reason: SchemaReason
    package var fix: SchemaReason
    /// What is wrong, in English.
    package var message: String { reason.description }
  }

  /// The `VisibleWhen` written as `value`, or what is wrong with it.
  package static func parse(_ value: PropertyListValue) -> Result<VisibleWhen, Malformation> {
    switch value {
    case .dictionary(let members):
      return condition(members, at: nil).map { VisibleWhen(conditions: [$0]) }
    case .array(let elements):
      guard !elements.isEmpty else {
        return .failure(
          Malformation(
            reason: SchemaReason(.visibleWhenEmptyArray),
            fix: SchemaReason(.addConditionOrRemove)))
      }
      var conditions: [Condition] = []
      for (position, element) in elements.enumerated() {
        guard case .dictionary(let members) = element else {
          return .failure(
            Malformation(
              reason: SchemaReason(
                .visibleWhenEntryNotDictionary, .index(position), .value(element)),
              fix: SchemaReason(.writeEntriesAsDictionaries)))
        }
        switch condition(members, at: position) {
        case .success(let condition): conditions.append(condition)
        case .failure(let problem): return .failure(problem)
        }
      }
      return .success(VisibleWhen(conditions: conditions))
    default:
      return .failure(
        Malformation(
          reason: SchemaReason(.visibleWhenNotDictionary, .value(value)),
          fix: SchemaReason(.writeCondition)))
    }
  }

  /// The condition a dictionary writes, or what is wrong with it; `position` is its place in
  /// an array of them.
  private static func condition(
    _ members: [PropertyListKey: PropertyListValue], at position: Int?
  ) -> Result<Condition, Malformation> {
    let name = SchemaArgument.text(position.map { "VisibleWhen[\($0)]" } ?? "VisibleWhen")
    func failure(_ reason: SchemaReason, _ fix: SchemaReason) -> Result<Condition, Malformation> {
      .failure(Malformation(reason: reason, fix: fix))
    }
    for member in members.keys.map(\.string).sorted()
    where !["Key", "Values", "NotValues"].contains(member) {
      return failure(
        SchemaReason(.conditionUnknownMember, name, .text(printable(member))),
        SchemaReason(.writeOnlyKeyAndValues))
    }
    guard let keyValue = members["Key"] else {
      return failure(
        SchemaReason(.conditionNoKey, name), SchemaReason(.addConditionKey))
    }
    guard case .string(let key) = keyValue, !key.isEmpty else {
      return failure(
        SchemaReason(.conditionKeyNotString, name, .value(keyValue)),
        SchemaReason(.writeConditionKey))
    }
    let values = members["Values"]
    let notValues = members["NotValues"]
    if values != nil, notValues != nil {
      return failure(
        SchemaReason(.conditionBothLists, name), SchemaReason(.keepOneList))
    }
    guard let list = values ?? notValues else {
      return failure(
        SchemaReason(.conditionNoList, name),
        SchemaReason(.addConditionValues, .text(printable(key))))
    }
    let member = values != nil ? "Values" : "NotValues"
    guard case .array(let elements) = list else {
      return failure(
        SchemaReason(.conditionListNotArray, name, .text(member), .value(list)),
        SchemaReason(.writeListAsArray, .text(member)))
    }
    guard !elements.isEmpty else {
      return failure(
        SchemaReason(.conditionListEmpty, name, .text(member)),
        SchemaReason(.listOneValue, .text(printable(key))))
    }
    return .success(Condition(key: key, values: elements, isNegated: notValues != nil))
  }
}

extension Specifier {
  /// The `VisibleWhen` of the specifier when it has one that can be read; `nil` without one
  /// or for one that cannot be read (shown always; lint reports it). Read once, when the
  /// specifier is made.
  package var visibleWhen: VisibleWhen? { fields.visibleWhen }

  /// Whether the specifier has a `VisibleWhen` member, readable or not.
  package var hasVisibleWhen: Bool { fields.hasVisibleWhen }
}

extension SettingsSchema.Page {
  /// The position of the group whose rows include the specifier at `position`: the last
  /// `PSGroupSpecifier` before it, unless another section (a radio group, a list group)
  /// starts in between. `nil` for a specifier that starts a section itself.
  package func enclosingGroupPosition(of position: Int) -> Int? {
    guard specifiers.indices.contains(position) else { return nil }
    if Self.startsSection(specifiers[position].kind) { return nil }
    var earlier = position - 1
    while earlier >= 0 {
      let kind = specifiers[earlier].kind
      if Self.startsSection(kind) { return kind == .group ? earlier : nil }
      earlier -= 1
    }
    return nil
  }

  /// Whether a specifier of `kind` starts a section of its own on a screen.
  private static func startsSection(_ kind: Specifier.Kind) -> Bool {
    kind == .group || kind == .radioGroup || kind == .listGroup
  }

  /// The conditions the row of the specifier at `position` is shown under: its own
  /// `VisibleWhen`, and that of the group it is in (``enclosingGroupPosition(of:)``).
  package func visibilityConditions(at position: Int) -> [VisibleWhen.Condition] {
    guard specifiers.indices.contains(position) else { return [] }
    var conditions = specifiers[position].visibleWhen?.conditions ?? []
    if let group = enclosingGroupPosition(of: position),
      let groupConditions = specifiers[group].visibleWhen?.conditions
    {
      conditions += groupConditions
    }
    return conditions
  }
}

extension SettingsSchema.Page {
  /// What of a page's specifiers makes its rows depend on more than the schema: a list
  /// group (rows come and go with its value), a radio group sorted by title (the order
  /// changes with the language), a `VisibleWhen` (rows come and go with values).
  package struct RowTraits: Sendable, Equatable {
    package var hasListGroups = false
    package var hasSortedRadioGroups = false
    package var hasVisibleWhen = false
  }

  /// The page's ``RowTraits``, in one walk of its specifiers read in place: a screen that
  /// opens a page of a thousand settings asks it once.
  package var rowTraits: RowTraits {
    var traits = RowTraits()
    specifiers.withUnsafeBufferPointer { specifiers in
      for index in specifiers.indices {
        let fields = specifiers[index].fields
        if fields.hasVisibleWhen { traits.hasVisibleWhen = true }
        switch specifiers[index].kind {
        case .listGroup: traits.hasListGroups = true
        case .radioGroup where specifiers[index].displaysSortedByTitle:
          traits.hasSortedRadioGroups = true
        case .group, .toggleSwitch, .multiValue, .radioGroup, .textField, .slider, .titleValue,
          .childPane, .textView, .openURL, .button, .mailCompose, .customView, .datePicker,
          .other(_):
          break
        }
      }
    }
    return traits
  }
}
