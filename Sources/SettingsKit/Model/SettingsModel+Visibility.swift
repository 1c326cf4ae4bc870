import FileFormats
import SchemaKit

/// Which rows are shown: a specifier's `VisibleWhen` (the values of other settings it is
/// shown for) and the keys the host program hides (``SettingsModel/hiddenKeys``).
///
/// One function decides, ``SettingsModel/hiding(of:group:)``: the screens ask it for the
/// rows of a page that has a `VisibleWhen` (or while keys are hidden), `find` and `go` for
/// the setting they reach. A row is hidden when its key (or its group's) is hidden, when a
/// condition of its own `VisibleWhen` or its group's does not hold, or when the setting a
/// condition names is hidden itself. A chain of conditions that comes back to where it
/// started counts as shown (lint reports it), so that no schema makes the check go round.
extension SettingsModel {
  /// Why a row is hidden.
  package enum Hiding: Equatable, Sendable {
    /// The host program hid this key (the row's, or its group's).
    case hiddenKey(String)
    /// A condition of a `VisibleWhen` does not hold; its key names the setting to change.
    case condition(VisibleWhen.Condition)

    /// The key of the setting whose value shows the row, if a condition hides it.
    package var controllingKey: String? {
      if case .condition(let condition) = self { return condition.key }
      return nil
    }
  }

  /// Hides the rows of `keys` (and the rows of groups keyed so, and the rows shown only
  /// while those are), as InAppSettingsKit's `setHiddenKeys:` does; an empty set shows them
  /// all again. The screens insert and delete the rows that change.
  package func setHiddenKeys(_ keys: Set<String>) {
    let bytes = Set(keys.map { PropertyListKey($0) })
    guard bytes != hiddenKeys else { return }
    hiddenKeys = bytes
    isChangingHiddenKeysOnly = true
    defer { isChangingHiddenKeysOnly = false }
    notifyObservers()
  }

  /// Why `specifier` is hidden now, `nil` when it is shown. `group` is the group whose rows
  /// include it (``SettingsSchema/Page/enclosingGroupPosition(of:)``), if any.
  package func hiding(of specifier: Specifier, group: Specifier?) -> Hiding? {
    var visiting: [PropertyListKey] = []
    return hiding(of: specifier, group: group, visiting: &visiting)
  }

  /// Why `specifier` of `page` is hidden now, `nil` when it is shown. A page without a
  /// `VisibleWhen` is not walked while no key is hidden.
  package func hiding(of specifier: Specifier, on page: SettingsSchema.Page) -> Hiding? {
    guard !hiddenKeys.isEmpty || hasVisibleWhen(page),
      let position = page.specifiers.firstIndex(where: { $0.index == specifier.index })
    else { return nil }
    return hiding(ofSpecifierAt: position, on: page)
  }

  /// Whether a specifier of `page` has a `VisibleWhen`, found once per page.
  package func hasVisibleWhen(_ page: SettingsSchema.Page) -> Bool {
    if let known = pagesWithVisibleWhen[page.name] { return known }
    let found = page.specifiers.contains { $0.hasVisibleWhen }
    pagesWithVisibleWhen[page.name] = found
    return found
  }

  /// Why the specifier at `position` of `page` is hidden now, `nil` when it is shown.
  package func hiding(ofSpecifierAt position: Int, on page: SettingsSchema.Page) -> Hiding? {
    guard page.specifiers.indices.contains(position) else { return nil }
    let group = page.enclosingGroupPosition(of: position).map { page.specifiers[$0] }
    return hiding(of: page.specifiers[position], group: group)
  }

  /// Why a specifier is hidden, given the settings whose visibility is being worked out on
  /// the way to it (`visiting`): one of them met again is a cycle, counted as shown.
  private func hiding(
    of specifier: Specifier, group: Specifier?, visiting: inout [PropertyListKey]
  ) -> Hiding? {
    if !hiddenKeys.isEmpty {
      if let key = specifier.key, hiddenKeys.contains(PropertyListKey(key)) {
        return .hiddenKey(key)
      }
      if let key = group?.key, hiddenKeys.contains(PropertyListKey(key)) {
        return .hiddenKey(key)
      }
    }
    let own = specifier.visibleWhen?.conditions ?? []
    let ofGroup = group?.visibleWhen?.conditions ?? []
    guard !own.isEmpty || !ofGroup.isEmpty else { return nil }
    for condition in own where !holds(condition) { return .condition(condition) }
    for condition in ofGroup where !holds(condition) { return .condition(condition) }
    // Every condition holds: the settings they name must be shown too.
    for condition in own + ofGroup {
      if let hiding = controllerHiding(condition.key, visiting: &visiting) { return hiding }
    }
    return nil
  }

