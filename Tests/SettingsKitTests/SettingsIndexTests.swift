import TableKit
import Testing

@testable import FileFormats
@testable import SchemaKit
@testable import SettingsKit
@testable import SettingsScreens

/// A schema with a child pane, for index and search tests.
private let nested = """
  {"Title": "Settings", "PreferenceSpecifiers": [
    {"Type": "PSChildPaneSpecifier", "Title": "Display", "Children": {
      "Title": "Display", "PreferenceSpecifiers": [
        {"Type": "PSGroupSpecifier", "Title": "Text", "FooterText": "Bigger text is easier to read."},
        {"Type": "PSMultiValueSpecifier", "Title": "Text Size", "Key": "textSize", "DefaultValue": "m",
         "Titles": ["Small", "Medium", "Large"], "Values": ["s", "m", "l"]}
      ]}},
    {"Type": "PSToggleSwitchSpecifier", "Title": "Wi-Fi", "Key": "wifi", "DefaultValue": true}
  ],
  "Strings": {"ja": {"Settings": "設定", "Wi-Fi": "Wi-Fi", "Display": "画面表示"}}}
  """

private func nestedModel(language: String = "en") throws -> (SettingsModel, SettingsIndex) {
  let schema = try JSONSchemaReader.read(Array(nested.utf8), source: "nested.json")
  return (
    SettingsModel(schema: schema, storedValues: [:], language: language),
    SettingsIndex(schema: schema)
  )
}

@Suite struct SettingsIndexTests {
  @Test func indexesEveryPageWithBreadcrumbs() throws {
    let (model, index) = try nestedModel()
    #expect(index.keys == ["textSize", "wifi"])
    let entry = try #require(index.byKey["textSize"])
    #expect(index.breadcrumb(of: entry, model: model) == ["Settings", "Display", "Text Size"])
    let controllers = SettingPath.controllers(to: entry, model: model)
    #expect(controllers.map(\.title) == ["Settings", "Display"])
    #expect(controllers.last?.rowNumber(of: entry.specifier) == 0)
  }

  @Test func findSearchesTitlesChoicesFootersKeysAndOtherLanguages() throws {
    let (model, index) = try nestedModel()
    let large = SettingsSearch.find("larg", in: index, model: model)
    #expect(large.map(\.field) == ["choice"])
    #expect(large.first?.choice == "l")
    #expect(SettingsSearch.find("easier", in: index, model: model).map(\.field) == ["footer"])
    #expect(SettingsSearch.find("textsize", in: index, model: model).map(\.field) == ["key"])
    // Japanese text is found while the screens are in English.
    #expect(SettingsSearch.find("画面", in: index, model: model).map(\.matchedText) == ["Display"])
  }

  @Test func searchResultsJumpToTheChoiceListAndBackReturns() throws {
    let (model, index) = try nestedModel()
    let results = SettingsSearch.find("large", in: index, model: model)
    let screen = SearchResultsViewController(
      query: "large", results: results, index: index, model: model)
    let navigation = NavigationController(rootViewController: screen)
    #expect(rows(of: screen).first?.text == "Settings › Display › Text Size › Large")
    #expect(select("Settings › Display › Text Size › Large", in: screen))
    // The breadcrumb is the setting's real place; back returns to the results.
    #expect(navigation.titles == ["Settings", "Display", "Text Size"])
    let back = try #require(navigation.topViewController.navigationItem.leftBarButtonItem)
    back.primaryAction?.perform()
    #expect(navigation.topViewController === screen)
    #expect(navigation.viewControllers.count == 1)
  }

  @Test func aListOfChoicesScrollsToItsCheckmarkWhenItAppears() throws {
    let (model, index) = try nestedModel()
    let entry = try #require(index.byKey["textSize"])
    model.setValue("l", forKey: "textSize")
    let list = MultiValueViewController(specifier: entry.specifier, page: entry.page, model: model)
    list.loadViewIfNeeded()
    list.viewWillAppear(false)
    #expect(list.tableView.takeRequestedRowNumber() == 2)
  }

  @Test func aSettingFoundByTitleAndKeyIsListedOnce() throws {
    let (model, index) = try nestedModel()
    // "text" is in the title Text Size, in its key textSize and in the group "Text".
    let found = SettingsSearch.find("text", in: index, model: model)
    let keys = found.filter { $0.field != "choice" }.compactMap(\.entry.key)
    #expect(keys == ["textSize"])
    #expect(found.first { $0.entry.key == "textSize" }?.field == "title")
  }
}

