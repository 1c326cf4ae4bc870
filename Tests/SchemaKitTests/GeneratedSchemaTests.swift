import TestSupport
import Testing

@testable import FileFormats
@testable import SchemaKit

/// The generated schema of TestSupport, read by both loaders: what it describes is what they
/// read, so that tests and the benchmark can rely on its description.
@Suite struct GeneratedSchemaTests {
  let generated = GeneratedSchema(panes: 4, settingsPerPane: 150)

  @Test func theJSONFormHoldsWhatTheGeneratorDescribes() throws {
    let schema = try JSONSchemaReader.read(generated.json(), source: "big.json")
    try expectGenerated(schema)
  }

  @Test func theBundleHoldsWhatTheGeneratorDescribes() throws {
    let folder = try TemporaryFolder()
    try generated.writeBundle(to: folder.file("Big.bundle"))
    let schema = try SchemaLoader.load(path: folder.file("Big.bundle"))
    #expect(schema.missingPages.isEmpty)
    #expect(schema.loadProblems.isEmpty)
    try expectGenerated(schema)
  }

  /// A schema whose first pane alone is filled shows the same root and first pane as a full
  /// one, with one setting on each other pane.
  @Test func panesAfterTheFilledOnesHoldOneSetting() throws {
    let sparse = GeneratedSchema(panes: 4, settingsPerPane: 150, filledPanes: 1)
    #expect(sparse.settingCount == 153)
    let schema = try JSONSchemaReader.read(sparse.json(), source: "sparse.json")
    #expect(schema.keyedSpecifiers.count == sparse.settingCount)
    let full = try JSONSchemaReader.read(generated.json(), source: "big.json")
    var fullRoot = try #require(full.rootPage)
    fullRoot.source = "sparse.json"
    #expect(schema.rootPage == fullRoot)
    #expect(schema.pages["Pane0"]?.specifiers == full.pages["Pane0"]?.specifiers)
    let last = try #require(schema.pages["Pane3"])
    #expect(last.specifiers.compactMap(\.key) == [sparse.setting(450).key])
    let stored = try JSONReader.parse(sparse.store(), source: "store.json").dictionaryValue
    #expect(stored?.count == sparse.settingCount)
  }

  private func expectGenerated(_ schema: SettingsSchema) throws {
    #expect(schema.pages.count == generated.panes + 1)
    let root = try #require(schema.rootPage)
    #expect(root.specifiers.map(\.title) == ["Panes"] + (0..<4).map(generated.paneTitle))
    #expect(schema.strings.localized("Pane 0", table: "Root", language: "ja") == "ペイン 0")
    #expect(schema.keyedSpecifiers.count == generated.settingCount)
    for pane in 0..<generated.panes {
      let page = try #require(schema.pages[generated.paneFile(pane)])
      let settings = page.specifiers.filter { $0.kind != .group }
      #expect(page.specifiers.count - settings.count == 2)
      #expect(page.specifiers[101].title == generated.groupTitle(pane: pane, index: 100))
      for (specifier, setting) in zip(settings, generated.settings(onPane: pane)) {
        #expect(specifier.key == setting.key)
        #expect(specifier.title == setting.title)
        #expect(specifier.kind == (setting.isToggle ? .toggleSwitch : .multiValue))
        let expected: PropertyListValue =
          setting.isToggle ? .bool(setting.defaultValue == "true") : .string(setting.defaultValue)
        #expect(specifier.defaultValue == expected)
        #expect(
          schema.strings.localized(setting.title, table: page.stringsTable, language: "ja")
            == setting.japaneseTitle ?? setting.title)
      }
      #expect(schema.strings.localized("Medium", table: page.stringsTable, language: "ja") == "中")
    }
  }
}
