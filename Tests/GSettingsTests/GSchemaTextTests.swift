import GSettingsKit
import TestSupport
import Testing

@testable import GSettings

@Suite struct GSchemaTextTests {
  @Test func summariesDescriptionsDomainsAndChildrenAreRead() throws {
    var text = GSchemaText()
    try text.read(Array(GSettingsFixture.xml.utf8), source: "fixture.xml")
    let schema = try #require(text.schemas["org.settei.test"])
    #expect(schema.gettextDomain == "settei-test")
    #expect(schema.keys["scale"]?.summary == "Text & icon scale")
    // The lines of `<schema>` and `<key>`, for `lint`'s FILE:LINE.
    let lines = GSettingsFixture.xml.split(separator: "\n", omittingEmptySubsequences: false)
    func line(of text: String) -> Int? { lines.firstIndex { $0.contains(text) }.map { $0 + 1 } }
    #expect(schema.source == "fixture.xml")
    #expect(schema.line == line(of: #"<schema id="org.settei.test" "#))
    #expect(
      schema.keys["enabled"]
        == GSchemaText.KeyText(
          summary: "Enable the feature", description: "Whether the feature is on. A second line.",
          line: try #require(line(of: #"<key name="enabled""#))))
    #expect(schema.keys["big"]?.line == line(of: #"<key name="big""#))
    #expect(schema.keys["big"]?.summary == nil)
    #expect(schema.children.map(\.name) == ["extra"])
    #expect(schema.children.map(\.schema) == ["org.settei.test.extra"])
    #expect(text.schemas["org.settei.test.extra"]?.keys["level"]?.summary == "Level")
    #expect(text.schemas["org.settei.test.relocatable"]?.gettextDomain == "settei-test")
  }

  @Test func aSchemasOwnDomainWinsOverItsListsAndTheFirstFileWins() throws {
    var text = GSchemaText()
    try text.read(
      Array(
        """
        <schemalist gettext-domain="list"><!-- a comment <key> -->
          <schema id="a" gettext-domain="own"><key name="k" type="s">
            <summary><![CDATA[One <two>]]> &#x41;&#66;&lt;</summary></key></schema>
          <schema id="b"/>
        </schemalist>
        """.utf8), source: "first.xml")
    try text.read(
      Array(#"<schemalist><schema id="a" gettext-domain="later"/></schemalist>"#.utf8),
      source: "second.xml")
    #expect(text.schemas["a"]?.gettextDomain == "own")
    #expect(text.schemas["a"]?.keys["k"]?.summary == "One <two> AB<")
    #expect(text.schemas["b"]?.gettextDomain == "list")
  }

  @Test(arguments: [
    ("<schemalist>\n  <schema id=\"a\" path=/a/>", "2:23: the value of path is not quoted"),
    ("<a>\n&nbsp;</a>", "2:1: &nbsp; is not an entity XML knows"),
    ("<a b=\"c\"", "1:1: the tag <a never ends"),
    ("<!-- open", "1:1: <!-- never ends"),
  ])
  func xmlThatIsNotIsNamedAtItsLineAndColumn(xml: String, expected: String) {
    var text = GSchemaText()
    #expect {
      try text.read(Array(xml.utf8), source: "bad.xml")
    } throws: { error in
      guard let error = error as? MarkupScanner.SyntaxError else { return false }
      return error.message(.forLanguage("en"))
        == "bad.xml:" + expected + "; the keys of its schemas are titled by their names"
    }
  }

  @Test func aSchemaFileThatIsNotXMLIsNamedAndTheOthersAreRead() throws {
    let folder = try TemporaryFolder()
    try writeText("<schemalist><schema id=\"b\"", to: folder.file("b.gschema.xml"))
    try writeText(GSettingsFixture.xml, to: folder.file("c.gschema.xml"))
    let loaded = GSchemaText.load(folders: [folder.path, folder.file("absent")])
    #expect(loaded.text.schemas["org.settei.test"] != nil)
    #expect(
      loaded.problems.map { $0.message(.forLanguage("ja")) } == [
        folder.file("b.gschema.xml")
          + ":1:13: タグ <schema が閉じていません。このファイルのスキーマのキーは名前で表示します"
      ])
  }

  @Test func schemaFoldersFollowGIOsOrder() {
    #expect(
      GSchemaText.schemaFolders(environment: [
        "GSETTINGS_SCHEMA_DIR": "/a:/b", "HOME": "/home/u", "XDG_DATA_DIRS": "/x:/y",
      ]) == [
        "/a", "/b", "/home/u/.local/share/glib-2.0/schemas", "/x/glib-2.0/schemas",
        "/y/glib-2.0/schemas",
      ])
    #expect(
      GSchemaText.schemaFolders(environment: ["XDG_DATA_HOME": "/d"]) == [
        "/d/glib-2.0/schemas", "/usr/local/share/glib-2.0/schemas", "/usr/share/glib-2.0/schemas",
      ])
  }
}