@Suite struct SettingsChangesTests {
  @Test func changesAreSummarizedAsPageTitleOldNew() throws {
    let (model, index) = try nestedModel()
    model.setValue("l", forKey: "textSize")
    model.setValue(false, forKey: "wifi")
    #expect(
      model.changeSummaries(index: index) == [
        "Settings › Display › Text Size: Medium → Large", "Settings › Wi-Fi: On → Off",
      ])
  }

  @Test func aChangeAndItsReversalAreNoChange() throws {
    let (model, index) = try nestedModel()
    // Nothing stored: the default shows, and choosing it again is no change.
    model.setValue("l", forKey: "textSize")
    model.setValue("m", forKey: "textSize")
    #expect(model.changedKeys.isEmpty)
    #expect(model.changeSummaries(index: index).isEmpty)
    model.setValue(false, forKey: "wifi")
    model.setValue(true, forKey: "wifi")
    #expect(model.changedKeys.isEmpty)
    // Undoing back to the stored value is no change either.
    model.setValue("s", forKey: "textSize")
    model.setValue("l", forKey: "textSize")
    model.setValue("m", forKey: "textSize")
    model.undo()
    #expect(model.changedKeys == ["textSize"])
    model.undo()
    model.undo()
    #expect(model.changedKeys.isEmpty)
  }

  @Test func aStoredValueThatDoesNotFitIsReplacedByItsDefault() throws {
    let schema = try JSONSchemaReader.read(Array(nested.utf8), source: "nested.json")
    let model = SettingsModel(schema: schema, storedValues: ["textSize": "huge"], language: "en")
    model.setValue(nil, forKey: "textSize")
    #expect(model.changedKeys == ["textSize"])
  }

  @Test func undoRevertsOneChangeAtATime() throws {
    let (model, _) = try nestedModel()
    model.setValue("l", forKey: "textSize")
    model.setValue("s", forKey: "textSize")
    model.setValue(false, forKey: "wifi")
    #expect(model.undo()?.key == "wifi")
    #expect(model.value(forKey: "wifi") == true)
    #expect(model.undo()?.newValue == "s")
    #expect(model.value(forKey: "textSize") == "l")
    #expect(model.undo() != nil)
    #expect(model.value(forKey: "textSize") == "m")
    #expect(model.changedKeys.isEmpty)
    #expect(model.undo() == nil)
  }

  @Test func screensFollowUndoAndLanguageChanges() throws {
    let (model, _) = try nestedModel()
    let page = try #require(model.schema.rootPage)
    let root = SettingsPageViewController(page: page, model: model)
    #expect(select("Wi-Fi", in: root))
    #expect(rows(of: root).first { $0.text == "Wi-Fi" }?.detail == "• Off")
    model.undo()
    #expect(rows(of: root).first { $0.text == "Wi-Fi" }?.detail == "On")
    model.language = "ja"
    #expect(root.title == "設定")
    #expect(rows(of: root).first?.text == "画面表示")
  }

  @Test func describeNamesKeyTypeAllowedDefaultCurrentAndFooter() throws {
    let (model, index) = try nestedModel()
    let entry = try #require(index.byKey["textSize"])
    model.setValue("l", forKey: "textSize")
    let text = model.describe(
      entry.specifier, on: entry.page, footer: "Bigger text is easier to read.")
    #expect(text.contains("key:      textSize"))
    #expect(text.contains("type:     PSMultiValueSpecifier"))
    #expect(text.contains("allowed:  Small (s), Medium (m), Large (l)"))
    #expect(text.contains("default:  Medium"))
    #expect(text.contains("current:  Large  (changed from the default)"))
    #expect(text.contains("note:     Bigger text is easier to read."))
  }

  @Test func setAcceptsValuesTitlesInAnyLanguageAndRefusesTheRest() throws {
    let model = try embeddedModel(language: "en")
    let index = SettingsIndex(schema: model.schema)
    let entry = try #require(index.byKey["temperatureUnit"])
    func parse(_ text: String) -> Result<PropertyListValue, SettingValueError> {
      SettingValueParser.value(from: text, for: entry.specifier, on: entry.page, model: model)
    }
    #expect(try parse("fahrenheit").get() == "fahrenheit")
    #expect(try parse("華氏（°F）").get() == "fahrenheit")
    #expect(try parse("Celsius (°C)").get() == "celsius")
    guard case .failure(let error) = parse("kelvin") else {
      Issue.record("kelvin was accepted")
      return
    }
    #expect(
      error.description.contains("Allowed: Celsius (°C) (celsius), Fahrenheit (°F) (fahrenheit)"))
    let toggle = try #require(index.byKey["liveText"])
    #expect(
      try SettingValueParser.value(
        from: "off", for: toggle.specifier, on: toggle.page, model: model
      )
      .get() == false)
  }
}
