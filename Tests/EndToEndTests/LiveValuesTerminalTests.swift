import FoundationEssentials
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

  @Test func inJapaneseTheLineIsJapanese() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let settei = try TerminalTests.Running(["--lang", "ja", "--store", store], home: home.path)
    try settei.waitFor("言語と地域> ")
    let set = try settei_(["set", "temperatureUnit", "fahrenheit", "--store", store], home: home)
    try #require(set.status == 0, "\(set.standardError)")
    settei.type("go temperatureUnit")
    try settei.waitFor("温度単位 がほかで変更されました: 摂氏（°C） → 華氏（°F）。")
    try settei.waitFor("• 華氏（°F） ›")
    settei.type("quit")
    try settei.waitFor("保存するものはありません")
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
  /// The store replaced by a FIFO (no writer) while the REPL runs: named on its own lines at
  /// the next command, never waited on; the values read before stay. Then replaced by a
  /// symbolic link to another store: that store's values show.
  @Test func aStoreReplacedByAFIFOOrASymlinkIsNamedOrFollowed() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let other = home.file("other.json")
    write(Array(#"{"temperatureUnit": "celsius"}"#.utf8), to: store)
    write(Array(#"{"temperatureUnit": "fahrenheit"}"#.utf8), to: other)
    let settei = try TerminalTests.Running(
      ["--lang", "en", "--store", store], home: home.path)
    try settei.waitFor("Language & Region> ")
    unlink(store)
    try #require(mkfifo(store, 0o600) == 0)
    settei.type("get temperatureUnit")
    try settei.waitFor("The store changed elsewhere and cannot be read now:")
    try settei.waitFor("not a regular file")
    try settei.waitFor("temperatureUnit = Celsius (°C)")
    let shown = settei.terminal.output
    #expect(!shown.contains("\\u{A}"), "the error's lines are lines, not escapes")
    unlink(store)
    try #require(symlink(other, store) == 0)
    settei.type("")
    try settei.waitFor("Temperature Unit changed elsewhere: Celsius (°C) → Fahrenheit (°F).")
    settei.type("quit")
    try settei.waitFor("Nothing to save")
    #expect(try settei.terminal.waitForExit() == 0)
  }

  private func settei_(_ arguments: [String], home: TemporaryFolder) throws -> ProcessResult {
    try runSettei(arguments, script: "", home: home.path)
  }
}

/// The root's title and the chrome's words reach every way in: the prompt and breadcrumbs of
/// the REPL through a pipe, and a switch typed in the session's language by `set`.
@Suite struct RootTitleAndChromeThroughEveryWayTests {
  @Test func theTitleOptionNamesTheRootInThePromptAndBreadcrumbs() throws {
    let home = try TemporaryFolder()
    let run = try runSettei(
      [
        "--schema", PackagePaths.sampleBundle, "--store", home.file("s.json"), "--lang", "en",
        "--title", "My Notes", "--in-app",
      ], script: "go mulValue\n2\nback\n", home: home.path)
    try #require(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.hasPrefix("My Notes\n"))
    #expect(run.standardOutput.contains("My Notes › Update at launch\n"))
    #expect(run.standardOutput.contains("My Notes> go mulValue"))
  }

  @Test func aSwitchTakesTheSessionsOwnWords() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let off = try runSettei(
      ["set", "liveText", "オフ", "--store", store, "--lang", "ja"], script: "", home: home.path)
    try #require(off.status == 0, "\(off.standardError)")
    let shown = try runSettei(
      ["get", "liveText", "--store", store, "--lang", "ja"], script: "", home: home.path)
    #expect(shown.standardOutput == "false\n")
    let screen = try runSettei(["--store", store, "--lang", "de"], script: "", home: home.path)
    #expect(screen.standardOutput.contains("Aus\n"), "\(screen.standardOutput)")
  }
}
