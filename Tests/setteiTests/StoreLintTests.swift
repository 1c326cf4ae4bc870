import FileFormats
import Glibc
import SchemaKit
import SettingsKit
import TestSupport
import Testing

@testable import SetteiCommands

/// `settei lint --store` and the REPL's note on schema upgrades.
@Suite struct StoreLintTests {
  static func pages(extra: [[PropertyListKey: PropertyListValue]] = []) -> [String:
    [[PropertyListKey: PropertyListValue]]]
  {
    [
      "Root": [
        spec(
          "PSMultiValueSpecifier", key: "unit", title: "Unit",
          ["DefaultValue": "c", "Values": ["c", "f"], "Titles": ["Celsius", "Fahrenheit"]]),
        spec("PSTextFieldSpecifier", key: "pin", title: "PIN", ["KeyboardType": "NumberPad"]),
        spec("PSToggleSwitchSpecifier", key: "darkMode", title: "Dark Mode"),
      ] + extra
    ]
  }

  @Test func valuesThatDoNotFitAreErrorsWithTheAllowedValuesAndUnknownKeysWarnings() throws {
    let bundle = try TestBundle(pages: Self.pages())
    let values: [PropertyListKey: PropertyListValue] = [
      "unit": "k", "pin": "12a", "darkMod": true, "legacy": 1, "darkMode": false,
    ]
    let model = SettingsModel(
      schema: try SchemaLoader.load(path: bundle.path), storedValues: values, language: "en")
    let problems = StoreLinter.problems(in: values, model: model)
    #expect(problems.map(\.key) == ["darkMod", "legacy", "pin", "unit"])
    #expect(problems.map(\.severity) == [.warning, .warning, .error, .error])
    #expect(!problems[0].message.contains("renamed"), "darkMode is close, but has a value")
    #expect(
      problems[3].message.hasPrefix("\"k\" does not fit (allowed: Celsius (c), Fahrenheit (f))"))
  }

  @Test func aRenamedKeyNamesItsLikelyNewName() throws {
    let bundle = try TestBundle(pages: Self.pages())
    let model = SettingsModel(
      schema: try SchemaLoader.load(path: bundle.path), storedValues: [:], language: "en")
    let problems = StoreLinter.problems(in: ["darkMod": true], model: model)
    #expect(problems.first?.message.contains("was it renamed to 'darkMode'?") == true)
  }

  @Test func exitStatusFollowsErrorsAndStrictWarnings() throws {
    let bundle = try TestBundle(pages: Self.pages())
    let store = bundle.folder.file("s.json")
    try writeText(#"{"legacy": 1}"#, to: store)
    let warned = try runSettei(["lint", "--store", store, bundle.path])
    #expect(warned.status == 0)
    #expect(
      warned.standardOutput.contains(
        "s.json: key 'legacy': warning: no setting of this schema has this key"))
    #expect(warned.standardOutput.hasSuffix("s.json: 0 errors, 1 warning.\n"))
    let strict = try runSettei(["lint", "--strict", "--store", store, bundle.path])
    #expect(strict.status == 65)
    try writeText(#"{"unit": "k\u001b[2J"}"#, to: store)
    let wrong = try runSettei(["lint", "--store", store, bundle.path])
    #expect(wrong.status == 65)
    #expect(wrong.standardOutput.contains("key 'unit': error: \"k\\u001B[2J\" does not fit"))
    #expect(!wrong.standardOutput.contains("\u{1B}"))
    try writeText(#"{"unit": "f"}"#, to: store)
    let fine = try runSettei(["lint", "--store", store, bundle.path])
    #expect(fine.status == 0 && fine.standardOutput.hasSuffix("s.json: fits \(bundle.path).\n"))
    let missing = try runSettei(["lint", "--store", bundle.folder.file("none.json"), bundle.path])
    #expect(missing.status == 65 && missing.standardError.contains("none.json: no such store."))
  }

  @Test func theREPLNamesNewSettingsAndStrandedKeysOnce() throws {
    let bundle = try TestBundle(pages: Self.pages())
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    try writeText(#"{"legacy": 1}"#, to: store)
    func start() throws -> (status: Int32, standardError: String) {
      let run = try Self.quitREPLOnATerminal(schema: bundle.path, store: store, home: home.path)
      let notes = run.text.split(separator: "\n").filter { $0.hasPrefix("settei: note:") }
      return (run.status, notes.map { $0.trimmingSuffixSpaces() + "\n" }.joined())
    }
    let first = try start()
    #expect(first.status == 0, "\(first.standardError)")
    #expect(
      first.standardError
        == "settei: note: 1 stored key not in the schema: legacy (kept in the store; settei "
        + "lint --store shows more)\n")
    #expect(try start().standardError == "", "said once")
    // An update adds two settings and a value for a third.
    let updated = Self.pages(extra: [
      spec("PSToggleSwitchSpecifier", key: "sound", title: "Sound"),
      spec("PSSliderSpecifier", key: "volume"),
      spec("PSTextFieldSpecifier", key: "nick", title: "Nickname"),
    ])
    try TestBundle.writePages(updated, to: bundle.path)
    try writeText(#"{"legacy": 1, "nick": "x"}"#, to: store)
    let upgraded = try start()
    #expect(
      upgraded.standardError
        == "settei: note: 2 new settings since last time: Sound (sound), volume\n")
    #expect(try start().standardError == "")
  }

  /// Starts the REPL on a terminal, quits, and returns its status and what it showed.
  static func quitREPLOnATerminal(schema: String, store: String, home: String) throws -> (
    status: Int32, text: String
  ) {
    let terminal = try PseudoTerminal(
      executable: BuildProducts.settei ?? "settei",
      arguments: ["--schema", schema, "--store", store],
      // Wide enough that no note is wrapped: these tests read what the notes say.
      environment: testEnvironment(home: home, extra: ["TERM": "dumb"]), columns: 400)
    try terminal.waitFor("> ")
    terminal.send("quit\r")
    let status = try terminal.waitForExit()
    return (status, PseudoTerminal.plainText(terminal.output))
  }

  @Test func anUnreadableListOfKnownKeysIsNamed() throws {
    let bundle = try TestBundle(pages: Self.pages())
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let memory = home.file("state/settei/known-keys")
    // The first start on a terminal writes the list; it is then spoilt.
    let first = try Self.quitREPLOnATerminal(schema: bundle.path, store: store, home: home.path)
    #expect(first.status == 0)
    let name = try #require(folderEntries(memory).first)
    try writeText("{not json", to: memory + "/" + name)
    let run = try Self.quitREPLOnATerminal(schema: bundle.path, store: store, home: home.path)
    #expect(run.status == 0)
    let text = run.text
    #expect(text.contains(name), "\(text)")
    #expect(text.contains("Delete that file to start the list again."))
  }

  @Test func aScriptNeitherHearsNorRecordsTheNote() throws {
    let bundle = try TestBundle(pages: Self.pages())
    let store = bundle.folder.file("s.json")
    try writeText(#"{"legacy": 1}"#, to: store)
    let run = try runSettei(["--schema", bundle.path, "--store", store], input: "quit\n")
    #expect(run.status == 0 && !run.standardError.contains("note"))
  }

  @Test func strictGoesOnlyWithLint() {
    #expect(
      throws: Options.UsageError(
        message: "--strict is not an option of settei list; it goes with settei lint: "
          + "see 'settei lint --help'.")
    ) {
      try Options.parse(["list", "--strict"])
    }
  }
}

extension Substring {
  /// Without the spaces and carriage returns a terminal leaves at the end of a line.
  func trimmingSuffixSpaces() -> String {
    var text = String(self)
    while let last = text.last, last == " " || last == "\r" { text.removeLast() }
    return text
  }
}
