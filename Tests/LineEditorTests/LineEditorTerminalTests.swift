import Glibc
import TestSupport
import Testing

/// LineEditor on a real (pseudo-)terminal, through the `line-editor-probe` program: it prints
/// `got: <line>`, `interrupted` or `eof` for each read; `secret` reads a password.
// Serialized: each test blocks a thread while it waits for the terminal.
@Suite(.serialized) struct LineEditorTerminalTests {
  @Test func aJapaneseLineIsReadBack() throws {
    let probe = try Probe()
    try probe.waitForPrompt()
    probe.terminal.send("こんにちは 世界\r")
    try probe.terminal.waitFor("got: こんにちは 世界\r\n")
    try probe.endWithControlD()
  }

  @Test func aJapanesePromptIsShownAndTheLineEditsAfterIt() throws {
    let probe = try Probe(prompt: "設定> ")
    try probe.waitForPrompt()
    probe.terminal.send("温\t")
    try probe.waitForText("設定> 温度")
    probe.terminal.send("\u{7F}\u{7F}気温\r")
    try probe.terminal.waitFor("got: 気温\r\n")
    try probe.endWithControlD()
  }

  @Test func controlCDropsTheHalfTypedLineAndTheNextLineIsReadClean() throws {
    let probe = try Probe()
    try probe.waitForPrompt()
    probe.terminal.send("half typed")
    try probe.terminal.waitFor("half typed")
    probe.terminal.send("\u{03}")
    try probe.terminal.waitFor("interrupted")
    try probe.waitForPrompt(count: 2)
    probe.terminal.send("clean\r")
    let output = try probe.terminal.waitFor("got: clean\r\n")
    #expect(!output.contains("got: half typed"))
    try probe.endWithControlD()
  }

  @Test func controlDOnAnEmptyLineEndsTheInputAndTheProgramExitsZero() throws {
    let probe = try Probe()
    try probe.waitForPrompt()
    try probe.endWithControlD()
  }

  @Test func upArrowRecallsTheLineOfThePreviousRunFromTheHistoryFile() throws {
    let folder = try TemporaryFolder()
    let history = folder.path + "/state/history"

    let first = try Probe(history: history)
    try first.waitForPrompt()
    first.terminal.send("from the first run\r")
    try first.terminal.waitFor("got: from the first run")
    try first.endWithControlD()

    let second = try Probe(history: history)
    try second.waitForPrompt()
    second.terminal.send("\u{1B}[A")
    try second.waitForText("probe> from the first run")
    second.terminal.send("\r")
    try second.terminal.waitFor("got: from the first run\r\n")
    try second.endWithControlD()
  }

  @Test func tabCompletesOneCandidateAndTheCommonPrefixThenListsThem() throws {
    let probe = try Probe()
    try probe.waitForPrompt()
    probe.terminal.send("b\t")
    try probe.waitForText("probe> back ")
    probe.terminal.send("\r")
    try probe.terminal.waitFor("got: back \r\n")

    try probe.waitForPrompt(count: 2)
    probe.terminal.send("温\t")
    try probe.waitForText("probe> 温度")
    probe.terminal.send("\t")
    try probe.waitForText("温度単位  温度\nprobe> 温度")
    probe.terminal.send("\r")
    let output = try probe.terminal.waitFor("got: 温度\r\n")
    #expect(PseudoTerminal.plainText(output).contains("温度単位  温度\nprobe> 温度\n"))
    try probe.endWithControlD()
  }

  @Test("Ctrl-D typed while the program runs between two reads ends the input at the next")
  func controlDTypedBetweenReadsEndsTheInput() throws {
    let probe = try Probe.pausedBetweenReads()
    // The terminal is in its cooked mode now, whose line discipline holds a Ctrl-D on an
    // empty line as end of input.
    probe.terminal.send("\u{04}")
    try probe.terminal.waitFor("eof")
    #expect(try probe.terminal.waitForExit() == 0)
  }

  @Test("lines and text typed while the program runs between two reads are read as typed")
  func textTypedBetweenReadsIsRead() throws {
    let probe = try Probe.pausedBetweenReads()
    probe.terminal.send("typed ahead\r")
    try probe.terminal.waitFor("got: typed ahead\r\n")
    probe.terminal.send("pause\r")
    try probe.waitForText("pausing")
    // Text without Enter stays in the terminal until the next read goes raw, then is edited on.
    probe.terminal.send("half ")
    try probe.waitForPrompt(count: 4)
    probe.terminal.send("done\r")
    try probe.terminal.waitFor("got: half done\r\n")
    try probe.endWithControlD()
  }

