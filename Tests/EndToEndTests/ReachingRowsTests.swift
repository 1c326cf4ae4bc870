import TestSupport
import Testing

/// Every way of reaching a row (`go`, a search result, a row number typed for another page)
/// shows the page that holds the row and marks it with `*`, at every size and in every
/// language: the one path is SettingsScreens' `SettingPath.reveal` and the session's mark.
@Suite struct ReachingRowsTests {
  static func run(
    _ options: [String], script: [String], columns: Int, rows: Int
  ) throws -> [String] {
    let home = try TemporaryFolder()
    let result = try runSettei(
      options + ["--store", home.file("s.json")], script: script.joined(separator: "\n") + "\n",
      home: home.path, extra: ["COLUMNS": String(columns), "LINES": String(rows)])
    try #require(result.status == 0, "\(result.standardError)")
    return result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
  }

  /// The lines of the reply to the last `command` typed, after its echoed line.
  static func reply(_ lines: [String], after command: String, prompt: String) -> [String] {
    guard let start = lines.lastIndex(where: { $0.hasSuffix(prompt + command) }) else { return [] }
    let rest = lines[(start + 1)...]
    let end = rest.firstIndex { $0.contains("> ") } ?? rest.endIndex
    return Array(rest[..<end])
  }

  static let sample = ["--schema", PackagePaths.sampleBundle, "--in-app", "--lang", "en"]

  @Test(arguments: [(80, 12), (40, 16), (120, 40)])
  func aSearchResultOpensThePageHoldingItsRowAndMarksIt(size: (columns: Int, rows: Int)) throws {
    let lines = try Self.run(
      Self.sample, script: ["find remember", "1"], columns: size.columns, rows: size.rows)
    let reply = Self.reply(lines, after: "1", prompt: "> ")
    let marked = reply.filter { $0.hasPrefix("*") }
    #expect(marked.count == 1, "\(reply.joined(separator: "\n"))")
    #expect(marked.first?.contains("8  Remember Credentials") == true, "\(marked)")
    for line in reply { #expect(displayWidth(line) <= size.columns, "\(line)") }
  }

  @Test(arguments: [(80, 24), (80, 12), (40, 16)])
  func goShowsThePageHoldingTheRowAndMarksIt(size: (columns: Int, rows: Int)) throws {
    let lines = try Self.run(
      Self.sample, script: ["go timeInline"], columns: size.columns, rows: size.rows)
    let reply = Self.reply(lines, after: "go timeInline", prompt: "> ")
    #expect(reply.first == "Inline Time is row 15.", "\(reply)")
    #expect(
      reply.contains { $0.hasPrefix("* 15  Inline Time") }, "\(reply.joined(separator: "\n"))")
  }

  /// In Japanese, on the embedded screen at 40×12: a number typed for a row on another page,
  /// and a search result that is a choice, which opens the list at that choice.
  @Test func aRowTypedForAnotherPageAndAChoiceFoundAreMarkedInJapanese() throws {
    let lines = try Self.run(
      ["--lang", "ja"], script: ["9", "find fahr", "1"], columns: 40, rows: 12)
    let toggled = Self.reply(lines, after: "9", prompt: "言語と地域> ")
    #expect(toggled.contains { $0.hasPrefix("*  9  テキスト認識表示") }, "\(toggled)")
    let choice = Self.reply(lines, after: "1", prompt: "> ")
    #expect(choice.contains { $0.hasPrefix("*  2    華氏（°F）") }, "\(choice)")
    #expect(choice.contains { $0.hasPrefix("   1  ✓ 摂氏（°C）") }, "\(choice)")
  }

  /// The mark lasts one screen: the next command shows the page without it.
  @Test func theMarkIsGoneAfterTheNextCommand() throws {
    let lines = try Self.run(
      Self.sample, script: ["go timeInline", "p", "n"], columns: 80, rows: 24)
    #expect(lines.filter { $0.hasPrefix("* 15  Inline Time") }.count == 1)
    let again = Self.reply(lines, after: "n", prompt: "> ")
    #expect(again.contains { $0.hasPrefix("  15  Inline Time") }, "\(again)")
  }
}
