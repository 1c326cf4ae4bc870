import Glibc
import TestSupport
import Testing

/// The real InAppSettingsKit sample bundle, opened with --schema and --in-app (the pages its
/// app shows).
@Suite("a real Settings.bundle")
struct SettingsBundleTests {
  static let sample = PackagePaths.sampleBundle

  @Test(arguments: [
    ("en", "Toggle Switch", "Advanced", "Settings"),
    ("de", "Toggle Schalter", "Erweitert", "Einstellungen"),
  ])
  func opensLocalizedAndEveryRootPaneIsReachable(
    language: String, toggle: String, advanced: String, root: String
  ) throws {
    let home = try TemporaryFolder()
    let run = try runSettei(
      ["--schema", Self.sample, "--in-app", "--lang", language, "--store", home.file("s.json")],
      script: "5\nback\n6\nback\n7\nback\n", home: home.path)
    try #require(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.contains("   1  \(toggle)"))
    #expect(!run.standardOutput.contains("TOGGLE_SWITCH"))
    #expect(run.standardOutput.contains("\(root) › \(advanced)\n"))
    #expect(run.standardOutput.contains("\(root) › Complete List\n") || language == "de")
  }

  @Test func aValueOfEveryTypeSurvivesQuitAndARestart() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let arguments = ["--schema", Self.sample, "--in-app", "--lang", "en", "--store", store]
    // toggle, multi-value, text field, slider, radio group, text view, list group, date.
    let script =
      [
        "1", "2", "2", "back", "4", "Ada", "5", "33", "0.75", "46", "52", "line one", "line two",
        ".", "back", "6", "2", "tagA", "back", "7", "9", "2026-11-30", "back", "quit",
      ].joined(separator: "\n") + "\n"
    let run = try runSettei(arguments, script: script, home: home.path)
    try #require(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.contains("Saved 8 changes"))

    func get(_ key: String) throws -> String {
      try runSettei(["get", key] + arguments, script: "", home: home.path).standardOutput
    }
    #expect(try get("toggleSwitch") == "false\n")
    #expect(try get("signature") == "Ada\n")
    #expect(try get("slider_preference1") == "0.75\n")
    #expect(try get("radiogroup") == "2\n")
    #expect(try get("dynamicTextView") == "line one\nline two\n")
    #expect(try get("tags2") == "[\"tagA\"]\n")
    #expect(try get("date").hasPrefix("2026-11-30"))

    let again = try runSettei(arguments, script: "5\n", home: home.path)
    #expect(
      again.standardOutput.contains("   1  Toggle Switch") && again.standardOutput.contains("• Off")
    )
    #expect(again.standardOutput.contains("• 0.75 ████████░░"))
    #expect(again.standardOutput.contains("  ✓ Two"))
  }

  /// List groups whose items are dictionaries edited on a page of their own (Tag.plist) or
  /// choices (DNA): added, edited and saved from a script, then shown again after a restart.
  @Test func listGroupItemsAreAddedOnTheirOwnPagesAndSaved() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let arguments = ["--schema", Self.sample, "--in-app", "--lang", "en", "--store", store]
    let script =
      [
        "go tags", "1", "1", "swift", "back", "2", "1", "linux", "back", "1", "1", "Swift",
        "back", "7", "Guanine", "quit",
      ].joined(separator: "\n") + "\n"
    let run = try runSettei(arguments, script: script, home: home.path)
    try #require(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.contains("Settings › List groups › Tag\n"))
    #expect(run.standardOutput.contains("Saved 2 changes"))
    let tags = try runSettei(["get", "tags"] + arguments, script: "", home: home.path)
    #expect(
      tags.standardOutput.filter { !$0.isWhitespace }
        == #"[{"tag":"Swift"},{"tag":"linux"}]"#, "\(tags.standardError)")
    let again = try runSettei(arguments, script: "go tags\n", home: home.path)
    // `go` marks the list's first row, where the setting starts.
    #expect(again.standardOutput.contains("*  1  Swift\n   2  linux\n   3  + Add Tag..."))
    #expect(again.standardOutput.contains("  Guanine\n"))
  }

  @Test func lintReportsTheMalformedPageAndExits65() throws {
    let home = try TemporaryFolder()
    let malformed = PackagePaths.testsBundle + "/Malformed.plist"
    let run = try runSettei(["lint", malformed], script: "", home: home.path)
    #expect(run.status == 65)
    #expect(
      run.standardOutput.contains(
        "Malformed.plist: PreferenceSpecifiers[0] (Key 'mulValue'): error: Titles has 2 entries but Values has 1 entry."
      ))
    let clean = try runSettei(
      ["lint", PackagePaths.fixtures + "/nope"],
      script: "", home: home.path)
    #expect(clean.status == 65)
  }
}
