import TableKit
import Testing

@testable import FileFormats
@testable import SchemaKit
@testable import SettingsKit
@testable import SettingsScreens

/// A page of many settings with a radio group sorted by title (whose order depends on the
/// language), and a child page with a list group (whose rows follow its value).
private let sortedAndListed = """
  {"Title": "Root", "StringsTable": "Root", "PreferenceSpecifiers": [
    {"Type": "PSRadioGroupSpecifier", "Title": "Fruit", "Key": "fruit", "DefaultValue": "a",
     "Titles": ["Apple", "Banana", "Cherry"], "Values": ["a", "b", "c"],
     "DisplaySortedByTitle": true},
    {"Type": "PSGroupSpecifier", "Title": "Switches", "FooterText": "Many"},
    {"Type": "PSToggleSwitchSpecifier", "Title": "One", "Key": "one"},
    {"Type": "PSToggleSwitchSpecifier", "Title": "Two", "Key": "two"},
    {"Type": "PSMultiValueSpecifier", "Title": "Size", "Key": "size", "DefaultValue": "s",
     "Titles": ["Small", "Large"], "Values": ["s", "l"]},
    {"Type": "PSChildPaneSpecifier", "Title": "Lists", "File": "Lists", "Children": {
      "PreferenceSpecifiers": [
        {"Type": "IASKListGroupSpecifier", "Title": "Tags", "Key": "tags",
         "AddSpecifier": {"Type": "PSTextFieldSpecifier", "Key": "tag", "Title": "Add Tag"},
         "ItemSpecifier": {"Type": "PSTextFieldSpecifier"}}
      ]}}
  ],
  "Strings": {"ja": {"Apple": "りんご", "Banana": "バナナ", "Cherry": "さくらんぼ",
    "Many": "たくさん"}}}
  """

/// A page whose rows' titles, choices and switch words all have Japanese.
private let translated = """
  {"Title": "Root", "StringsTable": "Root", "PreferenceSpecifiers": [
    {"Type": "PSToggleSwitchSpecifier", "Title": "Sound", "Key": "sound"},
    {"Type": "PSMultiValueSpecifier", "Title": "Size", "Key": "size", "DefaultValue": "s",
     "Titles": ["Small", "Large"], "ShortTitles": ["S", "L"], "Values": ["s", "l"]},
    {"Type": "PSTitleValueSpecifier", "Title": "Level", "Key": "level", "DefaultValue": 1,
     "Titles": ["Low", "High"], "Values": [1, 2]},
    {"Type": "PSMultiValueSpecifier", "Key": "plain", "DefaultValue": 1,
     "Titles": ["One", "Two"], "Values": [1, 2]}
  ],
  "Strings": {"ja": {"Sound": "サウンド", "Size": "サイズ", "S": "小", "L": "大", "Level": "レベル",
    "Low": "低", "High": "高", "One": "ひとつ", "Two": "ふたつ"}}}
  """

/// Two pages with the same key: its first setting in page order from the root (page A's)
/// gives the value its default once every page is known; before, the first page shown.
private let sharedKey = """
  {"Title": "Root", "PreferenceSpecifiers": [
    {"Type": "PSChildPaneSpecifier", "Title": "A", "File": "A", "Children": {
      "PreferenceSpecifiers": [
        {"Type": "PSToggleSwitchSpecifier", "Title": "Shared", "Key": "k", "DefaultValue": true}
      ]}},
    {"Type": "PSChildPaneSpecifier", "Title": "B", "File": "B", "Children": {
      "PreferenceSpecifiers": [
        {"Type": "PSToggleSwitchSpecifier", "Title": "Shared", "Key": "k", "DefaultValue": false}
      ]}}
  ]}
  """

@Suite struct PageSectionsTests {
  private func model(stored: [PropertyListKey: PropertyListValue] = [:]) throws -> SettingsModel {
    let schema = try JSONSchemaReader.read(Array(sortedAndListed.utf8), source: "layout.json")
    return SettingsModel(schema: schema, storedValues: stored, language: "en")
  }

  @Test func aPageIsLaidOutOnceAndEveryScreenOfItShowsTheSameRows() throws {
    let model = try model()
    let page = try #require(model.schema.rootPage)
    let first = SettingsPageViewController(page: page, model: model)
    let shown = rows(of: first).map(\.text)
    #expect(shown == ["Apple", "Banana", "Cherry", "One", "Two", "Size", "Lists"])
    let layout = model.pageSections(of: page)
    #expect(model.pageSections(of: page) === layout)
    #expect(layout.sections?.sections.count == first.sections.count)
    #expect(first.tableView.footerTitle(forSection: 1) == "Many")
    // A second screen of the page takes the kept sections and shows the same.
    let second = SettingsPageViewController(page: page, model: model)
    #expect(rows(of: second).map(\.text) == shown)
    #expect(second.tableView.footerTitle(forSection: 1) == "Many")
  }

