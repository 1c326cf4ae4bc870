import Glibc
import TestSupport
import Testing

/// settei in a real (pseudo-)terminal: what only a terminal shows.
///
/// Keys are sent once the prompt they answer is on screen, as a person types: a Ctrl-D typed
/// ahead, before libedit has the terminal, is the terminal driver's and not settei's.
// Serialized: each test blocks a thread while it waits for the terminal.
@Suite("settei in a terminal", .serialized)
struct TerminalTests {
  /// A running settei on a pseudo-terminal, with helpers that wait for screen text.
  final class Running {
    let terminal: PseudoTerminal

    init(
      _ arguments: [String], home: String, language: String = "C.UTF-8",
      extra: [String: String] = [:], columns: Int = 80, rows: Int = 40
    ) throws {
      terminal = try PseudoTerminal(
        executable: setteiPath, arguments: arguments,
        environment: testEnvironment(home: home, language: language, extra: extra),
        columns: columns, rows: rows)
    }

    /// Waits until `text` has appeared `count` times in the screen's plain text.
    @discardableResult
    func waitFor(_ text: String, count: Int = 1) throws -> String {
      let output = try terminal.waitUntil("\(count)× \(text)") {
        PseudoTerminal.plainText($0).ranges(of: text).count >= count
      }
      return PseudoTerminal.plainText(output)
    }

    func type(_ line: String) {
      terminal.send(line + "\r")
    }

    /// What every pause of long output ends with, in every language.
    static let pause = "· Enter · q -- "

    /// Types `line`, then Enter at each pause of long output (``pause``), until `text` has
    /// appeared `count` times.
    @discardableResult
    func typeThroughPauses(_ line: String, until text: String, count: Int) throws -> String {
      let pausesBefore = PseudoTerminal.plainText(terminal.output).ranges(of: Self.pause).count
      type(line)
      var answered = 0
      while true {
        let output = try terminal.waitUntil("\(count)× \(text)") {
          let plain = PseudoTerminal.plainText($0)
          return plain.ranges(of: text).count >= count
            || plain.ranges(of: Self.pause).count > pausesBefore + answered
        }
        let plain = PseudoTerminal.plainText(output)
        if plain.ranges(of: text).count >= count { return plain }
        answered += 1
        terminal.send("\r")
      }
    }
  }

