import FileFormats
import SchemaKit
import TestSupport
import Testing

@testable import SettingsKit

/// The network fixture (`Tests/Fixtures/VisibleWhen/network.json`) over stored values.
func networkModel(
  language: String = "en", stored: [PropertyListKey: PropertyListValue] = [:]
) throws -> SettingsModel {
  let schema = try SchemaLoader.load(path: PackagePaths.fixtures + "/VisibleWhen/network.json")
  return SettingsModel(schema: schema, storedValues: stored, language: language)
}

/// The titles of a page's specifiers hidden now, in page order.
private func hiddenTitles(_ model: SettingsModel, page name: String = "Root") throws -> [String] {
  let page = try #require(model.page(named: name))
  let hidden = model.hiddenSpecifierIndices(on: page)
  return page.specifiers.filter { hidden.contains($0.index) }.map { $0.title ?? "" }
}

/// Why the specifier titled `title` on the root page is hidden, in words.
private func reason(_ title: String, _ model: SettingsModel) throws -> String? {
  let page = try #require(model.schema.rootPage)
  let position = try #require(page.specifiers.firstIndex { $0.title == title })
  return model.hiding(ofSpecifierAt: position, on: page).map(model.reason(for:))
}

/// An owner of an observation.
private final class Observer {}

@Suite struct VisibilityTests {
  @Test func aRowFollowsTheStoredValueElseTheDefault() throws {
    // Wi-Fi is on by default: its rows show.
    #expect(try hiddenTitles(try networkModel()).contains("Network Name") == false)
    let stored = try networkModel(stored: ["wifi": false])
    #expect(try hiddenTitles(stored).starts(with: ["Network Name", "Proxy"]))
    let changed = try networkModel()
    changed.setValue(false, forKey: "wifi")
    #expect(try reason("Network Name", changed) == "shown when Wi-Fi is On")
    changed.setValue(.integer(1), forKey: "wifi")
    #expect(try reason("Network Name", changed) == nil, "1 is NSNumber's true")
  }

  @Test func notValuesShowTheRowForAnyOtherValue() throws {
    let model = try networkModel()
    #expect(try hiddenTitles(model).contains("Advanced"))
    #expect(try reason("Advanced", model) == "shown when Proxy is not Off")
    model.setValue("auto", forKey: "proxy")
    #expect(try !hiddenTitles(model).contains("Advanced"))
  }

  @Test func anArrayHoldsWhenAllItsConditionsDo() throws {
    let model = try networkModel(stored: ["proxy": "manual"])
    #expect(try !hiddenTitles(model).contains("Proxy Server"))
    model.setValue(false, forKey: "wifi")
    #expect(try reason("Proxy Server", model) == "shown when Wi-Fi is On")
    model.setValue(true, forKey: "wifi")
    model.setValue("auto", forKey: "proxy")
    #expect(try reason("Proxy Server", model) == "shown when Proxy is Manual")
  }

  @Test func aHiddenGroupTakesItsRowsUpToTheNextGroup() throws {
    let model = try networkModel()
    let hidden = try hiddenTitles(model)
    #expect(hidden.contains("Proxy Server"))
    #expect(hidden.contains("Server") && hidden.contains("Port"))
    #expect(!hidden.contains("Metered"), "the next group's rows stay")
  }

  @Test func aToggleWithTrueValueComparesWhatItStores() throws {
    let model = try networkModel()
    #expect(try reason("Data Limit", model) == "shown when Metered is On")
    model.setValue("YES", forKey: "metered")
    #expect(try reason("Data Limit", model) == nil)
  }

  @Test func aRowWhoseControllingSettingIsHiddenIsHiddenToo() throws {
    // Advanced is shown while Proxy is not Off; Proxy is shown while Wi-Fi is on.
    let model = try networkModel(stored: ["proxy": "auto", "wifi": false])
    #expect(try reason("Advanced", model) == "shown when Wi-Fi is On")
    let root = try #require(model.schema.rootPage)
    let hiding = try #require(model.hiding(ofSpecifierAt: 10, on: root))
    #expect(hiding.controllingKey == "wifi")
  }

