import Glibc
import TestSupport
import Testing

/// `TerminalApp.run` on a real (pseudo-)terminal, through the tutorial example: libedit,
/// colour, and a history file of the program's own.
// Serialized: each test blocks a thread while it waits for the terminal.
@Suite("TerminalApp in a terminal", .serialized)
struct TerminalAppTests {
  func start(home: String, extra: [String: String] = [:]) throws -> PseudoTerminal {
    try PseudoTerminal(
      executable: Example.tutorial.path, arguments: [],
      environment: testEnvironment(home: home, extra: extra), columns: 80, rows: 24)
  }

  @Test func keepsHistoryUnderTheProgramsNameAndUsesColour() throws {
    let home = try TemporaryFolder()
    let terminal = try start(home: home.path)
    let raw = try terminal.waitFor("言語と地域> ")
    #expect(raw.contains("\u{1B}[1m言語と地域\u{1B}[0m"), "the title is bold")
    terminal.send("1\r")
    try terminal.waitFor("温度単位> ")
    terminal.send("quit\r")
    #expect(try terminal.waitForExit() == 0)
    let history = text(of: home.path + "/state/tutorial/history")
    #expect(history.contains("quit"), "history: \(history)")
  }

  @Test func noColorTurnsColourOff() throws {
    let home = try TemporaryFolder()
    let terminal = try start(home: home.path, extra: ["NO_COLOR": "1"])
    let raw = try terminal.waitFor("言語と地域> ")
    #expect(!raw.contains("\u{1B}[1m言語と地域"))
    terminal.send("\u{04}")
    #expect(try terminal.waitForExit() == 0)
  }

  @Test func aHistoryFolderThatCannotBeMadeIsOneWarning() throws {
    let home = try TemporaryFolder()
    writeText("not a folder", to: home.path + "/state")
    let terminal = try start(home: home.path)
    try terminal.waitFor("言語と地域> ")
    terminal.send("quit\r")
    #expect(try terminal.waitForExit() == 0)
    let plain = PseudoTerminal.plainText(terminal.output)
    #expect(plain.ranges(of: "tutorial: warning: history not").count == 1, "\(plain)")
  }
}
