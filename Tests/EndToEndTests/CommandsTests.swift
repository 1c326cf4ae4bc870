import Glibc
import TestSupport
import Testing

/// The REPL's settings commands as scripts, in Japanese and English.
@Suite("REPL commands through a pipe")
struct REPLCommandsTests {
  @Test(arguments: [
    ("ja", "華氏", "温度単位", "華氏（°F）", "検索「華氏」"),
    ("en", "Fahrenheit", "Temperature Unit", "Fahrenheit (°F)", "find “Fahrenheit”"),
  ])
  func findJumpsToTheChoiceAndBackReturnsToTheResults(
    language: String, query: String, title: String, choice: String, results: String
  ) throws {
    let home = try TemporaryFolder()
    let run = try runSettei(
      ["--lang", language, "--store", home.file("s.json")],
      script: "find \(query)\n1\n2\nback\nback\n",
      home: home.path)
    try #require(run.status == 0, "\(run.standardError)")
    let screens = run.standardOutput.pieces("> ")
    #expect(screens[1].contains("1  ") && screens[1].contains("\(title) › \(choice)"))
    #expect(screens[2].contains("✓ ") && screens[2].contains("  ‹ \(results)"))
    #expect(screens[3].contains("✓ \(choice)"))
    #expect(screens[4].hasPrefix("back\n") && screens[4].contains("\(results)\n"))
  }

  @Test func slashIsFind() throws {
    let home = try TemporaryFolder()
    let run = try runSettei(
      ["--lang", "en", "--store", home.file("s.json")], script: "/monday\n", home: home.path)
    #expect(run.standardOutput.contains("Language & Region › First Day of Week › Monday"))
  }

  @Test(arguments: ["go temperatureUnit", "go 言語と地域/温度単位", "go Temperature Unit"])
  func goLandsOnTheScreenThatHoldsTheRow(command: String) throws {
    let home = try TemporaryFolder()
    let run = try runSettei(
      ["--lang", "ja", "--store", home.file("s.json")], script: command + "\n", home: home.path)
    try #require(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.contains("温度単位 は 4 行目です。"))
  }

