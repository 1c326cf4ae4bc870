import FileFormats
import Testing

@testable import SchemaKit

@Suite struct SettingsSchemaWalkTests {
  /// Root → A (child pane) → Root again (a cycle); Root → App (a pane that opens a view
  /// controller, though a page of that name exists); Root's list group → Item (its items'
  /// page); Lost (linked from nowhere).
  static let schema: SettingsSchema = {
    func page(_ name: String, _ specifiers: [[PropertyListKey: PropertyListValue]])
      -> SettingsSchema.Page
    {
      SettingsSchema.Page(
        name: name, title: name, stringsTable: nil,
        specifiers: specifiers.enumerated().map { Specifier(index: $0, raw: $1) },
        source: name + ".plist")
    }
    let pages = [
      page(
        "Root",
        [
          ["Type": "PSChildPaneSpecifier", "Title": "To A", "File": "A"],
          ["Type": "PSChildPaneSpecifier", "File": "App", "IASKViewControllerClass": "X"],
          [
            "Type": "IASKListGroupSpecifier", "Key": "list",
            "ItemSpecifier": ["Type": "PSChildPaneSpecifier", "File": "Item"],
          ],
          ["Type": "PSToggleSwitchSpecifier", "Key": "top", "DefaultValue": true],
        ]),
      page(
        "A",
        [
          ["Type": "PSChildPaneSpecifier", "File": "Root"],
          ["Type": "PSTextFieldSpecifier", "Key": "deep"],
        ]),
      page("App", [["Type": "PSTextFieldSpecifier", "Key": "app"]]),
      page("Item", [["Type": "PSTextFieldSpecifier", "Key": "item"]]),
      page("Lost", [["Type": "PSTextFieldSpecifier", "Key": "lost"]]),
    ]
    return SettingsSchema(
      pages: Dictionary(uniqueKeysWithValues: pages.map { ($0.name, $0) }),
      rootPageName: "Root", strings: StringsCatalog())
  }()

  @Test func childPanesAreFollowedOnceAndNotThoseThatOpenAppScreens() {
    let visits = Self.schema.reachablePages()
    #expect(visits.map(\.page.name) == ["Root", "A"])
    #expect(visits[1].pagePath == ["Root", "A"])
    #expect(visits[1].panes.map(\.specifier.title) == ["To A"])
    #expect(Self.schema.keyedSpecifiers.map(\.specifier.key) == ["list", "top", "deep"])
  }

  @Test func itemPagesAreFollowedOnlyWhenAsked() {
    let visits = Self.schema.reachablePages(includingItemPages: true)
    #expect(visits.map(\.page.name) == ["Root", "A", "Item"])
  }

  @Test func aSchemaWithoutItsRootPageHasNothingToWalk() {
    var schema = Self.schema
    schema.rootPageName = "Missing"
    #expect(schema.reachablePages().isEmpty)
    #expect(schema.keyedSpecifiers.isEmpty)
  }
}
