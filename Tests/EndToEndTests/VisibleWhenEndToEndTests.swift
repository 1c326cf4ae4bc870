import FileFormats
import TestSupport
import Testing

/// A schema's `VisibleWhen` through the built binary over a pipe: switching the controlling
/// setting hides and shows its rows on the next screen, `go` to a hidden row marks the
/// setting that shows it, and `get`, `set` and `changes` still reach the hidden key.
@Suite struct VisibleWhenEndToEndTests {
  static let schema = PackagePaths.fixtures + "/VisibleWhen/network.json"

  /// The lines after each time `command` was typed, up to the next prompt, in order.
  static func replies(_ output: String, to command: String) -> [[String]] {
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    return lines.indices.filter { lines[$0].hasSuffix("> " + command) }.map { start in
      let rest = lines[(start + 1)...]
      let end = rest.firstIndex { $0.contains("> ") } ?? rest.endIndex
      return Array(rest[..<end])
    }
  }

  @Test func togglingTheControllerHidesAndShowsItsRowsAndGetStillReadsThem() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let script = [
      "1", "get ssid", "set ssid office", "go ssid", "1", "changes", "quit",
    ]
    let result = try settei(
      ["--schema", Self.schema, "--store", store, "--lang", "en"],
      script: script.joined(separator: "\n") + "\n", home: home.path)
    #expect(result.status == 0, "\(result.standardError)")
    let output = result.standardOutput
    // Wi-Fi off: Network Name and Proxy leave, and the rows after them are numbered anew.
    let toggles = Self.replies(output, to: "1")
    try #require(toggles.count == 2, "\(output)")
    let off = toggles[0]
    #expect(!off.contains { $0.contains("Network Name") }, "\(off)")
    #expect(off.contains { $0.hasPrefix("   2  Metered") }, "\(off)")
    // The hidden key is still read and written by key.
    #expect(output.contains("ssid = home (\"home\") (the default) · Network › Network Name"))
    // go to the hidden row: the setting that shows it is marked, and why is said.
    let reached = try #require(Self.replies(output, to: "go ssid").first)
    #expect(
      reached.first
        == "Network Name is hidden (shown when Wi-Fi is On): showing Wi-Fi, row 1, which controls it.",
      "\(reached)")
    #expect(reached.contains { $0.hasPrefix("*  1  Wi-Fi") }, "\(reached)")
    // Wi-Fi on again: Network Name is back, with the value set while it was hidden.
    let on = toggles[1]
    #expect(on.contains { $0.contains("Network Name") && $0.contains("office") }, "\(on)")
    #expect(on.contains { $0.hasPrefix("   3  Proxy") }, "\(on)")
    #expect(output.contains("Network › Network Name: home → office"))
    let saved = try JSONReader.parse(contents(of: store) ?? [], source: store)
    #expect(saved.dictionaryValue?["ssid"] == "office")
  }

  @Test(
    "RM-73 a VisibleWhen cycle or a malformed one shows its rows; the REPL, go, find and render end"
  )
  func aCycleShowsItsRowsAndEveryCommandEnds() throws {
    let home = try TemporaryFolder()
    let path = home.file("cycle.json")
    write(
      Array(
        #"""
        {"PreferenceSpecifiers": [
          {"Type": "PSGroupSpecifier", "Title": "G", "VisibleWhen": {"Key": "a", "Values": [true]}},
          {"Type": "PSToggleSwitchSpecifier", "Title": "A", "Key": "a", "DefaultValue": true,
           "VisibleWhen": {"Key": "b", "Values": [true]}},
          {"Type": "PSToggleSwitchSpecifier", "Title": "B", "Key": "b", "DefaultValue": true,
           "VisibleWhen": {"Key": "c", "Values": [true]}},
          {"Type": "PSToggleSwitchSpecifier", "Title": "C", "Key": "c", "DefaultValue": true,
           "VisibleWhen": {"Key": "a", "Values": [true]}},
          {"Type": "PSToggleSwitchSpecifier", "Title": "D", "Key": "d", "DefaultValue": true,
           "VisibleWhen": [{"Key": "d"}]}]}
        """#.utf8), to: path)
    let result = try settei(
      ["--schema", path, "--store", home.file("s.json"), "--lang", "en"],
      script: "go c\nfind b\n1\nback\nback\n3\ngo a\nquit!\n", home: home.path)
    #expect(result.status == 0, "\(result.standardError)")
    let first = result.standardOutput.split(separator: "\n").prefix(8).joined(separator: "\n")
    for row in ["1  A", "2  B", "3  C", "4  D"] {
      #expect(first.contains(row), "every row of the cycle is shown: \(first)")
    }
    #expect(result.standardOutput.contains("C is row 3."))
    let rendered = try settei(["render", path, "--lang", "en"], script: "", home: home.path)
    #expect(rendered.status == 0)
    let lint = try settei(["lint", path], script: "", home: home.path)
    #expect(lint.status == 65)
    #expect(
      lint.standardOutput.contains("VisibleWhen makes a cycle: 'a' → 'b' → 'c' → 'a'"),
      "\(lint.standardOutput)")
    #expect(
      lint.standardOutput.contains(
        "PreferenceSpecifiers[4] (Key 'd'): error: VisibleWhen[0] has neither Values nor NotValues")
    )
  }
}
