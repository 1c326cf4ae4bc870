import Glibc
import SettingsStorage
import TestSupport
import Testing

/// docs/reliability.md's failure modes of signals while settei is busy: Ctrl-C (SIGINT) stops
/// the command under way and leaves the REPL at its prompt with the edits; Ctrl-\ (SIGQUIT),
/// SIGTERM and SIGHUP keep the edits in `<store>.recover` at any moment. Real signals to the
/// built settei on pseudo-terminals, with the store's lock held by a second process.
@Suite("Interrupt failure modes", .serialized)
struct InterruptFailureModeTests {
  /// settei on a pseudo-terminal, at Temperature Unit with Fahrenheit chosen (not saved).
  private func terminalWithAnEdit(store: String, home: String) throws -> PseudoTerminal {
    let terminal = try PseudoTerminal(
      executable: setteiPath, arguments: ["--lang", "en", "--store", store],
      environment: testEnvironment(home: home))
    try terminal.chooseFahrenheit()
    return terminal
  }

  @Test("RM-67 Ctrl-C while quit waits for a held lock: the wait ends, the REPL stays")
  func interruptDuringTheLockWait() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let holder = try holdLock(of: store, home: home.path)
    let terminal = try terminalWithAnEdit(store: store, home: home.path)
    terminal.send("quit\r")
    try waitUntilSleeping(terminal.processID)  // the save waits for the lock
    kill(terminal.processID, SIGINT)
    let said = try terminal.waitForText("Your changes are kept: type quit to try again")
    #expect(said.contains("\(store) is locked"), "\(said)")
    try terminal.waitForTextCount("Temperature Unit> ", 3)
    #expect(status(of: store) == nil)
    #expect(!entries(of: home.path).contains("s.json.recover"))
    holder.closeInput()
    #expect(try holder.waitForExit() == 0)
    terminal.send("quit\r")
    try terminal.waitForText("Saved 1 change to \(store).")
    #expect(try terminal.waitForExit() == 0)
    #expect(storeValues(store) == ["temperatureUnit": "fahrenheit"])
    #expect(!entries(of: home.path).contains("s.json.lock"))
  }

  @Test("RM-68 Ctrl-\\ (SIGQUIT) at the prompt keeps the edits in <store>.recover, exit 131")
  func quitSignalAtThePrompt() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let terminal = try terminalWithAnEdit(store: store, home: home.path)
    kill(terminal.processID, SIGQUIT)
    #expect(try terminal.waitForExit() == 131, "\(terminal.output)")
    #expect(
      PseudoTerminal.plainText(terminal.output).contains(
        "SIGQUIT: kept 1 unsaved change in \(store).recover"), "\(terminal.output)")
    #expect(status(of: store) == nil, "the store is untouched")
    #expect(try SettingsStore.readRecovery(for: store) == ["temperatureUnit": "fahrenheit"])
  }

  @Test(
    "RM-68 SIGTERM, SIGHUP or SIGQUIT while quit waits for a held lock keeps the edits",
    arguments: [SIGTERM, SIGHUP, SIGQUIT])
  func endingSignalDuringTheLockWait(signal: Int32) throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let holder = try holdLock(of: store, home: home.path)
    let terminal = try terminalWithAnEdit(store: store, home: home.path)
    terminal.send("quit\r")
    try waitUntilSleeping(terminal.processID)
    kill(terminal.processID, signal)
    #expect(try terminal.waitForExit() == 128 + signal, "\(terminal.output)")
    #expect(status(of: store) == nil, "the store is untouched")
    #expect(try SettingsStore.readRecovery(for: store) == ["temperatureUnit": "fahrenheit"])
    holder.closeInput()
    #expect(try holder.waitForExit() == 0)
    #expect(!entries(of: home.path).contains("s.json.lock"))
  }

  @Test("RM-67 Ctrl-C while go walks a big bundle: back at the prompt, the edits kept")
  func interruptDuringALongCommand() throws {
    let home = try TemporaryFolder()
    let bundle = DeepPageChainTests.bundleChain(2_000, in: home)
    let store = home.file("s.json")
    let terminal = try PseudoTerminal(
      executable: setteiPath, arguments: ["--lang", "en", "--schema", bundle, "--store", store],
      environment: testEnvironment(home: home.path))
    try terminal.waitForText("Settings> ")
    terminal.send("1\r")  // T0 off: an edit
    try terminal.waitForTextCount("Settings> ", 2)
    terminal.send("go T2000\r")  // reads and indexes every page of the chain
    pause(0.2)
    kill(terminal.processID, SIGINT)
    try terminal.waitUntil("a prompt after go", timeout: 60) {
      PseudoTerminal.plainText($0).hasSuffix("> ")
        && PseudoTerminal.plainText($0).contains("go T2000\n")
    }
    // Ctrl-C stops the reading of the chain's pages; on a fast machine the walk can end
    // before the signal, and Ctrl-C meets the prompt, which clears the line and prompts
    // again: let that happen before typing.
    pause(0.5)
    if PseudoTerminal.plainText(terminal.output).contains("Stopped (Ctrl-C) while reading") {
      // The same command goes on reading where it stopped, and gets there.
      terminal.send("go T2000\r")
      _ = try terminal.waitFor("T2000 is row 1.", timeout: 60)
    }
    terminal.send("top\r")
    try terminal.waitUntil("the root again", timeout: 60) {
      PseudoTerminal.plainText($0).hasSuffix("Settings> ")
    }
    terminal.send("quit\r")
    try terminal.waitForText("Saved 1 change to \(store).")
    #expect(try terminal.waitForExit() == 0)
    #expect(storeValues(store) == ["k0": false])
  }
}