  @Test func changesListsAndUndoPutsBack() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let run = try runSettei(
      ["--lang", "ja", "--store", store],
      script: "4\n2\nback\n9\nchanges\nundo\nchanges\nundo\nchanges\nquit\n",
      home: home.path)
    try #require(run.status == 0, "\(run.standardError)")
    #expect(
      run.standardOutput.contains("言語と地域 › 温度単位: 摂氏（°C） → 華氏（°F）\n言語と地域 › テキスト認識表示: オン → オフ\n"))
    #expect(
      run.standardOutput.contains("取り消しました: 言語と地域 › テキスト認識表示 は オン に戻りました。"))
    #expect(run.standardOutput.contains("まだ変更はありません。"))
    #expect(contents(of: store) == nil, "undone to nothing: no write")
  }

  @Test func describeAResetAndResetAll() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    write(Array("{\"temperatureUnit\": \"fahrenheit\", \"liveText\": false}".utf8), to: store)
    let run = try runSettei(
      ["--lang", "en", "--store", store], script: "? 4\nreset 4\nreset all\nquit\n",
      home: home.path)
    try #require(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.contains("  key:      temperatureUnit"))
    #expect(run.standardOutput.contains("  current:  Fahrenheit (°F)  (changed from the default)"))
    #expect(run.standardOutput.contains("Reset temperatureUnit to its default: Celsius (°C)."))
    // A script is not asked, as quit! is not.
    #expect(run.standardOutput.contains("Reset 1 setting to the default; undo brings them back."))
    #expect(String(decoding: contents(of: store) ?? [], as: UTF8.self).trimmed() == "{}")
  }

  /// Each language is named in its own language, as iOS's language list names it: the row's
  /// detail, the list, `? 1` and `reset 1` agree, in English and in Japanese.
  @Test(arguments: ["en", "ja"])
  func languageNamesAgree(language: String) throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    write(Array("{\"language\": \"de\"}".utf8), to: store)
    let run = try runSettei(
      ["--lang", language, "--store", store], script: "? 1\n1\nback\nreset 1\nquit\n",
      home: home.path)
    try #require(run.status == 0, "\(run.standardError)")
    let output = run.standardOutput
    #expect(output.contains("• Deutsch ›"), "the row's detail")
    #expect(output.contains("✓ Deutsch") && output.contains("   1    日本語"), "the list")
    #expect(
      output.contains("日本語 (ja)") && output.contains("English (en)")
        && output.contains("Deutsch (de)"), "? 1")
    #expect(output.contains(language == "ja" ? "デフォルト: 日本語" : "default:  日本語"), "? 1")
    #expect(
      output.contains(
        language == "ja"
          ? "language をデフォルトに戻しました: 日本語。" : "Reset language to its default: 日本語."),
      "reset 1")
    for other in ["Japanese", "German", "英語", "ドイツ語"] {
      #expect(!output.contains(other), "\(other)")
    }
  }

  @Test func anUnknownLangSaysWhichLanguagesExist() throws {
    let home = try TemporaryFolder()
    let unknown = try runSettei(
      ["--lang", "xx", "--store", home.file("s.json")], script: "", home: home.path)
    #expect(unknown.status == 0)
    #expect(unknown.standardError.contains("settei: note: this schema has no 'xx' text; showing"))
    #expect(unknown.standardError.contains("Languages: ") && unknown.standardError.contains("ja"))
    let regional = try runSettei(
      ["--lang", "ja-JP", "--store", home.file("s.json")], script: "", home: home.path)
    #expect(!regional.standardError.contains("note"), "ja-JP is ja")
  }

  @Test func langSwitchesOnTheSpot() throws {
    let home = try TemporaryFolder()
    let run = try runSettei(
      ["--lang", "ja", "--store", home.file("s.json")], script: "lang\nlang en\nlang xx\n",
      home: home.path)
    #expect(run.standardOutput.contains("lang\n言語: ja。ほかに: en（lang CODE）。\n"))
    #expect(run.standardOutput.contains("lang en\nLanguage & Region\n"))
    #expect(run.status == 1)
    #expect(run.standardError.contains("This schema has no 'xx' text. Languages: en, ja."))
  }

  @Test func valuesThatDifferFromTheirDefaultAreMarked() throws {
    let home = try TemporaryFolder()
    let run = try runSettei(
      ["--lang", "en", "--store", home.file("s.json")], script: "set region US\n", home: home.path)
    #expect(run.standardOutput.contains("• United States ›"))
    #expect(run.standardOutput.contains("  Japan ›") || run.standardOutput.contains(" Japan ›"))
  }

  @Test func quitBangLeavesWithoutSaving() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let run = try runSettei(
      ["--lang", "en", "--store", store], script: "9\nquit!\n", home: home.path)
    try #require(run.status == 0)
    #expect(contents(of: store) == nil)
  }
}

/// The commands for scripts: get, set, list, export, import, reset.
@Suite("commands for scripts")
struct ScriptCommandsTests {
  @Test func setThenGetPrintsTheNewValue() throws {
    let home = try TemporaryFolder()
    let store = ["--store", home.file("s.json")]
    let set = try runSettei(
      ["set", "temperatureUnit", "華氏（°F）"] + store, script: "", home: home.path)
    #expect(set.status == 0, "\(set.standardError)")
    let get = try runSettei(["get", "temperatureUnit"] + store, script: "", home: home.path)
    #expect(get.standardOutput == "fahrenheit\n")
  }

