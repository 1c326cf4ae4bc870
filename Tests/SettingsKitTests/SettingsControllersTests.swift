import TableKit
import Testing

@testable import SettingsKit
@testable import SettingsScreens

@Suite("The embedded Language & Region screens")
struct SettingsControllersTests {
  @Test func japaneseRootShowsTheTemperatureUnitInCelsius() throws {
    let model = try embeddedModel(language: "ja")
    let page = try #require(model.schema.rootPage)
    let root = SettingsPageViewController(page: page, model: model)
    #expect(root.title == "言語と地域")
    let row = try #require(rows(of: root).first { $0.text == "温度単位" })
    #expect(row.detail == "摂氏（°C）")
  }

  @Test func englishRootShowsTheSameRowsInEnglish() throws {
    let model = try embeddedModel(language: "en")
    let page = try #require(model.schema.rootPage)
    let root = SettingsPageViewController(page: page, model: model)
    #expect(root.title == "Language & Region")
    let texts = rows(of: root).map(\.text)
    #expect(
      texts == [
        "Device Language", "Region", "Calendar", "Temperature Unit", "Measurement System",
        "First Day of Week", "Date Format", "Number Format", "Live Text",
      ])
    #expect(rows(of: root).first { $0.text == "Calendar" }?.detail == "Gregorian")
  }

  @Test(arguments: [
    ("ja", "温度単位", "摂氏（°C）", "華氏（°F）", "言語と地域"),
    ("en", "Temperature Unit", "Celsius (°C)", "Fahrenheit (°F)", "Language & Region"),
  ])
  func tutorialFlow(
    language: String, row: String, celsius: String, fahrenheit: String, back: String
  ) throws {
    let model = try embeddedModel(language: language)
    let page = try #require(model.schema.rootPage)
    let root = SettingsPageViewController(page: page, model: model)
    let navigation = NavigationController(rootViewController: root)
    navigation.viewWillAppear(false)

    #expect(select(row, in: root))
    let list = navigation.topViewController
    #expect(list.title == row)
    #expect(navigation.backButtonTitle == back)
    let marks = (0..<2).compactMap {
      list.tableView.currentCell(at: IndexPath(row: $0, section: 0))?.accessoryType
    }
    #expect(marks == [.checkmark, .none])
    #expect(rows(of: list).map(\.text) == [celsius, fahrenheit])

    #expect(select(fahrenheit, in: list))
    let moved = (0..<2).compactMap {
      list.tableView.currentCell(at: IndexPath(row: $0, section: 0))?.accessoryType
    }
    #expect(moved == [.none, .checkmark])

    navigation.popViewController(animated: true)
    #expect(rows(of: root).first { $0.text == row }?.detail == "• " + fahrenheit)
    #expect(model.changedKeys == ["temperatureUnit"])
    #expect(model.values["temperatureUnit"] == "fahrenheit")
  }

  /// Going back to a page shows the cells it showed when nothing changed meanwhile (a page
  /// of many rows makes none of them again), and new ones showing the change when a value
  /// or the language changed.
  @Test func backKeepsThePageCellsUntilSomethingChanges() throws {
    let model = try embeddedModel(language: "en")
    let root = SettingsPageViewController(page: try #require(model.schema.rootPage), model: model)
    let navigation = NavigationController(rootViewController: root)
    navigation.viewWillAppear(false)
    let tableView = root.tableView
    let shownRows = (0..<tableView.totalNumberOfRows).compactMap(tableView.indexPath(forRowNumber:))
    let first = tableView.showRows(shownRows)
    let unit = try #require(rowNumber(of: "Temperature Unit", in: root))

    // Into the list and back without choosing: the same cells.
    #expect(select("Temperature Unit", in: root))
    navigation.popViewController(animated: true)
    let kept = tableView.showRows(shownRows)
    #expect(zip(first, kept).allSatisfy { $0 === $1 })

    // A choice made on the list: the page shows it on new cells.
    #expect(select("Temperature Unit", in: root))
    #expect(select("Fahrenheit (°F)", in: navigation.topViewController))
    navigation.popViewController(animated: true)
    let changed = tableView.showRows(shownRows)
    #expect(changed[unit] !== kept[unit])
    #expect(changed[unit]?.detailText == "• Fahrenheit (°F)")

    // Another language, changed while a list is on top.
    #expect(select("Temperature Unit", in: root))
    model.language = "ja"
    navigation.popViewController(animated: true)
    let japanese = tableView.showRows(shownRows)
    #expect(japanese[unit]?.text == "温度単位")
  }

  @Test func toggleFlipsAndShowsOnOff() throws {
    let model = try embeddedModel(language: "ja")
    let page = try #require(model.schema.rootPage)
    let root = SettingsPageViewController(page: page, model: model)
    #expect(rows(of: root).first { $0.text == "テキスト認識表示" }?.detail == "オン")
    #expect(select("テキスト認識表示", in: root))
    #expect(rows(of: root).first { $0.text == "テキスト認識表示" }?.detail == "• オフ")
    #expect(model.values["liveText"] == false)
  }

  @Test func sortedChoicesAreSortedByLocalizedTitle() throws {
    let model = try embeddedModel(language: "en")
    let page = try #require(model.schema.rootPage)
    let root = SettingsPageViewController(page: page, model: model)
    let navigation = NavigationController(rootViewController: root)
    #expect(select("Region", in: root))
    let titles = rows(of: navigation.topViewController).map(\.text)
    #expect(titles == titles.sorted())
    #expect(titles.first == "Australia")
  }

  @Test func sectionsComeFromGroupsWithLocalizedHeadersAndFooters() throws {
    let model = try embeddedModel(language: "ja")
    let page = try #require(model.schema.rootPage)
    let root = SettingsPageViewController(page: page, model: model)
    root.loadViewIfNeeded()
    let tableView = root.tableView
    #expect(tableView.numberOfSections == 3)
    #expect(tableView.headerTitle(forSection: 0) == "優先する言語")
    #expect(tableView.headerTitle(forSection: 1) == "地域の書式")
    #expect(tableView.footerTitle(forSection: 1)?.hasPrefix("地域の書式の例") == true)
    #expect(tableView.footerTitle(forSection: 2)?.hasPrefix("画像内のテキスト") == true)
  }

  @Test func shortTitlesAreShownAsTheDetail() throws {
    let model = try embeddedModel(language: "en", stored: ["language": "de"])
    let page = try #require(model.schema.rootPage)
    let root = SettingsPageViewController(page: page, model: model)
    #expect(
      rows(of: root).first { $0.text == "Device Language" }?.detail == "• Deutsch",
      "changed from the default: marked")
  }

  /// A row without a value of its own says what it is in the language shown.
  @Test(arguments: [("en", "(button)"), ("ja", "(ボタン)")])
  func aButtonSaysWhatItIsInTheLanguageShown(language: String, detail: String) throws {
    let schema = try sampleSchema()
    let model = SettingsModel(schema: schema, storedValues: [:], language: language)
    let root = SettingsPageViewController(page: try #require(schema.rootPage), model: model)
    #expect(rows(of: root).first { $0.text == "Reset" }?.detail == detail)
  }

  /// As iOS's language list does, each language is named in its own language, whatever the
  /// language shown: the list, the row's detail and the choice's description agree.
  @Test(arguments: ["en", "ja"])
  func languagesAreNamedInTheirOwnLanguage(language: String) throws {
    let model = try embeddedModel(language: language)
    let page = try #require(model.schema.rootPage)
    let specifier = try #require(page.specifiers.first { $0.key == "language" })
    let list = MultiValueViewController(specifier: specifier, page: page, model: model)
    #expect(
      rows(of: list).map(\.text) == ["日本語", "English", "Deutsch", "Français", "简体中文", "한국어"])
    let root = SettingsPageViewController(page: page, model: model)
    #expect(rows(of: root).first?.detail == "日本語")
    #expect(model.describe(specifier, on: page, footer: nil).contains("日本語"))
    #expect(!model.describe(specifier, on: page, footer: nil).contains("Japanese"))
  }
}

