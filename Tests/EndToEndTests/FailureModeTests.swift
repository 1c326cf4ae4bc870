import Glibc
import TestSupport
import Testing

/// docs/reliability.md's failure modes that concern input, the terminal and the screen (15, 17,
/// 19–30), each against the built binary. The store and locking modes are in the store's
/// suites.
@Suite("failure modes: input, terminal, screen", .serialized)
struct FailureModeTests {
  typealias Running = TerminalTests.Running

  @Test("RM-15 Ctrl-C on a half-typed line: dropped, same screen, no exit, no save")
  func controlCDropsTheLine() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let settei = try Running(["--lang", "en", "--store", store], home: home.path)
    try settei.waitFor("Region> ")
    settei.terminal.send("9 half")
    try settei.waitFor("9 half")
    settei.terminal.send("\u{03}")
    try settei.waitFor("Region> ", count: 2)
    settei.type("")
    let screen = try settei.waitFor("Region> ", count: 3)
    #expect(screen.contains("Live Text") && !screen.contains("• Off"), "the line did not run")
    settei.type("quit")
    #expect(try settei.terminal.waitForExit() == 0)
    #expect(contents(of: store) == nil)
  }

  @Test("RM-17 Ctrl-D on an empty line behaves as quit")
  func controlDIsQuit() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let settei = try Running(["--lang", "en", "--store", store], home: home.path)
    try settei.waitFor("Region> ")
    settei.type("9")
    try settei.waitFor("Region> ", count: 2)
    settei.terminal.send("\u{04}")
    try settei.waitFor("Saved 1 change")
    #expect(try settei.terminal.waitForExit() == 0)
    #expect(contents(of: store) != nil)
  }

  @Test("RM-19 terminal resized: the next screen fits the new width")
  func resize() throws {
    let home = try TemporaryFolder()
    let settei = try Running(
      ["--lang", "ja", "--store", home.file("s.json")], home: home.path, columns: 100)
    try settei.waitFor("言語と地域> ")
    settei.terminal.resize(columns: 40, rows: 40)
    // At once, the screen is shown again at the new width, with the prompt below it.
    try settei.terminal.waitUntil("the screen again, 40 columns wide, then the prompt") {
      let text = PseudoTerminal.plainText($0)
      return text.hasSuffix("言語と地域> ") && text.ranges(of: "言語と地域> ").count >= 2
        && text.split(separator: "\n").contains {
          $0.contains("温度単位") && displayWidth(String($0)) == 39
        }
    }
    // Then the next command's screen fits too.
    settei.type("")
    let screen = try settei.waitFor("言語と地域> ", count: 3)
    let after = screen.pieces("言語と地域> ").dropFirst(2).joined()
    #expect(after.split(separator: "\n").allSatisfy { displayWidth(String($0)) <= 40 }, "\(after)")
    settei.terminal.send("\u{04}")
    _ = try settei.terminal.waitForExit()
  }

  @Test("RM-20 invalid UTF-8, typed or piped: a clear message, nothing stored, the session goes on")
  func invalidUTF8() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let settei = try Running(["--lang", "en", "--store", store], home: home.path)
    try settei.waitFor("Region> ")
    // "9", then the byte 0xFF, which is never UTF-8, then Enter.
    settei.terminal.sendBytes([0x39, 0xFF, 0x0D])
    try settei.waitFor("not valid UTF-8")
    settei.type("quit")
    #expect(try settei.terminal.waitForExit() == 0)
    #expect(contents(of: store) == nil)

    // Piped: the line is refused as a failing command; nothing is saved.
    var script = Array("9\n".utf8)
    script += [0xC3, 0x28, 0x0A]
    script += Array("quit\n".utf8)
    let run = try runProcess(
      setteiPath, ["--lang", "en", "--store", store], input: script,
      environment: testEnvironment(home: home.path))
    #expect(run.status == 1)
    #expect(run.standardError.contains("input line 2: the line is not valid UTF-8"))
    #expect(contents(of: store) == nil)
  }

  @Test("RM-21 a 1 MiB input line: line too long, no hang, no crash")
  func oneMebibyteLine() throws {
    let home = try TemporaryFolder()
    let line = String(repeating: "x", count: 1 << 20)
    let run = try runSettei(
      ["--store", home.file("s.json")], script: line + "\nquit\n", home: home.path)
    #expect(run.status == 1)
    #expect(run.standardError.contains("line too long"))
  }

  @Test("RM-22 a multi-line paste runs line by line; an invalid line reports, the next ones run")
  func multiLinePaste() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let settei = try Running(["--lang", "en", "--store", store], home: home.path)
    try settei.waitFor("Region> ")
    settei.terminal.send("4\rnonsense\r2\rback\r")
    try settei.waitFor("Unknown command or row 'nonsense'")
    try settei.waitFor("✓ Fahrenheit (°F)")
    try settei.waitFor("Region> ", count: 2)
    settei.type("quit")
    #expect(try settei.terminal.waitForExit() == 0)
    #expect(String(decoding: contents(of: store) ?? [], as: UTF8.self).contains("fahrenheit"))
  }

  @Test("RM-23 piped script: no escapes, no history read or written, exit 0, saved")
  func pipedScript() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let run = try runSettei(
      ["--lang", "en", "--store", store], script: "9\nquit\n", home: home.path)
    try #require(run.status == 0)
    #expect(!run.standardOutput.contains("\u{1B}"))
    #expect(contents(of: home.path + "/state/settei/history") == nil)
    #expect(contents(of: store) != nil)
  }

  @Test("RM-24 piped script with a failing line: exit 1, nothing saved")
  func failingScript() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let run = try runSettei(["--store", store], script: "9\nwat\nquit\n", home: home.path)
    #expect(run.status == 1)
    #expect(contents(of: store) == nil)
  }

  @Test("RM-25 settei … | head -1: no escape codes, EPIPE handled, a defined exit")
  func closedStandardOutput() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let commands = String(repeating: "4\nback\n", count: 2000)
    let run = try runProcess(
      "/bin/sh",
      [
        "-c", "\"$0\" --store \"$1\" | head -1; echo \"status ${PIPESTATUS:-}\"", setteiPath, store,
      ],
      input: Array(("9\n" + commands + "quit\n").utf8),
      environment: testEnvironment(home: home.path))
    #expect(run.standardOutput.hasPrefix("Language & Region\n"))
    #expect(!run.standardOutput.contains("\u{1B}"))
    // The status of settei itself, through bash's PIPESTATUS.
    let bash = try runProcess(
      "/bin/bash",
      [
        "-c", "\"$0\" --store \"$1\" | head -1 >/dev/null; echo ${PIPESTATUS[0]}", setteiPath,
        store,
      ],
      input: Array(("9\n" + commands + "quit\n").utf8),
      environment: testEnvironment(home: home.path))
    #expect(bash.standardOutput == "141\n", "ended as SIGPIPE would, without dying mid-write")
    #expect(contents(of: store) == nil, "nothing saved once nobody reads the output")
  }

  @Test("RM-26 HOME unset or history unwritable: one warning, settings still saved, exit 0")
  func noHome() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    var environment = testEnvironment(home: home.path)
    environment["HOME"] = nil
    environment["XDG_STATE_HOME"] = nil
    let settei = try PseudoTerminal(
      executable: setteiPath, arguments: ["--lang", "en", "--store", store],
      environment: environment)
    try settei.waitFor("Region> ")
    settei.send("9\r")
    try settei.waitUntil("the second prompt") {
      PseudoTerminal.plainText($0).ranges(of: "Region> ").count >= 2
    }
    settei.send("quit\r")
    #expect(try settei.waitForExit() == 0)
    let text = PseudoTerminal.plainText(settei.output)
    #expect(text.ranges(of: "warning").count == 1, "\(text)")
    #expect(text.contains("command history will not be kept"))
    #expect(contents(of: store) != nil)

    // A history folder that cannot be written: one warning, saved, exit 0.
    let blocked = try TemporaryFolder()
    write([], to: blocked.file("state"))  // a file where the folder should be
    let second = try Running(
      ["--lang", "en", "--store", blocked.file("s.json")], home: blocked.path)
    try second.waitFor("Region> ")
    second.type("9")
    try second.waitFor("Region> ", count: 2)
    second.type("quit")
    #expect(try second.terminal.waitForExit() == 0)
    #expect(PseudoTerminal.plainText(second.terminal.output).ranges(of: "warning").count == 1)
    #expect(contents(of: blocked.file("s.json")) != nil)
  }

  @Test("RM-27 a history file not in libedit's format is left as it is")
  func foreignHistory() throws {
    let home = try TemporaryFolder()
    mkdir(home.path + "/state", 0o700)
    mkdir(home.path + "/state/settei", 0o700)
    let history = home.path + "/state/settei/history"
    let foreign = Array("#V2\nsome other program's history\n".utf8)
    write(foreign, to: history)
    let settei = try Running(["--lang", "en", "--store", home.file("s.json")], home: home.path)
    try settei.waitFor("Region> ")
    settei.type("4")
    try settei.waitFor("Temperature Unit> ")
    settei.type("quit")
    #expect(try settei.terminal.waitForExit() == 0)
    #expect(contents(of: history) == foreign)
    #expect(
      PseudoTerminal.plainText(settei.terminal.output).contains("warning: history not loaded"))
  }

  @Test("RM-28 control characters in a schema or a store are shown escaped, never sent raw")
  func controlCharacters() throws {
    let home = try TemporaryFolder()
    let schema = home.file("evil.json")
    write(
      Array(
        """
        {"Title": "Evil\\u001b]0;pwned\\u0007", "PreferenceSpecifiers": [
          {"Type": "PSGroupSpecifier", "FooterText": "clear\\u001b[2J"},
          {"Type": "PSTextFieldSpecifier", "Title": "Name\\u009b", "Key": "name"}
        ]}
        """.utf8), to: schema)
    let store = home.file("s.json")
    write(Array("{\"name\": \"bell\\u0007\\u001b[31mred\"}".utf8), to: store)
    let run = try runSettei(["--schema", schema, "--store", store], script: "", home: home.path)
    try #require(run.status == 0, "\(run.standardError)")
    let raw = run.standardOutput.unicodeScalars
    #expect(!raw.contains("\u{1B}") && !raw.contains("\u{07}") && !raw.contains("\u{9B}"))
    #expect(run.standardOutput.contains("Evil\\u{1B}]0;pwned\\u{7}"))
    #expect(run.standardOutput.contains("bell\\u{7}\\u{1B}[31mred"))
  }

  @Test("RM-29 a secure text field: not echoed, never in history, shown masked")
  func secureField() throws {
    try SettingsTerminalTests().aSecureFieldIsNotEchoedNotKeptInHistoryAndShownMasked()
  }

  @Test("RM-30 a schema with problems: errors as rows, the rest of the schema still opens")
  func schemaWithProblems() throws {
    let home = try TemporaryFolder()
    let schema = home.file("broken.json")
    write(
      Array(
        """
        {"Title": "Broken", "PreferenceSpecifiers": [
          {"Type": "PSMultiValueSpecifier", "Title": "Size", "Key": "size", "DefaultValue": "m",
           "Titles": ["Small", "Medium"], "Values": ["s"]},
          {"Type": "PSChildPaneSpecifier", "Title": "Nowhere", "File": "Missing"},
          {"Type": "PSFancySpecifier", "Title": "Fancy"},
          {"Type": "PSToggleSwitchSpecifier", "Title": "Works", "Key": "works", "DefaultValue": false}
        ]}
        """.utf8), to: schema)
    let run = try runSettei(
      ["--schema", schema, "--store", home.file("s.json")], script: "4\nquit\n", home: home.path)
    try #require(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.contains("⚠ Titles has 2 entries but Values has 1 entry"))
    #expect(run.standardOutput.contains("Nowhere"))
    #expect(run.standardOutput.contains("Fancy"))
    #expect(run.standardOutput.contains("Works") && run.standardOutput.contains("On"))
    let lint = try runSettei(["lint", schema], script: "", home: home.path)
    #expect(lint.status == 65)
    #expect(
      lint.standardOutput.contains("broken.json: PreferenceSpecifiers[0] (Key 'size'): error:"))
    #expect(lint.standardOutput.contains("PreferenceSpecifiers[1]"))
    #expect(lint.standardOutput.contains("PreferenceSpecifiers[2]"))
  }
}