  @Test func keptSectionsFollowTheLanguageAndTheLintErrors() throws {
    let model = try model()
    let page = try #require(model.schema.rootPage)
    _ = rows(of: SettingsPageViewController(page: page, model: model))
    model.language = "ja"
    // Sorted by the Japanese titles now, in code point order (さ U+3055, り U+308A, バ U+30D0).
    let japanese = SettingsPageViewController(page: page, model: model)
    #expect(rows(of: japanese).prefix(3).map(\.text) == ["さくらんぼ", "りんご", "バナナ"])
    #expect(japanese.tableView.footerTitle(forSection: 1) == "たくさん")
    model.language = "en"
    model.specifierErrors = ["Root": [4: "Titles has 2 entries but Values has 3"]]
    let withError = SettingsPageViewController(page: page, model: model)
    #expect(
      rows(of: withError).first { $0.text == "Size" }?.detail
        == "⚠ Titles has 2 entries but Values has 3")
    #expect(rows(of: withError).prefix(3).map(\.text) == ["Apple", "Banana", "Cherry"])
  }

  @Test func aPageWithAListGroupFollowsItsValue() throws {
    let model = try model(stored: ["tags": ["a"]])
    let page = try #require(model.schema.pages["Lists"])
    #expect(model.pageSections(of: page).hasListGroups)
    #expect(
      rows(of: SettingsPageViewController(page: page, model: model)).map(\.text) == [
        "a", "+ Add Tag",
      ])
    model.setValue(["a", "b"], forKey: "tags")
    #expect(
      rows(of: SettingsPageViewController(page: page, model: model)).map(\.text)
        == ["a", "b", "+ Add Tag"])
    #expect(model.pageSections(of: page).sections == nil)
  }

  private func translatedModel() throws -> (SettingsModel, SettingsSchema.Page) {
    let schema = try JSONSchemaReader.read(Array(translated.utf8), source: "faces.json")
    let model = SettingsModel(schema: schema, storedValues: [:], language: "en")
    return (model, try #require(model.schema.rootPage))
  }

  @Test func theTextsKeptForARowFollowTheLanguage() throws {
    let (model, page) = try translatedModel()
    let english = SettingsPageViewController(page: page, model: model)
    let inEnglish = rows(of: english)
    #expect(inEnglish.map(\.text) == ["Sound", "Size", "Level", ""])
    #expect(inEnglish.map(\.detail) == ["Off", "S", "Low", "One"])
    model.language = "ja"
    // A screen made now, and the one shown before (reloaded by the change), speak Japanese.
    for controller in [SettingsPageViewController(page: page, model: model), english] {
      let inJapanese = rows(of: controller)
      #expect(inJapanese.map(\.text) == ["サウンド", "サイズ", "レベル", ""])
      #expect(inJapanese.map(\.detail) == ["オフ", "小", "低", "ひとつ"])
    }
    model.language = "en"
    #expect(
      rows(of: SettingsPageViewController(page: page, model: model)).map(\.detail) == [
        "Off", "S", "Low", "One",
      ])
  }

  @Test func aRowWithKeptTextsShowsItsValueAsItIsNow() throws {
    let (model, page) = try translatedModel()
    let shown = SettingsPageViewController(page: page, model: model)
    #expect(rows(of: shown).map(\.detail) == ["Off", "S", "Low", "One"])
    model.setValue(true, forKey: "sound")
    model.setValue("l", forKey: "size")
    model.setValue(2, forKey: "level")
    model.setValue(3, forKey: "plain")
    let changed = ["• On", "• L", "• High", ""]
    #expect(rows(of: shown).map(\.detail) == changed)
    #expect(rows(of: SettingsPageViewController(page: page, model: model)).map(\.detail) == changed)
    model.undo()
    model.undo()
    #expect(rows(of: shown).map(\.detail) == ["• On", "• L", "Low", "One"])
    model.language = "ja"
    #expect(rows(of: shown).map(\.detail) == ["• オン", "• 大", "低", "ひとつ"])
  }

  @Test func aRowThatTurnsIntoAnErrorAndBackShowsItsTexts() throws {
    let (model, page) = try translatedModel()
    _ = rows(of: SettingsPageViewController(page: page, model: model))
    model.specifierErrors = ["Root": [1: "Values has no entries"]]
    let withError = rows(of: SettingsPageViewController(page: page, model: model))
    #expect(withError[1].text == "Size")
    #expect(withError[1].detail == "⚠ Values has no entries")
    model.specifierErrors = [:]
    model.language = "ja"
    let fixed = rows(of: SettingsPageViewController(page: page, model: model))
    #expect(fixed[1].text == "サイズ")
    #expect(fixed[1].detail == "小")
  }

  @Test func aRowFollowsWhichSettingItsKeyBelongsTo() throws {
    let schema = try JSONSchemaReader.read(Array(sharedKey.utf8), source: "shared.json")
    let model = SettingsModel(schema: schema, storedValues: [:], language: "en")
    let pageB = try #require(model.page(named: "B"))
    _ = try #require(model.page(named: "A"))
    // B was shown first: its setting of the key gives the default.
    #expect(
      rows(of: SettingsPageViewController(page: pageB, model: model)).map(\.detail) == ["Off"])
    // A key no page shown has: every page's keys are found, in page order from the root.
    #expect(model.value(forKey: "missing") == nil)
    #expect(rows(of: SettingsPageViewController(page: pageB, model: model)).map(\.detail) == ["On"])
  }

  @Test func aRowShowsItsDefaultAsAnyOtherValue() throws {
    let schema = try JSONSchemaReader.read(Array(translated.utf8), source: "faces.json")
    let stored: [PropertyListKey: PropertyListValue] = ["sound": true, "size": "s", "level": 2]
    let model = SettingsModel(schema: schema, storedValues: stored, language: "en")
    let page = try #require(model.schema.rootPage)
    // Stored values, one of them the default; the last row's value is its default itself.
    let shown = SettingsPageViewController(page: page, model: model)
    #expect(rows(of: shown).map(\.detail) == ["• On", "S", "• High", "One"])
    // A value removed shows the default, as the default shows.
    model.setValue(nil, forKey: "sound")
    model.setValue(nil, forKey: "level")
    #expect(rows(of: shown).map(\.detail) == ["Off", "S", "Low", "One"])
    model.setValue("l", forKey: "size")
    model.setValue(2, forKey: "plain")
    #expect(rows(of: shown).map(\.detail) == ["Off", "• L", "Low", "• Two"])
  }
}
