import FileFormats
import Glibc
import SchemaKit
import TableKit
import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsScreens

/// A page that opens adds its keys to the model's index of settings by key as its rows ask
/// for them, in the order pages were shown: the first setting of a key still wins.
@Suite struct ShownPagesIndexTests {
  /// A root with panes A (200 toggles `k0`…`k199`, then `shared`, on by default) and B
  /// (`shared`, off by default, then `b1`).
  private let twoPanes: [UInt8] = {
    let toggles = (0..<200).map {
      #"{"Type": "PSToggleSwitchSpecifier", "Title": "K\#($0)", "Key": "k\#($0)", "#
        + #""DefaultValue": \#($0 % 2 == 0)}"#
    }
    let a =
      toggles
      + [
        #"{"Type": "PSToggleSwitchSpecifier", "Title": "Shared", "Key": "shared", "DefaultValue": true}"#
      ]
    let b = [
      #"{"Type": "PSToggleSwitchSpecifier", "Title": "Shared", "Key": "shared", "DefaultValue": false}"#,
      #"{"Type": "PSToggleSwitchSpecifier", "Title": "B1", "Key": "b1", "DefaultValue": true}"#,
    ]
    return Array(
      """
      {"Title": "Root", "PreferenceSpecifiers": [
        {"Type": "PSChildPaneSpecifier", "Title": "A", "File": "A", "Children": {
          "Title": "A", "PreferenceSpecifiers": [\(a.joined(separator: ","))]}},
        {"Type": "PSChildPaneSpecifier", "Title": "B", "File": "B", "Children": {
          "Title": "B", "PreferenceSpecifiers": [\(b.joined(separator: ","))]}}
      ]}
      """.utf8)
  }()

  private func model() throws -> SettingsModel {
    let schema = try JSONSchemaReader.read(twoPanes, source: "two-panes.json")
    return SettingsModel(schema: schema, storedValues: [:], language: "en")
  }

  /// The first `count` rows of a page as its screen shows them.
  private func shownRows(
    of page: SettingsSchema.Page, model: SettingsModel, count: Int
  ) -> [TableViewCell?] {
    let controller = SettingsPageViewController(page: page, model: model)
    controller.loadViewIfNeeded()
    return controller.tableView.showRows((0..<count).map { IndexPath(row: $0, section: 0) })
  }

  @Test func aPageThatOpensIndexesTheKeysOfTheRowsShown() throws {
    let model = try model()
    let page = try #require(model.page(named: "A"))
    let cells = shownRows(of: page, model: model, count: 10)
    #expect(cells.map { $0?.detailText } == (0..<10).map { $0 % 2 == 0 ? "On" : "Off" })
    #expect(model.indexedKeyCount < 30, "the 201 keys of the page are not all indexed")
    // A key further down the page is found, and its setting is the page's.
    #expect(model.defaultValue(forKey: "k150") == .bool(true))
    #expect(model.defaultValue(forKey: "k151") == .bool(false))
    #expect(model.indexedKeyCount < 200)
  }

  @Test func aKeyOfTwoPagesFollowsTheSettingOfThePageShownFirst() throws {
    let model = try model()
    let a = try #require(model.page(named: "A"))
    _ = shownRows(of: a, model: model, count: 5)
    let b = try #require(model.page(named: "B"))
    // B's first row has A's key `shared`, past the rows of A indexed so far: A was shown
    // first, so A's setting gives the default (on), not B's (off).
    let cells = shownRows(of: b, model: model, count: 2)
    #expect(cells.map { $0?.detailText } == ["On", "On"])
    #expect(model.defaultValue(forKey: "shared") == .bool(true))
    #expect(model.defaultValue(forKey: "b1") == .bool(true))
  }

  @Test func aKeyNoPageShownHasIndexesEveryPage() throws {
    let model = try model()
    let a = try #require(model.page(named: "A"))
    _ = shownRows(of: a, model: model, count: 3)
    #expect(model.value(forKey: "nowhere") == nil)
    #expect(model.indexedKeyCount == 202)
    #expect(model.defaultValue(forKey: "shared") == .bool(true))
    #expect(model.defaultValue(forKey: "b1") == .bool(true))
  }

  @Test func storedValuesOfAPageThatOpensAreCheckedWhenItOpens() throws {
    let schema = try JSONSchemaReader.read(twoPanes, source: "two-panes.json")
    let model = SettingsModel(
      schema: schema, storedValues: ["k199": .array([]), "b1": false], language: "en")
    var later: [String] = []
    model.laterStoredValueWarnings = { later += $0 }
    #expect(model.storedValueWarnings.isEmpty)
    _ = model.page(named: "A")
    // Its last setting's stored value is checked as the page opens, before any row asks.
    #expect(later.count == 1)
    #expect(later.first?.contains("k199") == true)
  }

  @Test func aLanguageFirstReadWithAPaneTranslatesThatPane() throws {
    // The generated bundle without `ja.lproj/Root.strings`: Japanese is read with the
    // first pane's strings, after the root's table was resolved without it.
    let generated = GeneratedSchema(panes: 1, settingsPerPane: 8)
    let folder = try TemporaryFolder()
    let path = folder.file("Gen.bundle")
    try generated.writeBundle(to: path)
    #expect(unlink(path + "/ja.lproj/Root.strings") == 0)
    let schema = try SchemaLoader.load(path: path, lazily: true)
    let model = SettingsModel(schema: schema, storedValues: [:], language: "ja")
    let root = try #require(model.schema.rootPage)
    #expect(
      rows(of: SettingsPageViewController(page: root, model: model)).map(\.text) == ["Pane 0"])
    let pane = try #require(model.page(named: "Pane0"))
    let titles = rows(of: SettingsPageViewController(page: pane, model: model)).map(\.text)
    #expect(titles.first == "トグル 0")
  }
}
