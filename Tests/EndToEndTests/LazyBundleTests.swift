import Glibc
import TestSupport
import Testing

/// A Settings.bundle's child panes are read when first needed: start-up and the root screen
/// work without them, and what needs every pane (find, saving, lint) still sees them all.
@Suite("child panes read when needed")
struct LazyBundleTests {
  let generated = GeneratedSchema(panes: 3, settingsPerPane: 4)

  /// The generated bundle with `Pane1.plist` not a property list, and multi-values in
  /// `Pane2.plist` with fewer Values than Titles.
  private func bundle(in home: TemporaryFolder) throws -> String {
    let path = try generated.writeBundle(to: home.file("Gen.bundle"), brokenPane: 1)
    let pane2 = try readText(path + "/Pane2.plist")
    try writeText(
      pane2.split(
        separator: "<key>Values</key><array><string>s</string>", omittingEmptySubsequences: false
      )
      .joined(separator: "<key>Values</key><array>"),
      to: path + "/Pane2.plist")
    return path
  }

  @Test func startUpAndTheRootScreenDoNotNeedABrokenPane() throws {
    let home = try TemporaryFolder()
    let path = try bundle(in: home)
    let run = try runSettei(
      ["--schema", path, "--store", home.file("s.json")], script: "quit!\n", home: home.path)
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardError.isEmpty)
    #expect(run.standardOutput.contains("   2  Pane 1"))
    #expect(!run.standardOutput.contains("⚠"))
  }

  @Test func openingTheBrokenPaneNamesItsFileAndLine() throws {
    let home = try TemporaryFolder()
    let path = try bundle(in: home)
    let run = try runSettei(
      ["--schema", path, "--store", home.file("s.json")], script: "2\n", home: home.path)
    #expect(run.status == 1)
    #expect(
      run.standardError.contains(
        "Row 2 (Pane 1) cannot be selected: ⚠ File 'Pane1' names a page that cannot be used: "
          + path + "/Pane1.plist:3:1: "),
      "\(run.standardError)")
  }

  @Test func aPaneShowsItsLintErrorsWhenOpened() throws {
    let home = try TemporaryFolder()
    let path = try bundle(in: home)
    let run = try runSettei(
      ["--schema", path, "--store", home.file("s.json")], script: "3\nquit!\n",
      home: home.path)
    #expect(run.status == 0, "\(run.standardError)")
    #expect(
      run.standardOutput.contains("Choice 9\n      ⚠ Titles has 3 entries but Values has 2"),
      "\(run.standardOutput)")
  }

  @Test func aStoredValueThatDoesNotFitIsNamedWhenItsPaneIsRead() throws {
    let home = try TemporaryFolder()
    let path = try bundle(in: home)
    let store = home.file("s.json")
    try writeText(#"{"m9":"huge"}"#, to: store)
    let arguments = ["--schema", path, "--store", store]
    let start = try runSettei(arguments, script: "1\nback\nquit!\n", home: home.path)
    #expect(start.status == 0 && start.standardError.isEmpty, "\(start.standardError)")
    let warning = "settei: warning: \(store): the stored value of 'm9'"
    let opened = try runSettei(arguments, script: "3\nquit!\n", home: home.path)
    #expect(opened.status == 0)
    #expect(opened.standardError.hasPrefix(warning), "\(opened.standardError)")
    let found = try runSettei(arguments, script: "find Toggle 0\nquit!\n", home: home.path)
    #expect(found.status == 0)
    #expect(found.standardError.hasPrefix(warning), "\(found.standardError)")
  }

  @Test func findSeesPanesNotOpened() throws {
    let home = try TemporaryFolder()
    let path = try bundle(in: home)
    let run = try runSettei(
      ["--schema", path, "--store", home.file("s.json")], script: "find Toggle 10\nquit!\n",
      home: home.path)
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.contains("Pane 2 › Toggle 10"), "\(run.standardOutput)")
  }

  @Test func aSaveKeepsTheValuesOfPanesNotOpened() throws {
    let home = try TemporaryFolder()
    let path = try bundle(in: home)
    let store = home.file("s.json")
    try writeText(#"{"m9":"l","t8":true,"zz":"kept"}"#, to: store)
    let run = try runSettei(
      ["--schema", path, "--store", store], script: "1\n1\nquit\n", home: home.path)
    #expect(run.status == 0, "\(run.standardError)")
    let saved = try readText(store)
    for member in [#""t0": false"#, #""m9":"l""#, #""t8":true"#, #""zz":"kept""#] {
      #expect(saved.contains(member), "\(saved)")
    }
  }

  @Test func lintStillReportsEveryPane() throws {
    let home = try TemporaryFolder()
    let path = try bundle(in: home)
    let run = try runSettei(["lint", path], script: "", home: home.path)
    #expect(run.status == 65)
    #expect(run.standardOutput.contains(path + "/Root.plist: PreferenceSpecifiers[2]"))
    #expect(run.standardOutput.contains("Pane1.plist:3:1"))
    #expect(run.standardOutput.contains(path + "/Pane2.plist: PreferenceSpecifiers[2] (Key 'm9')"))
  }

  @Test func onATerminalTheKnownKeysOfAnUnchangedSchemaReadNoPane() throws {
    let home = try TemporaryFolder()
    let path = try bundle(in: home)
    func start() throws -> String {
      let terminal = try PseudoTerminal(
        executable: setteiPath, arguments: ["--schema", path, "--store", home.file("s.json")],
        environment: testEnvironment(home: home.path, extra: ["TERM": "dumb"]))
      try terminal.waitFor("> ")
      terminal.send("quit\r")
      #expect(try terminal.waitForExit() == 0)
      return PseudoTerminal.plainText(terminal.output)
    }
    // The first start learns the schema's keys from every pane: the broken one shows.
    #expect(try start().contains("⚠ File 'Pane1'"))
    #expect(try !start().contains("⚠"))
    // A file written again is a schema changed: its keys are learned again.
    try writeText(try readText(path + "/Pane0.plist"), to: path + "/Pane0.plist")
    #expect(try start().contains("⚠ File 'Pane1'"))
  }
}

/// The listing of a large bundle folder is kept in `$XDG_CACHE_HOME/settei/folders` between
/// runs, and a language folder added to the bundle later is seen at once.
@Suite("a large bundle's listing kept between runs")
struct FolderListingCacheEndToEndTests {
  @Test func aLanguageFolderAddedAfterTheListingWasKeptIsSeen() throws {
    let home = try TemporaryFolder()
    let path = home.file("Big.bundle")
    try GeneratedSchema(panes: 600, settingsPerPane: 1).writeBundle(to: path)
    // A listing is kept only of a folder unchanged for two seconds.
    usleep(2_100_000)
    let arguments = ["--schema", path, "--store", home.file("s.json")]
    let first = try runSettei(arguments, script: "quit!\n", home: home.path)
    #expect(first.status == 0, "\(first.standardError)")
    #expect(first.standardOutput.contains("   2  Pane 1"), "\(first.standardOutput)")
    let kept = folderEntries(home.file(".cache/settei/folders"))
    #expect(kept.count == 1 && kept[0].hasPrefix("Big.bundle-"), "\(kept)")

    #expect(mkdir(path + "/fr.lproj", 0o755) == 0)
    try writeText("\"Pane 1\" = \"Volet 1\";\n", to: path + "/fr.lproj/Root.strings")
    let french = try runSettei(
      arguments + ["--lang", "fr"], script: "quit!\n", home: home.path)
    #expect(french.status == 0, "\(french.standardError)")
    #expect(french.standardOutput.contains("   2  Volet 1"), "\(french.standardOutput)")
  }
}
