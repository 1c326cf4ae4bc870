import Testing

@testable import SchemaKit

@Suite struct JSONSchemaReaderTests {
  @Test func embeddedSchemaParsesWithEveryPageAndBothLanguages() throws {
    let schema = try EmbeddedSchema.load()
    let root = try #require(schema.rootPage)
    #expect(root.title == "Language & Region")
    #expect(schema.strings.languages.contains("ja"))
    #expect(schema.keyedSpecifiers.count == 9)
    for (_, specifier) in schema.keyedSpecifiers where specifier.kind == .multiValue {
      #expect(specifier.titles.count == specifier.values.count, "\(specifier.key ?? "")")
      if let value = specifier.defaultValue {
        #expect(specifier.values.contains(value), "\(specifier.key ?? "") default")
      }
    }
  }

  @Test func everyJapaneseTitleIsTranslated() throws {
    let schema = try EmbeddedSchema.load()
    let root = try #require(schema.rootPage)
    var texts: [String] = []
    for specifier in root.specifiers {
      texts += [specifier.title, specifier.footerText].compactMap { $0 }
      // Formats are shown as they are; languages are named in their own language, as iOS
      // names them.
      if !["dateFormat", "numberFormat", "language"].contains(specifier.key) {
        texts += specifier.titles
      }
    }
    for text in texts where !text.isEmpty {
      #expect(
        schema.strings.localized(text, table: "Root", language: "ja") != text,
        "no Japanese for '\(text)'")
    }
  }

  @Test func inlineChildrenBecomePages() throws {
    let json = """
      {"Title": "Top", "PreferenceSpecifiers": [
        {"Type": "PSChildPaneSpecifier", "Title": "More", "Children": {
          "Title": "More", "PreferenceSpecifiers": [
            {"Type": "PSToggleSwitchSpecifier", "Title": "Deep", "Key": "deep", "DefaultValue": false}
          ]}}
      ]}
      """
    let schema = try JSONSchemaReader.read(Array(json.utf8), source: "inline.json")
    let root = try #require(schema.rootPage)
    let file = try #require(root.specifiers[0].file)
    let child = try #require(schema.pages[file])
    #expect(child.specifiers[0].key == "deep")
    #expect(schema.keyedSpecifiers.map(\.specifier.key) == ["deep"])
  }

  @Test func syntaxErrorsNameTheFileLineAndColumn() {
    let json = "{\n  \"PreferenceSpecifiers\": [\n    {\"Type\": }\n  ]\n}"
    #expect {
      try JSONSchemaReader.read(Array(json.utf8), source: "bad.json")
    } throws: { error in
      guard case .syntax(let source) = error as? SchemaError else { return false }
      return source.source == "bad.json" && source.line == 3
    }
  }

  @Test func shapeErrorsSayWhatIsExpected() {
    let cases: [(String, String)] = [
      ("[1]", "expected an object with PreferenceSpecifiers"),
      ("{\"Title\": \"x\"}", "has no PreferenceSpecifiers"),
      ("{\"PreferenceSpecifiers\": {}}", "must be an array"),
      ("{\"PreferenceSpecifiers\": [3]}", "PreferenceSpecifiers[0]: a specifier must be an object"),
      ("{\"PreferenceSpecifiers\": [], \"Strings\": {\"ja\": 1}}", "Strings.ja"),
    ]
    for (json, expected) in cases {
      do {
        _ = try JSONSchemaReader.read(Array(json.utf8), source: "s.json")
        Issue.record("\(json) was accepted")
      } catch {
        #expect(error.description.hasPrefix("s.json: "))
        #expect(error.description.contains(expected), "\(error)")
      }
    }
  }

  @Test func storeFileNamesComeFromTheSchemaName() {
    #expect(SchemaLoader.storeFileName(for: "/x/MyApp.bundle") == "MyApp.json")
    #expect(SchemaLoader.storeFileName(for: "/x/Settings.bundle/") == "Settings.json")
    #expect(SchemaLoader.storeFileName(for: "schema.json") == "schema.json")
    #expect(SchemaLoader.storeFileName(for: "/x/..") == "settings.json")
  }
}
