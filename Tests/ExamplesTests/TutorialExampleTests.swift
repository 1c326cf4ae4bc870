import TestSupport
import Testing

@Suite("Examples/tutorial through pipes")
struct TutorialExampleTests {
  @Test func theFlowMovesTheCheckmarkAndBackShowsTheNewUnit() throws {
    let home = try TemporaryFolder()
    let result = try Example.tutorial.run(script: "1\n2\nback\nquit\n", home: home.path)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.isEmpty)
    let output = result.standardOutput
    #expect(output.hasPrefix("言語と地域\n\n   1  温度単位"))
    #expect(output.screen(after: "1")?.contains("✓ 摂氏（°C）\n   2    華氏（°F）") == true)
    #expect(output.screen(after: "2")?.contains("摂氏（°C）\n   2  ✓ 華氏（°F）") == true)
    let root = try #require(output.screen(after: "back"))
    #expect(root.hasPrefix("言語と地域\n"))
    #expect(root.contains("温度単位"))
    #expect(root.contains("華氏（°F） ›"))
    #expect(!root.contains("摂氏"))
  }

  @Test func aFailingPipedCommandEndsTheRunWithStatus1() throws {
    let home = try TemporaryFolder()
    let result = try Example.tutorial.run(script: "7\nquit\n", home: home.path)
    #expect(result.status == 1)
    #expect(result.standardError.contains("There is no row 7 here."))
  }
}
