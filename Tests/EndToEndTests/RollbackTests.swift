import TestSupport
import Testing

/// Every earlier save one command away: each save keeps what it replaced, `rollback` lists
/// them, `compare N` shows the difference and `rollback N` makes it this session's changes,
/// checked as typed values are, for `undo` or `quit`.
@Suite struct RollbackTests {
  @Test func threeSavesThenBackToTheFirstAndSaved() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    for (key, value) in [
      ("temperatureUnit", "fahrenheit"), ("region", "US"), ("calendar", "japanese"),
    ] {
      let set = try runSettei(["set", key, value, "--store", store], script: "", home: home.path)
      try #require(set.status == 0, "\(set.standardError)")
    }
    let run = try runSettei(
      ["--store", store, "--lang", "en"],
      script: "rollback\ncompare 2\nrollback 2\nchanges\nundo\nrollback 2\nquit\n", home: home.path)
    try #require(run.status == 0, "\(run.standardError)")
    let output = run.standardOutput
    // The first save replaced no file: the store now and two earlier saves, the newest
    // first, each with the setting its save changed; the oldest's save is not known.
    #expect(
      output.contains(
        "The store's saves, newest first; 0 is the store now (rollback N, compare N):\n"
          + "N  SAVED                 CHANGED\n0  20"))
    #expect(output.contains("Z  Language & Region › Calendar\n1  20"))
    #expect(output.contains("Z  Language & Region › Region\n2  -                     -\n"))
    #expect(!output.contains("\n3  "))
    // Save 2 is the store after the first set: Fahrenheit, Japan, Gregorian.
    #expect(output.contains("Save 2 differs (now → then):\n"))
    #expect(output.contains("  Language & Region › Region: United States → Japan\n"))
    #expect(output.contains("  Language & Region › Calendar: Japanese → Gregorian\n"))
    #expect(!output.contains("Temperature Unit: "))
    #expect(output.contains("Back to save 2: 2 settings changed"))
    #expect(output.contains("Saved 2 changes to"))
    let region = try runSettei(["get", "region", "--store", store], script: "", home: home.path)
    #expect(region.standardOutput == "JP\n")
    let unit = try runSettei(
      ["get", "temperatureUnit", "--store", store], script: "", home: home.path)
    #expect(unit.standardOutput == "fahrenheit\n")
  }

  @Test func aNumberBeyondTheSavesIsNamedAndNothingChanges() throws {
    let home = try TemporaryFolder()
    let run = try runSettei(
      ["--store", home.file("s.json"), "--lang", "en"], script: "rollback\nrollback 1\n",
      home: home.path)
    #expect(run.standardOutput.contains("No earlier saves yet"))
    #expect(run.status == 1)
    #expect(run.standardError.contains("input line 2: No earlier saves yet"))
  }

  /// `settei saves`, `settei rollback N` and `settei diff --save N`: the same history from a
  /// shell, each rollback a save of its own.
  @Test func aShellGoesBackTwiceAndForwardAgain() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    func run(_ arguments: [String]) throws -> ProcessResult {
      try runSettei(arguments + ["--store", store], script: "", home: home.path)
    }
    func unit() throws -> String { try run(["get", "temperatureUnit"]).standardOutput }
    for value in ["fahrenheit", "celsius", "fahrenheit"] {
      try #require(try run(["set", "temperatureUnit", value]).status == 0)
    }
    try #require(try run(["set", "region", "US"]).status == 0)
    // Three saves replaced a file: the store now and three earlier saves.
    let saves = try run(["saves"])
    #expect(saves.status == 0, "\(saves.standardError)")
    let lines = saves.standardOutput.split(separator: "\n")
    #expect(lines.count == 5, "\(saves.standardOutput)")
    #expect(lines.first == "N  SAVED                 CHANGED")
    #expect(lines[1].hasPrefix("0  20") && lines[1].hasSuffix("Z  Language & Region › Region"))
    #expect(lines[2].hasSuffix("Z  Language & Region › Temperature Unit"))
    #expect(lines[4] == "3  -                     -")

    // diff --save 1 shows what the last save changed, as diff shows two stores.
    let diff = try run(["diff", "--save", "1"])
    #expect(diff.status == 1)
    #expect(diff.standardOutput.contains("region  JP"))
    #expect(diff.standardOutput.contains("US"))

    // Back to save 2 (before the region and the last unit change): celsius, Japan.
    let back = try run(["rollback", "2"])
    #expect(back.status == 0, "\(back.standardError)")
    #expect(
      back.standardOutput
        == "Back to save 2: 2 settings changed and saved; settei rollback 1 returns to where this started.\n"
    )
    #expect(try unit() == "celsius\n")
    #expect(try run(["get", "region"]).standardOutput == "JP\n")
    // The rollback is a save: rollback 1 undoes it.
    #expect(try run(["rollback", "1"]).status == 0)
    #expect(try unit() == "fahrenheit\n")
    #expect(try run(["get", "region"]).standardOutput == "US\n")
    // And rollback 1 again returns to the rolled-back state.
    #expect(try run(["rollback", "1"]).status == 0)
    #expect(try unit() == "celsius\n")
    #expect(try run(["saves"]).standardOutput.split(separator: "\n").count == 8)
  }

  /// A save whose value the schema no longer takes is refused, named, and nothing is
  /// saved; a number no save has is a usage error naming the range.
  @Test func aShellRollbackRefusesWhatNoLongerFits() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    func run(_ arguments: [String]) throws -> ProcessResult {
      try runSettei(arguments + ["--store", store], script: "", home: home.path)
    }
    write(Array(#"{"temperatureUnit": "kelvin"}"#.utf8), to: store)
    try #require(try run(["set", "temperatureUnit", "celsius"]).status == 0)
    let refused = try run(["rollback", "1"])
    #expect(refused.status == 1)
    #expect(
      refused.standardError.contains(
        "Nothing rolled back: 1 setting of save 1 cannot be stored with today's schema:\n"
          + "  Language & Region › Temperature Unit: "))
    #expect(try run(["get", "temperatureUnit"]).standardOutput == "celsius\n")
    let beyond = try run(["rollback", "7"])
    #expect(beyond.status == 64)
    #expect(beyond.standardError.contains("Give a save number from 1 to 1"))
    let none = try runSettei(
      ["saves", "--store", home.file("other.json")], script: "", home: home.path,
      extra: ["SETTEI_SAVES_KEPT": "0"])
    #expect(none.standardOutput == "N  SAVED  CHANGED\n0  -      -\n")
  }

  /// SETTEI_SAVES_KEPT sets how many earlier saves are kept; 0 keeps none.
  @Test func theNumberOfSavesKeptIsConfigurable() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    for value in ["fahrenheit", "celsius", "fahrenheit", "celsius"] {
      let set = try runSettei(
        ["set", "temperatureUnit", value, "--store", store], script: "", home: home.path,
        extra: ["SETTEI_SAVES_KEPT": "2"])
      try #require(set.status == 0)
    }
    let saves = try runSettei(["saves", "--store", store], script: "", home: home.path)
    #expect(saves.standardOutput.split(separator: "\n").count == 4, "\(saves.standardOutput)")
  }

  /// A save whose earlier-save copy cannot be written (the state folder is a file) still
  /// saves, with a warning naming the folder.
  @Test func anUnwritableSaveHistoryDoesNotFailTheSave() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let notAFolder = home.file("state")
    write(Array("a file".utf8), to: notAFolder)
    let extra = ["XDG_STATE_HOME": notAFolder]
    for value in ["fahrenheit", "celsius"] {
      let set = try runSettei(
        ["set", "temperatureUnit", value, "--store", store], script: "", home: home.path,
        extra: extra)
      #expect(set.status == 0, "\(set.standardError)")
    }
    let get = try runSettei(
      ["get", "temperatureUnit", "--store", store], script: "", home: home.path)
    #expect(get.standardOutput == "celsius\n")
    let warned = try runSettei(
      ["set", "temperatureUnit", "fahrenheit", "--store", store], script: "", home: home.path,
      extra: extra)
    #expect(warned.status == 0)
    #expect(warned.standardError.contains("warning: " + notAFolder + "/settei/saves/"))
  }
}
