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
  /// The words of every English message that its Japanese message does not share.
  static func englishWords() throws -> [String] {
    var words: [String] = []
    for module in MessageCatalogFiles.modules {
      func table(_ language: String) throws -> [String: String] {
        let path = MessageCatalogFiles.path(module: module, language: language)
        return try StringsFileParser.parse(try readBytes(path), source: path)
      }
      let (english, japanese) = (try table("en"), try table("ja"))
      for (key, template) in english {
        for word in MessageCatalogFiles.fixedWords(of: template)
        where word.filter(\.isLetter).count >= 6
          && japanese[key]?.contains(word) != true
        {
          words.append(word)
        }
      }
    }
    return words
  }

  func expectNoEnglish(_ text: String, _ context: String) throws {
    let found = try Self.englishWords().filter { text.contains($0) }
    #expect(found.isEmpty, "\(context): English words \(found) in:\n\(text)")
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
    let run = try settei(
      ["--lang", "ja", "--store", store], script: "help\n4\n2\nback\nquit\n", home: home.path)
    #expect(run.status == 0)
    #expect(run.standardOutput.contains("コマンド:"))
    #expect(run.standardOutput.contains("1 件の変更を"))
    try expectNoEnglish(run.standardOutput + run.standardError, "help and quit")

    let schema = longSchema(in: home)
    let paged = try settei(
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
      let failed = try settei(
        ["--lang", "ja", "--store", store], script: line + "\n", home: home.path)
      #expect(failed.status == 1, "\(line)")
      #expect(failed.standardError.contains(japanese), "\(line): \(failed.standardError)")
      #expect(failed.standardError.hasPrefix("settei: 入力の 1 行目: "), "\(line)")
      try expectNoEnglish(failed.standardOutput + failed.standardError, line)
    }
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
