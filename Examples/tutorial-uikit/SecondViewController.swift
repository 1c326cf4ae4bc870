import TableKit

/// The second screen: the units, with a ✓ on the chosen one that moves on the cells shown,
/// and a back button that hands the unit to the first screen.
final class SecondViewController: ViewController, TableViewDataSource, TableViewDelegate {
  let temperatureUnits = ["摂氏（°C）", "華氏（°F）"]
  var temperatureUnit = ""

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "温度単位"
    tableView.dataSource = self
    tableView.delegate = self
    // The storyboard's prototype cell.
    tableView.register(.default, forCellReuseIdentifier: "second")
    navigationItem.leftBarButtonItem = BarButtonItem(
      title: "言語と地域",
      primaryAction: Action { [weak self] _ in
        self?.goBack()
      })
  }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    temperatureUnits.count
  }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "second", for: indexPath)
    let unit = temperatureUnits[indexPath.row]
    cell.textLabel?.text = unit
    cell.accessoryType = unit == temperatureUnit ? .checkmark : .none
    return cell
  }

  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    tableView.deselectRow(at: indexPath, animated: true)
    temperatureUnit = temperatureUnits[indexPath.row]
    for cell in tableView.visibleCells {
      cell.accessoryType = .none
    }
    tableView.cellForRow(at: indexPath)?.accessoryType = .checkmark
  }

  private func goBack() {
    guard let navigationController else { return }
    let count = navigationController.viewControllers.count
    if let first = navigationController.viewControllers[count - 2] as? FirstViewController {
      first.temperatureUnit = temperatureUnit
    }
    navigationController.popViewController(animated: true)
  }
}
