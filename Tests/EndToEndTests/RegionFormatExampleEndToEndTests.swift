import TestSupport
import Testing

/// `settei` with no schema: the Region Format Example follows a choice made from a script.
@Suite struct RegionFormatExampleEndToEndTests {
  @Test func theExampleFollowsTheNumberFormatChosen() throws {
    let home = try TemporaryFolder()
    let run = try runSettei(
      ["--lang", "en", "--store", home.file("s.json")], script: "8\n2\nback\n",
      home: home.path, extra: ["COLUMNS": "120"])
    try #require(run.status == 0, "\(run.standardError)")
    let examples = run.standardOutput.pieces("\n").filter {
      $0.hasPrefix("  Region Format Example: ")
    }
    #expect(
      examples.first == "  Region Format Example: 0:34, Wednesday, 2026/08/19 · ¥1,235 · 4,567.89")
    #expect(examples.last?.hasSuffix("· ¥1.235 · 4.567,89") == true, "\(examples)")
  }
}
