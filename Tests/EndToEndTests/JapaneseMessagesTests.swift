import FileFormats
import Glibc
import TestSupport
import Testing

/// Under `--lang ja` every line settei itself writes is Japanese: help, an unknown command, a
/// typo's suggestion, a page that does not exist, the page line, quit's "Saved" line, in a
/// pipe and in a terminal. Checked against the English catalog: no English message's words
/// appear (except words the Japanese message has too, such as `[y/N]`).
@Suite("a Japanese session speaks Japanese", .serialized)
struct JapaneseMessagesTests {
  /// The words of every English message that no Japanese message shares (a command name
  /// such as `footer` is the same in both).
  static func englishWords() throws -> [String] {
    func table(_ module: String, _ language: String) throws -> [String: String] {
      let path = MessageCatalogFiles.path(module: module, language: language)
      return try StringsFileParser.parse(try readBytes(path), source: path)
    }
    let modules = MessageCatalogFiles.modules
    let japanese = try modules.flatMap { try table($0, "ja").values }
    return try modules.flatMap { try table($0, "en").values }
      .flatMap(MessageCatalogFiles.fixedWords(of:))
      .filter { word in
        word.filter(\.isLetter).count >= 6 && !japanese.contains { $0.contains(word) }
      }
  }

  func expectNoEnglish(_ text: String, _ context: String) throws {
    let found = try Self.englishWords().filter { text.contains($0) }
    #expect(found.isEmpty, "\(context): English words \(found) in:\n\(text)")
  }

  /// A key no setting has, in the REPL and on the command line, is said in Japanese, with
  /// the close keys.
  @Test func anUnknownKeyIsSaidInJapanese() throws {
    let home = try TemporaryFolder()
    let store = ["--lang", "ja", "--store", home.file("s.json")]
    let shell = try runSettei(["get", "nosuch"] + store, script: "", home: home.path)
    #expect(shell.status == 1)
    #expect(shell.standardError.contains("キー「nosuch」の設定はありません"), "\(shell.standardError)")
    try expectNoEnglish(shell.standardError, "settei get nosuch")
    let repl = try runSettei(store, script: "get temp\n", home: home.path)
    #expect(repl.standardError.contains("もしかして: temperatureUnit"), "\(repl.standardError)")
    try expectNoEnglish(repl.standardError, "get temp")
  }

  /// A schema with a long list, so that its screen has a page line.
  func longSchema(in home: TemporaryFolder) -> String {
    let values = (1...60).map { "\"v\($0)\"" }.joined(separator: ",")
    let schema = home.file("long.json")
    write(
      Array(
        """
        {"Title": "長い", "PreferenceSpecifiers": [
          {"Type": "PSMultiValueSpecifier", "Title": "選択", "Key": "pick", "DefaultValue": "v1",
           "Titles": [\(values)], "Values": [\(values)]}
        ]}
        """.utf8), to: schema)
    return schema
  }

  @Test func inAPipe() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let run = try runSettei(
      ["--lang", "ja", "--store", store], script: "help\n4\n2\nback\nquit\n", home: home.path)
    #expect(run.status == 0)
    #expect(run.standardOutput.contains("コマンド:"))
    #expect(run.standardOutput.contains("1 件の変更を"))
    try expectNoEnglish(run.standardOutput + run.standardError, "help and quit")

    let schema = longSchema(in: home)
    let paged = try runSettei(
      ["--lang", "ja", "--schema", schema, "--store", store], script: "1\nquit\n",
      home: home.path, extra: ["LINES": "24"])
    #expect(paged.standardOutput.contains("1/"))
    #expect(paged.standardOutput.contains("ページ"))
    #expect(paged.standardOutput.contains("保存するものはありません"))
    try expectNoEnglish(paged.standardOutput + paged.standardError, "page line")

