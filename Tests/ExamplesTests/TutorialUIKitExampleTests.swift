import TestSupport
import Testing

/// Examples/tutorial-uikit: the tutorial's screens written the UIKit way (a plain view
/// controller, prototype cells, a segue, the ✓ moved on the visible cells, the unit handed
/// back through `viewControllers` by a custom back button) work as the tutorial does.
@Suite("Examples/tutorial-uikit through pipes and in a terminal", .serialized)
struct TutorialUIKitExampleTests {
  @Test func aPipedRunIsTheTutorialsTranscriptWordForWord() throws {
    let home = try TemporaryFolder()
    let script = "1\n2\nback\n1\n1\nback\nquit\n"
    let uikit = try Example.tutorialUIKit.run(script: script, home: home.path)
    let tutorial = try Example.tutorial.run(script: script, home: home.path)
    #expect(uikit.status == 0, "\(uikit.standardError)")
    #expect(uikit.standardError.isEmpty)
    #expect(uikit.standardOutput == tutorial.standardOutput)
    #expect(uikit.standardOutput.hasPrefix("言語と地域\n\n   1  温度単位"))
  }

  @Test func theUnitGoesForwardBySegueAndBackByTheBackButton() throws {
    let home = try TemporaryFolder()
    let result = try Example.tutorialUIKit.run(
      script: "1\n2\nback\n1\nquit\n", home: home.path)
    #expect(result.status == 0, "\(result.standardError)")
    let output = result.standardOutput
    let first = try #require(output.ranges(of: "> 1\n").first.map { output[$0.upperBound...] })
    #expect(first.hasPrefix("言語と地域 › 温度単位\n\n   1  ✓ 摂氏（°C）\n   2    華氏（°F）\n"))
    #expect(first.contains("\n  ‹ 言語と地域\n"), "the left bar button's title")
    #expect(output.screen(after: "2")?.contains("   1    摂氏（°C）\n   2  ✓ 華氏（°F）") == true)
    #expect(output.screen(after: "back")?.contains("華氏（°F） ›") == true)
    // Opened again, the list shows the unit prepare(for:sender:) handed it.
    #expect(output.screen(after: "1")?.contains("   1    摂氏（°C）\n   2  ✓ 華氏（°F）") == true)
  }

  @Test func aFailingPipedCommandEndsTheRunWithStatus1() throws {
    let home = try TemporaryFolder()
    let result = try Example.tutorialUIKit.run(script: "1\n3\nquit\n", home: home.path)
    #expect(result.status == 1)
    #expect(result.standardError.contains("There is no row 3 here."))
  }

  @Test func theFlowWorksTheSameInATerminal() throws {
    let home = try TemporaryFolder()
    let terminal = try PseudoTerminal(
      executable: Example.tutorialUIKit.path, arguments: [],
      environment: testEnvironment(home: home.path, extra: ["NO_COLOR": "1"]),
      columns: 80, rows: 24)
    try terminal.waitFor("言語と地域> ")
    terminal.send("1\r")
    try terminal.waitFor("言語と地域 › 温度単位> ")
    terminal.send("2\r")
    try terminal.waitUntil("the ✓ on 華氏") { PseudoTerminal.plainText($0).contains("✓ 華氏（°F）") }
    terminal.send("back\r")
    try terminal.waitUntil("the root showing 華氏") {
      // The value a few columns after the title (the widest value six after the widest).
      PseudoTerminal.plainText($0).contains("温度単位      華氏（°F） ›")
    }
    terminal.send("quit\r")
    #expect(try terminal.waitForExit() == 0)
    let plain = PseudoTerminal.plainText(terminal.output)
    #expect(plain.contains("  ‹ 言語と地域"))
    #expect(plain.contains("1  ✓ 摂氏（°C）"))
    #expect(plain.contains("1    摂氏（°C）"))
    let history = text(of: home.path + "/state/tutorial-uikit/history")
    #expect(history.contains("back"), "history: \(history)")
  }
}
