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
    #expect(
      schema.keys["enabled"]
        == GSchemaText.KeyText(
          summary: "Enable the feature", description: "Whether the feature is on. A second line."))
    #expect(schema.keys["big"] == nil)
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
    ("<!-- open", "1:1: a comment never ends"),
  ])
  func xmlThatIsNotIsNamedAtItsLineAndColumn(xml: String, expected: String) {
    var text = GSchemaText()
    #expect {
      try text.read(Array(xml.utf8), source: "bad.xml")
    } throws: { error in
      "\(error)" == "bad.xml:" + expected
    }
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
