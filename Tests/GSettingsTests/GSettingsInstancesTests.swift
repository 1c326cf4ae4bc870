import GSettings
import Testing

@testable import GSettingsKit

/// Where relocatable schemas are found, from schemas described as GIO describes them, their
/// `<child>` elements and the folders a backend holds.
@Suite struct GSettingsInstancesTests {
  static func key(_ name: String, _ type: String = "s") -> GSettingsKeyInfo {
    GSettingsKeyInfo(name: name, type: type, defaultValue: "", range: .any)
  }

  static let fixed = [
    GSettingsSchemaInfo(
      id: "org.app", path: "/org/app/",
      keys: [key("things-children", "as"), key("folder-children", "as")], children: []),
    GSettingsSchemaInfo(id: "org.app.pads", path: "/org/app/pads/", keys: [], children: []),
  ]
  static let relocatable = [
    GSettingsSchemaInfo(id: "org.app.things", path: nil, keys: [key("a"), key("b")], children: []),
    GSettingsSchemaInfo(id: "org.app.other", path: nil, keys: [key("a")], children: []),
    GSettingsSchemaInfo(id: "org.app.folder", path: nil, keys: [key("apps")], children: []),
    GSettingsSchemaInfo(id: "org.app.pad", path: nil, keys: [key("mode")], children: []),
    GSettingsSchemaInfo(id: "org.app.button", path: nil, keys: [key("action")], children: []),
  ]

  static func text() throws -> GSchemaText {
    var text = GSchemaText()
    try text.read(
      Array(
        """
        <schemalist>
          <schema id="org.app.pads" path="/org/app/pads/">
            <child name="left" schema="org.app.pad"/>
          </schema>
          <schema id="org.app.pad"><child name="button" schema="org.app.button"/></schema>
        </schemalist>
        """.utf8), source: "test.xml")
    return text
  }

  func found(stored: [String: Set<String>] = [:], childNames: [String: [String]] = [:]) throws
    -> GSettingsInstances
  {
    GSettingsInstances(
      fixed: Self.fixed, relocatable: Self.relocatable, text: try Self.text(), stored: stored,
      childNames: childNames)
  }

  func paths(_ found: GSettingsInstances) -> [String] {
    found.instances.map { "\($0.schema) \($0.path)" }
  }

  @Test func aRelocatableChildIsAtItsParentsPathAndItsOwnChildrenBelowIt() throws {
    #expect(
      paths(try found()) == [
        "org.app.pad /org/app/pads/left/", "org.app.button /org/app/pads/left/button/",
      ])
  }

  @Test func theNamesOfAChildrenListAreAtTheListsFolderEvenWithNothingStored() throws {
    let found = try found(childNames: ["org.app:things-children": ["one", "a/b", "two"]])
    #expect(paths(found).contains("org.app.things /org/app/things/one/"))
    #expect(paths(found).contains("org.app.things /org/app/things/two/"))
    // A name that is not one folder is no path.
    #expect(!paths(found).contains { $0.contains("a/b") })
  }

  @Test func aChildrenListsFolderIsPluralWhereTheBackendHoldsItSo() throws {
    let found = try found(
      stored: ["/org/app/folders/Work/": ["apps"]],
      childNames: ["org.app:folder-children": ["Work", "Games"]])
    #expect(paths(found).contains("org.app.folder /org/app/folders/Work/"))
    #expect(paths(found).contains("org.app.folder /org/app/folders/Games/"))
    #expect(!paths(found).contains { $0.contains("/org/app/folder/") })
  }

  @Test func aStoredFolderIsTheOneRelocatableSchemaWithAllItsKeys() throws {
    let found = try found(stored: [
      // Only org.app.things has b.
      "/org/misc/x/": ["a", "b"],
      // Both have a: the folder above is named as one of them.
      "/org/app/things/y/": ["a"],
      "/org/app/others/z/": ["a"],
      // Both have a, and nothing tells which.
      "/org/somewhere/w/": ["a"],
      // None has c.
      "/org/unknown/": ["c"],
      // The fixed schema's own folder, and a relocatable child's: not guessed.
      "/org/app/": ["things-children"],
      "/org/app/pads/left/button/": ["a"],
    ])
    #expect(
      paths(found) == [
        "org.app.other /org/app/others/z/",
        "org.app.pad /org/app/pads/left/", "org.app.button /org/app/pads/left/button/",
        "org.app.things /org/app/things/y/", "org.app.things /org/misc/x/",
      ])
    #expect(
      found.leftOut == [
        .init(path: "/org/somewhere/w/", candidates: ["org.app.other", "org.app.things"]),
        .init(path: "/org/unknown/", candidates: []),
      ])
  }

  @Test func aChildrenListTellsWhichSchemaAStoredFolderIs() throws {
    // Three have a, two of them named things: org.app's things-children names the one
    // below org.app for /org/app/things/.
    let found = GSettingsInstances(
      fixed: Self.fixed,
      relocatable: Self.relocatable + [
        GSettingsSchemaInfo(id: "net.x.things", path: nil, keys: [Self.key("a")], children: [])
      ], text: try Self.text(), stored: ["/org/app/things/q/": ["a"], "/org/net/things/r/": ["a"]],
      childNames: [:])
    #expect(paths(found).contains("org.app.things /org/app/things/q/"))
    #expect(
      found.leftOut == [
        .init(
          path: "/org/net/things/r/",
          candidates: ["net.x.things", "org.app.other", "org.app.things"])
      ])
  }

  @Test func eachIsReachedFromThePageOfTheSchemaNearestAboveItsPath() throws {
    let found = try found(stored: ["/org/app/things/y/": ["a", "b"], "/net/x/": ["a", "b"]])
    let placements = found.placements(pagesByPath: [
      "/org/app/": "org.app", "/org/app/pads/": "org.app.pads",
    ])
    #expect(
      placements["org.app.things:/org/app/things/y/"]
        == .init(page: "org.app", group: "things", title: "y"))
    #expect(
      placements["org.app.pad:/org/app/pads/left/"]
        == .init(page: "org.app.pads", group: nil, title: "left"))
    // Below another relocatable schema: from its page.
    #expect(
      placements["org.app.button:/org/app/pads/left/button/"]
        == .init(page: "org.app.pad:/org/app/pads/left/", group: nil, title: "button"))
    // Nothing above: from the schema's own page, titled with the whole path.
    #expect(
      placements["org.app.things:/net/x/"]
        == .init(page: "org.app.things", group: nil, title: "/net/x/"))
  }
}
