import TableKit
import Testing

@testable import FileFormats
@testable import SchemaKit
@testable import SettingsKit
@testable import SettingsScreens

/// A multi-value listed sorted by title, whose titles have Japanese.
private let sortedChoices = """
  {"Title": "Root", "StringsTable": "Root", "PreferenceSpecifiers": [
    {"Type": "PSMultiValueSpecifier", "Title": "Fruit", "Key": "fruit", "DefaultValue": "a",
     "Titles": ["Apple", "Banana", "Cherry"], "Values": ["a", "b", "c"],
     "DisplaySortedByTitle": true}
  ],
  "Strings": {"ja": {"Fruit": "果物", "Apple": "りんご", "Banana": "バナナ", "Cherry": "さくらんぼ"}}}
  """

@Suite struct MultiValueViewControllerTests {
  private func list() throws -> (SettingsModel, () -> MultiValueViewController) {
    let schema = try JSONSchemaReader.read(Array(sortedChoices.utf8), source: "fruit.json")
    let model = SettingsModel(schema: schema, storedValues: [:], language: "en")
    let page = try #require(model.schema.rootPage)
    let specifier = try #require(page.specifiers.first)
    return (model, { MultiValueViewController(specifier: specifier, page: page, model: model) })
  }

  /// Each row's title, with a ✓ on the chosen one.
  private func shown(_ controller: MultiValueViewController) -> [String] {
    cells(of: controller).map { ($0.accessoryType == .checkmark ? "✓ " : "") + ($0.text ?? "") }
  }

  @Test func theChoicesKeptForAPageFollowTheLanguage() throws {
    let (model, make) = try list()
    let first = make()
    #expect(shown(first) == ["✓ Apple", "Banana", "Cherry"])
    model.language = "ja"
    // Sorted by the Japanese titles (さ U+3055, り U+308A, バ U+30D0), on the list shown and
    // on one made now.
    #expect(shown(first) == ["さくらんぼ", "✓ りんご", "バナナ"])
    #expect(first.title == "果物")
    #expect(shown(make()) == ["さくらんぼ", "✓ りんご", "バナナ"])
    model.language = "en"
    #expect(shown(make()) == ["✓ Apple", "Banana", "Cherry"])
  }

  @Test func theCheckmarkFollowsTheValue() throws {
    let (model, make) = try list()
    let shownList = make()
    #expect(shown(shownList) == ["✓ Apple", "Banana", "Cherry"])
    shownList.tableView.userSelectRow(at: IndexPath(row: 2, section: 0))
    #expect(model.value(forKey: "fruit") == "c")
    #expect(shown(shownList) == ["Apple", "Banana", "✓ Cherry"])
    #expect(shown(make()) == ["Apple", "Banana", "✓ Cherry"])
    model.setValue("b", forKey: "fruit")
    #expect(shown(shownList) == ["Apple", "✓ Banana", "Cherry"])
    model.undo()
    model.undo()
    #expect(shown(shownList) == ["✓ Apple", "Banana", "Cherry"])
    #expect(shown(make()) == ["✓ Apple", "Banana", "Cherry"])
  }
}
