import FileFormats

extension Linter {
  // MARK: VisibleWhen

  /// A setting a `VisibleWhen` may name: the first specifier of its key, where it is.
  private struct Setting {
    var page: SettingsSchema.Page
    var position: Int
    var specifier: Specifier { page.specifiers[position] }
  }

  /// Checks every `VisibleWhen`: that it can be read, that the setting it names is in the
  /// schema (among the pages that share its keys), that its values are values that setting
  /// can hold, and that no chain of them comes back to where it started.
  mutating func checkVisibleWhen(order: [String]) {
    // Most schemas have none: no walk of the pages for them.
    guard schema.pages.values.contains(where: { $0.specifiers.contains(where: \.hasVisibleWhen) })
    else { return }
    let shared = rootScope
    var scopes: [[String]] = [order.filter(shared.contains)]
    scopes += order.filter { !shared.contains($0) }.map { [$0] }
    for scope in scopes {
      let pages = scope.compactMap { schema.pages[$0] }
      guard pages.contains(where: { $0.specifiers.contains(where: \.hasVisibleWhen) }) else {
        continue
      }
      // By bytes, as the store tells keys apart; the first setting of a key decides.
      var settings: [PropertyListKey: Setting] = [:]
      for page in pages {
        for (position, specifier) in page.specifiers.enumerated()
        where specifier.kind.storesValue {
          guard let key = specifier.key, !key.isEmpty, settings[key] == nil else { continue }
          settings[PropertyListKey(key)] = Setting(page: page, position: position)
        }
      }
      for page in pages {
        for specifier in page.specifiers where specifier.hasVisibleWhen {
          checkVisibleWhen(of: specifier, on: page, settings: settings)
        }
      }
      checkVisibilityCycles(settings: settings, pages: pages)
    }
  }

  /// Checks one specifier's `VisibleWhen` against the settings of its scope.
  private mutating func checkVisibleWhen(
    of specifier: Specifier, on page: SettingsSchema.Page,
    settings: [PropertyListKey: Setting]
  ) {
    guard let written = specifier[member: .visibleWhen] else { return }
    let visibleWhen: VisibleWhen
    switch VisibleWhen.parse(written) {
    case .failure(let problem):
      report(
        .error, specifier, on: page,
        SchemaReason(.visibleWhenAlwaysShown, .reason(problem.reason)),
        fix: SchemaReason(
          .fixAsIn, .reason(problem.fix), .text(Self.visibleWhenExample(for: page))),
        leavesRowUsable: true)
      return
    case .success(let read): visibleWhen = read
    }
    for condition in visibleWhen.conditions {
      guard let setting = settings[condition.key] else {
        report(
          .error, specifier, on: page,
          SchemaReason(.visibleWhenUnknownKey, .text(printable(condition.key))),
          fix: SchemaReason(.writeSettingKey),
          leavesRowUsable: true)
        continue
      }
      guard let possible = Self.possibleValues(of: setting.specifier) else { continue }
      for value in condition.values where !possible.contains(where: { $0.isSame(as: value) }) {
        report(
          .error, specifier, on: page,
          SchemaReason(
            .visibleWhenImpossibleValue, .text(printable(condition.key)), .value(value),
            .text(setting.specifier.kind.typeName)),
          fix: SchemaReason(.writeOneOfItsValues, .literals(possible, limit: nil)),
          leavesRowUsable: true)
      }
    }
  }

  /// The values a setting can hold, for comparing a `VisibleWhen` with; `nil` when any value
  /// is possible (a text field, a slider, a title value without `Values`).
  private static func possibleValues(of specifier: Specifier) -> [PropertyListValue]? {
    switch specifier.kind {
    case .toggleSwitch: [specifier.trueValue, specifier.falseValue]
    case .multiValue, .radioGroup: specifier.values
    case .titleValue: specifier.values.isEmpty ? nil : specifier.values
    case .group, .textField, .slider, .childPane, .listGroup, .textView, .openURL, .button,
      .mailCompose, .customView, .datePicker, .other(_):
      nil
    }
  }

  /// Reports each chain of `VisibleWhen` that comes back to a setting it started from (A
  /// shown when B, B when A), once, on the setting that starts it in page order.
  private mutating func checkVisibilityCycles(
    settings: [PropertyListKey: Setting], pages: [SettingsSchema.Page]
  ) {
    // The keys each setting's row depends on: its own VisibleWhen and its group's.
    func dependencies(of setting: Setting) -> [String] {
      setting.page.visibilityConditions(at: setting.position).map(\.key)
    }
    var finished: Set<PropertyListKey> = []
    for page in pages {
      for (position, specifier) in page.specifiers.enumerated() {
        guard let key = specifier.key, let setting = settings[key],
          setting.page.name == page.name, setting.position == position,
          !finished.contains(PropertyListKey(key))
        else { continue }
        // A walk from this key; `path` holds the keys on the way.
        var path: [String] = []
        var onPath: Set<PropertyListKey> = []
        var cycle: [String]?
        func visit(_ key: String) {
          guard cycle == nil else { return }
          let bytes = PropertyListKey(key)
          if onPath.contains(bytes) {
            if let start = path.firstIndex(where: { PropertyListKey($0) == bytes }) {
              cycle = Array(path[start...]) + [key]
            }
            return
          }
          guard !finished.contains(bytes), let next = settings[bytes] else { return }
          path.append(key)
          onPath.insert(bytes)
          for dependency in dependencies(of: next) { visit(dependency) }
          path.removeLast()
          onPath.remove(bytes)
          finished.insert(bytes)
        }
        visit(key)
        guard let cycle, let first = cycle.first, let start = settings[first] else { continue }
        report(
          .error, start.specifier, on: start.page,
          SchemaReason(
            .visibleWhenCycle,
            .text(cycle.map { "'\(printable($0))'" }.joined(separator: " → "))),
          fix: SchemaReason(.breakCycle),
          leavesRowUsable: true)
      }
    }
  }

  /// A `VisibleWhen` as the page's file writes one.
  private static func visibleWhenExample(for page: SettingsSchema.Page) -> String {
    page.source.hasSuffix(".json")
      ? #""VisibleWhen": {"Key": "wifi", "Values": [true]}"#
      : "<key>VisibleWhen</key><dict><key>Key</key><string>wifi</string>"
        + "<key>Values</key><array><true/></array></dict>"
  }
}
