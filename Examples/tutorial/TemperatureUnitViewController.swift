import TableKit

/// The second screen: 温度単位, a list of the units with a ✓ on the chosen one.
final class TemperatureUnitViewController: TableViewController {
  private let settings: Settings

  init(settings: Settings) {
    self.settings = settings
    super.init()
    title = "温度単位"
  }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    TemperatureUnit.allCases.count
  }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    let unit = TemperatureUnit.allCases[indexPath.row]
    let cell = TableViewCell(style: .default)
    cell.text = unit.title
    cell.accessoryType = unit == settings.temperatureUnit ? .checkmark : .none
    return cell
  }

  override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    tableView.deselectRow(at: indexPath, animated: true)
    settings.temperatureUnit = TemperatureUnit.allCases[indexPath.row]
    tableView.reloadData()
  }
}
