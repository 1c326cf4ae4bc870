import TableKit
import TestSupport
import Testing

@testable import SchemaKit
@testable import SettingsKit
@testable import SettingsScreens

/// The InAppSettingsKit sample bundle, walked as a person would: every child pane, in English
/// and in German.
@Suite struct FixtureWalkTests {
  static let sample = PackagePaths.sampleBundle

  /// Selects every row with `›` on a screen, recursively, and returns the titles of the
  /// screens reached (each page once).
  private func walk(
    _ navigation: NavigationController, seen: inout Set<String>, titles: inout [String]
  ) {
    let top = navigation.topViewController
    let tableView = top.tableView
    for number in 0..<tableView.totalNumberOfRows {
      guard let indexPath = tableView.indexPath(forRowNumber: number),
        let cell = tableView.currentCell(at: indexPath), cell.accessoryType == .disclosureIndicator
      else { continue }
      let depth = navigation.viewControllers.count
      tableView.userSelectRow(at: indexPath)
      guard navigation.viewControllers.count == depth + 1 else {
        Issue.record("row \(number + 1) (\(cell.text ?? "")) of \(top.title ?? "") opened nothing")
        continue
      }
      let pushed = navigation.topViewController
      let name = (pushed as? SettingsPageViewController)?.page.name ?? "list:\(pushed.title ?? "")"
      titles.append(pushed.title ?? "")
      if seen.insert(name).inserted, pushed is SettingsPageViewController {
        walk(navigation, seen: &seen, titles: &titles)
      }
      navigation.popViewController(animated: true)
    }
  }

  @Test(arguments: [("en", "Advanced", "Toggle Switch"), ("de", "Erweitert", "Toggle Schalter")])
  func everyChildPaneOpensWithLocalizedTitles(language: String, advanced: String, toggle: String)
    throws
  {
    let schema = try SchemaLoader.load(path: Self.sample, inApp: true)
    let model = SettingsModel(schema: schema, storedValues: [:], language: language)
    let root = SettingsPageViewController(page: try #require(schema.rootPage), model: model)
    let navigation = NavigationController(rootViewController: root)
    navigation.viewWillAppear(false)
    #expect(rows(of: root).first?.text == toggle, "\(toggle), not TOGGLE_SWITCH")

    var seen: Set<String> = [schema.rootPageName]
    var titles: [String] = []
    walk(navigation, seen: &seen, titles: &titles)
    #expect(titles.contains(advanced))
    // Every page of the bundle that a child pane names was reached.
    let specifiers: [Specifier] = schema.pages.values.flatMap { $0.specifiers }
    let files = specifiers.filter { $0.kind == .childPane }.compactMap { $0.file }
    // List-group item pages edit one item of a list; they are not opened by a row.
    let named = Set(files).filter { schema.pages[$0] != nil }
    #expect(named.isSubset(of: seen), "not reached: \(named.subtracting(seen))")
    #expect(navigation.viewControllers.count == 1)
  }

  @Test func malformedPageShowsItsErrorAsARowAndTheRestWorks() throws {
    let path = PackagePaths.testsBundle + "/Malformed.plist"
    let schema = try SchemaLoader.load(path: path)
    let problems = SchemaLinter.lint(schema)
    let mismatch = try #require(problems.errors.first)
    #expect(mismatch.description.contains("Malformed.plist"))
    #expect(mismatch.description.contains("PreferenceSpecifiers[0]"))
    #expect(mismatch.description.contains("Titles has 2 entries but Values has 1 entry"))
  }
}
