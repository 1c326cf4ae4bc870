import SchemaKit
import TestSupport
import Testing

/// The entries Settings.app skips (no Type, a radio group without choices) have no row; lint
/// and a note at the start of the REPL say so.
@Suite struct SkippedEntriesTests {
  static let bundle = PackagePaths.fidelityBundle("SkippedEntries")

  @Test func theSchemaKnowsWhatSettingsAppSkips() throws {
    let page = try #require(try SchemaLoader.load(path: Self.bundle).rootPage)
    #expect(page.skippedIndexes == [1, 3, 4])
    #expect(page.specifiers[1].skippedBySettingsApp == "it has no Type")
    #expect(page.specifiers[3].skippedBySettingsApp == "a radio group without choices")
    let problems = SchemaLinter.lint(try SchemaLoader.load(path: Self.bundle))
    for index in [1, 3, 4] {
      #expect(
        problems.contains {
          $0.specifierIndex == index && $0.message.contains("Settings.app skips")
        }, "PreferenceSpecifiers[\(index)]: \(problems)")
    }
  }

  @Test func theScreenShowsNoRowForThemAndTheREPLSaysSoOnce() throws {
    let (run, rows) = try rowsOfSuccessfulRun(
      ["--schema", Self.bundle, "--lang", "en"], input: "quit\n")
    #expect(rows.contains("1 Sound On"), "\(rows)")
    #expect(rows.contains("2 Vibrate Off"), "\(rows)")
    #expect(!run.standardOutput.contains("⚠"))
    #expect(!run.standardOutput.contains("Orphan"))
    #expect(!run.standardOutput.contains("Mode"))
    let notes = run.standardError.split(separator: "\n").filter { $0.contains("not shown") }
    #expect(notes.count == 1, "\(run.standardError)")
    #expect(
      notes.first?.contains("Root.plist: PreferenceSpecifiers [1], [3], [4] not shown") == true)
    // settei render shows the same rows.
    let render = try runSettei(["render", Self.bundle, "--lang", "en"])
    #expect(rowLines(render.standardOutput).contains("2 Vibrate Off"))
    #expect(!render.standardOutput.contains("⚠"))
  }
}
