import Glibc
import SettingsStorage
import TestSupport
import Testing

/// docs/reliability.md's failure modes about locking and concurrent saves, with real second
/// processes: two settei instances, or the helper `store-save-loop hold`, which takes the
/// store's lock as settei does and holds its flock until its standard input closes.
@Suite("Locking failure modes")
struct LockingFailureModeTests {
  @Test("RM-06 a lock held by a live instance: in a script, a clear message and exit 75")
  func liveLockInAPipe() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let holder = try holdLock(of: store, home: home.path)
    let started = now()
    let run = try settei(["--store", store], script: "4\n2\nquit\n", home: home.path)
    #expect(now() - started >= 1, "waits about a second for the lock first")
    #expect(run.status == 75, "\(run.errors)")
    #expect(
      run.errors.contains(
        "settei: \(store).lock: \(store) is locked: another program (process \(holder.processID) "
          + "(store-save-loop)) is saving it"), "\(run.errors)")
    #expect(run.errors.contains("Nothing was saved. Let the other program finish"))
    #expect(run.errors.contains("The script's changes were not saved; run it again"))
    #expect(status(of: store) == nil)
    holder.closeInput()
    #expect(try holder.waitForExit() == 0)
    #expect(entries(of: home.path).isEmpty)
  }

  /// The lock blocks SIGINT, SIGTERM and SIGHUP, so nothing is parsed under it: a store
  /// that turned into an expansion bomb after settei opened it is refused while another
  /// program still holds the lock, by the parse before the lock, not after waiting for it.
  @Test("RM-36 a store is parsed before its lock is taken, never with signals blocked")
  func parsedBeforeTheLock() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.plist")
    write(
      #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>"#
        + "<key>calendar</key><string>buddhist</string></dict></plist>", to: store)
    let child = try startSettei(["--store", store], home: home.path)
    child.write("4\n2\n")
    try child.waitForOutput("✓ Fahrenheit")
    let bomb = BinaryPlist.bomb(levels: 40, in: .store)
    write(bomb, to: store)
    let holder = try holdLock(of: store, home: home.path)
    child.closeInput()
    #expect(try child.waitForExit() == 74, "\(child.standardError)")
    #expect(
      child.standardError.contains(
        "settei: \(store):1: binary property list: it expands to more than 1000000 values"),
      "\(child.standardError)")
    #expect(!child.standardError.contains("is locked"), "\(child.standardError)")
    #expect(contents(of: store) == bomb)
    holder.closeInput()
    #expect(try holder.waitForExit() == 0)
  }

  /// The REPL stays with the edits, and `quit` succeeds once the lock is gone.
  @Test("RM-06 a lock held by a live instance: settei set exits 75 and changes nothing")
  func liveLockForAScriptCommand() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let holder = try holdLock(of: store, home: home.path)
    let run = try settei(
      ["set", "temperatureUnit", "fahrenheit", "--store", store], script: "", home: home.path)
    #expect(run.status == 75, "\(run.errors)")
    #expect(run.errors.contains("\(store) is locked"))
    #expect(status(of: store) == nil)
    holder.closeInput()
    #expect(try holder.waitForExit() == 0)
  }

  @Test("RM-06 a lock held by a live instance: on a terminal the REPL stays")
  func liveLockOnATerminal() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let holder = try holdLock(of: store, home: home.path)
    let terminal = try PseudoTerminal(
      executable: setteiPath, arguments: ["--lang", "en", "--store", store],
      environment: testEnvironment(home: home.path))
    try terminal.chooseFahrenheit()
    terminal.send("quit\r")
    let locked = try terminal.waitForText("Your changes are kept: type quit to try again")
    #expect(locked.contains("\(store).lock: \(store) is locked"))
    try terminal.waitUntil("the prompt again") {
      PseudoTerminal.plainText($0).hasSuffix("Temperature Unit> ")
    }
    #expect(status(of: store) == nil)
    holder.closeInput()
    #expect(try holder.waitForExit() == 0)
    terminal.send("quit\r")
    try terminal.waitForText("Saved 1 change to \(store).")
    #expect(try terminal.waitForExit() == 0)
    #expect(storeValues(store) == ["temperatureUnit": "fahrenheit"])
    #expect(entries(of: home.path).contains("s.json"))
    #expect(!entries(of: home.path).contains("s.json.lock"))
  }

  /// Ctrl-D ends the session even when its save fails, so the edits go to the recovery file.
  @Test("RM-06 Ctrl-D while the store is locked keeps the edits in <store>.recover")
  func liveLockThenEndOfInput() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let holder = try holdLock(of: store, home: home.path)
    let terminal = try PseudoTerminal(
      executable: setteiPath, arguments: ["--lang", "en", "--store", store],
      environment: testEnvironment(home: home.path))
    try terminal.waitForText("Language & Region> ")
    terminal.send("4\r")
    try terminal.waitForText("Temperature Unit> ")
    terminal.send("2\r")
    try terminal.waitForText("✓ Fahrenheit")
    // Ctrl-D once the prompt is back: typed ahead, it would be the terminal driver's.
    try terminal.waitUntil("the prompt again") {
      PseudoTerminal.plainText($0).hasSuffix("Temperature Unit> ")
    }
    terminal.send("\u{04}")
    let said = try terminal.waitForText("settei offers them at the next start.")
    #expect(said.contains("kept 1 unsaved change in \(store).recover"))
    #expect(try terminal.waitForExit() == 75)
    #expect(status(of: store) == nil)
    #expect(try SettingsStore.readRecovery(for: store) == ["temperatureUnit": "fahrenheit"])
    holder.closeInput()
    #expect(try holder.waitForExit() == 0)
  }

  @Test("RM-07 a stale lock left by a killed instance is taken over, with a note")
  func staleLock() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    write(#"{"calendar": "buddhist"}"#, to: store)
    try leaveStaleLock(of: store, home: home.path)
    let run = try settei(["--store", store], script: "4\n2\nquit\n", home: home.path)
    #expect(run.status == 0, "\(run.errors)")
    let note =
      "settei: note: \(store).lock: took over a lock left by a process that ended while saving"
    #expect(run.errors.ranges(of: note).count == 1, "once: \(run.errors)")
    #expect(!run.output.contains("took over"), "on standard error only: \(run.output)")
    #expect(storeValues(store) == ["calendar": "buddhist", "temperatureUnit": "fahrenheit"])
    #expect(
      entries(of: home.path).filter { $0 != "state" } == ["s.json"],
      "beside the store: nothing left (the state folder keeps the earlier save)")
  }

  @Test("RM-07 settei set takes a stale lock over with one note on standard error")
  func staleLockInASubcommand() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    write(#"{"calendar": "buddhist"}"#, to: store)
    try leaveStaleLock(of: store, home: home.path)
    let run = try settei(
      ["set", "calendar", "japanese", "--store", store], script: "", home: home.path)
    #expect(run.status == 0, "\(run.errors)")
    #expect(
      run.errors
        == "settei: note: \(store).lock: took over a lock left by a process that ended while "
        + "saving; \(store) itself was never half written.\n")
    #expect(run.output.isEmpty)
    #expect(storeValues(store) == ["calendar": "japanese"])
  }

  /// Starts settei on `store`, makes the changes of `script`, and waits until the last
  /// screen shows `shown`, so that it has loaded the store and holds the edit in memory.
  private func editing(
    _ store: String, script: String, until shown: String, home: String
  ) throws -> ChildProcess {
    let child = try startSettei(["--store", store], home: home)
    child.write(script)
    try child.waitForOutput(shown)
    return child
  }

  @Test("RM-08 two instances change different keys and quit: both changes are on disk")
  func differentKeys() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    write(#"{"firstWeekday": 2}"#, to: store)
    let first = try editing(store, script: "4\n2\n", until: "✓ Fahrenheit", home: home.path)
    let second = try editing(
      store, script: "3\n2\n", until: "✓ Japanese", home: home.path)
    first.closeInput()
    #expect(try first.waitForExit() == 0, "\(first.standardError)")
    second.closeInput()
    #expect(try second.waitForExit() == 0, "\(second.standardError)")
    #expect(
      storeValues(store)
        == ["firstWeekday": 2, "temperatureUnit": "fahrenheit", "calendar": "japanese"])
    #expect(
      entries(of: home.path).filter { $0 != "state" } == ["s.json"],
      "beside the store: nothing left (the state folder keeps the earlier save)")
  }

  /// In a script: a message and exit 74; nothing of the second instance is written.
  @Test("RM-09 two instances change the same key: the second is told, no overwrite")
  func sameKey() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let first = try editing(store, script: "5\n2\n", until: "✓ US", home: home.path)
    let second = try editing(
      store, script: "5\n3\nback\n4\n2\n", until: "✓ Fahrenheit", home: home.path)
    first.closeInput()
    #expect(try first.waitForExit() == 0, "\(first.standardError)")
    let saved = text(of: store)
    second.closeInput()
    #expect(try second.waitForExit() == 74)
    #expect(
      second.standardError.contains(
        "settei: \(store): another program changed a setting you changed too, since settei "
          + #"opened the file: 'measurementSystem' is now "us" there (yours: "uk")"#),
      "\(second.standardError)")
    #expect(second.standardError.contains("Nothing was saved"))
    #expect(text(of: store) == saved, "neither key of the second instance was written")
    #expect(storeValues(store) == ["measurementSystem": "us"])
    #expect(
      entries(of: home.path).filter { $0 != "state" } == ["s.json"],
      "beside the store: nothing left (the state folder keeps the earlier save)")
  }

  @Test("RM-09 on a terminal the conflict is reported and a second quit overwrites")
  func sameKeyOnATerminal() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let terminal = try startTerminal(store: store, home: home.path)
    terminal.send("5\r")
    try terminal.waitForText("Measurement System> ")
    terminal.send("3\r")
    try terminal.waitForText("✓ UK")
    let other = try settei(["--store", store], script: "5\n2\n", home: home.path)
    #expect(other.status == 0)
    terminal.send("quit\r")
    try terminal.waitForText("Type quit again to save your value of 'measurementSystem'")
    #expect(storeValues(store) == ["measurementSystem": "us"])
    terminal.send("quit\r")
    try terminal.waitForText("Saved 1 change")
    #expect(try terminal.waitForExit() == 0)
    #expect(storeValues(store) == ["measurementSystem": "uk"])
  }

  /// "Quit again to overwrite" covers the value the user was shown: when the other
  /// program changes it again before that quit, the conflict is reported again with the
  /// new value, and only the quit after that overwrites.
  @Test("RM-33 a value changed again after the conflict was shown is reported again")
  func sameKeyChangedAgainAfterTheReport() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let terminal = try startTerminal(store: store, home: home.path)
    terminal.send("set region US\r")
    try terminal.waitForTextCount("Language & Region> ", 2)
    let first = try settei(["set", "region", "GB", "--store", store], script: "", home: home.path)
    #expect(first.status == 0, "\(first.errors)")
    terminal.send("quit\r")
    try terminal.waitForText(#"'region' is now "GB" there"#)
    let second = try settei(
      ["set", "region", "DE", "--store", store], script: "", home: home.path)
    #expect(second.status == 0, "\(second.errors)")
    terminal.send("quit\r")
    try terminal.waitForText(#"'region' is now "DE" there"#)
    #expect(storeValues(store) == ["region": "DE"], "not overwritten unseen")
    terminal.send("quit\r")
    try terminal.waitForText("Saved 1 change")
    #expect(try terminal.waitForExit() == 0)
    #expect(storeValues(store) == ["region": "US"])
  }

  /// Leaves the lock file of `store` as a killed saver would: held, then SIGKILLed.
  private func leaveStaleLock(of store: String, home: String) throws {
    let holder = try holdLock(of: store, home: home)
    holder.signal(SIGKILL)
    #expect(try holder.waitForExit() == 128 + SIGKILL)
    #expect(status(of: store + ".lock") != nil, "the killed holder left its lock file")
  }

  /// Starts settei in English on a pseudo-terminal and waits for its first prompt.
  private func startTerminal(store: String, home: String) throws -> PseudoTerminal {
    let terminal = try PseudoTerminal(
      executable: setteiPath, arguments: ["--lang", "en", "--store", store],
      environment: testEnvironment(home: home))
    try terminal.waitForText("Language & Region> ")
    return terminal
  }
}