@Suite struct SettingsModelTests {
  @Test func unsetKeysShowTheirDefault() throws {
    let model = try embeddedModel(language: "en")
    #expect(model.value(forKey: "temperatureUnit") == "celsius")
    #expect(model.value(forKey: "firstWeekday") == 1)
    #expect(model.values.isEmpty, "the store keeps only what the user set")
  }

  @Test func storedValuesWinOverDefaults() throws {
    let model = try embeddedModel(language: "en", stored: ["temperatureUnit": "fahrenheit"])
    #expect(model.value(forKey: "temperatureUnit") == "fahrenheit")
    #expect(model.storedValueWarnings.isEmpty)
  }

  @Test func aStoredValueOfTheWrongTypeShowsTheDefaultWithAWarningAndIsKept() throws {
    let model = try embeddedModel(
      language: "en", stored: ["temperatureUnit": 3, "liveText": "yes", "unknown": [1, 2]])
    // A value that is none of the choices is shown with no choice, as iOS shows it; a
    // toggle reads any text as boolValue does, and says so, since its screen never stores it.
    #expect(model.value(forKey: "temperatureUnit") == 3)
    #expect(model.value(forKey: "liveText") == "yes")
    let warnings = model.storedValueWarnings
    #expect(warnings.count == 2)
    #expect(
      warnings.contains {
        $0.contains("'liveText'") && $0.hasSuffix("showing it as On, as iOS reads it")
      }, "\(warnings)")
    #expect(
      warnings.contains {
        $0.contains("'temperatureUnit'") && $0.contains("celsius")
          && $0.hasSuffix("showing it with no choice selected, as iOS does")
      })
    #expect(model.values["temperatureUnit"] == 3, "the raw value is kept unless changed")
    #expect(model.values["unknown"] == [1, 2], "keys the schema does not know are kept")
  }

  @Test func changingBackToTheStoredValueIsNoChange() throws {
    let model = try embeddedModel(language: "en", stored: ["temperatureUnit": "celsius"])
    model.setValue("fahrenheit", forKey: "temperatureUnit")
    #expect(model.changedKeys == ["temperatureUnit"])
    model.setValue("celsius", forKey: "temperatureUnit")
    #expect(model.changedKeys.isEmpty)
    #expect(model.changes.count == 2)
  }
}
