import Glibc
import TestSupport
import Testing

/// Live values: what another program saves to the store while the REPL runs shows on the
/// next screen, with a line naming what changed; a setting changed here and there too is said
/// at once, and `quit` still asks which to keep.
@Suite("live values", .serialized)
struct LiveValuesTerminalTests {
  @Test func aValueSavedElsewhereShowsOnTheNextScreen() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let settei = try TerminalTests.Running(
      ["--lang", "en", "--store", store], home: home.path)
    try settei.waitFor("Language & Region> ")
    let set = try settei_(["set", "temperatureUnit", "fahrenheit", "--store", store], home: home)
    try #require(set.status == 0, "\(set.standardError)")
    settei.type("")  // an empty line shows the screen again
    let screen = try settei.waitFor("Language & Region> ", count: 2)
    let after = try #require(
      screen.components(separatedBy: "Language & Region> ").dropFirst().first)
    #expect(after.contains("Temperature Unit changed elsewhere: Celsius (°C) → Fahrenheit (°F)."))
    #expect(after.contains("Fahrenheit (°F) ›"))
    settei.type("quit")
    try settei.waitFor("Nothing to save")
    #expect(try settei.terminal.waitForExit() == 0)
  }

  @Test func aSettingChangedHereAndThereIsSaidAtOnceAndQuitAsks() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let settei = try TerminalTests.Running(
      ["--lang", "en", "--store", store], home: home.path)
    try settei.waitFor("Language & Region> ")
    settei.type("2")
    try settei.waitFor("Germany")
    settei.type("5")  // Germany, here
    try settei.waitFor("> ", count: 3)
    let set = try settei_(["set", "region", "US", "--store", store], home: home)
    try #require(set.status == 0, "\(set.standardError)")
    settei.type("back")
    let screen = try settei.waitFor(
      "Region changed elsewhere to United States; yours, Germany, is not saved yet.")
    #expect(screen.contains("quit you choose which to keep."))
    settei.type("quit")
    try settei.waitFor("Type quit again to save your value")
    settei.type("quit")
    try settei.waitFor("Saved 1 change")
    #expect(try settei.terminal.waitForExit() == 0)
    #expect(try readText(store).contains("\"DE\""))
  }

  /// `settei` run to its end with its own home, as another program saving the store.
  private func settei_(_ arguments: [String], home: TemporaryFolder) throws -> ProcessResult {
    try settei(arguments, script: "", home: home.path)
  }
}
