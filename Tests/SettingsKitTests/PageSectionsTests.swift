import TableKit
import Testing

@testable import FileFormats
@testable import SchemaKit
@testable import SettingsKit

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

@Suite struct PageSectionsTests {
  private func model(stored: [String: PropertyListValue] = [:]) throws -> SettingsModel {
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
}