  @Test func aBadValueExitsOneListingTheAllowedOnes() throws {
    let home = try TemporaryFolder()
    let run = try runSettei(
      ["set", "temperatureUnit", "kelvin", "--store", home.file("s.json")], script: "",
      home: home.path)
    #expect(run.status == 1)
    #expect(
      run.standardError.contains("Allowed: Celsius (°C) (celsius), Fahrenheit (°F) (fahrenheit)."))
    #expect(contents(of: home.file("s.json")) == nil)
  }

  @Test func unknownKeysAndUsageErrors() throws {
    let home = try TemporaryFolder()
    let unknown = try runSettei(
      ["get", "temperature", "--store", home.file("s.json")], script: "", home: home.path)
    #expect(unknown.status == 1)
    #expect(unknown.standardError.contains("Did you mean temperatureUnit?"))
    let usage = try runSettei(["set", "temperatureUnit"], script: "", home: home.path)
    #expect(usage.status == 64)
    let typo = try runSettei(["lsit"], script: "", home: home.path)
    #expect(typo.status == 64)
    #expect(typo.standardError.contains("Did you mean 'list'?"))
  }

  @Test func listShowsAlignedColumnsAndJSON() throws {
    let home = try TemporaryFolder()
    let store = ["--store", home.file("s.json"), "--lang", "en"]
    _ = try runSettei(["set", "firstWeekday", "Monday"] + store, script: "", home: home.path)
    let list = try runSettei(["list"] + store, script: "", home: home.path)
    let lines = list.standardOutput.split(separator: "\n").map(String.init)
    try #require(lines.first?.hasPrefix("KEY") == true, "\(list.standardError)")
    let row = lines.first { $0.hasPrefix("firstWeekday") } ?? ""
    #expect(row.contains("2") && row.contains("Language & Region › First Day of Week"))
    // Every value starts in the column of the VALUE header.
    let column =
      lines[0].firstRange(of: "VALUE").map {
        lines[0].distance(from: lines[0].startIndex, to: $0.lowerBound)
      } ?? 0
    #expect(
      lines.dropFirst().allSatisfy {
        $0.dropFirst(column - 2).hasPrefix("  ") && !$0.dropFirst(column).hasPrefix(" ")
      })
    let json = try runSettei(["list", "--json"] + store, script: "", home: home.path)
    #expect(json.standardOutput.hasPrefix("["))
    #expect(json.standardOutput.contains("\"key\": \"firstWeekday\""))
  }

  @Test func exportAndImportRoundTripAllOrNothing() throws {
    let home = try TemporaryFolder()
    let store = ["--store", home.file("s.json")]
    _ = try runSettei(["set", "region", "DE"] + store, script: "", home: home.path)
    let export = try runSettei(
      ["export", "--format", "plist"] + store, script: "", home: home.path)
    #expect(export.standardOutput.contains("<key>region</key>"))
    write(Array(export.standardOutput.utf8), to: home.file("backup.plist"))

    let other = ["--store", home.file("other.json")]
    let imported = try runSettei(
      ["import", home.file("backup.plist")] + other, script: "", home: home.path)
    #expect(imported.status == 0, "\(imported.standardError)")
    #expect(
      try runSettei(["get", "region"] + other, script: "", home: home.path).standardOutput == "DE\n"
    )

    write(Array("{\"region\": \"US\", \"firstWeekday\": 9}".utf8), to: home.file("bad.json"))
    let refused = try runSettei(
      ["import", home.file("bad.json")] + other, script: "", home: home.path)
    #expect(refused.status == 1)
    #expect(refused.standardError.contains("nothing imported"))
    #expect(refused.standardError.contains("firstWeekday"))
    #expect(
      try runSettei(["get", "region"] + other, script: "", home: home.path).standardOutput == "DE\n"
    )
  }

  /// Every way a value enters the store is checked once, the same way: what `set` refuses,
  /// `import` and `--recover` refuse too, naming it, and nothing is stored.
  @Test func importAndRecoverRefuseWhatSetRefuses() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let options = ["--store", store]
    let set = try runSettei(["set", "liveText", "maybe"] + options, script: "", home: home.path)
    #expect(set.status == 1 && set.standardError.contains("maybe"), "\(set.standardError)")

    write(Array(#"{"liveText": "maybe", "region": "DE"}"#.utf8), to: home.file("in.json"))
    let imported = try runSettei(
      ["import", home.file("in.json")] + options, script: "", home: home.path)
    #expect(imported.status == 1, "\(imported.standardError)")
    #expect(imported.standardError.contains("liveText"), "\(imported.standardError)")
    #expect(contents(of: store) == nil, "nothing stored")
    let get = try runSettei(["get", "liveText"] + options, script: "", home: home.path)
    #expect(get.standardOutput == "true\n")

    // What the switch's screen stores (NSNumber's 1 is true) enters.
    write(Array(#"{"liveText": 0}"#.utf8), to: home.file("ok.json"))
    let accepted = try runSettei(
      ["import", home.file("ok.json")] + options, script: "", home: home.path)
    #expect(accepted.status == 0, "\(accepted.standardError)")

    write(
      Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>store</key><string>\(store)</string>
        <key>set</key><dict><key>liveText</key><string>maybe</string>
        <key>region</key><string>DE</string></dict></dict></plist>
        """.utf8), to: store + ".recover")
    let recovered = try runSettei(options + ["--recover"], script: "quit\n", home: home.path)
    #expect(recovered.standardError.contains("liveText"), "\(recovered.standardError)")
    let after = try runSettei(["get", "liveText"] + options, script: "", home: home.path)
    #expect(after.standardOutput == "0\n", "\(after)")
    let region = try runSettei(["get", "region"] + options, script: "", home: home.path)
    #expect(region.standardOutput == "DE\n", "the value that fits is restored")
  }

  @Test func resetOneKeyOrAll() throws {
    let home = try TemporaryFolder()
    let store = ["--store", home.file("s.json")]
    _ = try runSettei(["set", "region", "DE"] + store, script: "", home: home.path)
    _ = try runSettei(["set", "liveText", "off"] + store, script: "", home: home.path)
    #expect(try runSettei(["reset", "region"] + store, script: "", home: home.path).status == 0)
    #expect(
      try runSettei(["get", "region"] + store, script: "", home: home.path).standardOutput == "JP\n"
    )
    #expect(
      try runSettei(["get", "liveText"] + store, script: "", home: home.path).standardOutput
        == "false\n")
    #expect(try runSettei(["reset", "--all"] + store, script: "", home: home.path).status == 0)
    #expect(
      try runSettei(["get", "liveText"] + store, script: "", home: home.path).standardOutput
        == "true\n")
  }

  /// A stored value equal to its default is still the store's: `reset` removes it, so that a
  /// later change of the schema's default reaches the user.
  @Test func resetRemovesAStoredValueEqualToItsDefault() throws {
    let home = try TemporaryFolder()
    let path = home.file("s.json")
    let store = ["--store", path]
    write(
      Array(#"{"firstWeekday": 1, "liveText": true, "region": "JP", "other": 3}"#.utf8), to: path)
    #expect(try runSettei(["reset", "region"] + store, script: "", home: home.path).status == 0)
    let afterOne = String(decoding: contents(of: path) ?? [], as: UTF8.self)
    #expect(!afterOne.contains("region") && afterOne.contains("liveText"), "\(afterOne)")
    #expect(try runSettei(["reset", "--all"] + store, script: "", home: home.path).status == 0)
    let afterAll = String(decoding: contents(of: path) ?? [], as: UTF8.self)
    #expect(!afterAll.contains("liveText") && !afterAll.contains("firstWeekday"), "\(afterAll)")
    #expect(afterAll.contains("other"), "keys the schema does not know are kept")

    write(Array(#"{"liveText": true}"#.utf8), to: path)
    let repl = try runSettei(store, script: "reset 9\nquit\n", home: home.path)
    #expect(repl.status == 0, "\(repl.standardError)")
    let afterREPL = String(decoding: contents(of: path) ?? [], as: UTF8.self)
    #expect(!afterREPL.contains("liveText"), "\(afterREPL)")
  }

  @Test func shellCompletionOffersSubcommandsKeysAndChoices() throws {
    let home = try TemporaryFolder()
    #expect(
      try runSettei(["__complete", "ge"], script: "", home: home.path).standardOutput == "get\n")
    let keys = try runSettei(["__complete", "get", "temp"], script: "", home: home.path)
    #expect(keys.standardOutput == "temperatureUnit\n")
    let choices = try runSettei(
      ["__complete", "set", "temperatureUnit", ""], script: "", home: home.path)
    #expect(choices.standardOutput == "celsius\nfahrenheit\n")
    let reset = try runSettei(["__complete", "reset", ""], script: "", home: home.path)
    #expect(reset.standardOutput.hasPrefix("--all\n"))
    #expect(reset.standardOutput.contains("temperatureUnit\n"))
    let resetDash = try runSettei(["__complete", "reset", "--"], script: "", home: home.path)
    #expect(resetDash.standardOutput.hasPrefix("--all\n"))
    #expect(!resetDash.standardOutput.contains("--json"), "reset's own options only")
    // The schema's languages, not a fixed list.
    let languages = try runSettei(["__complete", "--lang", ""], script: "", home: home.path)
    #expect(languages.standardOutput == "en\nja\n")
    let sample = try runSettei(
      ["__complete", "--schema", PackagePaths.sampleBundle, "--lang", ""], script: "",
      home: home.path)
    #expect(sample.standardOutput.hasPrefix("en\n"))
    #expect(!sample.standardOutput.contains("ja\n"))
  }
}

extension String {
  func trimmed() -> String {
    String(drop { $0 == " " || $0 == "\n" }.reversed().drop { $0 == " " || $0 == "\n" }.reversed())
  }
}