  @Test(arguments: [
    ("ja", "言語と地域> ", "摂氏（°C）", "華氏（°F）", "1 件の変更を"),
    ("en", "Language & Region> ", "Celsius (°C)", "Fahrenheit (°F)", "Saved 1 change"),
  ])
  func tutorialFlow(
    language: String, prompt: String, celsius: String, fahrenheit: String, saved: String
  ) throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let settei = try Running(["--lang", language, "--store", store], home: home.path)
    try settei.waitFor(prompt)
    settei.type("4")
    try settei.waitFor("✓ " + celsius)
    settei.type("2")
    try settei.waitFor("✓ " + fahrenheit)
    settei.type("back")
    let screen = try settei.waitFor(prompt, count: 2)
    let root = screen.pieces("> back").last ?? ""
    #expect(root.contains(fahrenheit + " ›"))
    settei.type("quit")
    try settei.waitFor(saved)
    #expect(try settei.terminal.waitForExit() == 0)
    #expect(String(decoding: contents(of: store) ?? [], as: UTF8.self).contains("fahrenheit"))
  }

  @Test func japaneseDetailsLineUpByDisplayWidth() throws {
    let home = try TemporaryFolder()
    let settei = try Running(
      ["--lang", "ja", "--store", home.file("s.json")], home: home.path, columns: 70)
    let screen = try settei.waitFor("言語と地域> ")
    let rows = screen.split(separator: "\n").map(String.init).filter { $0.hasSuffix(" ›") }
    #expect(rows.count == 8)
    let ends = Set(rows.map { displayWidth(String($0.dropLast(2))) })
    #expect(ends.count == 1, "\(rows)")
    #expect(rows.allSatisfy { displayWidth($0) <= 69 })
    settei.terminal.send("\u{04}")
    #expect(try settei.terminal.waitForExit() == 0)
  }

  @Test func upArrowRecallsTheCommandsOfThePreviousRun() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let first = try Running(["--lang", "en", "--store", store], home: home.path)
    try first.waitFor("Region> ")
    first.type("4")
    try first.waitFor("Temperature Unit> ")
    first.type("back")
    try first.waitFor("Region> ", count: 2)
    first.type("quit")
    #expect(try first.terminal.waitForExit() == 0)
    #expect(mode(of: home.path + "/state/settei/history") == 0o600)
    #expect(mode(of: home.path + "/state/settei") == 0o700)

    let second = try Running(["--lang", "en", "--store", store], home: home.path)
    try second.waitFor("Region> ")
    // Up three times: quit, back, then 4, which opens the temperature units again.
    second.terminal.send("\u{1B}[A\u{1B}[A\u{1B}[A")
    try second.terminal.waitUntil("the third recalled line") { $0.hasSuffix("4\u{1B}[K") }
    second.terminal.send("\r")
    try second.waitFor("✓ Celsius (°C)")
    try second.waitFor("Temperature Unit> ")
    second.terminal.send("\u{04}")
    #expect(try second.terminal.waitForExit() == 0)
  }

  @Test func anUnknownCommandSaysWhatIsValidAndStays() throws {
    let home = try TemporaryFolder()
    let settei = try Running(["--lang", "en", "--store", home.file("s.json")], home: home.path)
    try settei.waitFor("Region> ")
    settei.type("frobnicate")
    try settei.waitFor("Type a row number (1–9), quit or help.")
    settei.type("42")
    try settei.waitFor("There is no row 42 here.")
    settei.type("quit")
    #expect(try settei.terminal.waitForExit() == 0)
  }

  @Test func colourOnATerminalButNotWithNoColor() throws {
    let home = try TemporaryFolder()
    let coloured = try Running(["--lang", "en", "--store", home.file("s.json")], home: home.path)
    try coloured.waitFor("Region> ")
    #expect(coloured.terminal.output.contains("\u{1B}[1mLanguage & Region\u{1B}[0m"))
    coloured.terminal.send("\u{04}")
    _ = try coloured.terminal.waitForExit()

    for (arguments, extra) in [(["--no-color"], [:]), ([], ["NO_COLOR": "1"])] {
      let plain = try Running(
        ["--lang", "en", "--store", home.file("s.json")] + arguments, home: home.path,
        extra: extra)
      try plain.waitFor("Region> ")
      #expect(!plain.terminal.output.contains("\u{1B}[1m"))
      #expect(!plain.terminal.output.contains("\u{1B}[2m"))
      plain.terminal.send("\u{04}")
      _ = try plain.terminal.waitForExit()
    }
  }
}

