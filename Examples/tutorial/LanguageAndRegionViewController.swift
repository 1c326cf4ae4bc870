import TableKit

/// The first screen: 言語と地域, with one row that shows the temperature unit and opens the
/// list of units.
final class LanguageAndRegionViewController: TableViewController {
  private let settings: Settings

  init(settings: Settings) {
    self.settings = settings
    super.init()
    title = "言語と地域"
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    tableView.reloadData()
  }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    1
  }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    let cell = TableViewCell(style: .value1)
    cell.text = "温度単位"
    cell.detailText = settings.temperatureUnit.title
    cell.accessoryType = .disclosureIndicator
    return cell
  }

  override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    tableView.deselectRow(at: indexPath, animated: true)
    let unitViewController = TemperatureUnitViewController(settings: settings)
    navigationController?.pushViewController(unitViewController, animated: true)
  }
}
