import FileFormats
import SchemaKit
import SettingsKit
import TableKit

/// A page of a settings schema as a table-view screen, like one screen of Settings.app.
///
/// Each group specifier starts a section with its title as header and its footer text as
/// footer. Settings are rows:
/// - a toggle shows on/off and flips when selected;
/// - a multi-value shows its current choice and opens the list of choices;
/// - a radio group lists its choices in a section of its own, with a ✓;
/// - a text field, slider, text view or date asks for the new value;
/// - a title value is read-only;
/// - a child pane opens its page;
/// - a list group lists its items with a row to add one; items that are dictionaries are
///   edited on their own page (`ListItemEditing`), which ends with a row to delete them;
/// - anything else is shown read-only with its type named.
public final class SettingsPageViewController: TableViewController, TableViewRowTitleDataSource {
  /// The page shown.
  public let page: SettingsSchema.Page
  /// The values behind the page.
  public let model: SettingsModel

  /// What one row stands for.
  enum Row {
    case setting(Specifier)
    case choice(Specifier, Int)
    case listItem(Specifier, Int)
    case listAdd(Specifier)
    case problem(Specifier, String)
    /// On a list item's page: deletes the item.
    case deleteItem

    /// The lines the row's cell takes, without making it: two for a lint error under its
    /// title, one for a row that can have no subtitle; `nil` for a setting with an
    /// `IASKSubtitle` (whether it shows depends on its value).
    var lines: Int? {
      switch self {
      case .problem: 2
      case .setting(let specifier): specifier.hasSubtitle ? nil : 1
      case .choice, .listItem, .deleteItem, .listAdd: 1
      }
    }
  }

  /// The rows of a section: a run of the page's specifiers, each a setting's row (most
  /// sections: made without a row each, as a range of the page's specifiers), or rows of
  /// every kind.
  struct Rows: RandomAccessCollection {
    private enum Storage {
      case settings([Specifier], Range<Int>)
      case rows([Row])
    }
    private var storage = Storage.rows([])

    init() {}

    /// Rows of every kind.
    init(_ rows: [Row]) {
      storage = .rows(rows)
    }

    var startIndex: Int { 0 }
    var endIndex: Int {
      switch storage {
      case .settings(_, let range): range.count
      case .rows(let rows): rows.count
      }
    }

    subscript(position: Int) -> Row {
      switch storage {
      case .settings(let specifiers, let range): .setting(specifiers[range.lowerBound + position])
      case .rows(let rows): rows[position]
      }
    }

    /// Adds the rows of `specifiers[range]`, settings: to the run, when they follow it.
    mutating func append(settings range: Range<Int>, of specifiers: [Specifier]) {
      switch storage {
      case .rows(let rows) where rows.isEmpty:
        storage = .settings(specifiers, range)
      case .settings(let run, let shown) where shown.upperBound == range.lowerBound:
        storage = .settings(run, shown.lowerBound..<range.upperBound)
      default:
        for position in range { append(.setting(specifiers[position])) }
      }
    }

    /// Adds a row at the end.
    mutating func append(_ row: Row) {
      switch storage {
      case .settings(let specifiers, let range):
        storage = .rows(range.map { .setting(specifiers[$0]) } + [row])
      case .rows(var rows):
        storage = .rows([])
        rows.append(row)
        storage = .rows(rows)
      }
    }
  }

  struct Section {
    var header: String?
    var footer: String?
    private(set) var rows = Rows()
    /// The lines every row takes when all take the same (``Row/lines``), kept as rows are
    /// added: laying out a page of a thousand rows then asks none of them.
    private(set) var linesOfEveryRow: Int?

    init(header: String? = nil, footer: String? = nil, rows: [Row]) {
      self.header = header
      self.footer = footer
      self.rows = Rows(rows)
      // The lines of every row, when all take the same (a radio group's thousands of
      // choices: one line each).
      if let lines = rows.first?.lines, rows.allSatisfy({ $0.lines == lines }) {
        linesOfEveryRow = lines
      }
    }

    /// Adds a row at the end.
    mutating func append(_ row: Row) {
      note(lines: row.lines)
      rows.append(row)
    }

    /// Adds the rows of settings that follow one another in the page's specifiers, each of
    /// which takes `lines` when all take the same (none has a subtitle), else `nil`.
    mutating func append(settings range: Range<Int>, of specifiers: [Specifier], lines: Int?) {
      guard !range.isEmpty else { return }
      note(lines: lines)
      rows.append(settings: range, of: specifiers)
    }

    private mutating func note(lines: Int?) {
      linesOfEveryRow = rows.isEmpty || linesOfEveryRow == lines ? lines : nil
    }
  }

  private(set) var sections: [Section] = []
  /// What the page's sections depend on, worked out once per page and model.
  private let layout: PageSections
  /// Whether the page has a list group, whose rows come and go with its value.
  private var hasListGroups: Bool { layout.hasListGroups }

  /// The title as written in the schema (not localized), kept to re-localize on `lang`.
  private let rawTitle: (text: String, page: SettingsSchema.Page)?
  /// The list item this page edits, when it is a list item's page.
  private let listItem: ListItemEditing?