  @Test func aSecretIsNotEchoedAndControlCDuringItRestoresTheTerminal() throws {
    let probe = try Probe()
    try probe.waitForPrompt()
    probe.terminal.send("secret\r")
    try probe.terminal.waitFor("password: ")
    probe.terminal.send("hunter2\r")
    try probe.terminal.waitFor("secret: 7 characters")

    try probe.waitForPrompt(count: 2)
    probe.terminal.send("secret\r")
    try probe.terminal.waitUntil("a second password prompt") {
      $0.ranges(of: "password: ").count == 2
    }
    probe.terminal.send("ひみつ\u{03}")
    try probe.terminal.waitFor("secret interrupted")

    try probe.waitForPrompt(count: 3)
    probe.terminal.send("shown again\r")
    let output = try probe.terminal.waitFor("got: shown again\r\n")
    #expect(!output.contains("hunter2"))
    #expect(!output.contains("ひみつ"))
    #expect(output.contains("probe> shown again"))
    try probe.endWithControlD()
  }

  @Test func arrowAndFunctionKeysAtThePasswordPromptAreNotPartOfThePassword() throws {
    let probe = try Probe()
    try probe.waitForPrompt()
    probe.terminal.send("secret\r")
    try probe.terminal.waitFor("password: ")
    // Left, Up, F5, Alt-b, a lone C1 CSI sequence and a bell among "pass" and "wörd";
    // Backspace still edits.
    probe.terminal.send("pass\u{1B}[D\u{1B}[A\u{1B}[15~\u{1B}b\u{9B}2J\u{07}wördx\u{7F}\r")
    try probe.terminal.waitFor("secret: 8 characters")
    try probe.endWithControlD()
  }

  @Test func aResizedTerminalRedrawsTheLineAndKeepsIt() throws {
    let probe = try Probe()
    try probe.waitForPrompt()
    probe.terminal.send("kept across a resize")
    try probe.terminal.waitFor("kept across a resize")
    probe.terminal.resize(columns: 30, rows: 24)
    // The redraw shows the prompt again.
    try probe.waitForPrompt(count: 2)
    probe.terminal.send(" and typed on\r")
    try probe.terminal.waitFor("got: kept across a resize and typed on\r\n")
    try probe.endWithControlD()
  }
}

/// One run of `line-editor-probe` on a pseudo-terminal with its own history file.
private final class Probe {
  let terminal: PseudoTerminal
  let prompt: String
  private let folder: TemporaryFolder

  /// Starts the probe showing `prompt`; without `history`, on a file in a fresh folder.
  init(history: String? = nil, prompt: String = "probe> ") throws {
    self.prompt = prompt
    folder = try TemporaryFolder()
    let executable = try #require(
      BuildProducts.path(of: "line-editor-probe"), "line-editor-probe was not built")
    // No LANG or LC_*: LineEditor must fall back to C.UTF-8 by itself. HOME is a fresh
    // folder, so no ~/.editrc of this machine applies.
    terminal = try PseudoTerminal(
      executable: executable, arguments: [history ?? folder.path + "/history"],
      environment: [
        "TERM": "xterm", "HOME": folder.path, "PATH": "/usr/bin:/bin", "PROBE_PROMPT": prompt,
      ])
  }

  /// A probe that has read its first line, `pause`, and waits before the next read.
  static func pausedBetweenReads() throws -> Probe {
    let probe = try Probe()
    try probe.waitForPrompt()
    probe.terminal.send("pause\r")
    try probe.terminal.waitFor("pausing")
    return probe
  }

  /// Waits until the prompt has been shown `count` times.
  func waitForPrompt(count: Int = 1) throws {
    try terminal.waitUntil("prompt number \(count)") {
      $0.ranges(of: prompt).count >= count
    }
  }

  /// Waits until the output, without escape sequences and carriage returns, contains `text`.
  func waitForText(_ text: String) throws {
    try terminal.waitUntil(String(reflecting: text)) {
      PseudoTerminal.plainText($0).contains(text)
    }
  }

  /// Sends Ctrl-D on an empty line and expects `eof` and exit status 0.
  func endWithControlD() throws {
    try terminal.waitUntil("an empty prompt") {
      PseudoTerminal.plainText($0).hasSuffix(prompt)
    }
    terminal.send("\u{04}")
    try terminal.waitFor("eof")
    #expect(try terminal.waitForExit() == 0)
  }
}
