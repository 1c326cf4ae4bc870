import SchemaKit
import SettingsKit
import TableKit

/// The results of `find`, numbered, each with its full breadcrumb. Choosing one opens the
/// screen it is on (for a choice: the list of choices); `back` returns here.
public final class SearchResultsViewController: TableViewController {
  private let results: [SettingsSearch.Result]
  private let index: SettingsIndex
  private let model: SettingsModel
  private let query: String

  /// Creates the results screen for a search.
  public init(
    query: String, results: [SettingsSearch.Result], index: SettingsIndex, model: SettingsModel
  ) {
    self.results = results
    self.index = index
    self.model = model
    self.query = query
    super.init()
    title = model.messages.text(.searchTitle, query)
    // The title and the breadcrumbs are in the model's language: `lang` shows them anew.
    model.addObserver(self) { [weak self] in
      guard let self else { return }
      title = self.model.messages.text(.searchTitle, self.query)
      tableView.reloadData()
    }
  }

  deinit {
    model.removeObserver(self)
  }

  public override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
  {
    results.count
  }

  public override func tableView(_ tableView: TableView, titleForFooterInSection section: Int)
    -> String?
  {
    results.isEmpty ? model.messages.text(.nothingFound) : nil
  }

  public override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    let result = results[indexPath.row]
    var place = index.breadcrumb(of: result.entry, model: model)
    if result.field == "choice" { place.append(result.matchedText) }
    if result.field == "footer" {
      // A footer under its group's name, else its first setting's, else its page's; the
      // footer's text on the line below.
      place.removeLast()
      if let name = footerOwner(of: result.entry) { place.append(name) }
      let cell = TableViewCell(
        style: .subtitle,
        text: model.messages.text(.searchFooterOf, place.joined(separator: " › ")),
        detailText: result.matchedText)
      cell.accessoryType = .disclosureIndicator
      return cell
    }
    let cell = TableViewCell(style: .subtitle)
    let path = place.joined(separator: " › ")
    cell.text =
      result.field == "title" || result.field == "choice"
      ? path
      : model.messages.text(.searchFoundIn, path, fieldName(result.field), result.matchedText)
    // A row hidden now says why; choosing it reaches the setting that shows it.
    if let hidden = SettingPath.hiding(of: result.entry, model: model) {
      cell.text = model.messages.text(
        .searchHiddenRow, cell.text ?? "", model.reason(for: hidden.hiding))
    }
    cell.detailText = nil
    cell.accessoryType = .disclosureIndicator
    return cell
  }

  /// What names the section a footer belongs to: its group's title, else the first setting
  /// of the group (its title, else its key); a multi-value's own footer, the multi-value.
  /// `nil` for an untitled group without a setting: the page names it.
  private func footerOwner(of entry: SettingsIndex.Entry) -> String? {
    func name(_ specifier: Specifier) -> String? {
      let title = specifier.title.map { model.localized($0, on: entry.page) } ?? ""
      return title.isEmpty ? specifier.key : title
    }
    let group = entry.specifier
    guard group.kind == .group else { return name(group) }
    if let title = name(group) { return title }
    let specifiers = entry.page.specifiers
    guard let start = specifiers.firstIndex(where: { $0.index == group.index }) else {
      return nil
    }
    for specifier in specifiers[(start + 1)...] {
      if [.group, .radioGroup, .listGroup].contains(specifier.kind) { return nil }
      if let found = name(specifier) { return found }
    }
    return nil
  }

  /// What a result says it matched (a key, a value), in the model's language.
  private func fieldName(_ field: String) -> String {
    switch field {
    case "key": model.messages.text(.searchFieldKey)
    case "value": model.messages.text(.searchFieldValue)
    default: field
    }
  }

  public override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    tableView.deselectRow(at: indexPath, animated: true)
    let result = results[indexPath.row]
    let entry = result.entry
    guard let navigationController else { return }
    // The setting's real place: the pages on its path (and the list, for a choice), so that
    // the breadcrumb names where it lives; `back` from there returns to these results.
    SettingPath.reach(
      entry, choice: result.choice, index: index, in: navigationController, model: model,
      returningTo: (title, navigationController.viewControllers))
  }
}