  /// Creates the screen for a page.
  ///
  /// - Parameters:
  ///   - page: The page to show.
  ///   - model: The values behind it.
  ///   - pane: The child-pane specifier that opens the page, and the page it is on; its title
  ///     is the screen's title. The root page uses its own `Title`.
  public convenience init(
    page: SettingsSchema.Page, model: SettingsModel,
    pane: (specifier: Specifier, page: SettingsSchema.Page)? = nil
  ) {
    // The root page is titled as Settings.app titles it (``SettingsModel/rootPageTitle``).
    let title: (String, SettingsSchema.Page)? =
      if let pane, let text = pane.specifier.title {
        (text, pane.page)
      } else if pane == nil, page.name == model.schema.rootPageName {
        nil
      } else {
        page.title.map { ($0, page) }
      }
    self.init(page: page, model: model, title: title, listItem: nil)
  }

  /// Creates the page of a list item: `listItem.model` holds its values.
  convenience init(
    itemPage page: SettingsSchema.Page, title: (String, SettingsSchema.Page)?,
    listItem: ListItemEditing
  ) {
    self.init(page: page, model: listItem.model, title: title, listItem: listItem)
  }

  private init(
    page: SettingsSchema.Page, model: SettingsModel,
    title: (text: String, page: SettingsSchema.Page)?, listItem: ListItemEditing?
  ) {
    self.page = page
    self.model = model
    self.listItem = listItem
    // A list item's page has a model of its own: its layout is not kept.
    layout = listItem == nil ? model.pageSections(of: page) : PageSections(page: page)
    rawTitle = title
    super.init()
    updateTitle()
    model.addObserver(self) { [weak self] in
      guard let self else { return }
      self.updateTitle()
      self.rebuildSectionsIfNeeded()
      self.reloadData()
    }
  }

  /// The model's ``SettingsModel/revision`` when the table view last asked for cells anew.
  private var shownRevision: Int?

  private func reloadData() {
    tableView.reloadData()
    shownRevision = model.revision
  }

  deinit {
    model.removeObserver(self)
  }

  private func updateTitle() {
    title = rawTitle.map { model.localized($0.text, on: $0.page) }
    if title == nil, listItem == nil, page.name == model.schema.rootPageName {
      title = model.rootPageTitle
    }
  }

  /// The specifier shown on a row (counted from 0 across the screen), if the row is a
  /// setting or a choice of one.
  public func specifier(atRowNumber number: Int) -> Specifier? {
    loadViewIfNeeded()
    guard let indexPath = tableView.indexPath(forRowNumber: number) else { return nil }
    switch sections[indexPath.section].rows[indexPath.row] {
    case .setting(let specifier), .choice(let specifier, _), .listItem(let specifier, _),
      .listAdd(let specifier), .problem(let specifier, _):
      return specifier
    case .deleteItem:
      return nil
    }
  }

  /// The row number (from 0) of the row that shows a specifier, if the screen shows it.
  public func rowNumber(of specifier: Specifier) -> Int? {
    loadViewIfNeeded()
    for (sectionIndex, section) in sections.enumerated() {
      for (rowIndex, row) in section.rows.enumerated() {
        switch row {
        case .setting(let shown), .problem(let shown, _), .listAdd(let shown):
          if shown.index == specifier.index {
            return tableView.rowNumber(for: IndexPath(row: rowIndex, section: sectionIndex))
          }
        case .choice(let shown, _), .listItem(let shown, _):
          if shown.index == specifier.index {
            return tableView.rowNumber(for: IndexPath(row: rowIndex, section: sectionIndex))
          }
        case .deleteItem:
          continue
        }
      }
    }
    return nil
  }

  /// The footer of the section a row is in, localized.
  public func footer(atRowNumber number: Int) -> String? {
    guard let indexPath = tableView.indexPath(forRowNumber: number) else { return nil }
    return tableView.footerTitle(forSection: indexPath.section)
  }

  public override func viewDidLoad() {
    super.viewDidLoad()
    rebuildSections()
  }

