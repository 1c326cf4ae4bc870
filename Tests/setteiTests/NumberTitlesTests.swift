import SchemaKit
import TestSupport
import Testing

/// A multi value whose Titles are numbers shows them as its choices' titles, as
/// InAppSettingsKit does.
@Suite struct NumberTitlesTests {
  static let bundle = PackagePaths.fidelityBundle("NumberTitles")

  @Test func numberTitlesAreTheirText() throws {
    let schema = try SchemaLoader.load(path: Self.bundle)
    let specifier = try #require(schema.rootPage?.specifiers.first)
    #expect(specifier.titles == ["5", "10", "15.5"])
  }

  @Test func theListOfChoicesShowsTheNumbers() throws {
    let (run, rows) = try rowsOfSuccessfulRun(
      ["--schema", Self.bundle, "--lang", "en"], input: "1\n")
    #expect(rows.contains("1 5"), "\(rows)")
    #expect(rows.contains("2 ✓ 10"), "\(rows)")
    #expect(rows.contains("3 15.5"), "\(rows)")
    #expect(!rows.contains("(no rows)"), "\(rows)")
  }
}