  @Test func aCycleCountsAsShownAndEnds() throws {
    let json = """
      {"PreferenceSpecifiers": [
        {"Type": "PSToggleSwitchSpecifier", "Title": "A", "Key": "a", "DefaultValue": true,
         "VisibleWhen": {"Key": "b", "Values": [true]}},
        {"Type": "PSToggleSwitchSpecifier", "Title": "B", "Key": "b", "DefaultValue": true,
         "VisibleWhen": {"Key": "a", "Values": [true]}}]}
      """
    let schema = try JSONSchemaReader.read(Array(json.utf8), source: "cycle.json")
    let model = SettingsModel(schema: schema, storedValues: [:], language: "en")
    #expect(try hiddenTitles(model) == [])
  }

  @Test func aConditionNamingNoSettingLeavesTheRowShownAsLintSays() throws {
    let json = """
      {"PreferenceSpecifiers": [
        {"Type": "PSGroupSpecifier", "Title": "G", "Key": "group"},
        {"Type": "PSToggleSwitchSpecifier", "Title": "A", "Key": "a", "DefaultValue": true,
         "VisibleWhen": {"Key": "missing", "Values": [true]}},
        {"Type": "PSToggleSwitchSpecifier", "Title": "B", "Key": "b", "DefaultValue": true,
         "VisibleWhen": {"Key": "group", "Values": [true]}}]}
      """
    let schema = try JSONSchemaReader.read(Array(json.utf8), source: "missing.json")
    let model = SettingsModel(schema: schema, storedValues: ["missing": false], language: "en")
    #expect(try hiddenTitles(model) == [])
  }

  @Test func hiddenKeysHideRowsAndGroupsAndWhatTheyShow() throws {
    let model = try networkModel()
    var notified = 0
    let owner = Observer()
    model.addObserver(owner) { notified += 1 }
    model.setHiddenKeys(["sync", "wifi"])
    #expect(notified == 1)
    let hidden = try hiddenTitles(model)
    #expect(hidden.contains("Sync") && hidden.contains("Wi-Fi"))
    #expect(hidden.contains("Network Name"), "shown only while Wi-Fi, hidden, is on")
    #expect(try reason("Sync", model) == "hidden by the app")
    model.setHiddenKeys(["sync", "wifi"])
    #expect(notified == 1, "the same keys change nothing")
    model.setHiddenKeys([])
    #expect(try !hiddenTitles(model).contains("Sync"))
  }

  @Test func reasonsAreInTheModelsLanguage() throws {
    let model = try networkModel(language: "ja", stored: ["wifi": false, "proxy": "manual"])
    #expect(try reason("Network Name", model) == "Wi-Fiがオンのときに表示")
    model.setValue(true, forKey: "wifi")
    model.setValue("off", forKey: "proxy")
    #expect(try reason("Proxy Server", model) == "プロキシが手動のときに表示")
    #expect(try reason("Advanced", model) == "プロキシがオフ以外のときに表示")
    model.setHiddenKeys(["sync"])
    #expect(try reason("Sync", model) == "アプリにより非表示")
  }

  /// `? N` says when a row is shown, while it is: its own conditions, then its group's.
  @Test(arguments: [
    ("en", "  shown:    when Wi-Fi is On", "  shown:    when Proxy is Manual"),
    ("ja", "  表示:       Wi-Fiがオンのとき", "  表示:       プロキシが手動のとき"),
  ])
  func describingARowSaysWhenItIsShown(language: String, wifi: String, proxy: String) throws {
    let model = try networkModel(language: language, stored: ["proxy": "manual"])
    let page = try #require(model.schema.rootPage)
    func described(_ title: String) throws -> [String] {
      let specifier = try #require(page.specifiers.first { $0.title == title })
      return model.describe(specifier, on: page, footer: nil)
        .split(separator: "\n").map(String.init)
    }
    #expect(try described("Network Name").contains(wifi))
    // A row of the Proxy Server group: the group's two conditions.
    let server = try described("Server")
    #expect(server.contains(wifi) && server.contains(proxy), "\(server)")
    #expect(try !described("Wi-Fi").contains { $0.hasPrefix(String(wifi.prefix(8))) })
  }

  @Test func hiddenRowsKeepTheirValues() throws {
    let model = try networkModel(stored: ["ssid": "office"])
    model.setValue(false, forKey: "wifi")
    model.setValue("cafe", forKey: "ssid")
    #expect(model.value(forKey: "ssid") == "cafe")
    #expect(model.changedKeys.contains("ssid"))
  }
}
