import Glibc
import SettingsStorage
import TestSupport
import Testing

/// docs/reliability.md's failure mode 18: SIGHUP or SIGTERM with unsaved edits. Real signals to
/// the built settei, on a pipe and on a pseudo-terminal.
@Suite("Signal failure modes")
struct SignalFailureModeTests {
  /// The store is untouched, the edits go to `<store>.recover`, the exit is 143, and the
  /// next run in a script restores them only with `--recover`.
  @Test("RM-18 SIGTERM with unsaved edits in a script: edits kept in <store>.recover")
  func terminatedScript() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let original = #"{"calendar": "buddhist", "measurementSystem": "uk"}"#
    write(original, to: store)
    let child = try startSettei(["--store", store], home: home.path)
    child.write("4\n2\nback\n5\n1\n")  // Fahrenheit, Metric; the pipe stays open
    try child.waitForOutput("✓ Metric")
    child.signal(SIGTERM)
    #expect(try child.waitForExit() == 143, "\(child.standardError)")
    let recover = store + ".recover"
    #expect(
      child.standardError.contains(
        "settei: SIGTERM: kept 2 unsaved changes in \(recover); \(store) was not changed."),
      "\(child.standardError)")
    #expect(text(of: store) == original)
    #expect(mode(of: recover) == 0o600)
    #expect(entries(of: home.path) == ["s.json", "s.json.recover"])
    let kept = try #require(try SettingsStore.readRecovery(for: store))
    #expect(kept == ["temperatureUnit": "fahrenheit", "measurementSystem": "metric"])

    // Without --recover a script only hears about it.
    let plain = try settei(["--store", store], script: "quit\n", home: home.path)
    #expect(plain.status == 0)
    #expect(
      plain.errors.contains(
        "note: \(recover) holds 2 unsaved changes from a settei that was "
          + "stopped; run with --recover to restore them."), "\(plain.errors)")
    #expect(text(of: store) == original)
    #expect(status(of: recover) != nil)

    // With --recover they are this session's changes: quit saves them, the file goes.
    let restored = try settei(["--store", store, "--recover"], script: "quit\n", home: home.path)
    #expect(restored.status == 0, "\(restored.errors)")
    #expect(
      restored.output.contains(
        "  Language & Region › Temperature Unit (temperatureUnit): Fahrenheit (°F)"),
      "\(restored.output)")
    #expect(restored.output.contains("Restored 2 changes; quit saves them."))
    #expect(restored.output.contains("Saved 2 changes to \(store)."))
    #expect(
      storeValues(store)
        == ["calendar": "buddhist", "measurementSystem": "metric", "temperatureUnit": "fahrenheit"])
    #expect(
      entries(of: home.path).filter { $0 != "state" } == ["s.json"],
      "beside the store: nothing left (the state folder keeps the earlier save)")
  }

  @Test("RM-18 SIGTERM with no unsaved edits: nothing written, no recovery file, exit 143")
  func terminatedWithoutEdits() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let child = try startSettei(["--store", store], home: home.path)
    try child.waitForOutput("Select text in images")  // the prompt comes with the first line
    child.signal(SIGTERM)
    #expect(try child.waitForExit() == 143)
    #expect(entries(of: home.path).isEmpty)
  }

  /// The edits go to `<store>.recover`, the exit is 129, and the next start lists them and
  /// restores them on "y".
  @Test("RM-18 SIGHUP (terminal closed) with unsaved edits: offered at the next start")
  func hangUpTerminal() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let environment = testEnvironment(home: home.path)
    let arguments = ["--lang", "en", "--store", store]
    let first = try PseudoTerminal(
      executable: setteiPath, arguments: arguments, environment: environment)
    try first.waitForText("Language & Region> ")
    first.send("4\r")
    try first.waitForText("Temperature Unit> ")
    first.send("2\r")
    try first.waitForText("✓ Fahrenheit")
    first.send("back")  // half-typed when the terminal goes
    try first.waitForText("> back")
    kill(first.processID, SIGHUP)
    #expect(try first.waitForExit() == 129, "\(first.output)")
    #expect(status(of: store) == nil, "the store is untouched")
    let recover = store + ".recover"
    #expect(try SettingsStore.readRecovery(for: store) == ["temperatureUnit": "fahrenheit"])

    // Wide enough that the offer's first line is not wrapped, as this test reads it.
    let second = try PseudoTerminal(
      executable: setteiPath, arguments: arguments, environment: environment, columns: 200)
    let offer = try second.waitForText("Restore it?")
    #expect(
      offer.contains(
        "\(recover) holds 1 change not saved when settei was stopped:\n"
          + "  Language & Region › Temperature Unit (temperatureUnit): Fahrenheit (°F)\n"),
      "\(offer)")
    second.send("y\r")
    try second.waitForText("Restored 1 change; quit saves them.")
    try second.waitForText("Fahrenheit (°F)")
    second.send("quit\r")
    try second.waitForText("Saved 1 change to \(store).")
    #expect(try second.waitForExit() == 0)
    #expect(storeValues(store) == ["temperatureUnit": "fahrenheit"])
    #expect(entries(of: home.path) == ["s.json", "state"], "the recovery file went")
  }

  @Test("RM-18 the recovery offer: n deletes the file, Enter keeps it for next time")
  func recoveryChoices() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let recover = store + ".recover"
    try SettingsStore.writeRecovery(["calendar": "japanese"], to: recover)
    let environment = testEnvironment(home: home.path)
    let arguments = ["--lang", "en", "--store", store]

    let later = try PseudoTerminal(
      executable: setteiPath, arguments: arguments, environment: environment)
    try later.waitForText("Restore it?")
    later.send("\r")
    try later.waitForText("settei asks again next time")
    try later.waitForText("Language & Region> ")
    later.send("quit\r")
    #expect(try later.waitForExit() == 0)
    #expect(status(of: recover) != nil)
    #expect(status(of: store) == nil)

    let discard = try PseudoTerminal(
      executable: setteiPath, arguments: arguments, environment: environment)
    try discard.waitForText("Restore it?")
    discard.send("n\r")
    try discard.waitForText("Deleted \(recover).")
    try discard.waitForText("Language & Region> ")
    #expect(status(of: recover) == nil)
    discard.send("quit\r")
    #expect(try discard.waitForExit() == 0)
    #expect(entries(of: home.path) == ["state"], "only the history's folder")
  }
}
