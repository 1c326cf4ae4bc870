import TestSupport
import Testing

@testable import SchemaKit

/// The schema with every page's source set to `source`: the JSON form has one file.
func withSource(_ schema: SettingsSchema, _ source: String) -> SettingsSchema {
  var result = schema
  for name in result.pages.keys { result.pages[name]?.source = source }
  result.missingPages = []
  result.loadProblems = []
  // How the root page is titled follows where the schema came from, not what it holds.
  result.titlesRootFromPage = true
  result.appName = nil
  return result
}

/// The schema written as JSON and read back.
func roundTrip(_ schema: SettingsSchema) throws -> (json: String, schema: SettingsSchema) {
  let json = JSONSchemaWriter.serialize(schema)
  return (json, try JSONSchemaReader.read(Array(json.utf8), source: "round.json"))
}

@Suite struct JSONSchemaWriterTests {
  @Test
  func theSampleBundleRoundTrips() throws {
    let bundle = try SchemaLoader.load(path: sampleBundle, inApp: true)
    let (json, back) = try roundTrip(bundle)
    #expect(Set(back.pages.keys) == Set(bundle.pages.keys))
    for (name, page) in bundle.pages {
      #expect(back.pages[name]?.specifiers == page.specifiers, "\(name)")
      #expect(back.pages[name]?.title == page.title, "\(name)")
      #expect(back.pages[name]?.stringsTable == page.stringsTable, "\(name)")
    }
    #expect(back.strings == bundle.strings)
    #expect(back == withSource(bundle, "round.json"))
    // Each page is written once, however many specifiers open it.
    #expect(json.components(separatedBy: "\"Children\"").count - 1 == bundle.pages.count - 1)
    #expect(json.components(separatedBy: "\"Strings\"").count - 1 == 1)
    #expect(json.contains("\"ItemSpecifier\""))
  }

  @Test func membersNobodyDefinesAndMembersOfAnotherTypeRoundTrip() throws {
    let text = """
      {"PreferenceSpecifiers":[{"Type":"PSToggleSwitchSpecifier","Key":"k","Title":5,\
      "MyAppColour":"red","IsSecure":"yes","Titles":["A",1],"File":[true]},\
      {"Type":7,"Custom":{"x":[1,2.5,false]}}]}
      """
    let schema = try JSONSchemaReader.read(Array(text.utf8), source: "x.json")
    let specifiers = schema.rootPage?.specifiers ?? []
    #expect(specifiers.count == 2)
    #expect(specifiers.first?[member: "MyAppColour"] == "red")
    #expect(specifiers.first?[member: "Title"] == 5)
    #expect(specifiers.last?[member: "Type"] == 7)
    #expect(specifiers.last?.kind == .other(""))
    let (json, back) = try roundTrip(schema)
    #expect(back == withSource(schema, "round.json"))
    #expect(json.contains("\"MyAppColour\": \"red\""))
    #expect(JSONSchemaWriter.serialize(back) == json)
  }

  @Test func theEmbeddedSchemaRoundTripsExactly() throws {
    let embedded = try EmbeddedSchema.load()
    let json = JSONSchemaWriter.serialize(embedded)
    let back = try JSONSchemaReader.read(Array(json.utf8), source: EmbeddedSchema.sourceName)
    #expect(back == embedded)
    #expect(json.hasSuffix("}\n"))
  }

  @Test func writesStringsTableOnlyWhenTheReaderWouldNotInferIt() throws {
    let page = { (name: String, table: String, specifiers: [Specifier]) in
      SettingsSchema.Page(
        name: name, title: nil, stringsTable: table, specifiers: specifiers, source: "x")
    }
    let link = Specifier(
      index: 0, raw: ["Type": "PSChildPaneSpecifier", "Title": "C", "File": "Child"])
    let schema = SettingsSchema(
      pages: ["Root": page("Root", "Root", [link]), "Child": page("Child", "Root", [])],
      rootPageName: "Root",
      strings: StringsCatalog(tables: ["de": ["Root": ["C": "Kind"]], "en": ["Root": [:]]]))
    let (json, back) = try roundTrip(schema)
    #expect(json.components(separatedBy: "\"StringsTable\"").count - 1 == 1)
    #expect(back == withSource(schema, "round.json"))
  }

  @Test
  func aMissingPageKeepsItsFileAndLintStillReportsIt() throws {
    let (json, back) = try roundTrip(try SchemaLoader.load(path: testsBundle, inApp: true))
    #expect(json.contains("\"File\": \"Listgroup\""))
    #expect(
      SchemaLinter.lint(back).contains {
        $0.message == "File 'Listgroup' names no page in this schema"
      })
  }

  @Test func aSchemaWithoutARootPageIsAnEmptyPage() throws {
    let empty = SettingsSchema(pages: [:], rootPageName: "Root", strings: StringsCatalog())
    #expect(JSONSchemaWriter.serialize(empty) == "{\n  \"PreferenceSpecifiers\": []\n}\n")
  }
}
