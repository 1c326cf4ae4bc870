import TableKit

/// A page of a settings schema as a table-view screen, like one screen of Settings.app.
///
/// Each group specifier starts a section with its title as header and its footer text as
/// footer. Settings are rows: a multi-value shows its current choice and opens the list of
/// choices, a toggle shows on/off and flips when selected, a child pane opens its page.
public final class SettingsPageViewController: TableViewController {
  /// The page shown.
  public let page: SettingsSchema.Page
  /// The values behind the page.
  public let model: SettingsModel

  private struct Section {
    var header: String?
    var footer: String?
    var rows: [Specifier]
  }

  private var sections: [Section] = []

  /// Creates the screen for a page.
  public init(page: SettingsSchema.Page, model: SettingsModel, title: String? = nil) {
    self.page = page
    self.model = model
    super.init()
    self.title = title ?? page.title.map { model.localized($0, on: page) }
  }

  public override func viewDidLoad() {
    super.viewDidLoad()
    sections = Self.sections(of: page)
  }

  /// Settings may have changed on the screens above: show their current values.
  public override func viewWillAppear() {
    super.viewWillAppear()
    tableView.reloadData()
  }

  private static func sections(of page: SettingsSchema.Page) -> [Section] {
    var sections: [Section] = []
    for specifier in page.specifiers {
      if specifier.kind == .group {
        sections.append(Section(header: specifier.title, footer: specifier.footerText, rows: []))
        continue
      }
      if sections.isEmpty { sections.append(Section(rows: [])) }
      sections[sections.count - 1].rows.append(specifier)
    }
    return sections
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
    sections[section].header.flatMap { $0.isEmpty ? nil : model.localized($0, on: page) }
  }

  public override func tableView(_ tableView: TableView, titleForFooterInSection section: Int)
    -> String?
  {
    sections[section].footer.flatMap { $0.isEmpty ? nil : model.localized($0, on: page) }
  }

  public override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    let specifier = sections[indexPath.section].rows[indexPath.row]
    let title = specifier.title.map { model.localized($0, on: page) } ?? specifier.key ?? ""
    let value = specifier.key.flatMap { model.value(forKey: $0) }
    let cell = TableViewCell(style: .value1)
    cell.text = title
    switch specifier.kind {
    case .multiValue:
      cell.detailText = value.flatMap { choiceTitle(of: $0, in: specifier, short: true) }
      cell.accessoryType = .disclosureIndicator
    case .toggleSwitch:
      let isOn = value == specifier.trueValue
      cell.detailText = isOn ? ChromeStrings.on(model.language) : ChromeStrings.off(model.language)
    case .titleValue:
      cell.detailText = value.map { choiceTitle(of: $0, in: specifier, short: false) ?? $0.text }
      cell.selectionStyle = .none
    case .childPane:
      cell.accessoryType = .disclosureIndicator
    case .textField, .slider:
      cell.detailText = value?.text
      cell.selectionStyle = .none
    case .group, .radioGroup, .other:
      cell.detailText = "(\(specifier.kind.typeName))"
      cell.selectionStyle = .none
    }
    return cell
  }

  /// The localized title of a value among a specifier's choices.
  private func choiceTitle(of value: PropertyListValue, in specifier: Specifier, short: Bool)
    -> String?
  {
    guard let index = specifier.values.firstIndex(of: value) else { return nil }
    let titles =
      short && specifier.shortTitles.count == specifier.values.count
      ? specifier.shortTitles : specifier.titles
    guard index < titles.count else { return value.text }
    return model.localized(titles[index], on: page)
  }

  // MARK: Delegate

  public override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    tableView.deselectRow(at: indexPath)
    let specifier = sections[indexPath.section].rows[indexPath.row]
    switch specifier.kind {
    case .multiValue:
      navigationController?.push(
        MultiValueViewController(specifier: specifier, page: page, model: model))
    case .toggleSwitch:
      guard let key = specifier.key else { return }
      let isOn = model.value(forKey: key) == specifier.trueValue
      model.setValue(isOn ? specifier.falseValue : specifier.trueValue, forKey: key)
      tableView.reloadData()
    case .childPane:
      guard let file = specifier.file, let child = model.schema.pages[file] else { return }
      let title = specifier.title.map { model.localized($0, on: page) }
      navigationController?.push(
        SettingsPageViewController(page: child, model: model, title: title))
    default:
      break
    }
  }
}

extension PropertyListValue {
  /// The value as a person reads it on a screen.
  var text: String {
    switch self {
    case .string(let text): text
    case .integer(let number): String(number)
    case .real(let number): String(number)
    case .bool(let flag): flag ? "true" : "false"
    default: debugDescription
    }
  }
}