    // Each failing line ends a script: one run each.
    for (line, japanese) in [
      ("hlep", "help のことですか"), ("xyzzy", "というコマンドや行はありません"),
      ("page 9", "そのページはありません"), ("99", "99 行目はありません"),
      ("help 4", "help はコマンドを説明します"),
    ] {
      let failed = try runSettei(
        ["--lang", "ja", "--store", store], script: line + "\n", home: home.path)
      #expect(failed.status == 1, "\(line)")
      #expect(failed.standardError.contains(japanese), "\(line): \(failed.standardError)")
      #expect(failed.standardError.hasPrefix("settei: 入力の 1 行目: "), "\(line)")
      try expectNoEnglish(failed.standardOutput + failed.standardError, line)
    }
  }

  /// A schema with a slider and a text field of digits, for values that do not fit.
  func valueSchema(in home: TemporaryFolder) -> String {
    let schema = home.file("values.json")
    write(
      Array(
        """
        {"Title": "値", "PreferenceSpecifiers": [
          {"Type": "PSSliderSpecifier", "Title": "音量", "Key": "volume", "DefaultValue": 5,
           "MinimumValue": 0, "MaximumValue": 10},
          {"Type": "PSTextFieldSpecifier", "Title": "年齢", "Key": "age", "DefaultValue": "",
           "KeyboardType": "NumberPad"}
        ]}
        """.utf8), to: schema)
    return schema
  }

  /// A value that does not fit (typed at the question, with `set` in the REPL and on the
  /// command line), a `find` with nothing to find, and an option that does not exist: the
  /// question and every message are Japanese.
  @Test func mistakesInAPipe() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let schema = valueSchema(in: home)
    let session = ["--lang", "ja", "--schema", schema, "--store", store]
    for (script, japanese) in [
      ("1\nloud\n", "「loud」は数ではありません。使える値: 0 から 10 までの数。"),
      ("2\n4x\n", "「4x」は整数ではありません。使える値: 数字。"),
      ("set volume 11\n", "11 は 音量 の範囲外です。"),
      ("find\n", "find"), ("find zzzz\n", "zzzz"),
    ] {
      let run = try runSettei(session, script: script, home: home.path)
      #expect(run.status == 1, "\(script)")
      #expect(run.standardError.contains(japanese), "\(script): \(run.standardError)")
      try expectNoEnglish(run.standardOutput + run.standardError, script)
    }
    let asked = try runSettei(session, script: "? 1\n1\n\nquit\n", home: home.path)
    #expect(asked.standardOutput.contains("現在: 5。0 から 10 までの数を入力してください。"))
    #expect(asked.standardOutput.contains("  使える値:   0 から 10 までの数"), "? 1")
    try expectNoEnglish(asked.standardOutput + asked.standardError, "the question")

    let verb = try runSettei(session + ["set", "volume", "loud"], script: "", home: home.path)
    #expect(verb.status != 0)
    #expect(verb.standardError.contains("「loud」は数ではありません"), "\(verb.standardError)")
    try expectNoEnglish(verb.standardOutput + verb.standardError, "settei set")
    let file = home.file("import.json")
    write(Array(#"{"volume": 42}"#.utf8), to: file)
    let imported = try runSettei(session + ["import", file], script: "", home: home.path)
    #expect(imported.status != 0)
    #expect(
      imported.standardError.contains("何も取り込んでいません")
        && imported.standardError.contains("使える値: 0 から 10 までの数"),
      "\(imported.standardError)")
    try expectNoEnglish(imported.standardError, "settei import")
    let badStore = home.file("bad.json")
    write(Array(#"{"volume": 42}"#.utf8), to: badStore)
    let warned = try runSettei(
      ["--lang", "ja", "--schema", schema, "--store", badStore], script: "quit\n",
      home: home.path)
    #expect(warned.standardError.contains("「volume」の保存値 42 は"), "\(warned.standardError)")
    try expectNoEnglish(warned.standardError, "a stored value that does not fit")

    for (arguments, japanese) in [
      (["--bogus"], "「--bogus」というオプションはありません。"),
      (["--lang"], "「--lang」の値がありません。"),
      (["get"], "「get」には KEY をひとつ"),
      (["frobnicate"], "「frobnicate」というコマンドはありません。"),
    ] {
      let run = try runSettei(["--lang", "ja"] + arguments, script: "", home: home.path)
      #expect(run.status == 64, "\(arguments)")
      #expect(run.standardError.contains(japanese), "\(arguments): \(run.standardError)")
      // The command names are the program's words in every language.
      let commands = "get, set, list, export, import, reset, lint, defaults, diff, render"
      try expectNoEnglish(run.standardError.replacing(commands, with: ""), "\(arguments)")
    }
  }

  /// The CI commands' help follows --lang too; the English text is the one
  /// docs/commands.md holds.
  @Test(arguments: ["defaults", "diff", "lint", "render"])
  func theHelpOfACommand(command: String) throws {
    let home = try TemporaryFolder()
    let japanese = try runSettei(["--lang", "ja", command, "--help"], script: "", home: home.path)
    #expect(japanese.status == 0)
    #expect(japanese.standardOutput.hasPrefix("使い方: settei \(command)"))
    #expect(japanese.standardOutput.contains("終了ステータス: 0 "))
    // Command names and the words lint prints (error, warning) are the same in every language.
    let words = japanese.standardOutput.replacing("defaults", with: "")
      .replacing("warning", with: "")
    try expectNoEnglish(words, "\(command) --help")
    let english = try runSettei(["--lang", "en", command, "--help"], script: "", home: home.path)
    #expect(english.standardOutput.hasPrefix("Usage: settei \(command)"))
  }

  /// `find`'s results screen is titled in the session's language, and so is what a result
  /// says it matched; English stays as it was.
  @Test func theResultsOfFind() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let japanese = try runSettei(
      ["--lang", "ja", "--store", store], script: "find 温度\nfind firstweek\nquit\n",
      home: home.path)
    #expect(japanese.status == 0)
    #expect(japanese.standardOutput.contains("言語と地域 › 検索「温度」\n"))
    #expect(japanese.standardOutput.contains("言語と地域 › 温度単位"))
    #expect(japanese.standardOutput.contains("言語と地域 › 週の最初の曜日 — キー：firstWeekday"))
    #expect(!japanese.standardOutput.contains("find “"))
    try expectNoEnglish(japanese.standardOutput + japanese.standardError, "find")
    let english = try runSettei(
      ["--lang", "en", "--store", store], script: "find firstweek\nquit\n", home: home.path)
    #expect(english.standardOutput.contains("Language & Region › find “firstweek”\n"))
    #expect(english.standardOutput.contains("First Day of Week — key: firstWeekday"))
  }

  /// `settei --help` speaks `--lang` (else LC_ALL/LANG): no sentence of the English help
  /// (three English words in a row) is left in the Japanese one.
  @Test func theGeneralHelp() throws {
    let home = try TemporaryFolder()
    let english = try runSettei(["--help"], script: "", home: home.path)
    let prose = /[a-z]{2,} [a-z]{2,} [a-z]{2,}/
    #expect(english.standardOutput.contains(prose), "the check below finds English prose")
    for (arguments, environment) in [
      (["--help", "--lang", "ja"], [String: String]()), (["--help"], ["LANG": "ja_JP.UTF-8"]),
      (["--help"], ["LC_ALL": "ja_JP.UTF-8"]),
    ] {
      let run = try runSettei(arguments, script: "", home: home.path, extra: environment)
      #expect(run.status == 0)
      #expect(run.standardOutput.contains("使い方:\n  settei [OPTIONS]"), "\(environment)")
      #expect(run.standardOutput.contains("--lang CODE     表示する言語"), "\(environment)")
      for line in run.standardOutput.split(separator: "\n") {
        #expect(!line.contains(prose), "English in the Japanese help: \(line)")
      }
    }
    let englishAgain = try runSettei(["--help", "--lang", "en"], script: "", home: home.path)
    #expect(englishAgain.standardOutput == english.standardOutput)
  }

  @Test func inATerminal() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let settei = try TerminalTests.Running(["--lang", "ja", "--store", store], home: home.path)
    try settei.waitFor("言語と地域> ")
    for (line, answer) in [
      ("help", "コマンド:"), ("hlep", "help のことですか"),
      ("xyzzy", "というコマンドや行はありません"), ("page 9", "そのページはありません"),
      ("? 99", "99 行目はありません"), ("4", "✓ 摂氏"), ("2", "✓ 華氏"), ("back", "言語と地域> "),
    ] {
      settei.type(line)
      try settei.waitFor(answer, count: line == "back" ? 7 : 1)
    }
    settei.type("quit")
    let screen = try settei.waitFor("1 件の変更を")
    #expect(try settei.terminal.waitForExit() == 0)
    try expectNoEnglish(screen, "a terminal session")
  }
}
