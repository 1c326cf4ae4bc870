import FileFormats
import SchemaKit
import TextSafety

/// The values behind a schema's screens: what the store holds, what this session changed,
/// and the defaults for everything else, the way `registerDefaults` works.
///
/// The model never touches a file: the program loads the store, hands its values here, and
/// saves ``changedKeys`` from ``values`` when the user quits.
package final class SettingsModel {
  /// One change made in this session, in the order made.
  package struct Change: Equatable, Sendable {
    package var key: String
    package var oldValue: PropertyListValue?
    package var newValue: PropertyListValue?
    /// The changes made together by one ``setValues(_:)`` share a batch, undone together.
    package var batch: Int?
  }

  /// The schema the screens show. Its pages are read as they are needed
  /// (``page(named:)``, ``loadAllPages()``), so it grows during a session.
  package private(set) var schema: SettingsSchema
  /// The language of the text shown (`ja`, `en`, `de`, …). Changing it updates every screen.
  package var language: String {
    didSet {
      if language != oldValue { schema.readStrings(of: language) }
      resolvedTables = [:]
      lastTable = (nil, [:])
      // A row that cannot work names its error in the screens' language.
      if language != oldValue { checkPages(shownPages) }
      notifyObservers()
    }
  }
  /// SettingsKit's own words (what is wrong with a value, what is allowed) in ``language``,
  /// English for a language it does not speak.
  package var messages: SettingsMessages { .forLanguage(language) }
  /// The values as loaded from the store, or as another program saved them since
  /// (``takeStoredValues(_:)``).
  package private(set) var storedValues: [PropertyListKey: PropertyListValue]
  /// Errors of specifiers that cannot work (from lint), by page name and specifier index;
  /// such a specifier is shown as a row naming its error. Read by every screen that appears.
  package var specifierErrors: [String: [Int: String]] = [:]
  /// Checks a page the first time it is shown (``page(named:)``) and when a page it opens
  /// turns out not to be usable: the errors of its specifiers that cannot work, by index,
  /// which go to ``specifierErrors``, worded in ``language``. Setting it, or the language,
  /// checks the pages shown so far.
  package var pageChecker:
    ((_ page: String, _ schema: SettingsSchema, _ language: String) -> [Int: String])?
  {
    didSet { checkPages(shownPages) }
  }
  /// The changes of this session, oldest first.
  package private(set) var changes: [Change] = []
  /// This session's changes by key. This and the other stored properties below that are
  /// read for every row or page shown are only read or assigned (whole or by key) outside of
  /// any other access to them: no dynamic exclusivity check.
  @exclusivity(unchecked) var edits: [PropertyListKey: PropertyListValue?] = [:]
  /// Where the setting of each key on the pages shown (all pages once ``allKeysIndexed``)
  /// is, and so its page, for the words of its allowed values. The keys of the pages shown
  /// are added as look-ups need them (``indexShownPages(until:)``).
  @exclusivity(unchecked) var settingsByKey: [PropertyListKey: SettingPlace] = [:]
  /// Where a key's setting is: a page of ``placePages`` and the setting's place among its
  /// specifiers. Plain numbers: a page of a thousand keys is indexed retaining nothing.
  struct SettingPlace {
    var page: Int32
    var position: Int32
  }
  /// The pages ``settingsByKey`` points into, each once: its name and its specifiers (their
  /// storage shared with the schema's page).
  @exclusivity(unchecked) private var placePages: [(name: String, specifiers: [Specifier])] = []

  /// The setting at a place, and its page's name.
  func setting(at place: SettingPlace) -> (specifier: Specifier, pageName: String) {
    let page = placePages[Int(place.page)]
    return (page.specifiers[Int(place.position)], page.name)
  }
  /// Whether ``settingsByKey`` holds every page reachable from the root.
  @exclusivity(unchecked) var allKeysIndexed = false
  /// The pages shown (asked for with ``page(named:)``), in that order; the root first.
  @exclusivity(unchecked) private var shownPages: [String] = []
  /// The pages whose keys ``settingsByKey`` holds.
  @exclusivity(unchecked) private var indexedPages: Set<String> = []

  /// Creates a model over a schema and the values of a store. Only the root page is looked
  /// at: the other pages when they are first needed.
  package init(
    schema: SettingsSchema, storedValues: [PropertyListKey: PropertyListValue], language: String
  ) {
    self.schema = schema
    self.storedValues = storedValues
    self.language = language
    self.schema.readStrings(of: language)
    _ = page(named: schema.rootPageName)
  }

  /// The page `name`, read first when the schema has not read it yet; ``pageChecker``
  /// checks it, and the keys of its settings are known from then on unless it `holdsItems`
  /// (the page that edits one item of a list group, whose keys are the item's). `nil` when
  /// there is no such page or its file cannot be used: then the rows that open it show why
  /// (``specifierErrors``).
  package func page(named name: String, holdsItems: Bool = false) -> SettingsSchema.Page? {
    if !shownPages.contains(name) {
      let problemsBefore = schema.missingPages.count
      guard schema.loadPage(named: name) != nil else {
        if schema.missingPages.count != problemsBefore { checkPages(shownPages) }
        return nil
      }
      shownPages.append(name)
      checkPages([name])
    }
    let page = schema.pages[name]
    if !holdsItems, !allKeysIndexed, let page, indexedPages.insert(name).inserted {
      index(page)
    }
    return page
  }

  /// Whether the schema has a page `name`, read or not yet, looked up in place.
  package func hasPage(named name: String) -> Bool {
    SettingsSchema.hasPage(named: name, in: &schema)
  }

  /// ``hasPage(named:)`` of the page that specifier `index` of page `page` names: what a
  /// child pane's row asks, answered without a look-up for a bundle read lazily.
  package func hasPage(named name: String, namedBy index: Int, on page: String) -> Bool {
    SettingsSchema.hasPage(named: name, namedBy: index, on: page, in: &schema)
  }

  /// Reads every page of the schema not read yet (what `find`, `go`, `get` and `set` by key,
  /// `changes` and `reset all` need), once.
  ///
  /// - Parameter shouldStop: Asked before each page is read (``stopsReading`` when not
  ///   given); when it says yes, reading stops, to go on at the next call.
  /// - Returns: Whether every page is read.
  @discardableResult
  package func loadAllPages(stoppingWhen shouldStop: (() -> Bool)? = nil) -> Bool {
    guard readAllPages(stoppingWhen: shouldStop ?? stopsReading) else { return false }
    // The stored values not checked yet are checked now that every page is at hand.
    if checksStoredKeysLater, storedKeysWithSetting < storedValues.count, !allKeysIndexed {
      indexAllKeys()
    }
    return true
  }

  /// What a host asks to stop a long read of pages with (settei: whether Ctrl-C was pressed
  /// during the command); never, by default.
  package var stopsReading: () -> Bool = { false }

  /// Reads the pages not read yet, and the strings of every language.
  @discardableResult
  private func readAllPages(stoppingWhen shouldStop: () -> Bool = { false }) -> Bool {
    guard schema.hasUnreadPages else {
      readEveryLanguage()
      return true
    }
    let problemsBefore = schema.missingPages.count
    let finished = schema.loadAllPages(stoppingWhen: shouldStop)
    if schema.missingPages.count != problemsBefore { checkPages(shownPages) }
    return finished
  }

  /// Reads the strings of every language, which a bundle read lazily leaves for when they
  /// are needed (a choice named by its title in any language).
  func readEveryLanguage() {
    schema.readDeferredStrings()
  }

  private func checkPages(_ names: [String]) {
    guard let pageChecker else { return }
    for name in names {
      let errors = pageChecker(name, schema, language)
      specifierErrors[name] = errors.isEmpty ? nil : errors
    }
  }

  /// Adds a page to those whose keys ``settingsByKey`` holds. Its keys are indexed when a
  /// look-up needs them (``indexShownPages(until:)``), in the order the pages were shown, so
  /// that the first screen of a page of a thousand settings hashes the keys of its rows, not
  /// of all its settings. While stored keys wait for their page to be checked, the page is
  /// indexed whole at once, so that its stored values are checked when it opens.
  private func index(_ page: SettingsSchema.Page) {
    placePages.append((page.name, page.specifiers))
    keysRevision &+= 1
    if checksStoredKeysLater, storedKeysWithSetting < storedValues.count {
      _ = indexShownPages(until: nil)
    }
  }

  /// How many keys the index of settings by key holds so far.
  var indexedKeyCount: Int { settingsByKey.count }

  /// How far ``settingsByKey`` holds the keys of ``placePages``: every page before
  /// `indexed.page`, and the first `indexed.position` specifiers of that page.
  @exclusivity(unchecked) private var indexed = SettingPlace(page: 0, position: 0)

  /// Indexes the keys of ``placePages`` not indexed yet, in order, until `wanted` is added
  /// (its place is returned), or all of them (`nil`). A key already there keeps its first
  /// setting. Adding keys changes no look-up's answer (a look-up that found nothing indexed
  /// every page), so ``keysRevision`` stays.
  private func indexShownPages(until wanted: PropertyListKey?) -> SettingPlace? {
    var found: [String] = []
    defer { checkStoredKeys(found) }
    while Int(indexed.page) < placePages.count {
      let specifiers = placePages[Int(indexed.page)].specifiers
      // Room for the rest of the page at once when all of it is indexed, not a table grown
      // (and every entry moved) by steps.
      if wanted == nil {
        settingsByKey.reserveCapacity(
          settingsByKey.count + specifiers.count - Int(indexed.position))
      }
      // The next specifier with a key is found in place (a root of child panes has none).
      while let (position, text) = Specifier.firstKeyed(in: specifiers, from: Int(indexed.position))
      {
        let place = SettingPlace(page: indexed.page, position: Int32(position))
        indexed.position = place.position + 1
        let key = PropertyListKey(text)
        // One look-up for a new key (most): a key already there gets its setting back.
        if let earlier = settingsByKey.updateValue(place, forKey: key) {
          settingsByKey[key] = earlier
          continue
        }
        if checksStoredKeysLater, storedValues[key] != nil { found.append(text) }
        if let wanted, key == wanted { return place }
      }
      indexed = SettingPlace(page: indexed.page + 1, position: 0)
    }
    return nil
  }

  /// The setting of a key, and its page: from the pages shown, else from every page, which
  /// are read (once) to find it.
  private func setting(forKey key: String) -> (specifier: Specifier, page: SettingsSchema.Page)? {
    guard let (specifier, pageName) = specifier(forKey: key),
      let page = schema.pages[pageName]
    else { return nil }
    return (specifier, page)
  }

  /// The specifier of a key (``setting(forKey:)`` without its page), and its page's name.
  func specifier(forKey text: String) -> (specifier: Specifier, pageName: String)? {
    settingPlace(forKey: text).map(setting(at:))
  }

  /// Where the setting of a key is (``specifier(forKey:)``), as a place.
  func settingPlace(forKey text: String) -> SettingPlace? {
    // By bytes, as the store tells keys apart: `café` (NFC) is not `cafe\u{301}` (NFD).
    let key = PropertyListKey(text)
    if let found = settingsByKey[key] ?? indexShownPages(until: key) { return found }
    guard !allKeysIndexed else { return nil }
    indexAllKeys()
    return settingsByKey[key]
  }

  /// Indexes every key of every page reachable from the root, in page order from the root,
  /// as if all were shown: the first setting of a key wins.
  func indexAllKeys() {
    readAllPages()
    let before = settingsByKey
    var found: [String] = []
    settingsByKey = [:]
    placePages = []
    for visit in schema.reachablePages() {
      let page = visit.page
      let slot = Int32(placePages.count)
      placePages.append((page.name, page.specifiers))
      for position in page.specifiers.indices {
        guard let key = page.specifiers[position].key, settingsByKey[key] == nil else { continue }
        settingsByKey[key] = SettingPlace(page: slot, position: Int32(position))
        if checksStoredKeysLater, before[key] == nil, storedValues[key] != nil {
          found.append(key)
        }
      }
    }
    allKeysIndexed = true
    indexed = SettingPlace(page: Int32(placePages.count), position: 0)
    keysRevision &+= 1
    checkStoredKeys(found)
  }

  /// Counts the changes of ``settingsByKey`` (a page's keys added, every page's keys found):
  /// what a row keeps of its key's setting (``keySetting(forKey:)``) holds while it is the
  /// same.
  @exclusivity(unchecked) package private(set) var keysRevision = 0

  /// The setting that a key's value follows (the first specifier of the key: its default,
  /// and what a stored value must fit); `nil` for a key no setting has.
  package func keySetting(forKey key: String) -> Specifier? {
    specifier(forKey: key)?.specifier
  }

  /// The keys whose value this session changed (and did not change back).
  package var changedKeys: Set<PropertyListKey> { Set(edits.keys) }

  /// The values to save: the stored ones with this session's changes applied.
  package var values: [PropertyListKey: PropertyListValue] {
    var result = storedValues
    for (key, value) in edits { result[key] = value }
    return result
  }

  /// Whether the schema has a setting of `key` (on any page, read to find it).
  package func hasSetting(forKey key: String) -> Bool {
    settingPlace(forKey: key) != nil
  }

  /// The value of a key as the user sees it: this session's change, else the stored value
  /// when it is valid for the key's specifier, else the specifier's default.
  package func value(forKey key: String) -> PropertyListValue? {
    valueAndDefault(forKey: key).value
  }

  /// The value of a key as the user sees it (``value(forKey:)``) and its default, for a row
  /// that shows both (a value that is not the default is marked): the key's setting is
  /// looked up once for both.
  package func valueAndDefault(forKey key: String) -> (
    value: PropertyListValue?, defaultValue: PropertyListValue?
  ) {
    let specifier = specifier(forKey: key)?.specifier
    let found = valueAndDefault(forKey: key, setting: specifier, default: specifier?.defaultValue)
    return (found.value, found.defaultValue)
  }

  /// ``valueAndDefault(forKey:)`` of a key whose setting ``keySetting(forKey:)`` found, and
  /// that setting's default (a row keeps them while ``keysRevision`` is the same); and whether
  /// the value is that default itself (neither changed nor stored, or its change undone by
  /// removing the value).
  @inline(__always)
  package func valueAndDefault(
    forKey key: String, setting specifier: Specifier?, default defaultValue: PropertyListValue?
  ) -> (value: PropertyListValue?, defaultValue: PropertyListValue?, isDefault: Bool) {
    // Most sessions change few keys, and a new store holds none: no hashing for nothing.
    if !edits.isEmpty, let edit = edits[key] {
      return (edit ?? defaultValue, defaultValue, edit == nil)
    }
    if !storedValues.isEmpty, let stored = storedValues[key],
      SpecifierValues.isValid(stored, for: specifier)
        || SpecifierValues.isShown(stored, for: specifier)
    {
      return (stored, defaultValue, false)
    }
    return (defaultValue, defaultValue, true)
  }

  /// The schema's default for a key.
  package func defaultValue(forKey key: String) -> PropertyListValue? {
    specifier(forKey: key)?.specifier.defaultValue
  }

  /// Sets a key's value for this session.
  package func setValue(_ value: PropertyListValue?, forKey key: String) {
    let old = self.value(forKey: key)
    guard old != value else { return }
    edits[key] = isStored(value, forKey: key) ? nil : .some(value)
    changes.append(Change(key: key, oldValue: old, newValue: value))
    notifyObservers()
  }

  /// Whether `value` is what the store already shows for a key, so that setting it is no
  /// change: the stored value itself, or the same value as shown (a key the store lacks
  /// shows its default, so choosing the default is no change either). A stored value that
  /// does not fit its specifier is only matched by itself, so that restoring the default
  /// replaces it. Restoring the default (`nil`) of a key the store holds is a change even
  /// when the stored value equals the default: the key is removed, as `reset` promises.
  private func isStored(_ value: PropertyListValue?, forKey key: String) -> Bool {
    let stored = storedValues[key]
    if value == stored { return true }
    if value == nil, stored != nil { return false }
    if let stored, !isValid(stored, forKey: key) { return false }
    return (value ?? defaultValue(forKey: key)) == (stored ?? defaultValue(forKey: key))
  }

  /// Takes the store's values as another program saved them while this session ran (live
  /// values): rows show them from the next screen on. This session's changes stay its own:
  /// a changed key shows the value chosen here, and one that now equals what is stored is
  /// no longer a change to save.
  package func takeStoredValues(_ values: [PropertyListKey: PropertyListValue]) {
    storedValues = values
    for (key, edit) in edits where edit == values[key] { edits[key] = nil }
    notifyObservers()
  }

  /// Makes `values` the values of this session (as if set one by one, but without recording
  /// changes): what differs from the stored values becomes an edit. For the page of a list
  /// item, whose values follow the list they belong to.
  package func replaceValues(with values: [PropertyListKey: PropertyListValue]) {
    edits = [:]
    for key in Set(values.keys).union(storedValues.keys) where values[key] != storedValues[key] {
      edits[key] = .some(values[key])
    }
    notifyObservers()
  }

  /// Sets several keys' values as one change, which one ``undo()`` reverts (`reset all`).
  package func setValues(_ values: [(key: String, value: PropertyListValue?)]) {
    batches += 1
    let start = changes.count
    for (key, value) in values { setValue(value, forKey: key) }
    for index in start..<changes.count { changes[index].batch = batches }
  }

  /// How many batches ``setValues(_:)`` made.
  private var batches = 0

  /// Reverts the last change of this session (all of a ``setValues(_:)`` batch) and returns
  /// the last change reverted, or `nil` when there is none.
  @discardableResult
  package func undo() -> Change? {
    guard let last = undoOne() else { return nil }
    while let batch = last.batch, changes.last?.batch == batch { undoOne() }
    return last
  }

  /// How many changes the last ``undo()`` would revert: more than one for a batch.
  package var changesInLastStep: Int {
    guard let batch = changes.last?.batch else { return changes.isEmpty ? 0 : 1 }
    return changes.reversed().prefix { $0.batch == batch }.count
  }

  @discardableResult
  private func undoOne() -> Change? {
    guard let last = changes.popLast() else { return nil }
    // The value before the change is what the key held then: put the edit back as it was.
    if let earlier = changes.last(where: { $0.key.utf8.elementsEqual(last.key.utf8) }),
      !isStored(earlier.newValue, forKey: last.key)
    {
      edits[last.key] = .some(earlier.newValue)
    } else {
      edits[last.key] = nil
    }
    notifyObservers()
    return last
  }

  /// Whether a key's value differs from its default.
  package func differsFromDefault(_ key: String) -> Bool {
    guard let value = value(forKey: key) else { return false }
    return !SpecifierValues.same(value, defaultValue(forKey: key))
  }

  // MARK: Observers

  private var observers: [(id: ObjectIdentifier, notify: () -> Void)] = []

  /// Calls `notify` after every change of a value or of the language, until `owner` goes
  /// away. Screens use it to stay current; each screen adds itself once.
  package func addObserver(_ owner: AnyObject, _ notify: @escaping () -> Void) {
    observers.append((ObjectIdentifier(owner), notify))
  }

  /// Stops notifying an owner.
  ///
  /// Looked for from the end: screens mostly go in the opposite order of their coming (a
  /// pop, `back`), so that closing a stack of thousands of screens costs one step each.
  package func removeObserver(_ owner: AnyObject) {
    let id = ObjectIdentifier(owner)
    if let position = observers.lastIndex(where: { $0.id == id }) {
      observers.remove(at: position)
    }
  }

  func notifyObservers() {
    revision &+= 1
    for observer in observers { observer.notify() }
  }

  /// The keys the host program hides (``setHiddenKeys(_:)``), by bytes: their rows are
  /// not shown, as InAppSettingsKit's `hiddenKeys` hides them.
  @exclusivity(unchecked) package internal(set) var hiddenKeys: Set<PropertyListKey> = []
  /// Whether each page looked at has a specifier with a `VisibleWhen`, by name: a page
  /// without one hides nothing while no key is hidden, and is not walked to find out.
  @exclusivity(unchecked) var pagesWithVisibleWhen: [String: Bool] = [:]
  /// Whether the observers are being told of a change of ``hiddenKeys`` alone: the screens
  /// then insert and delete rows, keeping their cells, instead of reloading.
  package internal(set) var isChangingHiddenKeysOnly = false

  /// Counts the changes observers were told of (a value, the language): a screen that
  /// showed the values at one revision shows them still while it is the same.
  package private(set) var revision = 0

  /// Warnings about stored values that do not fit their specifier; such a key shows its
  /// default, and its stored value is kept unless the user changes it.
  ///
  /// With ``laterStoredValueWarnings`` set, only the keys of the pages looked at so far are
  /// checked (no other page is read for them); the others are checked when their page is.
  package var storedValueWarnings: [String] {
    guard laterStoredValueWarnings != nil, !allKeysIndexed else {
      return warnings(forStoredKeys: storedValues.keys.sorted().map(\.string))
    }
    // An empty store (a first start) has nothing to check: no page is indexed for it.
    guard !storedValues.isEmpty else {
      checksStoredKeysLater = true
      return []
    }
    // The stored keys with a setting known now, found from the smaller of the two maps: a
    // store of many keys is not copied or hashed again for a page of a few.
    _ = indexShownPages(until: nil)
    let known =
      settingsByKey.count < storedValues.count
      ? settingsByKey.keys.filter { storedValues[$0] != nil }
      : storedValues.keys.filter { settingsByKey[$0] != nil }
    checksStoredKeysLater = true
    storedKeysWithSetting = known.count
    return warnings(forStoredKeys: known.sorted().map(\.string))
  }

  /// Receives the ``storedValueWarnings`` of stored keys whose page was looked at after
  /// they were asked for (a page opened, or every page for a search), when it is.
  package var laterStoredValueWarnings: (([String]) -> Void)?

  /// Whether stored keys are checked when their setting becomes known: set once
  /// ``storedValueWarnings`` has checked the keys known then, with ``laterStoredValueWarnings``.
  private var checksStoredKeysLater = false
  /// How many stored keys have a setting known (and so were checked), while
  /// ``checksStoredKeysLater``: fewer than the stored keys means some wait for their page.
  private var storedKeysWithSetting = 0

  /// Checks stored keys whose setting has just become known.
  private func checkStoredKeys(_ found: [String]) {
    guard !found.isEmpty else { return }
    storedKeysWithSetting += found.count
    let warnings = warnings(forStoredKeys: found.sorted())
    if !warnings.isEmpty { laterStoredValueWarnings?(warnings) }
  }

  private func warnings(forStoredKeys keys: [String]) -> [String] {
    var warnings: [String] = []
    for key in keys {
      guard let stored = storedValues[key], let (specifier, page) = setting(forKey: key),
        !isValid(stored, forKey: key)
      else { continue }
      let shown =
        switch (isShown(stored, forKey: key), specifier.kind) {
        case (true, .toggleSwitch):
          messages.text(
            .shownAsRead,
            SpecifierValues.isOn(stored, for: specifier) ? chromeWords.on : chromeWords.off)
        case (true, _): messages.text(.shownUnchosen)
        case (false, _): messages.text(.shownDefault)
        }
      let type = specifier.kind.typeName
      if let allowed = allowedValues(of: specifier, on: page) {
        warnings.append(
          messages.text(
            .storedDoesNotFitAllowed, key, stored.debugDescription, type, allowed, shown))
      } else {
        warnings.append(
          messages.text(.storedDoesNotFit, key, stored.debugDescription, type, shown))
      }
    }
    return warnings
  }

  /// Whether a stored value that does not fit is still what the screens show, as iOS shows
  /// it: a multi-value or radio group's value that is none of its choices (shown with no
  /// title and no ✓), and a switch's value that is neither of its own but that iOS reads as
  /// on or off (`"YES"`, `2`: `boolValue`).
  private func isShown(_ stored: PropertyListValue, forKey key: String) -> Bool {
    SpecifierValues.isShown(stored, for: specifier(forKey: key)?.specifier)
  }

  /// Whether a value fits the specifier of a key. Keys no specifier knows accept anything.
  package func isValid(_ value: PropertyListValue, forKey key: String) -> Bool {
    SpecifierValues.isValid(value, for: specifier(forKey: key)?.specifier)
  }

  /// Why `value` may not be stored under `key`, as `set` checks what it stores, or `nil`
  /// when it may: the key must be a setting of the schema, and the value must be one its
  /// screen could have stored (a choice, a switch's value, a number in range, text that fits
  /// the keyboard, a date). A secret is not quoted. For values that come from a file rather
  /// than from typing: `import` and the recovery file.
  package func problem(storing value: PropertyListValue?, forKey key: String) -> String? {
    guard let (specifier, page) = setting(forKey: key) else {
      return messages.text(.noSuchSetting)
    }
    guard let value else { return nil }  // removing a value restores the default
    return problem(storing: value, for: specifier, on: page)
  }

  /// ``problem(storing:forKey:)`` for a setting already found: the one check of a value
  /// entering the store, which typed values pass too (``SettingValueParser``).
  package func problem(
    storing value: PropertyListValue, for specifier: Specifier, on page: SettingsSchema.Page
  ) -> String? {
    if let problem = problemOfKind(storing: value, for: specifier, on: page) { return problem }
    guard let valueChecker, let key = specifier.key else { return nil }
    return valueChecker(value, key)
  }

  /// A check of every value entering the store beyond what its specifier says, where the
  /// store knows more (GSettings: the key's GVariant type and range): why `value` may not be
  /// stored under the key, or `nil`. Asked after the specifier's own check has passed.
  package var valueChecker: ((_ value: PropertyListValue, _ key: String) -> String?)?

  /// What `? N` adds of a setting where the store knows more than its specifier (GSettings:
  /// the key's description, its range, whether it may be changed): lines in the model's
  /// language, after the default and current value.
  package var detailLines: ((_ key: String) -> [String])?

  /// ``problem(storing:for:on:)`` as the specifier's kind alone decides it.
  private func problemOfKind(
    storing value: PropertyListValue, for specifier: Specifier, on page: SettingsSchema.Page
  ) -> String? {
    let messages = self.messages
    let shown = specifier.isSecure ? messages.text(.hiddenValue) : value.debugDescription
    guard SpecifierValues.isValid(value, for: specifier) else {
      guard let allowed = allowedValues(of: specifier, on: page)
      else { return messages.text(.doesNotFit, shown) }
      return messages.text(.doesNotFitAllowed, shown, allowed)
    }
    switch specifier.kind {
    case .textField:
      let keyboard = specifier.keyboardType
      guard let text = value.stringValue,
        let problem = SpecifierValues.problem(with: text, keyboardType: keyboard)
      else { return nil }
      return messages.text(problem, specifier.isSecure ? Self.maskedSecret : text)
    case .textView:
      return value.stringValue == nil ? messages.text(.notText, shown) : nil
    case .datePicker:
      // A JSON file holds a date as its ISO 8601 text.
      if case .date = value { return nil }
      return value.stringValue.flatMap(SpecifierValues.date(from:)) == nil
        ? messages.text(.notADateValue, shown) : nil
    case .group, .toggleSwitch, .multiValue, .radioGroup, .slider, .titleValue, .childPane,
      .listGroup, .openURL, .button, .mailCompose, .customView, .other(_):
      return nil
    }
  }

  /// The text of a schema string on a page, in the model's language.
  package func localized(_ text: String, on page: SettingsSchema.Page) -> String {
    // Every title of every row shown is localized: one lookup in the page's table as this
    // language sees it, instead of one per fallback language.
    if page.stringsTable != lastTable.name {
      if let known = resolvedTables[page.stringsTable] {
        lastTable = (page.stringsTable, known)
      } else {
        let table = schema.strings.resolved(table: page.stringsTable, chain: languageChain())
        resolvedTables[page.stringsTable] = table
        lastTable = (page.stringsTable, table)
      }
    }
    return lastTable.strings.isEmpty ? text : lastTable.strings[text] ?? text
  }

  /// The folders ``language`` reads its strings from, best first, made once per language:
  /// each page with a table of its own resolves it through the same chain. Languages are
  /// only ever added to the catalog (as a bundle's tables are read), so their count tells
  /// whether the chain still holds.
  private func languageChain() -> [String] {
    let languageCount = schema.strings.tables.count
    if let kept = keptChain, kept.language == language, kept.languageCount == languageCount {
      return kept.chain
    }
    let chain = schema.strings.languageChain(for: language)
    keptChain = (language, languageCount, chain)
    return chain
  }

  private var keptChain: (language: String, languageCount: Int, chain: [String])?

  /// The table last used, which the next string most likely comes from too.
  private var lastTable: (name: String?, strings: [String: String]) = (nil, [:])

  /// The strings tables as ``language`` sees them, by table name, filled as pages ask.
  private var resolvedTables: [String: [String: String]] = [:]

  /// What the screens of each page shown so far share, by page name: kept here, with the
  /// values they show, by the screens module (its `pageSections(of:)`), which the model
  /// knows nothing of.
  @exclusivity(unchecked) package var keptPageState: [String: AnyObject] = [:]

  /// The words of a switch's row (On, Off) in ``language``.
  package var chromeWords: ChromeStrings.Words {
    if let keptChromeWords, keptChromeWords.language == language { return keptChromeWords }
    let words = ChromeStrings.Words(language: language)
    keptChromeWords = words
    return words
  }

  /// The words last found for ``chromeWords``: read for every switch shown, and only read or
  /// assigned whole, so not checked for exclusivity at run time.
  @exclusivity(unchecked) private var keptChromeWords: ChromeStrings.Words?
}
