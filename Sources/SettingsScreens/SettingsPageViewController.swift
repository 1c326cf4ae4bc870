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
package final class SettingsPageViewController: TableViewController, TableViewRowTitleDataSource {
  /// The page shown.
  package let page: SettingsSchema.Page
  /// The values behind the page.
  package let model: SettingsModel

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
    /// The index of the specifier that starts the section (a group, a radio group, a list
    /// group), if one does: hiding it hides the section.
    var owner: Int?
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

  /// The sections shown: ``allSections`` without the rows hidden now.
  var sections: [Section] = []
  /// Every section of the page, hidden rows included.
  var allSections: [Section] = []
  /// Where each section shown is in ``allSections``, and its rows there; `nil` when every
  /// row is shown.
  var shownRows: [(section: Int, rows: [Int])]?
  /// The specifiers hidden when the sections shown were made (``Specifier/index``).
  var hiddenIndices: Set<Int> = []
  /// What the page's sections depend on, worked out once per page and model.
  let layout: PageSections
  /// Whether the page has a list group, whose rows come and go with its value.
  var hasListGroups: Bool { layout.hasListGroups }

  /// The title as written in the schema (not localized), kept to re-localize on `lang`.
  private let rawTitle: (text: String, page: SettingsSchema.Page)?
  /// The list item this page edits, when it is a list item's page.
  let listItem: ListItemEditing?

  /// Creates the screen for a page.
  ///
  /// - Parameters:
  ///   - page: The page to show.
  ///   - model: The values behind it.
  ///   - pane: The child-pane specifier that opens the page, and the page it is on; its title
  ///     is the screen's title. The root page uses its own `Title`.
  package convenience init(
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
      // Rows hidden or shown by the host: inserted and deleted, the other cells kept.
      if self.model.isChangingHiddenKeysOnly {
        self.updateRowsForHiddenKeys()
        return
      }
      self.updateTitle()
      self.rebuildSectionsIfNeeded()
      self.reloadData()
    }
  }

  /// The model's ``SettingsModel/revision`` when the table view last asked for cells anew.
  private var shownRevision: Int?

  func reloadData() {
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
  package func specifier(atRowNumber number: Int) -> Specifier? {
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
  package func rowNumber(of specifier: Specifier) -> Int? {
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
  package func footer(atRowNumber number: Int) -> String? {
    guard let indexPath = tableView.indexPath(forRowNumber: number) else { return nil }
    return tableView.footerTitle(forSection: indexPath.section)
  }

  package override func viewDidLoad() {
    super.viewDidLoad()
    tableView.declaredRowTitleDataSource = self
    rebuildSections()
  }

  /// Settings may have changed on the screens above: show their current values. The cells
  /// shown are kept when nothing changed since they were made (a change reloads them as it
  /// happens): going back to a page of many rows makes none of its cells again.
  package override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    if rebuildSectionsIfNeeded() || shownRevision != model.revision {
      reloadData()
    }
  }

  /// Sections hold the schema's raw texts; they change only with the items of a list group
  /// or with the lint errors of the page. Rebuilding them on every change of any value cost
  /// more than showing the screen. Whether they were rebuilt.
  @discardableResult
  func rebuildSectionsIfNeeded() -> Bool {
    guard
      hasListGroups || listItem != nil || model.specifierErrors[page.name] != builtErrors
        || (hasSortedRadioGroups && builtLanguage != model.language)
    else { return updateHiddenRows() }
    rebuildSections()
    return true
  }

  /// Whether a radio group lists its choices sorted by title, which changes with the
  /// language.
  var hasSortedRadioGroups: Bool { layout.hasSortedRadioGroups }
  /// The language the sections were built in.
  var builtLanguage = ""

  /// The lint errors the sections were built with.
  var builtErrors: [Int: String]?

  // MARK: Data source

  package override func numberOfSections(in tableView: TableView) -> Int { sections.count }

  package override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int)
    -> Int
  {
    sections[section].rows.count
  }

  package override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int)
    -> String?
  {
    localizedSectionTexts().headers[section]
  }

  /// The Region Format Example last made, with the model's revision and language then.
  private var regionFormatExample: (revision: Int, language: String, text: String)?

  package override func tableView(_ tableView: TableView, titleForFooterInSection section: Int)
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
  @exclusivity(unchecked) var sectionTexts: PageSections.SectionTexts?

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
    if !hasListGroups, listItem == nil, sections.count == allSections.count {
      layout.sections?.texts = texts
    }
    return texts
  }

  package override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
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
  package func tableView(_ tableView: TableView, titleForRowAt indexPath: IndexPath) -> String? {
    guard sections.indices.contains(indexPath.section),
      sections[indexPath.section].rows.indices.contains(indexPath.row)
    else { return nil }
    return title(of: sections[indexPath.section].rows[indexPath.row])
  }

  /// The lines a row's cell takes, without making it (``Row/lines``).
  package func tableView(_ tableView: TableView, linesForRowAt indexPath: IndexPath) -> Int? {
    guard sections.indices.contains(indexPath.section),
      sections[indexPath.section].rows.indices.contains(indexPath.row)
    else { return nil }
    return sections[indexPath.section].rows[indexPath.row].lines
  }

  /// The lines of every row of a section whose rows take the same: most sections, whose rows
  /// are one line each.
  package func tableView(_ tableView: TableView, linesForEachRowInSection section: Int) -> Int? {
    sections.indices.contains(section) ? sections[section].linesOfEveryRow : nil
  }

  // MARK: Delegate

  /// A child pane's page is read when the pane is first opened: one whose file cannot be used
  /// is refused, and its row shows why from then on.
  package override func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath)
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

  package override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
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
  var lastOpened: (specifier: Int, controller: ViewController)?

  // MARK: Text

  func localized(_ text: String) -> String { model.localized(text, on: page) }

  /// The title a row shows: its localized `Title`, or nothing, as Settings.app shows a row
  /// without one (the row keeps its number and its value; never its key).
  func displayTitle(of specifier: Specifier) -> String {
    specifier.title.map(localized) ?? ""
  }

  /// What a question or a prompt about a row calls it: its title; without one, its key or
  /// its type, so that the question still says which setting it is about.
  func namingTitle(of specifier: Specifier) -> String {
    // A slider has no title on iOS: it is never named by its key.
    if specifier.kind == .slider, specifier.title == nil { return "" }
    return specifier.title.map(localized) ?? specifier.key ?? readableName(of: specifier.kind)
  }

  /// The localized title of a value among a specifier's choices. A value that is none of
  /// them has no title, as on iOS; a title value without the value among its `Values` shows
  /// the value itself.
  func choiceTitle(of value: PropertyListValue, in specifier: Specifier, short: Bool)
    -> String
  {
    choiceText(
      of: value, in: specifier, titles: shownChoiceTitles(of: specifier, short: short),
      titled: localized)
  }

  /// The text of a value among a specifier's choices: `titled` of its title among `titles`
  /// (by value index); `""` for a value that is none of them, as on iOS, but the value itself
  /// for a title value, or without a title at its index. A set of choices
  /// (``SchemaKit/Specifier/allowsMultipleSelection``) is their titles, joined.
  private func choiceText(
    of value: PropertyListValue, in specifier: Specifier, titles: [String],
    titled: (String) -> String
  ) -> String {
    if specifier.allowsMultipleSelection {
      guard let chosen = SpecifierValues.chosenIndices(of: value, in: specifier) else {
        return ""
      }
      return model.setText(
        chosen.map {
          $0 < titles.count ? titled(titles[$0]) : SpecifierValues.text(of: specifier.values[$0])
        })
    }
    guard let index = SpecifierValues.choiceIndex(of: value, in: specifier) else {
      return specifier.kind == .titleValue ? SpecifierValues.text(of: value) : ""
    }
    return index < titles.count ? titled(titles[index]) : SpecifierValues.text(of: value)
  }

  /// The detail of a multi-value, a switch or a title value showing `value`, whose choices'
  /// titles as a row shows them are `choiceTitles` (``PageSections/Face/choiceTitles``).
  func valueDetail(
    of specifier: Specifier, choiceTitles: [String], value: PropertyListValue?
  ) -> String? {
    switch specifier.kind {
    case .toggleSwitch:
      let words = model.chromeWords
      return SpecifierValues.isOn(value, for: specifier) ? words.on : words.off
    case .group, .multiValue, .radioGroup, .textField, .slider, .titleValue, .childPane, .listGroup,
      .textView, .openURL, .button, .mailCompose, .customView, .datePicker, .other(_):
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
  func keptFace(of specifier: Specifier) -> PageSections.Face {
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
    case .group, .radioGroup, .textField, .slider, .childPane, .listGroup, .textView, .openURL,
      .button, .mailCompose, .customView, .datePicker, .other(_):
      break
    }
    return PageSections.Face(
      title: displayTitle(of: specifier), choiceTitles: choiceTitles, keySetting: setting,
      defaultDetail: defaultDetail, hasSubtitle: specifier.hasSubtitle)
  }

  /// What a child pane without a page of this schema opens.
  func paneKind(of specifier: Specifier) -> String {
    if specifier.opensCustomController { return model.messages.text(.appScreen) }
    if let file = specifier.file, file.containsText("://") || file.hasSuffix(".html") {
      return model.messages.text(.webPage)
    }
    return model.messages.text(.noPage)
  }

  /// A person's name for a specifier type: `button`, `mail`, `web link`.
  func readableName(of kind: Specifier.Kind) -> String {
    let messages = model.messages
    return switch kind {
    case .button: messages.text(.button)
    case .mailCompose: messages.text(.mail)
    case .openURL: messages.text(.webLink)
    case .customView: messages.text(.customView)
    case .group: messages.text(.group)
    case .radioGroup: messages.text(.radioGroup)
    case .toggleSwitch, .multiValue, .textField, .slider, .titleValue, .childPane, .listGroup,
      .textView, .datePicker, .other(_):
      kind.typeName
    }
  }
}
