import FileFormats
import SchemaKit
import TableKit
import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsScreens

/// The model over a bundle loaded lazily: it reads a page when a screen or a search needs it.
@Suite struct LazyPagesTests {
  let generated = GeneratedSchema(panes: 3, settingsPerPane: 4)

  /// The generated bundle with `Pane1.plist` not a property list, loaded lazily.
  private func lazyBundle() throws -> (folder: TemporaryFolder, schema: SettingsSchema) {
    let folder = try TemporaryFolder()
    let path = try generated.writeBundle(to: folder.file("Gen.bundle"), brokenPane: 1)
    return (folder, try SchemaLoader.load(path: path, lazily: true))
  }

  private func model(
    _ schema: SettingsSchema, stored: [PropertyListKey: PropertyListValue] = [:]
  ) -> SettingsModel {
    let model = SettingsModel(schema: schema, storedValues: stored, language: "en")
    model.pageChecker = { page, schema, _ in
      SchemaLinter.rowBreakingErrors(onPage: page, of: schema)
    }
    return model
  }

  @Test func theRootScreenReadsNoOtherPage() throws {
    let bundle = try lazyBundle()
    let schema = bundle.schema
    let model = model(schema)
    let root = SettingsPageViewController(page: try #require(schema.rootPage), model: model)
    let navigation = NavigationController(rootViewController: root)
    #expect(navigation.viewControllers.count == 1)
    #expect(rows(of: root).map(\.text) == ["Pane 0", "Pane 1", "Pane 2"])
    let cells = (0..<3).compactMap {
      root.tableView.currentCell(at: IndexPath(row: $0, section: 0))
    }
    #expect(cells.map(\.accessoryType) == Array(repeating: .disclosureIndicator, count: 3))
    #expect(model.schema.unreadPages == ["Pane0", "Pane1", "Pane2"])
    #expect(model.specifierErrors.isEmpty)
  }

  @Test func openingABrokenPaneRefusesItAndItsRowSaysWhy() throws {
    let (folder, schema) = try lazyBundle()
    let model = model(schema)
    let root = SettingsPageViewController(page: try #require(schema.rootPage), model: model)
    let navigation = NavigationController(rootViewController: root)
    #expect(!select("Pane 1", in: root))
    #expect(navigation.viewControllers.count == 1)
    let row = try #require(rows(of: root).first { $0.text == "Pane 1" })
    #expect(row.detail?.contains(folder.file("Gen.bundle/Pane1.plist:3:1")) == true)
    let cell = root.tableView.currentCell(at: IndexPath(row: 1, section: 0))
    #expect(cell?.selectionStyle == TableViewCell.SelectionStyle.none)
    // A pane that reads opens.
    #expect(select("Pane 0", in: root))
    #expect(navigation.viewControllers.count == 2)
    #expect(model.schema.unreadPages == ["Pane2"])
  }

  @Test func theIndexFindsSettingsOfPanesNotOpened() throws {
    let bundle = try lazyBundle()
    let schema = bundle.schema
    let model = model(schema)
    let index = SettingsIndex(model: model)
    #expect(model.schema.unreadPages.count == 3)
    let entry = try #require(index.byKey["m9"])
    #expect(entry.pagePath == ["Root", "Pane2"])
    #expect(model.schema.unreadPages.isEmpty)
    #expect(model.defaultValue(forKey: "m9") == .string(generated.setting(9).defaultValue))
    // The broken pane is now known to be: its row says so.
    #expect(model.specifierErrors["Root"]?[2] != nil)
  }

  @Test func storedValuesOfPanesNotOpenedAreKeptAsTheyAre() throws {
    let bundle = try lazyBundle()
    let schema = bundle.schema
    let stored: [PropertyListKey: PropertyListValue] = [
      "t8": .bool(true), "m9": .string("l"), "x": 1,
    ]
    let model = model(schema, stored: stored)
    _ = model.page(named: "Pane0")
    model.setValue(.bool(false), forKey: "t0")
    #expect(model.schema.unreadPages == ["Pane1", "Pane2"])
    #expect(model.changedKeys == ["t0"])
    #expect(model.values == stored.merging(["t0": .bool(false)]) { $1 })
    #expect(model.schema.unreadPages == ["Pane1", "Pane2"])
  }

  @Test func aKeyNotOnAPageReadIsLookedUpInEveryPage() throws {
    let bundle = try lazyBundle()
    let schema = bundle.schema
    let model = model(schema, stored: ["m9": .string("huge")])
    #expect(model.storedValueWarnings.count == 1)
    #expect(model.storedValueWarnings.first?.contains("m9") == true)
    #expect(model.schema.unreadPages.isEmpty)
  }

  @Test func storedValuesOfPagesNotReadAreCheckedWhenTheirPageIs() throws {
    let bundle = try lazyBundle()
    let model = model(bundle.schema, stored: ["m9": .string("huge"), "m1": .string("s")])
    var later: [String] = []
    model.laterStoredValueWarnings = { later += $0 }
    #expect(model.storedValueWarnings.isEmpty)
    #expect(model.schema.unreadPages.count == 3)
    _ = model.page(named: "Pane0")
    #expect(later.isEmpty)
    _ = model.page(named: "Pane2")
    #expect(later.count == 1)
    #expect(later.first?.contains("m9") == true)
    // Said once: reading every page does not say it again.
    _ = SettingsIndex(model: model).byKey["t10"]
    _ = model.defaultValue(forKey: "nothing")
    #expect(later.count == 1)
  }

  @Test func storedKeysNoPageHasWaitUntilEveryPageIsReadAndAreNotWarnedAbout() throws {
    let bundle = try lazyBundle()
    var stored: [PropertyListKey: PropertyListValue] = ["m9": .string("huge"), "t0": .bool(true)]
    for index in 0..<50 { stored["gone\(index)"] = .integer(index) }
    let model = model(bundle.schema, stored: stored)
    var later: [String] = []
    model.laterStoredValueWarnings = { later += $0 }
    #expect(model.storedValueWarnings.isEmpty)
    #expect(model.schema.unreadPages.count == 3)
    model.loadAllPages()
    #expect(later.count == 1)
    #expect(later.first?.contains("m9") == true)
    #expect(!later.joined().contains("gone"))
    model.loadAllPages()
    _ = model.page(named: "Pane2")
    #expect(later.count == 1)
  }

  /// A session in English reads no Japanese table at first; switching to Japanese reads
  /// them, and the screens shown and opened after speak Japanese.
  @Test func switchingLanguageReadsTheTablesOfTheNewOne() throws {
    let bundle = try lazyBundle()
    let model = model(bundle.schema)
    #expect(model.schema.strings.tables["ja"] == nil)
    let root = SettingsPageViewController(page: try #require(model.schema.rootPage), model: model)
    #expect(rows(of: root).map(\.text).first == "Pane 0")
    model.language = "ja"
    #expect(rows(of: root).map(\.text).first == generated.japanesePaneTitle(0))
    let pane = try #require(model.page(named: "Pane0"))
    let titles = rows(of: SettingsPageViewController(page: pane, model: model)).map(\.text)
    #expect(titles.first == "トグル 0")
  }

  /// A choice named by its title in another language than the session's is found, though
  /// that language's tables were not read when the page was.
  @Test func aChoiceIsNamedByItsTitleInALanguageNotReadYet() throws {
    let bundle = try lazyBundle()
    let model = model(bundle.schema)
    let pane = try #require(model.page(named: "Pane0"))
    let choice = try #require(pane.specifiers.first { $0.kind == .multiValue })
    #expect(model.schema.strings.tables["ja"] == nil)
    let parsed = SettingValueParser.value(from: "大", for: choice, on: pane, model: model)
    #expect(try parsed.get() == .string("l"))
  }

  /// A model shown in another language than the one its schema was read in reads that
  /// language's tables as it starts.
  @Test func aModelInAnotherLanguageThanItsSchemaReadsThatLanguage() throws {
    let bundle = try lazyBundle()
    let model = SettingsModel(schema: bundle.schema, storedValues: [:], language: "ja")
    let root = SettingsPageViewController(page: try #require(model.schema.rootPage), model: model)
    #expect(rows(of: root).map(\.text).first == generated.japanesePaneTitle(0))
  }
}
