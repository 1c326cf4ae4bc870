import FoundationEssentials
import TestSupport
import Testing

/// What settei writes fits the terminal: every page, help, descriptions, errors and lists,
/// at three sizes, in Japanese and English.
@Suite("settei fits the terminal", .serialized)
struct TerminalLayoutTests {
  /// The lines of `text` between prompts (`prompt`), with the typed command's line dropped.
  static func replies(_ text: String, prompt: String) -> [[Substring]] {
    text.pieces(prompt).dropFirst().map {
      Array($0.split(separator: "\n", omittingEmptySubsequences: false).dropFirst())
    }
  }

  @Test(arguments: [
    (80, 12, "ja"), (60, 24, "ja"), (120, 40, "ja"), (80, 12, "en"), (60, 24, "en"),
    (120, 40, "en"),
  ])
  func everyReplyFitsTheWidthAndEveryPageTheHeight(columns: Int, rows: Int, language: String)
    throws
  {
    let home = try TemporaryFolder()
    let prompt = language == "ja" ? "言語と地域> " : "Language & Region> "
    let settei = try TerminalTests.Running(
      ["--lang", language, "--store", home.file("s.json")], home: home.path, columns: columns,
      rows: rows)
    try settei.waitFor(prompt)
    // Help, a description, an error that quotes what was typed, a page turn and a list.
    let commands = ["help", "? 4", "zzz yyy xxx www vvv uuu ttt sss", "n", "p", "2"]
    for (index, command) in commands.enumerated() {
      try settei.typeThroughPauses(
        command, until: index == commands.count - 1 ? "> " : prompt, count: index + 2)
    }
    let screen = try settei.waitFor("> ", count: commands.count + 1)
    settei.type("quit!")
    _ = try settei.terminal.waitForExit()
    let replies = Self.replies(screen, prompt: "> ")
    #expect(replies.count >= commands.count)
    for (index, lines) in replies.enumerated() {
      for line in lines {
        #expect(
          displayWidth(String(line)) <= columns,
          "\(columns)×\(rows) \(language), after \(commands[min(index, commands.count - 1)]): \(line)"
        )
      }
    }
    // The pages (the first screen, the list, and after n and p where the screen is paged)
    // fit the height and start with their breadcrumb.
    let crumb = language == "ja" ? "言語と地域" : "Language & Region"
    var pages = [
      (screen.pieces(prompt).first ?? "").split(separator: "\n", omittingEmptySubsequences: false),
      replies[5],
    ]
    for turn in [replies[3], replies[4]] where rows == 12 || turn.first?.hasPrefix(crumb) == true {
      pages.append(turn)
    }
    for lines in pages {
      let page = lines.joined(separator: "\n")
      #expect(lines.count <= rows, "\(columns)×\(rows): \(lines.count) lines:\n\(page)")
      #expect(
        lines.first?.hasPrefix(crumb) == true, "every page starts with its breadcrumb:\n\(page)")
    }
  }

  /// The InAppSettingsKit sample at 80×12, whose root page has tall headers and footers:
  /// going on page by page and back, every page fits, holds what fits (not one row a page
  /// because of one tall footer), and the pages show every row once.
  @Test func theSamplePagesFitAndTileTheRows() throws {
    let home = try TemporaryFolder()
    let settei = try TerminalTests.Running(
      [
        "--schema", PackagePaths.sampleBundle, "--in-app", "--lang", "en", "--store",
        home.file("s.json"),
      ],
      home: home.path, columns: 80, rows: 12)
    let prompt = "Settings> "
    try settei.waitFor(prompt)
    let first = PagedTranscript(try settei.waitFor(prompt)).pages
    let count = try #require(first.first?.count)
    let commands = Array(repeating: "n", count: count - 1) + Array(repeating: "p", count: count - 1)
    for (index, command) in commands.enumerated() {
      settei.type(command)
      try settei.waitFor(prompt, count: index + 2)
    }
    let transcript = PagedTranscript(try settei.waitFor(prompt, count: commands.count + 1))
    settei.type("quit!")
    _ = try settei.terminal.waitForExit()
    let total = try #require(first.first?.totalRows)
    #expect(transcript.tilingProblems(totalRows: total, height: 12) == [])
    #expect(count < total / 2, "\(count) pages of \(total) rows")
  }

  /// A resize while a command is being typed shows the screen again at the new size, in ja
  /// and en, and the line being typed is kept below it, to finish and run.
  @Test(arguments: [("en", "Settings> "), ("ja", "設定> ")])
  func aResizeWhileTypingRedrawsTheScreenAndKeepsTheLine(language: String, prompt: String)
    throws
  {
    let home = try TemporaryFolder()
    let settei = try TerminalTests.Running(
      [
        "--schema", PackagePaths.sampleBundle, "--in-app", "--lang", language, "--store",
        home.file("s.json"),
      ],
      home: home.path, columns: 80, rows: 24)
    try settei.waitFor(prompt)
    settei.terminal.send("go timeIn")
    try settei.waitFor(prompt + "go timeIn")
    settei.terminal.resize(columns: 40, rows: 16)
    // The screen again, at 40 columns: its breadcrumb, then the prompt with the line.
    let redrawn = try settei.waitFor(prompt + "go timeIn", count: 2)
    let after = try #require(redrawn.components(separatedBy: prompt + "go timeIn").dropLast().last)
    let lines = after.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    #expect(lines.first.map { $0 + "> " } == prompt, "\(lines)")
    #expect(lines.count > 3 && lines.count <= 16, "\(lines)")
    for line in lines { #expect(displayWidth(line) <= 40, "\(line)") }
    settei.type("line")
    try settei.waitFor("15  Inline Time")
    settei.type("quit!")
    _ = try settei.terminal.waitForExit()
  }

  /// Output taller than the terminal (`help` at 80×12, in ja and en) pauses a screenful at a
  /// time, so that its top is read before it scrolls away; Enter shows the rest, `q` stops.
  @Test(arguments: [("en", "Language & Region> ", "Commands:"), ("ja", "言語と地域> ", "コマンド")])
  func longOutputPausesEachScreenful(language: String, prompt: String, heading: String) throws {
    let home = try TemporaryFolder()
    let settei = try TerminalTests.Running(
      ["--lang", language, "--store", home.file("s.json")], home: home.path, columns: 80,
      rows: 12)
    try settei.waitFor(prompt)
    settei.type("help")
    let first = try settei.waitFor(" -- ")
    let page = first.components(separatedBy: prompt + "help\n").last ?? ""
    let shown = page.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(shown.first?.hasPrefix(heading) == true, "\(shown)")
    #expect(shown.count <= 12, "\(shown)")
    #expect(!page.contains(prompt), "the session waits before its next prompt")
    // Enter at each pause shows the next screenful, up to the prompt.
    let pauses =
      try settei.typeThroughPauses("", until: prompt, count: 2)
      .components(separatedBy: TerminalTests.Running.pause).count - 1
    settei.type("help")
    try settei.waitFor(" -- ", count: pauses + 1)
    settei.type("q")
    let stopped = try settei.waitFor(prompt, count: 3)
    // The end of help (its last command) was shown after Enter, and not again after q.
    #expect(stopped.components(separatedBy: "compare N").count == 2, "\(stopped)")
    settei.type("quit!")
    _ = try settei.terminal.waitForExit()
  }

  /// A help line that does not fit goes on under its own summary, at a word's start.
  @Test func helpWrapsAtWordsUnderTheSummary() throws {
    let home = try TemporaryFolder()
    let settei = try TerminalTests.Running(
      ["--lang", "en", "--store", home.file("s.json")], home: home.path, columns: 40, rows: 40)
    try settei.waitFor("Language & Region> ")
    let screen = try settei.typeThroughPauses("help", until: "Language & Region> ", count: 2)
    settei.type("quit!")
    _ = try settei.terminal.waitForExit()
    let help = Self.replies(screen, prompt: "Language & Region> ")[0]
    let select = try #require(help.firstIndex { $0.hasPrefix("  N ") })
    // "select row N: open it, choose it, or change it" does not fit in 40 columns.
    #expect(help[select + 1].trimmingPrefix(while: { $0 == " " }).first?.isLetter == true)
    let summaryColumn = help[select].distance(
      from: help[select].startIndex,
      to: try #require(help[select].firstRange(of: "select")).lowerBound)
    #expect(help[select + 1].prefix { $0 == " " }.count == summaryColumn)
    for line in help { #expect(displayWidth(String(line)) <= 40, "\(line)") }
  }

  /// A note at start on a terminal is wrapped between words at its width, like the REPL's
  /// own messages: a line break of the terminal's inside a word would split it.
  @Test(arguments: [
    ("en", "note: this schema has no translations; its text is shown as written"),
    ("ja", "注意: このスキーマには翻訳がありません。テキストは書かれたとおりに表示します"),
  ])
  func aNoteAtStartIsWrappedAtTheTerminalsWidth(language: String, note: String) throws {
    let home = try TemporaryFolder()
    let schema = home.file("plain.json")
    try writeText(
      #"{"Title": "Net", "PreferenceSpecifiers": [{"Type": "PSToggleSwitchSpecifier", "#
        + #""Title": "Wi-Fi", "Key": "wifi", "DefaultValue": true}]}"#, to: schema)
    // Asking for a language the schema does not have brings the note.
    let asked = language == "en" ? "fr" : "ja"
    let settei = try TerminalTests.Running(
      ["--lang", asked, "--schema", schema, "--store", home.file("s.json")], home: home.path,
      columns: 40, rows: 24)
    let screen = PseudoTerminal.plainText(try settei.waitFor("Net> "))
    settei.type("quit!")
    _ = try settei.terminal.waitForExit()
    let lines = screen.split(separator: "\n").prefix { !$0.hasPrefix("Net") }
    #expect(lines.count > 1, "\(screen)")
    for line in lines { #expect(displayWidth(String(line)) <= 40, "\(line)") }
    // Joined again, the lines are the note as written.
    let joined = lines.map { $0.trimmingPrefix(while: { $0 == " " }) }
      .joined(separator: language == "en" ? " " : "")
    #expect(joined.contains(note), "\(joined)")
  }

  /// A text field's prompt starts with its value in the line: Enter keeps it, Ctrl-U and new
  /// text replace it; a secure field starts empty.
  @Test func aTextPromptStartsWithTheValue() throws {
    let home = try TemporaryFolder()
    let schema = home.file("account.json")
    try writeText(SettingsTerminalTests.secureSchema, to: schema)
    let store = home.file("s.json")
    try writeText(#"{"user": "ann", "password": "hunter2"}"#, to: store)
    let settei = try TerminalTests.Running(
      ["--schema", schema, "--store", store, "--lang", "en"], home: home.path)
    try settei.waitFor("Account> ")
    settei.type("1")
    let shown = try settei.waitFor("User: ann")
    #expect(shown.hasSuffix("User: ann"), "the value stands in the line, the cursor after it")
    settei.terminal.send("\r")
    try settei.waitFor("Account> ", count: 2)
    settei.type("1")
    try settei.waitFor("User: ann", count: 2)
    settei.terminal.send("\u{15}bob\r")
    try settei.waitFor("Account> ", count: 3)
    settei.type("2")
    let secret = try settei.waitFor("Password: ")
    #expect(!secret.contains("hunter2"))
    settei.terminal.send("\u{03}")
    try settei.waitFor("Account> ", count: 4)
    settei.type("quit")
    try settei.waitFor("Saved")
    #expect(try settei.terminal.waitForExit() == 0)
    let saved = String(decoding: contents(of: store) ?? [], as: UTF8.self)
    #expect(saved.contains("\"bob\"") && saved.contains("hunter2"))
  }
}
