import FileFormats
import SchemaKit
import TableKit
import Testing

@testable import SettingsKit
@testable import SettingsScreens

/// The network fixture's root screen in a navigation controller.
private func networkScreens(
  language: String = "en", stored: [PropertyListKey: PropertyListValue] = [:]
) throws -> (SettingsModel, SettingsPageViewController, NavigationController) {
  let model = try networkModel(language: language, stored: stored)
  let root = SettingsPageViewController(page: try #require(model.schema.rootPage), model: model)
  let navigation = NavigationController(rootViewController: root)
  navigation.viewWillAppear(false)
  return (model, root, navigation)
}

@Suite struct VisibleRowsScreenTests {
  @Test func rowsLeaveAndComeBackAsTheControllingValueChangesNumberedAsShown() throws {
    let (_, root, _) = try networkScreens()
    let shown = [
      "Wi-Fi", "Network Name", "Proxy", "Metered", "Sync",
    ]
    #expect(rows(of: root).map(\.text) == shown)
    #expect(select("Wi-Fi", in: root))
    #expect(rows(of: root).map(\.text) == ["Wi-Fi", "Metered", "Sync"])
    #expect(root.specifier(atRowNumber: 1)?.key == "metered", "rows are numbered as shown")
    #expect(root.tableView.numberOfSections == 2, "the hidden group's section is gone")
    #expect(select("Wi-Fi", in: root))
    #expect(rows(of: root).map(\.text) == shown)
  }

  @Test func aHiddenGroupTakesItsSectionWithItsHeader() throws {
    let (model, root, _) = try networkScreens(stored: ["proxy": "manual"])
    root.loadViewIfNeeded()
    let headers = { (0..<root.tableView.numberOfSections).map(root.tableView.headerTitle) }
    #expect(headers() == ["Wireless", "Proxy Server", "More"])
    #expect(rows(of: root).map(\.text).contains("Server"))
    model.setValue("off", forKey: "proxy")
    #expect(headers() == ["Wireless", "More"])
    #expect(!rows(of: root).map(\.text).contains("Server"))
  }

  @Test func aHiddenChildPaneHidesTheRowThatOpensItsPage() throws {
    let (model, root, _) = try networkScreens()
    #expect(!rows(of: root).map(\.text).contains("Advanced"))
    model.setValue("auto", forKey: "proxy")
    #expect(rows(of: root).map(\.text).contains("Advanced"))
    #expect(select("Advanced", in: root))
  }

  @Test func hiddenKeysDeleteAndInsertRowsKeepingTheOtherCells() throws {
    let (_, root, _) = try networkScreens()
    root.loadViewIfNeeded()
    let tableView = root.tableView
    let paths = (0..<5).compactMap { tableView.indexPath(forRowNumber: $0) }
    _ = tableView.showRows(paths)
    let syncCell = try #require(tableView.cellForRow(at: paths[4]))
    root.setHiddenKeys(["ssid", "metered"], animated: true)
    #expect(root.hiddenKeys == ["ssid", "metered"])
    #expect(rows(of: root).map(\.text) == ["Wi-Fi", "Proxy", "Sync"])
    let moved = try #require(tableView.indexPath(forRowNumber: 2))
    #expect(tableView.cellForRow(at: moved) === syncCell, "Sync's cell moved up, not made anew")
    root.setHiddenKeys([], animated: false)
    #expect(rows(of: root).map(\.text) == ["Wi-Fi", "Network Name", "Proxy", "Metered", "Sync"])
    #expect(tableView.cellForRow(at: paths[4]) === syncCell)
  }

  @Test func hidingAGroupsKeyDeletesItsSection() throws {
    let (model, root, _) = try networkScreens()
    root.loadViewIfNeeded()
    #expect(root.tableView.numberOfSections == 2)
    model.setHiddenKeys(["wifi"])
    #expect(rows(of: root).map(\.text) == ["Metered", "Sync"])
    model.setHiddenKeys([])
    #expect(rows(of: root).first?.text == "Wi-Fi")
  }

  @Test(arguments: [
    ("en", "Port is hidden (shown when Wi-Fi is On): showing Wi-Fi, row 1, which controls it."),
    ("ja", "Portは非表示です（Wi-Fiがオンのときに表示）。これを切り替えるWi-Fi（1行目）を表示します。"),
  ])
  func goingToAHiddenRowMarksTheRowThatShowsIt(language: String, message: String) throws {
    let (model, _, navigation) = try networkScreens(
      language: language, stored: ["wifi": false, "proxy": "manual"])
    let index = SettingsIndex(model: model)
    let port = try #require(index.byKey["port"])
    let reached = SettingPath.reach(port, index: index, in: navigation, model: model)
    #expect(reached.row == 0)
    #expect(reached.hiddenMessage == message)
    let top = navigation.topViewController
    #expect(top.tableView.indexPathForSelectedRow == IndexPath(row: 0, section: 0))
  }

  @Test func goingToARowShownReachesItWithoutAMessage() throws {
    let (model, _, navigation) = try networkScreens()
    let index = SettingsIndex(model: model)
    let reached = SettingPath.reach(
      try #require(index.byKey["ssid"]), index: index, in: navigation, model: model)
    #expect(reached.row == 1)
    #expect(reached.hiddenMessage == nil)
  }

  @Test func goingToARowTheHostHidesReachesNothing() throws {
    let (model, root, navigation) = try networkScreens()
    model.setHiddenKeys(["sync"])
    let index = SettingsIndex(model: model)
    let reached = SettingPath.reach(
      try #require(index.byKey["sync"]), index: index, in: navigation, model: model)
    #expect(reached.row == nil)
    #expect(reached.hiddenMessage == "Sync is hidden (hidden by the app).")
    #expect(navigation.topViewController === root)
  }

  @Test(arguments: [
    ("en", "Network › Network Name (hidden: shown when Wi-Fi is On)"),
    ("ja", "Network › ネットワーク名（非表示: Wi-Fiがオンのときに表示）"),
  ])
  func findSaysWhyAResultIsHidden(language: String, text: String) throws {
    let (model, _, navigation) = try networkScreens(language: language, stored: ["wifi": false])
    let index = SettingsIndex(model: model)
    let results = SettingsSearch.find("network name", in: index, model: model)
    let screen = SearchResultsViewController(
      query: "network name", results: results, index: index, model: model)
    navigation.pushViewController(screen, animated: false)
    #expect(rows(of: screen).first?.text.hasPrefix(text) == true)
    // Choosing it reaches the setting that shows it.
    #expect(select(try #require(rows(of: screen).first?.text), in: screen))
    #expect(navigation.topViewController.tableView.indexPathForSelectedRow?.row == 0)
    #expect(
      (navigation.topViewController as? SettingsPageViewController)?.specifier(atRowNumber: 0)?
        .key == "wifi")
  }
}
