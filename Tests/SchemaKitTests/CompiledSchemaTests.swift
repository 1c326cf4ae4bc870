import FileFormats
import TestSupport
import Testing

@testable import SchemaKit

/// The embedded schema is compiled in (EmbeddedSchema.generated.swift, from
/// Schemas/LanguageAndRegion.json): it must be what the JSON reader makes of that file, and
/// the file must be up to date with the JSON.
@Suite struct CompiledSchemaTests {
  static let jsonPath = "Schemas/LanguageAndRegion.json"

  @Test func theCompiledSchemaIsWhatTheReaderMakesOfItsJSON() throws {
    let read = try JSONSchemaReader.read(
      Array(EmbeddedSchema.json.utf8), source: EmbeddedSchema.sourceName)
    let compiled = EmbeddedSchema.compiled()
    #expect(compiled == read)
    // Equal page by page and specifier by specifier too, so that a difference is named.
    for (name, page) in read.pages {
      let other = try #require(compiled.pages[name], "page \(name)")
      #expect(other.title == page.title && other.stringsTable == page.stringsTable)
      #expect(other.specifiers.count == page.specifiers.count, "page \(name)")
      for (a, b) in zip(other.specifiers, page.specifiers) {
        #expect(a == b, "specifier \(b.index) of \(name)")
        #expect(a.raw == b.raw, "specifier \(b.index) of \(name)")
      }
    }
    #expect(compiled.strings == read.strings)
  }

  @Test func theCompiledTextIsTheJSONFile() throws {
    let file = try readText(PackagePaths.root + "/" + Self.jsonPath)
    #expect(EmbeddedSchema.json == file, "run make embedded-schema")
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in file.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    #expect(EmbeddedSchema.jsonHash == hash)
  }

  @Test func theGeneratedSwiftIsUpToDate() throws {
    let compiler = try #require(BuildProducts.path(of: "schema-compiler"))
    let generated = try runProcess(
      "/bin/sh",
      ["-c", "cd \"$1\" && \"$2\" \"$3\"", "sh", PackagePaths.root, compiler, Self.jsonPath],
      environment: ["PATH": "/usr/bin:/bin"])
    #expect(generated.status == 0, "\(generated.standardError)")
    let current = try readText(
      PackagePaths.root + "/Sources/SchemaKit/Decoding/EmbeddedSchema.generated.swift")
    #expect(generated.standardOutput == current, "run make embedded-schema")
  }

  /// A specifier compiled with members of another type than their field's, and members
  /// kept as written, is the one the reader makes of the same JSON.
  @Test func aSpecifierOfEveryShapeCompilesToWhatTheReaderMakes() throws {
    let json = """
      {"PreferenceSpecifiers": [
        {"Type": "PSMultiValueSpecifier", "Title": 5, "Key": "k", "Titles": ["a", 2],
         "Values": [1, 2.5], "DisplaySortedByTitle": true, "Mine": {"x": [1]}},
        {"Title": "no type", "ShortTitles": ["s"], "File": "f"},
        {"Type": "PSSomethingNew", "FooterText": "t", "DefaultValue": 18446744073709551615}
      ]}
      """
    let page = try #require(
      JSONSchemaReader.read(Array(json.utf8), source: "test.json").rootPage)
    for specifier in page.specifiers {
      let members = specifier.compiledMembers
      let compiled = Specifier.compiled(
        specifier.index, members.hasType ? specifier.kind : nil, title: members.title,
        key: members.key, defaultValue: members.defaultValue, footerText: members.footerText,
        titles: members.titles, shortTitles: members.shortTitles, values: members.values,
        file: members.file, details: members.details, extra: members.extra)
      #expect(compiled == specifier, "specifier \(specifier.index)")
      #expect(compiled.raw == specifier.raw, "specifier \(specifier.index)")
    }
  }
}
