import TestSupport
import Testing

/// A switch whose DefaultValue lint only warns about shows the state that value means.
@Suite struct ToggleDefaultsRenderTests {
  @Test func theRowsLintWarnsAboutShowTheirMeantState() throws {
    let bundle = PackagePaths.fidelityBundle("ToggleDefaults")
    let (render, rows) = try rowsOfSuccessfulRun(["render", bundle, "--lang", "en"])
    #expect(rows.contains("2 YES On"), "\(rows)")
    #expect(rows.contains("3 NO Off"), "\(rows)")
    #expect(rows.contains("4 True is \"1\" On"), "\(rows)")
    let lint = try runSettei(["lint", bundle])
    #expect(
      lint.standardOutput.hasSuffix(bundle + ": 1 error, 3 warnings.\n"), "\(lint.standardOutput)")
  }
}
