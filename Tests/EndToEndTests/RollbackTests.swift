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
    // The first save replaced no file: two earlier saves, the newest first.
    #expect(output.contains("Earlier saves, newest first (rollback N, compare N):\n  1  20"))
    #expect(output.contains("\n  2  20"))
    #expect(!output.contains("\n  3  20"))
    // Save 2 is the store after the first set: Fahrenheit, Japan, Gregorian.
    #expect(output.contains("Save 2 differs (now → then):\n"))
    #expect(output.contains("  Language & Region › Region: United States → Japan\n"))
    #expect(output.contains("  Language & Region › Calendar: Japanese → Gregorian\n"))
    #expect(!output.contains("Temperature Unit: "))
    #expect(output.contains("Back to save 2: 2 setting(s) changed"))
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
    #expect(run.standardError.contains("Type rollback N or compare N with N from 1 to 0"))
  }
}
