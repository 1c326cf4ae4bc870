import TestSupport
import Testing

/// A change and its reversal, repeated searches and mistyped commands, through a pipe.
@Suite("settei: reversals, find and typos")
struct ReversalAndFindTests {
  @Test func celsiusToFahrenheitAndBackIsNothingToSave() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let run = try runSettei(
      ["--lang", "en", "--store", store], script: "4\n2\n1\nchanges\nquit\n", home: home.path)
    try #require(run.status == 0, "\(run.standardError)")
    #expect(
      run.standardOutput.contains(
        "changes\nNo changes: every setting changed is back to its stored value."))
    #expect(
      run.standardOutput.contains("Nothing to save: every setting is as stored in \(store)."))
    #expect(!run.standardOutput.contains("Saved"))
    #expect(contents(of: store) == nil, "nothing was written")
  }

  @Test func aSecondFindReplacesTheFirstAndAResultOpensWhereItLives() throws {
    let home = try TemporaryFolder()
    let run = try runSettei(
      ["--lang", "en", "--store", home.file("s.json")],
      script: "find temp\nfind celsius\n1\nback\n", home: home.path)
    try #require(run.status == 0, "\(run.standardError)")
    let output = run.standardOutput
    #expect(
      output.contains(
        "Language & Region › find “temp”> find celsius\nLanguage & Region › find “celsius”\n"))
    #expect(!output.contains("find “temp” › find"), "the second search replaced the first")
    #expect(output.contains("find “celsius”> 1\nLanguage & Region › Temperature Unit\n"))
    #expect(output.contains("Temperature Unit> back\nLanguage & Region › find “celsius”\n"))
    // "temp" is in the title Temperature Unit and in its key temperatureUnit: one result.
    let firstResults = output.pieces("find “temp”\n")[1].pieces("> ")[0]
    #expect(firstResults.contains("   1  Language & Region › Temperature Unit"))
    #expect(!firstResults.contains("   2  "))
  }

  @Test func mistypedCommandsAndMissingArgumentsSayWhatToType() throws {
    let home = try TemporaryFolder()
    let cases = [
      ("qiut", "Unknown command or row 'qiut'. Did you mean quit?"),
      ("Bluetooth", "No title here starts with it; to search every page, type find Bluetooth."),
      ("get", "Type get and a key, e.g. get "),
      ("page", "n, p, page K: show the next, the previous, or the K-th page."),
    ]
    for (line, message) in cases {
      let run = try runSettei(
        ["--lang", "en", "--store", home.file("s.json")], script: line + "\n", home: home.path)
      #expect(run.status != 0)
      #expect(run.standardError.contains(message), "\(run.standardError)")
    }
  }

  @Test func resetAllCountsOnlyWhatDiffersAndOneUndoBringsItBack() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    // Both stored values differ from their defaults.
    write(
      Array("{\"temperatureUnit\": \"fahrenheit\", \"liveText\": false}".utf8), to: store)
    let run = try runSettei(
      ["--lang", "en", "--store", store], script: "reset all\nundo\nchanges\nquit\n",
      home: home.path)
    try #require(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.contains("Reset 2 settings to the default; undo brings them back."))
    #expect(run.standardOutput.contains("Undone: 2 settings are back as they were."))
    #expect(run.standardOutput.contains("changes\nNo changes yet."))
  }
}
