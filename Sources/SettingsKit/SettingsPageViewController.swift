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
/// - a list group lists its items with a row to add one;
/// - anything else is shown read-only with its type named.
public final class SettingsPageViewController: TableViewController {
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
  }

  struct Section {
    var header: String?
    var footer: String?
    var rows: [Row]
  }

  private(set) var sections: [Section] = []
  /// Whether the page has a list group, whose rows come and go with its value.
  private let hasListGroups: Bool

  /// The title as written in the schema (not localized), kept to re-localize on `lang`.
  private let rawTitle: (text: String, page: SettingsSchema.Page)?

  /// Creates the screen for a page.
  ///
  /// - Parameters:
  ///   - page: The page to show.
  ///   - model: The values behind it.
  ///   - pane: The child-pane specifier that opens the page, and the page it is on; its title
  ///     is the screen's title. The root page uses its own `Title`.
  public init(
    page: SettingsSchema.Page, model: SettingsModel,
    pane: (specifier: Specifier, page: SettingsSchema.Page)? = nil
  ) {
    self.page = page
    self.model = model
    hasListGroups = page.specifiers.contains { $0.kind == .other("IASKListGroupSpecifier") }
    if let pane, let text = pane.specifier.title {
      rawTitle = (text, pane.page)
    } else {
      rawTitle = page.title.map { ($0, page) }
    }
    super.init()
    updateTitle()
    model.addObserver(self) { [weak self] in
      guard let self else { return }
      self.updateTitle()
      self.rebuildSectionsIfNeeded()
      self.tableView.reloadData()
    }
  }

  deinit {
    model.removeObserver(self)
  }

  private func updateTitle() {
    title = rawTitle.map { model.localized($0.text, on: $0.page) }
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

  /// Settings may have changed on the screens above: show their current values.
  public override func viewWillAppear() {
    super.viewWillAppear()
    rebuildSectionsIfNeeded()
    tableView.reloadData()
  }

  /// Sections hold the schema's raw texts; they change only with the items of a list group
  /// or with the lint errors of the page. Rebuilding them on every change of any value cost
  /// more than showing the screen.
  private func rebuildSectionsIfNeeded() {
    if hasListGroups || model.specifierErrors[page.name] != builtErrors { rebuildSections() }
  }

  /// The lint errors the sections were built with.
  private var builtErrors: [Int: String]?

  /// Sections depend on values only through list groups, whose items come and go.
  private func rebuildSections() {
    var result: [Section] = []
    var needsFreshSection = true
    func append(_ row: Row) {
      if needsFreshSection || result.isEmpty {
        result.append(Section(rows: []))
        needsFreshSection = false
      }
      result[result.count - 1].rows.append(row)
    }
    let errors = model.specifierErrors[page.name]
    builtErrors = errors
    sectionTexts = nil
    for specifier in page.specifiers {
      if let error = errors?[specifier.index] {
        if specifier.kind == .group {
          result.append(Section(header: specifier.title, rows: []))
          needsFreshSection = false
        }
        append(.problem(specifier, error))
        continue
      }
      switch specifier.kind {
      case .group:
        result.append(Section(header: specifier.title, footer: specifier.footerText, rows: []))
        needsFreshSection = false
      case .radioGroup:
        let rows = specifier.values.indices.map { Row.choice(specifier, $0) }
        result.append(Section(header: specifier.title, footer: specifier.footerText, rows: rows))
        needsFreshSection = true
      case .other("IASKListGroupSpecifier"):
        let count = listItems(of: specifier).count
        var rows = (0..<count).map { Row.listItem(specifier, $0) }
        rows.append(.listAdd(specifier))
        result.append(Section(header: specifier.title, footer: specifier.footerText, rows: rows))
        needsFreshSection = true
      default:
        append(.setting(specifier))
      }
    }
    sections = result
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

  public override func tableView(_ tableView: TableView, titleForFooterInSection section: Int)
    -> String?
  {
    localizedSectionTexts().footers[section]
  }

  /// The localized headers and footers of ``sections``, in the language they were made in.
  /// Kept because every screen shows them and footers are long texts, costly to look up.
  private var sectionTexts: (language: String, headers: [String?], footers: [String?])?

  private func localizedSectionTexts() -> (
    language: String, headers: [String?], footers: [String?]
  ) {
    if let sectionTexts, sectionTexts.language == model.language { return sectionTexts }
    let texts = (
      language: model.language,
      headers: sections.map { $0.header.flatMap { $0.isEmpty ? nil : localized($0) } },
      footers: sections.map { $0.footer.flatMap { $0.isEmpty ? nil : localized($0) } }
    )
    sectionTexts = texts
    return texts
  }

  public override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    switch sections[indexPath.section].rows[indexPath.row] {
    case .setting(let specifier): return cell(for: specifier)
    case .choice(let specifier, let index): return choiceCell(specifier, index)
    case .listItem(let specifier, let index):
      let items = listItems(of: specifier)
      let text = index < items.count ? itemText(items[index], index: index) : ""
      return TableViewCell(text: text)
    case .listAdd(let specifier):
      let add = specifier.raw["AddSpecifier"]?.dictionaryValue
      let title = add?["Title"]?.stringValue ?? add?["IASKPlaceholder"]?.stringValue ?? "Add…"
      let cell = TableViewCell(text: "+ " + localized(title))
      if !canAddItems(to: specifier) { cell.selectionStyle = .none }
      return cell
    case .problem(let specifier, let message):
      let cell = TableViewCell(
        style: .subtitle, text: displayTitle(of: specifier), detailText: "⚠ " + message)
      cell.selectionStyle = .none
      return cell
    }
  }

  private func cell(for specifier: Specifier) -> TableViewCell {
    // The value is looked up once for the cell and its mark (as differsFromDefault would).
    let value = specifier.key.flatMap { model.value(forKey: $0) }
    let cell = plainCell(for: specifier, value: value)
    // A value that differs from its default is marked, so changes stand out.
    if let key = specifier.key, let detail = cell.detailText, let value,
      value != model.defaultValue(forKey: key)
    {
      cell.detailText = "• " + detail
    }
    return cell
  }

  private func plainCell(for specifier: Specifier, value: PropertyListValue?) -> TableViewCell {
    let cell = TableViewCell(style: .value1)
    cell.text = displayTitle(of: specifier)
    switch specifier.kind {
    case .multiValue:
      cell.detailText = value.map { choiceTitle(of: $0, in: specifier, short: true) }
      cell.accessoryType = .disclosureIndicator
    case .toggleSwitch:
      let isOn = SpecifierValues.isOn(value, for: specifier)
      cell.detailText = isOn ? ChromeStrings.on(model.language) : ChromeStrings.off(model.language)
    case .titleValue:
      cell.detailText = value.map { choiceTitle(of: $0, in: specifier, short: false) }
      cell.selectionStyle = .none
    case .childPane:
      if let file = specifier.file, model.schema.pages[file] != nil {
        cell.accessoryType = .disclosureIndicator
      } else {
        // A pane that opens app code or a web page has nothing to show in a terminal.
        cell.detailText = "(\(Self.paneKind(of: specifier)))"
        cell.selectionStyle = .none
        cell.isEnabled = false
      }
    case .textField:
      let isSecure = specifier.raw["IsSecure"]?.boolValue ?? false
      let text = value.map(SpecifierValues.text(of:)) ?? ""
      cell.detailText = isSecure && !text.isEmpty ? "••••••" : text
    case .slider:
      let range = SpecifierValues.sliderRange(of: specifier)
      let number = value?.doubleValue ?? range.minimum
      cell.detailText = SpecifierValues.sliderText(
        number, minimum: range.minimum, maximum: range.maximum)
    case .other("IASKTextViewSpecifier"):
      let text = value.map(SpecifierValues.text(of:)) ?? ""
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      cell.detailText = lines.count > 1 ? String(lines[0]) + " …" : text
    case .other("IASKDatePickerSpecifier"):
      cell.detailText = value.map(SpecifierValues.text(of:))
    case .group, .radioGroup, .other:
      cell.detailText = "(\(Self.readableName(of: specifier.kind)))"
      cell.selectionStyle = .none
      cell.isEnabled = false
    }
    return cell
  }

  private func choiceCell(_ specifier: Specifier, _ index: Int) -> TableViewCell {
    let titles = specifier.titles
    let text =
      index < titles.count
      ? localized(titles[index]) : SpecifierValues.text(of: specifier.values[index])
    let current = specifier.key.flatMap { model.value(forKey: $0) }
    return TableViewCell(
      text: text, accessoryType: specifier.values[index] == current ? .checkmark : .none)
  }

  // MARK: Delegate

  public override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    tableView.deselectRow(at: indexPath)
    switch sections[indexPath.section].rows[indexPath.row] {
    case .setting(let specifier): select(specifier)
    case .choice(let specifier, let index):
      guard let key = specifier.key else { return }
      model.setValue(specifier.values[index], forKey: key)
      tableView.reloadData()
    case .listItem(let specifier, let index): editItem(index, of: specifier)
    case .listAdd(let specifier): addItem(to: specifier)
    case .problem: break
    }
  }

  private func select(_ specifier: Specifier) {
    switch specifier.kind {
    case .multiValue:
      navigationController?.push(
        MultiValueViewController(specifier: specifier, page: page, model: model))
    case .toggleSwitch:
      guard let key = specifier.key else { return }
      let isOn = SpecifierValues.isOn(model.value(forKey: key), for: specifier)
      model.setValue(isOn ? specifier.falseValue : specifier.trueValue, forKey: key)
      tableView.reloadData()
    case .childPane:
      guard let file = specifier.file, let child = model.schema.pages[file] else { return }
      navigationController?.push(
        SettingsPageViewController(page: child, model: model, pane: (specifier, page)))
    case .textField, .slider, .other("IASKTextViewSpecifier"), .other("IASKDatePickerSpecifier"):
      guard
        let request = SettingEditor.request(
          for: specifier, title: displayTitle(of: specifier), model: model,
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

  private func itemText(_ item: PropertyListValue, index: Int) -> String {
    if let dictionary = item.dictionaryValue {
      let text = dictionary.keys.sorted().lazy.compactMap { dictionary[$0]?.stringValue }.first
      return text ?? "Item \(index + 1)"
    }
    return SpecifierValues.text(of: item)
  }

  /// Text items can be added from the terminal; items edited on a child page cannot.
  private func canAddItems(to specifier: Specifier) -> Bool {
    specifier.raw["AddSpecifier"]?["Type"]?.stringValue == "PSTextFieldSpecifier"
  }

  private func addItem(to specifier: Specifier) {
    guard canAddItems(to: specifier), let key = specifier.key else { return }
    let title = displayTitle(of: specifier)
    requestTextInput(
      TextInputRequest(title: title, message: "A new item for \(title).") {
        [weak self] result in
        guard let self, case .entered(let text) = result else { return }
        self.model.setValue(.array(self.listItems(of: specifier) + [.string(text)]), forKey: key)
        self.rebuildSections()
        self.tableView.reloadData()
      })
  }

  private func editItem(_ index: Int, of specifier: Specifier) {
    guard let key = specifier.key else { return }
    let items = listItems(of: specifier)
    guard index < items.count else { return }
    let isText = items[index].stringValue != nil
    let deletable = specifier.raw["Deletable"]?.boolValue ?? true
    var message = "Item \(index + 1): \(itemText(items[index], index: index))."
    if isText { message += " Type its new text" }
    if deletable { message += isText ? ", or - to remove it." : " Type - to remove it." }
    requestTextInput(
      TextInputRequest(
        title: displayTitle(of: specifier), message: message,
        validate: { text in
          if text == "-" { return deletable ? nil : "Items of this list cannot be removed." }
          return isText ? nil : "This item is edited on its own page; type - to remove it."
        },
        completion: { [weak self] result in
          guard let self, case .entered(let text) = result else { return }
          var items = self.listItems(of: specifier)
          guard index < items.count else { return }
          if text == "-" { items.remove(at: index) } else { items[index] = .string(text) }
          self.model.setValue(.array(items), forKey: key)
          self.rebuildSections()
          self.tableView.reloadData()
        }))
  }

  // MARK: Text

  private func localized(_ text: String) -> String { model.localized(text, on: page) }

  private func displayTitle(of specifier: Specifier) -> String {
    specifier.title.map(localized) ?? specifier.key ?? Self.readableName(of: specifier.kind)
  }

  /// The localized title of a value among a specifier's choices, else the value as text.
  private func choiceTitle(of value: PropertyListValue, in specifier: Specifier, short: Bool)
    -> String
  {
    guard let index = specifier.values.firstIndex(of: value) else {
      return SpecifierValues.text(of: value)
    }
    let titles =
      short && specifier.shortTitles.count == specifier.values.count
      ? specifier.shortTitles : specifier.titles
    guard index < titles.count else { return SpecifierValues.text(of: value) }
    return localized(titles[index])
  }

  /// What a child pane without a page of this schema opens.
  static func paneKind(of specifier: Specifier) -> String {
    let raw = specifier.raw
    if raw["IASKViewControllerClass"] != nil || raw["IASKSegueIdentifier"] != nil
      || raw["IASKViewControllerStoryBoardFile"] != nil
      || raw["IASKViewControllerStoryBoardId"] != nil
    {
      return "app screen"
    }
    if let file = specifier.file, file.contains("://") || file.hasSuffix(".html") {
      return "web page"
    }
    return "no page"
  }

  /// A person's name for a specifier type: `button`, `mail`, `web link`.
  static func readableName(of kind: Specifier.Kind) -> String {
    switch kind.typeName {
    case "IASKButtonSpecifier": "button"
    case "IASKMailComposeSpecifier": "mail"
    case "IASKOpenURLSpecifier": "web link"
    case "IASKCustomViewSpecifier": "custom view"
    case "PSGroupSpecifier": "group"
    case "PSRadioGroupSpecifier": "radio group"
    case let name: name
    }
  }
}
