import TestSupport
import Testing

/// Rows of the InAppSettingsKit sample that do nothing, explained from a script: `? N` says
/// the whole lint problem of a row that shows one, and selecting such a row, or a button,
/// says why nothing happens.
@Suite struct RowExplanationEndToEndTests {
  static let sample = PackagePaths.sampleBundle

  private func run(_ script: String) throws -> ProcessResult {
    let home = try TemporaryFolder()
    return try runSettei(
      ["--schema", Self.sample, "--in-app", "--lang", "en", "--store", home.file("s.json")],
      script: script, home: home.path, extra: ["COLUMNS": "100"])
  }

  @Test func describingAndSelectingAProblemRowSaysTheProblem() throws {
    let result = try run("go countryCode\n? 44\n44\n")
    let output = result.standardOutput
    let after = output.split(separator: "> ? 44\n", maxSplits: 1, omittingEmptySubsequences: false)
    try #require(after.count == 2, "\(output)")
    let described = after[1]
    let lines = described.split(separator: "\n", omittingEmptySubsequences: false).prefix {
      !$0.hasPrefix("Settings")
    }
    #expect(lines.first == "Country (dynamic)")
    // The problem names its file, whose path may wrap onto the next line (a long clone path).
    #expect(lines.contains { $0.hasPrefix("  problem:") })
    #expect(
      lines.joined().filter { !$0.isWhitespace }.contains("Complete.plist"), "\(lines)")
    #expect(described.contains("Fix: add Titles"))
    #expect(!lines.contains { $0.contains("allowed:") }, "\(lines)")
    #expect(!lines.contains { $0.allSatisfy { $0.isWhitespace } }, "\(lines)")
    #expect(
      result.standardError.contains(
        "Row 44 (Country (dynamic)) cannot be selected: the PSMultiValueSpecifier has no "
          + "Titles, so there is nothing to choose from."), "\(result.standardError)")
  }

  @Test func selectingAButtonSaysItRunsTheAppsCode() throws {
    let result = try run("41\n")
    #expect(result.standardOutput.contains("  41  Button "))
    #expect(
      result.standardError.contains(
        "Row 41 (Button) cannot be selected: in the app, a button runs the app's own code, "
          + "which settei cannot run."), "\(result.standardError)")
  }
}