  /// Whether a condition holds for its setting's value (this session's, else the stored one,
  /// else the default). A condition naming no setting that stores a value holds: its row is
  /// shown, as lint says.
  private func holds(_ condition: VisibleWhen.Condition) -> Bool {
    guard let place = settingPlace(forKey: condition.key) else { return true }
    let specifier = setting(at: place).specifier
    guard specifier.kind.storesValue else { return true }
    let value = valueAndDefault(
      forKey: condition.key, setting: specifier, default: specifier.defaultValue
    ).value
    return condition.holds(for: value)
  }

  /// Why the setting of `key` is hidden, `nil` when shown, when the schema has none, or when
  /// it is being worked out already (a cycle).
  private func controllerHiding(_ key: String, visiting: inout [PropertyListKey]) -> Hiding? {
    let bytes = PropertyListKey(key)
    guard !visiting.contains(bytes), let place = settingPlace(forKey: key) else { return nil }
    let (specifier, pageName) = setting(at: place)
    guard let page = schema.pages[pageName], !hiddenKeys.isEmpty || hasVisibleWhen(page)
    else { return nil }
    let position = Int(place.position)
    let group = page.enclosingGroupPosition(of: position).map { page.specifiers[$0] }
    visiting.append(bytes)
    defer { visiting.removeLast() }
    return hiding(of: specifier, group: group, visiting: &visiting)
  }

  /// The indices (``Specifier/index``) of a page's specifiers hidden now, worked out in one
  /// pass over the page; empty when none is. For a page with a `VisibleWhen` or while keys
  /// are hidden: a screen of any other page asks nothing.
  package func hiddenSpecifierIndices(on page: SettingsSchema.Page) -> Set<Int> {
    var hidden: Set<Int> = []
    var group: Specifier?
    for specifier in page.specifiers {
      switch specifier.kind {
      case .group:
        group = specifier
        if hiding(of: specifier, group: nil) != nil { hidden.insert(specifier.index) }
        continue
      case .radioGroup, .listGroup:
        group = nil
      case .toggleSwitch, .multiValue, .textField, .slider, .titleValue, .childPane, .textView,
        .openURL, .button, .mailCompose, .customView, .datePicker, .other(_):
        break
      }
      if hiding(of: specifier, group: group) != nil { hidden.insert(specifier.index) }
    }
    return hidden
  }

  // MARK: Words

  /// Why a row is hidden, in ``language``: "shown when Wi-Fi is On", "hidden by the app".
  package func reason(for hiding: Hiding) -> String {
    switch hiding {
    case .hiddenKey: return messages.text(.hiddenByApp)
    case .condition(let condition):
      return messages.text(.shownWhen, describe(condition))
    }
  }

  /// What shows `specifier` of `page`, in words, whether it holds now or not: its own
  /// conditions, then its group's ("Wi-Fi is On"), for `? N`. Empty for a row that always
  /// shows.
  package func visibilityConditions(of specifier: Specifier, on page: SettingsSchema.Page)
    -> [String]
  {
    let group = page.specifiers.firstIndex { $0.index == specifier.index }
      .flatMap(page.enclosingGroupPosition(of:)).map { page.specifiers[$0] }
    let conditions =
      (specifier.visibleWhen?.conditions ?? []) + (group?.visibleWhen?.conditions ?? [])
    return conditions.map(describe)
  }

  /// A condition in words: the title of the setting it names and the titles of its values,
  /// "Wi-Fi is On", "Mode is not Off or Auto".
  private func describe(_ condition: VisibleWhen.Condition) -> String {
    let found = settingPlace(forKey: condition.key).map(setting(at:))
    let page = found.flatMap { schema.pages[$0.pageName] }
    let title =
      found.flatMap { found in
        found.specifier.title.map { text in page.map { localized(text, on: $0) } ?? text }
      } ?? condition.key
    let values = condition.values.map { value in
      found.map { valueTitle(value, of: $0.specifier, on: page) }
        ?? SpecifierValues.text(of: value)
    }
    let joined = values.dropFirst().reduce(values.first ?? "") {
      messages.text(.visibleOr, $0, $1)
    }
    return messages.text(condition.isNegated ? .visibleIfIsNot : .visibleIfIs, title, joined)
  }

  /// How a setting's row shows a value: a switch's On or Off, a choice's title.
  private func valueTitle(
    _ value: PropertyListValue, of specifier: Specifier, on page: SettingsSchema.Page?
  ) -> String {
    switch specifier.kind {
    case .toggleSwitch:
      return SpecifierValues.isOn(value, for: specifier) ? chromeWords.on : chromeWords.off
    case .multiValue, .radioGroup, .titleValue:
      if let index = SpecifierValues.choiceIndex(of: value, in: specifier),
        index < specifier.titles.count
      {
        let title = specifier.titles[index]
        return page.map { localized(title, on: $0) } ?? title
      }
      return SpecifierValues.text(of: value)
    case .group, .textField, .slider, .childPane, .listGroup, .textView, .openURL, .button,
      .mailCompose, .customView, .datePicker, .other(_):
      return SpecifierValues.text(of: value)
    }
  }
}