/// Terminal columns of a string: 2 for East Asian wide characters, as the renderer counts.
func displayWidth(_ text: String) -> Int {
  text.unicodeScalars.reduce(0) { width, scalar in
    let value = scalar.value
    let wide =
      (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
      || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
      || (0xFF00...0xFF60).contains(value) || (0xFFE0...0xFFE6).contains(value)
    return width + (wide ? 2 : 1)
  }
}

/// Specifier behaviour that needs a real terminal.
@Suite("settings in a terminal", .serialized)
struct SettingsTerminalTests {
  static let secureSchema = """
    {"Title": "Account", "PreferenceSpecifiers": [
      {"Type": "PSTextFieldSpecifier", "Title": "User", "Key": "user"},
      {"Type": "PSTextFieldSpecifier", "Title": "Password", "Key": "password", "IsSecure": true}
    ]}
    """

  @Test func aSecureFieldIsNotEchoedNotKeptInHistoryAndShownMasked() throws {
    let home = try TemporaryFolder()
    let schema = home.file("account.json")
    write(Array(Self.secureSchema.utf8), to: schema)
    let store = home.file("s.json")
    let settei = try TerminalTests.Running(["--schema", schema, "--store", store], home: home.path)
    try settei.waitFor("Account> ")
    settei.type("2")
    try settei.waitFor("Password: ")
    settei.type("hunter2-secret")
    let screen = try settei.waitFor("Account> ", count: 2)
    #expect(!screen.contains("hunter2-secret"), "not echoed")
    #expect(screen.contains("Password") && screen.contains("••••••"), "shown masked")
    settei.type("1")
    try settei.waitFor("User: ")
    settei.type("ada")
    try settei.waitFor("Account> ", count: 3)
    settei.type("quit")
    #expect(try settei.terminal.waitForExit() == 0)

    let history = String(
      decoding: contents(of: home.path + "/state/settei/history") ?? [], as: UTF8.self)
    #expect(history.contains("quit"), "commands are history")
    #expect(!history.contains("ada"), "answers are not")
    #expect(!history.contains("hunter2"), "a secret never is")
    let saved = String(decoding: contents(of: store) ?? [], as: UTF8.self)
    #expect(saved.contains("hunter2-secret"))
  }
}

/// What the REPL promises at the keyboard: completion, confirmation, paging.
@Suite("REPL at the keyboard", .serialized)
struct KeyboardTests {
  @Test func tabCompletesATitleAndListsSeveralCandidates() throws {
    let home = try TemporaryFolder()
    let settei = try TerminalTests.Running(
      ["--lang", "ja", "--store", home.file("s.json")], home: home.path)
    try settei.waitFor("言語と地域> ")
    settei.terminal.send("温\t")
    try settei.waitFor("言語と地域> 温度単位")
    settei.terminal.send("\r")
    try settei.waitFor("✓ 摂氏（°C）")
    try settei.waitFor("温度単位> ")
    settei.type("top")
    try settei.waitFor("言語と地域> ", count: 2)
    // Several candidates: set KEY then Tab Tab lists the choices.
    settei.terminal.send("set temperatureUnit \t\t")
    let listed = try settei.terminal.waitUntil("the choices listed") {
      let text = PseudoTerminal.plainText($0)
      return text.contains("摂氏（°C）") && text.components(of: "華氏（°F）") >= 1
        && text.hasSuffix("set temperatureUnit ")
    }
    #expect(PseudoTerminal.plainText(listed).contains("華氏（°F）"))
    settei.terminal.send("華\t\r")
    try settei.waitFor("temperatureUnit = 華氏（°F）")
    try settei.waitFor("言語と地域> ", count: 4)
    settei.type("quit!")
    try settei.waitFor("変更を破棄して終了しますか")  // quit! asks in the session's language
    #expect(settei.terminal.output.contains("言語と地域 › 温度単位: 摂氏（°C） → 華氏（°F）"))
    settei.type("y")
    #expect(try settei.terminal.waitForExit() == 0)
    #expect(contents(of: home.file("s.json")) == nil)
  }

  @Test func aLongListPagesInA24LineTerminal() throws {
    let home = try TemporaryFolder()
    let values = (1...10_000).map { "\"v\($0)\"" }.joined(separator: ",")
    let titles = (1...10_000).map { "\"Choice \($0)\"" }.joined(separator: ",")
    let schema = home.file("long.json")
    write(
      Array(
        """
        {"Title": "Long", "PreferenceSpecifiers": [
          {"Type": "PSMultiValueSpecifier", "Title": "Pick", "Key": "pick", "DefaultValue": "v1",
           "Titles": [\(titles)], "Values": [\(values)]}
        ]}
        """.utf8), to: schema)
    let settei = try TerminalTests.Running(
      ["--schema", schema, "--store", home.file("s.json")], home: home.path, rows: 24)
    try settei.waitFor("Long> ")
    settei.type("1")
    let first = try settei.waitFor("Long › Pick> ")
    // 24 lines less the breadcrumb, three empty lines, the page line, the back line and the
    // prompt: 17 rows a page.
    #expect(first.contains("page 1/589 · rows 1–17 of 10000"))
    settei.type("page 400")
    let paged = try settei.waitFor("Long › Pick> ", count: 2)
    #expect(paged.contains("page 400/589 · rows 6784–6800 of 10000"))
    // The ✓ column stays on a page without the chosen row: the rows do not move.
    #expect(paged.contains("6784    Choice 6784"))
    settei.type("9999")
    let chosen = try settei.waitFor("Long › Pick> ", count: 3)
    let last = chosen.pieces("Long › Pick> 9999").last ?? ""
    #expect(last.contains("✓ Choice 9999"), "a number off the page selects that row")
    #expect(last.contains("page 589/589 · rows 9997–10000"), "and shows its page")
    settei.type("quit")
    #expect(try settei.terminal.waitForExit() == 0)
    #expect(
      String(decoding: contents(of: home.file("s.json")) ?? [], as: UTF8.self).contains("v9999"))
  }
}

