import TestSupport
import Testing

/// A row without a Title shows no label, as Settings.app does: its number and value only.
@Suite struct UntitledRowsRenderTests {
  @Test func anUntitledRowShowsItsNumberAndValueButNotItsKey() throws {
    let (render, rows) = try rowsOfSuccessfulRun([
      "render", PackagePaths.fidelityBundle("UntitledRows"), "--lang", "en",
    ])
    #expect(!render.standardOutput.contains("signature_text"), "\(render.standardOutput)")
    #expect(!render.standardOutput.contains("untitled_switch"), "\(render.standardOutput)")
    #expect(rows.contains("1 Sent from my phone"), "\(rows)")
    #expect(rows.contains("2 On"), "\(rows)")
    #expect(rows.contains("3 Titled Off"), "\(rows)")
  }
}
