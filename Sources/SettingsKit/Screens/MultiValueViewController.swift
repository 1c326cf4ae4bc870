import FileFormats
import SchemaKit
import TableKit

/// The list of a multi-value setting's choices, with a ✓ on the chosen one.
///
/// Selecting a choice makes it the value and moves the ✓; `back` returns to the page, which
/// shows the new value. With InAppSettingsKit's `IASKQuickMultiValueSelection`, choosing
/// returns to the page at once. The specifier's `FooterText` is the list's footer, as
/// InAppSettingsKit shows it.
public final class MultiValueViewController: TableViewController {
  /// The setting whose choices are listed.
  public let specifier: Specifier
  private let page: SettingsSchema.Page
  private let model: SettingsModel
  /// The choices in display order: (localized title, value). Read for every row shown, and
  /// only read or assigned whole: no dynamic exclusivity check.
  @exclusivity(unchecked) private var choices: [(title: String, value: PropertyListValue)] = []
  /// The language ``choices`` were localized in.
  private var localizedLanguage = ""

  /// Creates the list of a multi-value specifier's choices.
  public init(specifier: Specifier, page: SettingsSchema.Page, model: SettingsModel) {
    self.specifier = specifier
    self.page = page
    self.model = model
    super.init()
    localize()
    model.addObserver(self) { [weak self] in
      guard let self else { return }
      // The titles change with the language only; a choice changes just the ✓.
      if self.localizedLanguage != model.language { self.localize() }
      self.tableView.reloadData()
    }
  }

  deinit {
    model.removeObserver(self)
  }

  /// Takes the title and the choices in the model's language.
  private func localize() {
    localizedLanguage = model.language
    title = specifier.title.map { model.localized($0, on: page) } ?? specifier.key
    let titles = specifier.titles
    choices = zip(titles, specifier.values).map { (model.localized($0, on: page), $1) }
    if specifier.displaysSortedByTitle {
      choices.sort { $0.title < $1.title }
    }
  }

  /// The setting whose choices are listed, for `? N` on this screen.
  public func choiceValue(atRow row: Int) -> PropertyListValue? {
    row < choices.count ? choices[row].value : nil
  }

  /// Opens on the chosen value, as a long list in iOS Settings does.
  public override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    let current = specifier.key.flatMap { model.value(forKey: $0) }
    if let row = choices.firstIndex(where: { $0.value == current }) {
      tableView.scrollToRow(at: IndexPath(row: row, section: 0), at: .middle, animated: false)
    }
  }

  public override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int)
    -> Int
  {
    choices.count
  }

  public override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    let choice = choices[indexPath.row]
    let current = specifier.key.flatMap { model.value(forKey: $0) }
    return TableViewCell(
      text: choice.title,
      accessoryType: SpecifierValues.same(choice.value, current) ? .checkmark : .none)
  }

  public override func tableView(_ tableView: TableView, titleForFooterInSection section: Int)
    -> String?
  {
    specifier.footerText.map { model.localized($0, on: page) }
  }

  public override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    tableView.deselectRow(at: indexPath, animated: true)
    guard let key = specifier.key else { return }
    model.setValue(choices[indexPath.row].value, forKey: key)
    tableView.reloadData()
    if specifier.selectsQuickly {
      _ = navigationController?.popViewController(animated: true)
    }
  }
}
