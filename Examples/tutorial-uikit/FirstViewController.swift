import TableKit

/// The first screen, as a storyboard app writes it: a view controller with a table view, a
/// prototype cell "first" and a segue "next" to the list of units.
final class FirstViewController: ViewController, TableViewDataSource, TableViewDelegate {
  var temperatureUnit = "摂氏（°C）"

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "言語と地域"
    tableView.dataSource = self
    tableView.delegate = self
    // The storyboard's prototype cell and segue.
    tableView.register(FirstCell.self, forCellReuseIdentifier: "first")
    registerSegue(withIdentifier: "next") { SecondViewController() }
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    tableView.reloadData()
  }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    1
  }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "first", for: indexPath)
    cell.textLabel?.text = "温度単位"
    cell.detailTextLabel?.text = temperatureUnit
    return cell
  }

  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    tableView.deselectRow(at: indexPath, animated: true)
    performSegue(withIdentifier: "next", sender: nil)
  }

  override func prepare(for segue: StoryboardSegue, sender: Any?) {
    if segue.identifier == "next", let second = segue.destination as? SecondViewController {
      second.temperatureUnit = temperatureUnit
    }
  }
}

/// The storyboard's prototype cell "first": Right Detail, with a disclosure indicator.
final class FirstCell: TableViewCell {
  required init(style: Style, reuseIdentifier: String?) {
    super.init(style: .value1, reuseIdentifier: reuseIdentifier)
    accessoryType = .disclosureIndicator
  }
}