  /// Settings may have changed on the screens above: show their current values. The cells
  /// shown are kept when nothing changed since they were made (a change reloads them as it
  /// happens): going back to a page of many rows makes none of its cells again.
  public override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    if rebuildSectionsIfNeeded() || shownRevision != model.revision {
      reloadData()
    }
  }

  /// Sections hold the schema's raw texts; they change only with the items of a list group
  /// or with the lint errors of the page. Rebuilding them on every change of any value cost
  /// more than showing the screen. Whether they were rebuilt.
  @discardableResult
  private func rebuildSectionsIfNeeded() -> Bool {
    guard
      hasListGroups || listItem != nil || model.specifierErrors[page.name] != builtErrors
        || (hasSortedRadioGroups && builtLanguage != model.language)
    else { return false }
    rebuildSections()
    return true
  }

  /// Whether a radio group lists its choices sorted by title, which changes with the
  /// language.
  private var hasSortedRadioGroups: Bool { layout.hasSortedRadioGroups }
  /// The language the sections were built in.
  private var builtLanguage = ""

  /// The lint errors the sections were built with.
  private var builtErrors: [Int: String]?

  /// Sections depend on values only through list groups, whose items come and go. Those of
  /// a page without list groups are made once per page (and language, with sorted radio
  /// groups) and kept in its ``PageSections``, shared by every screen of the page: opening a
  /// page of a thousand settings costs what its first screen shows.
  private func rebuildSections() {
    let errors = model.specifierErrors[page.name]
    if !hasListGroups, listItem == nil, let kept = layout.sections,
      kept.errors == errors, !hasSortedRadioGroups || kept.language == model.language
    {
      sections = kept.sections
      builtErrors = errors
      builtLanguage = kept.language
      sectionTexts = kept.texts
      return
    }
    buildSections(errors: errors)
    if !hasListGroups, listItem == nil {
      layout.sections = (sections, errors, builtLanguage, nil)
    }
  }

  private func buildSections(errors: [Int: String]?) {
    var result: [Section] = []
    // The section rows go into, kept out of `result` until the next one starts: appending to
    // the last element of `result` checked and reached into it for every row.
    var open: Section?
    func close() {
      if let section = open { result.append(section) }
      open = nil
    }
    func append(_ row: Row) {
      if open == nil { open = Section(rows: []) }
      open?.append(row)
    }
    builtErrors = errors
    sectionTexts = nil
    // A run of settings (most rows) is added at once, as a range of the page's specifiers.
    let specifiers = page.specifiers
    var runStart: Int?
    var runHasSubtitle = false
    func addRun(upTo end: Int) {
      guard let start = runStart else { return }
      runStart = nil
      if open == nil { open = Section(rows: []) }
      open?.append(settings: start..<end, of: specifiers, lines: runHasSubtitle ? nil : 1)
      runHasSubtitle = false
    }
    // The specifiers are read in place from the page's storage: most are settings, looked at
    // only for their kind and subtitle, and a page of a thousand is not copied one by one.
    specifiers.withUnsafeBufferPointer { buffer in
      for position in buffer.indices {
        // What Settings.app skips (no Type, a radio group without choices) has no row.
        if buffer[position].skippedBySettingsApp != nil {
          addRun(upTo: position)
          continue
        }
        if errors != nil, let error = errors?[buffer[position].index] {
          let specifier = buffer[position]
          addRun(upTo: position)
          if specifier.kind == .group {
            close()
            open = Section(header: specifier.title, rows: [])
          }
          append(.problem(specifier, error))
          continue
        }
        switch buffer[position].kind {
        case .group:
          addRun(upTo: position)
          close()
          let specifier = buffer[position]
          open = Section(header: specifier.title, footer: specifier.footerText, rows: [])
        case .radioGroup:
          let specifier = buffer[position]
          var order = Array(specifier.values.indices)
          if specifier.displaysSortedByTitle {
            // By title as shown, as Settings.app sorts them; a choice without a title last.
            let titles = specifier.titles.map(localized)
            order = order.map { (titles.indices.contains($0) ? titles[$0] : "\u{10FFFF}", $0) }
              .sorted { $0 < $1 }.map(\.1)
          }
          let rows = order.map { Row.choice(specifier, $0) }
          addRun(upTo: position)
          close()
          result.append(
            Section(header: specifier.title, footer: specifier.footerText, rows: rows))
        case .listGroup:
          let specifier = buffer[position]
          let count = listItems(of: specifier).count
          var rows = (0..<count).map { Row.listItem(specifier, $0) }
          rows.append(.listAdd(specifier))
          addRun(upTo: position)
          close()
          result.append(
            Section(header: specifier.title, footer: specifier.footerText, rows: rows))
        default:
          if runStart == nil { runStart = position }
          if !runHasSubtitle, buffer[position].hasSubtitle { runHasSubtitle = true }
        }
      }
    }
    addRun(upTo: specifiers.endIndex)
    close()
    if let listItem, listItem.index != nil, listItem.isDeletable {
      result.append(Section(rows: [.deleteItem]))
    }
    sections = result
    builtLanguage = model.language
  }

  // MARK: Data source

  public override func numberOfSections(in tableView: TableView) -> Int { sections.count }

  public override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int)
    -> Int
  {
    sections[section].rows.count
  }

  public override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int)
    -> String?
  {
    localizedSectionTexts().headers[section]
  }

  /// The Region Format Example last made, with the model's revision and language then.
  private var regionFormatExample: (revision: Int, language: String, text: String)?

  public override func tableView(_ tableView: TableView, titleForFooterInSection section: Int)
    -> String?
  {
    // The built-in screen's Region Format Example follows the values chosen on it.
    if showsRegionFormatExample, let raw = sections[section].footer,
      RegionFormatExample.isExample(raw, on: page)
    {
      // Made again only when a value or the language changed: footers are asked for every
      // screen and layout.
      if let kept = regionFormatExample, kept.revision == model.revision,
        kept.language == model.language
      {
        return kept.text
      }
      let text = RegionFormatExample.text(in: model, on: page)
      regionFormatExample = (model.revision, model.language, text)
      return text
    }
    return localizedSectionTexts().footers[section]
  }

  /// Whether the page is the built-in screen's, whose Region Format Example follows its
  /// values.
  private lazy var showsRegionFormatExample = page.source == EmbeddedSchema.sourceName

  /// The localized headers and footers of ``sections``, in the language they were made in.
  /// Kept because every screen shows them and footers are long texts, costly to look up;
  /// only read or assigned whole, so not checked for exclusivity at run time.
  @exclusivity(unchecked) private var sectionTexts: PageSections.SectionTexts?

  private func localizedSectionTexts() -> PageSections.SectionTexts {
    if let sectionTexts, sectionTexts.language == model.language { return sectionTexts }
    if let kept = layout.sections?.texts, kept.language == model.language,
      layout.sections?.sections.count == sections.count, !hasListGroups, listItem == nil
    {
      sectionTexts = kept
      return kept
    }
    let texts = PageSections.SectionTexts(
      language: model.language,
      headers: sections.map { $0.header.flatMap { $0.isEmpty ? nil : localized($0) } },
      footers: sections.map { $0.footer.flatMap { $0.isEmpty ? nil : localized($0) } })
    sectionTexts = texts
    if !hasListGroups, listItem == nil { layout.sections?.texts = texts }
    return texts
  }

  public override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    switch sections[indexPath.section].rows[indexPath.row] {
    case .setting(let specifier): return cell(for: specifier)
    case .choice(let specifier, let index): return choiceCell(specifier, index)
    case .listItem(let specifier, let index):
      return TableViewCell(text: title(of: .listItem(specifier, index)))
    case .deleteItem: return TableViewCell(text: title(of: .deleteItem))
    case .listAdd(let specifier):
      let cell = TableViewCell(text: title(of: .listAdd(specifier)))
      if !canAddItems(to: specifier) { cell.selectionStyle = .none }
      return cell
    case .problem(let specifier, let message):
      let cell = TableViewCell(
        style: .subtitle, text: displayTitle(of: specifier), detailText: "⚠ " + message)
      cell.selectionStyle = .none
      return cell
    }
  }

  /// The text a row's cell shows, without making the cell: typing a title looks through
  /// every row of a screen, and a page may have thousands.
  public func tableView(_ tableView: TableView, titleForRowAt indexPath: IndexPath) -> String? {
    guard sections.indices.contains(indexPath.section),
      sections[indexPath.section].rows.indices.contains(indexPath.row)
    else { return nil }
    return title(of: sections[indexPath.section].rows[indexPath.row])
  }

  /// The lines a row's cell takes, without making it (``Row/lines``).
  public func tableView(_ tableView: TableView, linesForRowAt indexPath: IndexPath) -> Int? {
    guard sections.indices.contains(indexPath.section),
      sections[indexPath.section].rows.indices.contains(indexPath.row)
    else { return nil }
    return sections[indexPath.section].rows[indexPath.row].lines
  }

  /// Why a row does nothing when selected: a row with a lint error names it; a row that
  /// runs the app's own code (a button, a mail form, an app screen) or opens a web address
  /// says what it does in the app.
  public func tableView(_ tableView: TableView, whyRowCannotBeSelectedAt indexPath: IndexPath)
    -> String?
  {
    guard sections.indices.contains(indexPath.section),
      sections[indexPath.section].rows.indices.contains(indexPath.row)
    else { return nil }
    switch sections[indexPath.section].rows[indexPath.row] {
    case .problem(_, let message): return message
    case .setting(let specifier): return whyNothingHappens(specifier)
    default: return nil
    }
  }

  /// What a row without a value of its own does in the app, which settei does not do;
  /// `nil` for a row that does something here.
  private func whyNothingHappens(_ specifier: Specifier) -> String? {
    let messages = model.messages
    switch specifier.kind {
    case .button: return messages.text(.buttonRunsAppCode)
    case .mailCompose: return messages.text(.mailRunsAppCode)
    case .openURL: return messages.text(.webLinkOpensBrowser)
    case .childPane:
      if specifier.opensCustomController { return messages.text(.appScreenRunsAppCode) }
      if let file = specifier.file, !model.hasPage(named: file),
        file.contains("://") || file.hasSuffix(".html")
      {
        return messages.text(.webPageNotShown)
      }
      return nil
    default: return nil
    }
  }

  /// The lines of every row of a section whose rows take the same: most sections, whose rows
  /// are one line each.
  public func tableView(_ tableView: TableView, linesForEachRowInSection section: Int) -> Int? {
    sections.indices.contains(section) ? sections[section].linesOfEveryRow : nil
  }

  /// The title a row shows (its cell's text).
  private func title(of row: Row) -> String {
    switch row {
    case .setting(let specifier), .problem(let specifier, _): return displayTitle(of: specifier)
    case .choice(let specifier, let index): return choiceTitle(specifier, index)
    case .listItem(let specifier, let index):
      let items = listItems(of: specifier)
      return index < items.count ? itemText(items[index], index: index, of: specifier) : ""
    case .listAdd(let specifier):
      let add = specifier.nestedSpecifier(SpecifierKey.addSpecifier)
      let title =
        add?[SpecifierKey.title]?.stringValue ?? add?[SpecifierKey.placeholder]?.stringValue
      return "+ " + (title.map(localized) ?? model.chromeWords.add)
    case .deleteItem:
      return model.chromeWords.delete
    }
  }

  private func cell(for specifier: Specifier) -> TableViewCell {
    let face = layout.keptFace(of: specifier, in: model) ?? keptFace(of: specifier)
    // The value and its default are looked up once for the cell and its mark.
    let (value, defaultValue, isDefault) =
      specifier.key.map {
        model.valueAndDefault(forKey: $0, setting: face.keySetting, default: face.keyDefault)
      } ?? (nil, nil, false)
    let cell = plainCell(for: specifier, face: face, value: value, isDefault: isDefault)
    if face.hasSubtitle, let subtitle = subtitle(of: specifier, value: value),
      (cell.detailText ?? "").isEmpty || !cell.isEnabled
    {
      return subtitled(cell, subtitle)
    }
    // A value that differs from its default is marked, so changes stand out.
    if specifier.key != nil, let detail = cell.detailText, !detail.isEmpty, let value,
      !SpecifierValues.same(value, defaultValue)
    {
      cell.detailText = "• " + detail
    }
    return cell
  }

  /// InAppSettingsKit's `IASKSubtitle`, localized: a string, or a dictionary of subtitles by
  /// the value as text, with `__default__` for any other value.
  private func subtitle(of specifier: Specifier, value: PropertyListValue?) -> String? {
    guard let raw = specifier.subtitle else { return nil }
    if let text = raw.stringValue { return localized(text) }
    guard let byValue = raw.dictionaryValue else { return nil }
    let chosen = value.flatMap { byValue[SpecifierValues.text(of: $0)] } ?? byValue["__default__"]
    return chosen?.stringValue.map(localized)
  }

  /// The cell with `subtitle` on a line of its own below its title (a row without a value
  /// of its own: a child pane, a button, a mail row), in place of the kind a row that does
  /// nothing here names in parentheses.
  private func subtitled(_ cell: TableViewCell, _ subtitle: String) -> TableViewCell {
    let result = TableViewCell(style: .subtitle, text: cell.text ?? "", detailText: subtitle)
    result.accessoryType = cell.accessoryType
    result.selectionStyle = cell.selectionStyle
    result.isEnabled = cell.isEnabled
    return result
  }

  /// The cell of a setting showing `value`; `isDefault` when the value is its key's default
  /// itself, whose detail the face may hold.
  private func plainCell(
    for specifier: Specifier, face: PageSections.Face, value: PropertyListValue?,
    isDefault: Bool
  ) -> TableViewCell {
    let cell = TableViewCell(style: .value1)
    cell.text = face.title
    switch specifier.kind {
    case .multiValue, .toggleSwitch, .titleValue:
      if isDefault, let detail = face.defaultDetail {
        cell.detailText = detail
      } else {
        cell.detailText = valueDetail(of: specifier, choiceTitles: face.choiceTitles, value: value)
      }
      if specifier.kind == .multiValue { cell.accessoryType = .disclosureIndicator }
      if specifier.kind == .titleValue { cell.selectionStyle = .none }
    case .childPane:
      // The pane opens its page when the walk of the page graph follows it.
      if !specifier.opensCustomController, let file = specifier.file,
        model.hasPage(named: file)
      {
        cell.accessoryType = .disclosureIndicator
      } else {
        // A pane that opens app code or a web page has nothing to show in a terminal.
        cell.detailText = "(\(paneKind(of: specifier)))"
        cell.selectionStyle = .none
        cell.isEnabled = false
      }
    case .textField:
      let isSecure = specifier.isSecure
      let text = value.map(SpecifierValues.fieldText(of:)) ?? ""
      cell.detailText = isSecure && !text.isEmpty ? SettingsModel.maskedSecret : text
    case .slider:
      let range = SpecifierValues.sliderRange(of: specifier)
      let number = SpecifierValues.number(value) ?? range.minimum
      cell.detailText = SpecifierValues.sliderText(
        number, minimum: range.minimum, maximum: range.maximum)
    case .textView:
      let text = value.map(SpecifierValues.text(of:)) ?? ""
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      cell.detailText = lines.count > 1 ? String(lines[0]) + " …" : text
    case .datePicker:
      let mode = SpecifierValues.DateMode(of: specifier)
      cell.detailText = value.map {
        $0.dateValue.map { SpecifierValues.dateText($0, mode: mode) }
          ?? SpecifierValues.text(of: $0)
      }
    case .group, .radioGroup, .listGroup, .openURL, .button, .mailCompose, .customView, .other:
      cell.detailText = "(\(readableName(of: specifier.kind)))"
      cell.selectionStyle = .none
      cell.isEnabled = false
    }
    return cell
  }

  /// The title of choice `index` of a radio group's list, as its row shows it.
  private func choiceTitle(_ specifier: Specifier, _ index: Int) -> String {
    let titles = specifier.titles
    return index < titles.count
      ? localized(titles[index]) : SpecifierValues.text(of: specifier.values[index])
  }

  private func choiceCell(_ specifier: Specifier, _ index: Int) -> TableViewCell {
    let text = choiceTitle(specifier, index)
    let current = specifier.key.flatMap { model.value(forKey: $0) }
    return TableViewCell(
      text: text,
      accessoryType: SpecifierValues.same(specifier.values[index], current) ? .checkmark : .none)
  }

  // MARK: Delegate

  /// A child pane's page is read when the pane is first opened: one whose file cannot be used
  /// is refused, and its row shows why from then on.
  public override func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath)
    -> IndexPath?
  {
    guard case .setting(let specifier) = sections[indexPath.section].rows[indexPath.row],
      specifier.kind == .childPane, !specifier.opensCustomController, let file = specifier.file,
      keptScreen(of: specifier) == nil, model.page(named: file) == nil
    else { return indexPath }
    rebuildSectionsIfNeeded()
    tableView.reloadData()
    return nil
  }

  public override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    tableView.deselectRow(at: indexPath, animated: true)
    switch sections[indexPath.section].rows[indexPath.row] {
    case .setting(let specifier): select(specifier)
    case .choice(let specifier, let index):
      guard let key = specifier.key else { return }
      model.setValue(specifier.values[index], forKey: key)
      tableView.reloadData()
    case .listItem(let specifier, let index): editItem(index, of: specifier)
    case .listAdd(let specifier): addItem(to: specifier)
    case .problem: break
    case .deleteItem:
      listItem?.remove()
      _ = navigationController?.popViewController(animated: true)
    }
  }

  /// The screen a row of this page opened last (a list of choices, a child pane's page),
  /// by the row's specifier: opening the row again pushes the same controller, whose cells
  /// are kept while nothing changed, instead of making its screen anew (InAppSettingsKit
  /// kept its list and child controllers the same way). It follows the model while it is
  /// off the stack, as every controller of a page does.
  private var lastOpened: (specifier: Int, controller: ViewController)?

  /// Pushes the screen of a row: the one kept in ``lastOpened`` when it belongs to the same
  /// specifier and is not on a navigation stack, else a new one from `make`, then kept.
  private func open(_ specifier: Specifier, make: () -> ViewController?) {
    let controller: ViewController
    if let kept = keptScreen(of: specifier) {
      controller = kept
    } else {
      guard let made = make() else { return }
      controller = made
      lastOpened = (specifier.index, made)
    }
    navigationController?.pushViewController(controller, animated: true)
  }

  /// The screen kept for a row's specifier (``lastOpened``), when it is off the stack.
  private func keptScreen(of specifier: Specifier) -> ViewController? {
    guard let lastOpened, lastOpened.specifier == specifier.index,
      lastOpened.controller.navigationController == nil
    else { return nil }
    return lastOpened.controller
  }

  private func select(_ specifier: Specifier) {
    switch specifier.kind {
    case .multiValue:
      open(specifier) { MultiValueViewController(specifier: specifier, page: page, model: model) }
    case .toggleSwitch:
      guard let key = specifier.key else { return }
      let isOn = SpecifierValues.isOn(model.value(forKey: key), for: specifier)
      let change = { [weak self] in
        guard let self else { return }
        self.model.setValue(isOn ? specifier.falseValue : specifier.trueValue, forKey: key)
        self.tableView.reloadData()
      }
      if let question = SettingEditor.confirmation(
        for: specifier, turningOn: !isOn, title: namingTitle(of: specifier),
        localized: localized, messages: model.messages, confirmed: change)
      {
        requestTextInput(question)
      } else {
        change()
      }
    case .childPane:
      guard !specifier.opensCustomController, let file = specifier.file else { return }
      // A kept page was read when it was made: it is pushed without looking it up again.
      open(specifier) {
        model.page(named: file).map {
          SettingsPageViewController(page: $0, model: model, pane: (specifier, page))
        }
      }
    case .textField, .slider, .textView, .datePicker:
      guard
        let request = SettingEditor.request(
          for: specifier, title: namingTitle(of: specifier), page: page, model: model,
          placeholder: specifier.placeholder.map(localized),
          onChange: { [weak self] in self?.tableView.reloadData() })
      else { return }
      requestTextInput(request)
    default:
      break
    }
  }

  // MARK: List groups

  private func listItems(of specifier: Specifier) -> [PropertyListValue] {
    specifier.key.flatMap { model.value(forKey: $0)?.arrayValue } ?? []
  }

  /// What a list item's row shows: a text item itself, a choice its title; a dictionary
  /// its first text in the order of its page's fields (never a secure one, such as a
  /// password), else of its keys.
  private func itemText(_ item: PropertyListValue, index: Int, of specifier: Specifier) -> String {
    guard let dictionary = item.dictionaryValue else {
      // A choice shows its title (Adenine for A), as the list of choices does.
      if let typed = itemSpecifier(of: specifier, adding: false), typed.kind == .multiValue {
        return choiceTitle(of: item, in: typed, short: false)
      }
      return SpecifierValues.text(of: item)
    }
    let fields = itemPage(of: specifier, adding: false)?.specifiers ?? []
    let secret = Set(fields.filter(\.isSecure).compactMap { $0.key.map { PropertyListKey($0) } })
    let keys = fields.compactMap { $0.key.map { PropertyListKey($0) } } + dictionary.keys.sorted()
    let text = keys.lazy.filter { !secret.contains($0) }
      .compactMap { dictionary[$0]?.stringValue }.first { !$0.isEmpty }
    return text ?? model.messages.text(.itemNumber, String(index + 1))
  }

  /// The page that edits one item of a list group whose items are dictionaries edited on a
  /// page of their own: the `File` of its `ItemSpecifier` (for an item) or `AddSpecifier`
  /// (for a new one), else of the other, when this schema has that page.
  private func itemPage(of specifier: Specifier, adding: Bool) -> SettingsSchema.Page? {
    for name in Self.itemSpecifierNames(adding: adding) {
      if let file = specifier.nestedSpecifier(name)?[SpecifierKey.file]?.stringValue,
        let page = model.page(named: file, holdsItems: true)
      {
        return page
      }
    }
    return nil
  }

  /// The specifier that types one item of a list group, as a specifier of this page: its
  /// `AddSpecifier` (for a new item) or `ItemSpecifier`, else the other, when it is of a
  /// kind whose value can be typed (text, a choice, a switch, a slider).
  private func itemSpecifier(of specifier: Specifier, adding: Bool) -> Specifier? {
    for name in Self.itemSpecifierNames(adding: adding) {
      guard let item = specifier.itemSpecifier(in: name) else { continue }
      switch item.kind {
      case .textField, .multiValue, .toggleSwitch, .slider: return item
      default: continue
      }
    }
    return nil
  }

  /// The list group's keys that describe an item, the one that fits first: `AddSpecifier`
  /// for a new item, `ItemSpecifier` for one in the list.
  private static func itemSpecifierNames(adding: Bool) -> [String] {
    adding
      ? [SpecifierKey.addSpecifier, SpecifierKey.itemSpecifier]
      : [SpecifierKey.itemSpecifier, SpecifierKey.addSpecifier]
  }

  /// Items can be added when they are typed, or edited on a page this schema has.
  private func canAddItems(to specifier: Specifier) -> Bool {
    itemPage(of: specifier, adding: true) != nil
      || itemSpecifier(of: specifier, adding: true) != nil
  }

  /// Opens the page of the item at `index`, or of a new item when `index` is `nil`.
  private func openItemPage(
    _ page: SettingsSchema.Page, index: Int?, of specifier: Specifier, key: String
  ) {
    let editing = ListItemEditing(
      key: key, index: index, parent: model, isDeletable: specifier.isDeletable)
    let titleText =
      specifier.nestedSpecifier(SpecifierKey.itemSpecifier)?[SpecifierKey.title]?.stringValue
      ?? specifier.nestedSpecifier(SpecifierKey.addSpecifier)?[SpecifierKey.title]?.stringValue
      ?? specifier.title
    navigationController?.pushViewController(
      SettingsPageViewController(
        itemPage: page, title: titleText.map { ($0, self.page) }, listItem: editing), animated: true
    )
  }

  private func addItem(to specifier: Specifier) {
    guard let key = specifier.key else { return }
    guard let item = itemSpecifier(of: specifier, adding: true) else {
      if let page = itemPage(of: specifier, adding: true) {
        openItemPage(page, index: nil, of: specifier, key: key)
      }
      return
    }
    let defaultValue = itemDefault(of: specifier, item: item)
    if item.kind == .multiValue {
      openChoices(of: item, index: nil, defaultValue: defaultValue, of: specifier, key: key)
      return
    }
    // A new text item starts from its default, in the line to edit or keep.
    let current = defaultValue.flatMap { value -> TextInputRequest.CurrentValue? in
      guard item.kind == .textField, !item.isSecure else { return nil }
      return .text(SpecifierValues.text(of: value))
    }
    requestItemValue(
      title: namingTitle(of: specifier), number: nil, current: current, item: item,
      removable: false
    ) { [weak self] value in
      guard let self, let value else { return }
      self.model.setValue(.array(self.listItems(of: specifier) + [value]), forKey: key)
    }
  }

  private func editItem(_ index: Int, of specifier: Specifier) {
    guard let key = specifier.key else { return }
    let items = listItems(of: specifier)
    guard index < items.count else { return }
    if items[index].dictionaryValue != nil, let page = itemPage(of: specifier, adding: false) {
      openItemPage(page, index: index, of: specifier, key: key)
      return
    }
    let item =
      items[index].dictionaryValue == nil ? itemSpecifier(of: specifier, adding: false) : nil
    let deletable = specifier.isDeletable
    guard item != nil || deletable else { return }
    if let item, item.kind == .multiValue {
      openChoices(of: item, index: index, defaultValue: nil, of: specifier, key: key)
      return
    }
    let shown = itemText(items[index], index: index, of: specifier)
    // A text item's line starts with its text, as a text field's does.
    let current: TextInputRequest.CurrentValue =
      item.map { $0.kind == .textField && !$0.isSecure } == true ? .text(shown) : .value(shown)
    requestItemValue(
      title: namingTitle(of: specifier), number: index + 1, current: current, item: item,
      removable: deletable
    ) { [weak self] value in
      guard let self else { return }
      var items = self.listItems(of: specifier)
      guard index < items.count else { return }
      if let value { items[index] = value } else { items.remove(at: index) }
      self.model.setValue(.array(items), forKey: key)
    }
  }

  /// What a new item of a list group starts from: the `DefaultValue` of the specifier that
  /// types it (`item`), else of the list's other item specifier.
  private func itemDefault(of specifier: Specifier, item: Specifier) -> PropertyListValue? {
    if let value = item.defaultValue { return value }
    for name in Self.itemSpecifierNames(adding: false) {
      if let value = specifier.itemSpecifier(in: name)?.defaultValue { return value }
    }
    return nil
  }

  /// Opens the list of choices of a list item typed by a multi-value (`item`): the item at
  /// `index`, or a new one when `index` is `nil`, whose ✓ starts on `defaultValue`.
  private func openChoices(
    of item: Specifier, index: Int?, defaultValue: PropertyListValue?, of specifier: Specifier,
    key: String
  ) {
    let slot = ListItemSlot(
      key: key, index: index, model: model, defaultValue: defaultValue,
      isDeletable: specifier.isDeletable)
    navigationController?.pushViewController(
      MultiValueViewController(specifier: item, page: page, model: model, item: slot),
      animated: true)
  }

  /// Asks for an item's value, checked as `item` says (text, one of its choices, …); with
  /// `removable`, `-` stands for removing it (`nil`). Without `item`, only `-` is taken.
  /// `number` counts from 1 (`nil` for a new item), `current` is how the item is shown
  /// (`.text` for text the line starts with).
  private func requestItemValue(
    title: String, number: Int?, current: TextInputRequest.CurrentValue?, item: Specifier?,
    removable: Bool,
    completion: @escaping (PropertyListValue?) -> Void
  ) {
    let page = self.page
    let model = self.model
    let removal = "-"
    func parse(_ text: String) -> Result<PropertyListValue?, SettingValueError> {
      if removable, text == removal { return .success(nil) }
      guard let item else {
        return .failure(
          SettingValueError(
            key: "", reason: model.messages.text(.itemNotEditable), allowed: removal,
            language: model.language))
      }
      return SettingValueParser.value(from: text, for: item, on: page, model: model).map { $0 }
    }
    requestTextInput(
      TextInputRequest(
        title: title,
        kind: .listItem(
          number: number, isEditable: item != nil, removal: removable ? removal : nil),
        current: current,
        expected: item.flatMap { model.allowedValues(of: $0, on: page) },
        validate: { text in
          if case .failure(let error) = parse(text) { return error.description }
          return nil
        },
        completion: { result in
          guard case .entered(let text) = result, case .success(let value) = parse(text) else {
            return
          }
          completion(value)
        }))
  }

  // MARK: Text

  private func localized(_ text: String) -> String { model.localized(text, on: page) }

  /// The title a row shows: its localized `Title`, or nothing, as Settings.app shows a row
  /// without one (the row keeps its number and its value; never its key).
  private func displayTitle(of specifier: Specifier) -> String {
    specifier.title.map(localized) ?? ""
  }

  /// What a question or a prompt about a row calls it: its title; without one, its key or
  /// its type, so that the question still says which setting it is about.
  private func namingTitle(of specifier: Specifier) -> String {
    // A slider has no title on iOS: it is never named by its key.
    if specifier.kind == .slider, specifier.title == nil { return "" }
    return specifier.title.map(localized) ?? specifier.key ?? readableName(of: specifier.kind)
  }

  /// The localized title of a value among a specifier's choices. A value that is none of
  /// them has no title, as on iOS; a title value without the value among its `Values` shows
  /// the value itself.
  private func choiceTitle(of value: PropertyListValue, in specifier: Specifier, short: Bool)
    -> String
  {
    choiceText(
      of: value, in: specifier, titles: shownChoiceTitles(of: specifier, short: short),
      titled: localized)
  }

  /// The text of a value among a specifier's choices: `titled` of its title among `titles`
  /// (by value index); `""` for a value that is none of them, as on iOS, but the value itself
  /// for a title value, or without a title at its index.
  private func choiceText(
    of value: PropertyListValue, in specifier: Specifier, titles: [String],
    titled: (String) -> String
  ) -> String {
    guard let index = SpecifierValues.choiceIndex(of: value, in: specifier) else {
      return specifier.kind == .titleValue ? SpecifierValues.text(of: value) : ""
    }
    return index < titles.count ? titled(titles[index]) : SpecifierValues.text(of: value)
  }

  /// The detail of a multi-value, a switch or a title value showing `value`, whose choices'
  /// titles as a row shows them are `choiceTitles` (``PageSections/Face/choiceTitles``).
  private func valueDetail(
    of specifier: Specifier, choiceTitles: [String], value: PropertyListValue?
  ) -> String? {
    switch specifier.kind {
    case .toggleSwitch:
      let words = model.chromeWords
      return SpecifierValues.isOn(value, for: specifier) ? words.on : words.off
    default:
      // The titles are localized already.
      return value.map { choiceText(of: $0, in: specifier, titles: choiceTitles) { $0 } }
    }
  }

  /// The titles a row shows a value among: short ones when there is one for each value.
  private func shownChoiceTitles(of specifier: Specifier, short: Bool) -> [String] {
    short && specifier.shortTitles.count == specifier.values.count
      ? specifier.shortTitles : specifier.titles
  }

  /// What a setting's row shows besides its value, in the model's language, made now and
  /// kept for the page's rows.
  private func keptFace(of specifier: Specifier) -> PageSections.Face {
    let face = face(of: specifier)
    layout.keep(face, of: specifier)
    return face
  }

  /// What a setting's row shows besides its value, in the model's language.
  private func face(of specifier: Specifier) -> PageSections.Face {
    let setting = specifier.key.flatMap(model.keySetting(forKey:))
    var choiceTitles: [String] = []
    var defaultDetail: String?? = nil
    switch specifier.kind {
    case .multiValue, .titleValue, .toggleSwitch:
      if specifier.kind != .toggleSwitch {
        choiceTitles = shownChoiceTitles(of: specifier, short: specifier.kind == .multiValue)
          .map(localized)
      }
      // What the row shows while its value is its default, as cell(for:) would make it.
      if specifier.key != nil {
        defaultDetail = .some(
          valueDetail(of: specifier, choiceTitles: choiceTitles, value: setting?.defaultValue))
      }
    default:
      break
    }
    return PageSections.Face(
      title: displayTitle(of: specifier), choiceTitles: choiceTitles, keySetting: setting,
      defaultDetail: defaultDetail, hasSubtitle: specifier.hasSubtitle)
  }

  /// What a child pane without a page of this schema opens.
  private func paneKind(of specifier: Specifier) -> String {
    if specifier.opensCustomController { return model.messages.text(.appScreen) }
    if let file = specifier.file, file.contains("://") || file.hasSuffix(".html") {
      return model.messages.text(.webPage)
    }
    return model.messages.text(.noPage)
  }

  /// A person's name for a specifier type: `button`, `mail`, `web link`.
  private func readableName(of kind: Specifier.Kind) -> String {
    let messages = model.messages
    return switch kind {
    case .button: messages.text(.button)
    case .mailCompose: messages.text(.mail)
    case .openURL: messages.text(.webLink)
    case .customView: messages.text(.customView)
    case .group: messages.text(.group)
    case .radioGroup: messages.text(.radioGroup)
    default: kind.typeName
    }
  }
}