extension String {
  /// How many times `text` occurs.
  func components(of text: String) -> Int { ranges(of: text).count }
}

@Suite("libedit configuration", .serialized)
struct EditrcTests {
  @Test func theUsersEditrcApplies() throws {
    let home = try TemporaryFolder()
    // A key bound to a string in ~/.editrc: Ctrl-T types "help".
    write(Array("bind -s ^T help\n".utf8), to: home.file(".editrc"))
    let settei = try TerminalTests.Running(
      ["--lang", "en", "--store", home.file("s.json")], home: home.path)
    try settei.waitFor("Region> ")
    settei.terminal.send("\u{14}\r")
    try settei.waitFor("Type help COMMAND for more about one.")
    try settei.waitFor("Region> ", count: 2)
    settei.terminal.send("\u{04}")
    #expect(try settei.terminal.waitForExit() == 0)
  }
}

/// `reset all` on a terminal asks as `quit!` does.
@Suite("settei reset all in a terminal", .serialized)
struct TerminalResetAllTests {
  @Test func resetAllListsWhatDiffersAsksAndSaysWhenCancelled() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    write(Array("{\"temperatureUnit\": \"fahrenheit\"}".utf8), to: store)
    let settei = try TerminalTests.Running(
      ["--lang", "en", "--store", store], home: home.path)
    try settei.waitFor("Language & Region> ")
    settei.type("reset all")
    try settei.waitFor("Reset it? [y/N] ")
    settei.type("n")
    let cancelled = try settei.waitFor("Cancelled; nothing changed.")
    #expect(
      cancelled.contains(
        "This setting differs from the default:\n  Language & Region › Temperature Unit\n"))
    try settei.waitFor("Language & Region> ", count: 2)
    settei.type("reset all")
    try settei.waitFor("Reset it? [y/N] ", count: 2)
    settei.type("y")
    try settei.waitFor("Reset 1 setting to the default; undo brings them back.")
    settei.type("quit")
    try settei.waitFor("Saved 1 change")
    #expect(try settei.terminal.waitForExit() == 0)
  }
}

/// Pages of the InAppSettingsKit sample, which has many sections with footers, in terminals
/// of three sizes.
@Suite("settei pages in a terminal", .serialized)
struct TerminalPageFitTests {
  @Test(arguments: [(80, 12), (60, 24), (120, 40)])
  func everyPageFitsTheTerminal(columns: Int, rows: Int) throws {
    let home = try TemporaryFolder()
    let settei = try TerminalTests.Running(
      [
        "--schema", PackagePaths.sampleBundle, "--in-app", "--store", home.file("s.json"), "--lang",
        "en",
      ],
      home: home.path, columns: columns, rows: rows)
    try settei.waitFor("Settings> ")
    settei.type("n")
    try settei.waitFor("Settings> ", count: 2)
    settei.type("n")
    let screen = try settei.waitFor("Settings> ", count: 3)
    settei.type("quit!")
    _ = try settei.terminal.waitForExit()
    // Each page: the command on the prompt's line, the page, the next prompt's line.
    let pages = screen.pieces("Settings> ").dropFirst().dropLast()
    #expect(pages.count == 2)
    for page in pages {
      let lines = page.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
      #expect(lines.count <= rows, "\(columns)×\(rows): \(lines.count) lines:\n\(page)")
      #expect(lines.first == "Settings", "every page starts with its breadcrumb")
      #expect(page.contains("page "))
      for line in lines {
        #expect(displayWidth(String(line)) <= columns, "wider than \(columns): \(line)")
      }
    }
  }
}
