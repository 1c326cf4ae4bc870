import Testing

@testable import TableKit

/// The origin tutorial's two view controllers, ported to TableKit with no terminal: a
/// Language & Region screen with a 温度単位 row, and the list of units it pushes.
private enum TemperatureUnit: CaseIterable {
  case celsius, fahrenheit

  var title: String {
    switch self {
    case .celsius: "摂氏（°C）"
    case .fahrenheit: "華氏（°F）"
    }
  }
}

private final class Settings {
  var temperatureUnit = TemperatureUnit.celsius
}

private final class LanguageAndRegionViewController: TableViewController {
  let settings: Settings
  var reloadCount = 0

  init(settings: Settings) {
    self.settings = settings
    super.init()
    title = "言語と地域"
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    reloadCount += 1
    tableView.reloadData()
  }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 1 }

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
    navigationController?.pushViewController(
      TemperatureUnitViewController(settings: settings), animated: true)
  }
}

private final class TemperatureUnitViewController: TableViewController {
  let settings: Settings

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
    return TableViewCell(
      text: unit.title, accessoryType: unit == settings.temperatureUnit ? .checkmark : .none)
  }

  override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    settings.temperatureUnit = TemperatureUnit.allCases[indexPath.row]
    tableView.deselectRow(at: indexPath, animated: true)
    tableView.reloadData()
  }
}

@Suite("The tutorial, ported to TableKit")
struct TutorialPortTests {
  @Test func rootShowsTheTemperatureUnitWithItsValue() throws {
    let root = LanguageAndRegionViewController(settings: Settings())
    let navigation = NavigationController(rootViewController: root)
    navigation.viewWillAppear(false)
    let cell = try #require(root.tableView.currentCell(at: IndexPath(row: 0, section: 0)))
    #expect(cell.text == "温度単位")
    #expect(cell.detailText == "摂氏（°C）")
    #expect(cell.accessoryType == .disclosureIndicator)
    #expect(navigation.backButtonTitle == nil)
  }

  @Test func selectingTheRowPushesTheChoicesWithACheckmark() throws {
    let root = LanguageAndRegionViewController(settings: Settings())
    let navigation = NavigationController(rootViewController: root)
    navigation.viewWillAppear(false)
    root.tableView.userSelectRow(at: IndexPath(row: 0, section: 0))

    let list = try #require(navigation.topViewController as? TemperatureUnitViewController)
    #expect(navigation.viewControllers.count == 2)
    #expect(navigation.backButtonTitle == "言語と地域")
    let marks = (0..<2).compactMap {
      list.tableView.currentCell(at: IndexPath(row: $0, section: 0))?.accessoryType
    }
    #expect(marks == [.checkmark, .none])
  }

  @Test func choosingFahrenheitMovesTheCheckmarkAndBackShowsIt() throws {
    let settings = Settings()
    let root = LanguageAndRegionViewController(settings: settings)
    let navigation = NavigationController(rootViewController: root)
    navigation.viewWillAppear(false)
    root.tableView.userSelectRow(at: IndexPath(row: 0, section: 0))
    let list = navigation.topViewController

    list.tableView.userSelectRow(at: IndexPath(row: 1, section: 0))
    let marks = (0..<2).compactMap {
      list.tableView.currentCell(at: IndexPath(row: $0, section: 0))?.accessoryType
    }
    #expect(marks == [.none, .checkmark])
    #expect(settings.temperatureUnit == .fahrenheit)

    let reloadsBefore = root.reloadCount
    #expect(navigation.popViewController(animated: true) === list)
    #expect(root.reloadCount == reloadsBefore + 1, "viewWillAppear reloads the root")
    let cell = try #require(root.tableView.currentCell(at: IndexPath(row: 0, section: 0)))
    #expect(cell.detailText == "華氏（°F）")
  }
}
