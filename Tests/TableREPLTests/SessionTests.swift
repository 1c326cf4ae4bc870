import TableKit
import Testing

@testable import TableREPL

/// The tutorial's two screens, as static controllers: choosing a unit updates the root.
private final class UnitSettings {
  var unit = "摂氏（°C）"
}

private final class UnitListViewController: TableViewController {
  let settings: UnitSettings
  let units = ["摂氏（°C）", "華氏（°F）"]

  init(settings: UnitSettings) {
    self.settings = settings
    super.init()
    title = "温度単位"
  }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 2 }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    let unit = units[indexPath.row]
    return TableViewCell(text: unit, accessoryType: unit == settings.unit ? .checkmark : .none)
  }

  override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    settings.unit = units[indexPath.row]
    tableView.reloadData()
  }
}

private func tutorial(_ settings: UnitSettings) -> NavigationController {
  let root = StaticViewController(
    title: "言語と地域",
    sections: [
      .init(rows: [
        .init(text: "地域", detail: "日本"),
        .init(
          text: "温度単位", detail: nil,
          next: { UnitListViewController(settings: settings) }),
      ])
    ])
  return NavigationController(rootViewController: root)
}

/// Runs a session of `lines` over `navigation`: how it ended, its output and its errors.
func run(
  _ lines: [String], interactive: Bool = false, navigation: NavigationController,
  quit: (() -> Session.QuitResult)? = nil
) -> (outcome: Session.Outcome, output: String, errors: String) {
  let output = StringOutput()
  let errors = StringOutput()
  let reader = ScriptedLineReader(
    lines, echo: interactive ? nil : output, isInteractive: interactive)
  let session = Session(
    navigationController: navigation, reader: reader, output: output, errorOutput: errors)
  session.quitHandler = quit
  return (session.run(), output.text, errors.text)
}

@Suite struct SessionTests {
  @Test func tutorialFlowPrintsFourScreensInOrder() {
    let settings = UnitSettings()
    let result = run(["2", "2", "back", "quit"], navigation: tutorial(settings))
    #expect(result.outcome == .quit)
    #expect(settings.unit == "華氏（°F）")
    let screens = result.output.split(separator: "> ", omittingEmptySubsequences: false).map(
      String.init)
    // Root, choices with ✓ 摂氏, choices with ✓ 華氏, root again.
    #expect(screens.count == 5)
    #expect(screens[0].hasPrefix("言語と地域\n"))
    #expect(screens[1].contains("言語と地域 › 温度単位") && screens[1].contains("✓ 摂氏（°C）"))
    #expect(screens[2].contains("✓ 華氏（°F）") && screens[2].contains("  摂氏（°C）"))
    #expect(screens[3].hasPrefix("back\n言語と地域\n"))
  }

  @Test func pipedTranscriptEchoesPromptAndCommand() {
    let result = run(["2", "quit"], navigation: tutorial(UnitSettings()))
    #expect(result.output.contains("言語と地域> 2\n"))
    #expect(result.output.contains("言語と地域 › 温度単位> quit\n"))
  }

  @Test func scriptStopsAtTheFirstFailingCommandWithoutQuitting() {
    var quits = 0
    let result = run(
      ["7", "quit"], navigation: tutorial(UnitSettings()),
      quit: {
        quits += 1
        return .done(message: nil)
      })
    #expect(
      result.outcome
        == .scriptFailed(
          line: 1, message: "There is no row 7 here. Type a row number (1–2), quit or help."))
    #expect(quits == 0)
    #expect(result.errors.contains("input line 1"))
    #expect(result.errors.contains("Nothing was saved"))
  }

  @Test func onATerminalAFailingCommandIsReportedAndTheSessionGoesOn() {
    let settings = UnitSettings()
    let result = run(
      ["9", "frobnicate", "2", "2", "quit"], interactive: true, navigation: tutorial(settings))
    #expect(result.outcome == .quit)
    #expect(
      result.output.contains("There is no row 9 here. Type a row number (1–2), quit or help."))
    #expect(result.output.contains("Unknown command or row 'frobnicate'."))
    #expect(settings.unit == "華氏（°F）")
  }

  @Test func backAtTheRootIsAnError() {
    let result = run(["back"], navigation: tutorial(UnitSettings()))
    #expect(
      result.outcome
        == .scriptFailed(line: 1, message: "Already at the top screen; nothing to go back to."))
  }

  @Test func titlePrefixSelectsTheRow() {
    let settings = UnitSettings()
    let result = run(["温度", "華氏", "quit"], navigation: tutorial(settings))
    #expect(result.outcome == .quit)
    #expect(settings.unit == "華氏（°F）")
  }

  @Test func ambiguousPrefixListsTheCandidates() {
    let root = StaticViewController(
      title: "T", sections: [.init(rows: [.init(text: "Temperature"), .init(text: "Tempo")])])
    let result = run(
      ["Temp"], interactive: true, navigation: NavigationController(rootViewController: root))
    #expect(result.output.contains("'Temp' matches 2 rows: 1 Temperature, 2 Tempo."))
    #expect(root.selections.isEmpty)
  }

  @Test func endOfInputQuits() {
    var quits = 0
    let result = run(
      ["2"], navigation: tutorial(UnitSettings()),
      quit: {
        quits += 1
        return .done(message: "Saved.")
      })
    #expect(result.outcome == .quit)
    #expect(quits == 1)
    #expect(result.output.hasSuffix("Saved.\n"))
  }

  @Test func aFailedQuitOnATerminalKeepsTheSessionGoing() {
    var attempts = 0
    let result = run(
      ["quit", "quit"], interactive: true, navigation: tutorial(UnitSettings()),
      quit: {
        attempts += 1
        return attempts == 1 ? .failed(message: "disk full") : .done(message: nil)
      })
    #expect(result.outcome == .quit)
    #expect(attempts == 2)
    #expect(result.output.contains("disk full\n"))
  }

  @Test func aFailedQuitInAScriptEndsTheSession() {
    let result = run(
      ["quit"], navigation: tutorial(UnitSettings()), quit: { .failed(message: "disk full") })
    #expect(result.outcome == .quitFailed(message: "disk full"))
    #expect(result.errors.contains("disk full"))
  }

  @Test func unselectableRowsSaySo() {
    let root = StaticViewController(
      title: "T",
      sections: [.init(rows: [.init(text: "Version", detail: "1.0", selectable: false)])])
    let result = run(["1"], navigation: NavigationController(rootViewController: root))
    #expect(
      result.outcome == .scriptFailed(line: 1, message: "Row 1 (Version) cannot be selected."))
    #expect(root.selections.isEmpty)
  }

  @Test func helpListsEveryCommandAndExplainsOne() {
    let result = run(
      ["help", "help back", "help nope"], interactive: true, navigation: tutorial(UnitSettings()))
    for entry in Command.builtIns(saving: false) {
      #expect(result.output.contains(entry.usage + " "))
      #expect(result.output.contains(entry.summary))
    }
    #expect(result.output.contains("Return to the previous screen"))
    #expect(result.output.contains("No help for 'nope'"))
  }

  @Test func rejectedLinesAreReportedAndInteractiveSessionsGoOn() {
    let output = StringOutput()
    let reader = ScriptedLineReader(
      results: [
        .rejected(.invalidUTF8), .interrupted, .line("quit"),
      ],
      isInteractive: true)
    let session = Session(
      navigationController: tutorial(UnitSettings()), reader: reader, output: output)
    #expect(session.run() == .quit)
    #expect(output.text.contains("the line is not valid UTF-8; it was skipped"))
    // The session says why in its language.
    let japaneseOutput = StringOutput()
    let japanese = Session(
      navigationController: tutorial(UnitSettings()),
      reader: ScriptedLineReader(
        results: [.rejected(.invalidUTF8NotRun), .line("quit")], isInteractive: true),
      output: japaneseOutput)
    japanese.messages = .forLanguage("ja")
    #expect(japanese.run() == .quit)
    #expect(japaneseOutput.text.contains("行に正しい UTF-8 ではないバイトがあります (� と表示)。"))
  }

  @Test func footerSaysAPageHasNoneInTheSessionsLanguage() {
    for (language, text) in [("en", "This page has no footers.\n"), ("ja", "このページにフッターはありません。\n")] {
      let output = StringOutput()
      let session = Session(
        navigationController: tutorial(UnitSettings()),
        reader: ScriptedLineReader(["footer", "quit"], isInteractive: true), output: output)
      session.messages = .forLanguage(language)
      #expect(session.run() == .quit)
      #expect(output.text.contains(text), "\(language)")
    }
  }

  @Test func pagingAsksOnlyForOnePageAndNumbersStayGlobal() {
    let controller = CountingViewController(count: 10_000)
    let navigation = NavigationController(rootViewController: controller)
    let output = StringOutput()
    let reader = ScriptedLineReader(["page 400", "n", "p"], isInteractive: true)
    let session = Session(
      navigationController: navigation, reader: reader, output: output,
      terminalSize: { Session.TerminalSize(columns: 80, rows: 24) })
    #expect(session.run() == .quit)
    // Four screens of 18 rows each (the lines of an 80×24 terminal less the breadcrumb, the
    // empty lines, the page line and the prompt): the first page, then pages 400, 401 and 400.
    #expect(controller.cellRequests == 4 * 18)
    #expect(output.text.contains("page 400/556 · rows 7183–7200 of 10000"))
    #expect(output.text.contains("page 401/556"))
  }

  @Test func aRowOffThePageCanBeSelectedByNumber() {
    let controller = StaticViewController(
      title: "Many", sections: [.init(rows: (1...100).map { .init(text: "Row \($0)") })])
    let result = run(["99"], navigation: NavigationController(rootViewController: controller))
    #expect(result.outcome == .quit)
    #expect(controller.selections == [IndexPath(row: 98, section: 0)])
  }

  @Test func backReturnsToThePageThatWasLeft() {
    let child = {
      StaticViewController(title: "Child", sections: [.init(rows: [.init(text: "c")])])
    }
    let root = StaticViewController(
      title: "Many",
      sections: [.init(rows: (1...100).map { .init(text: "Row \($0)", next: child) })])
    let output = StringOutput()
    let reader = ScriptedLineReader(["page 3", "40", "back"], isInteractive: true)
    let session = Session(
      navigationController: NavigationController(rootViewController: root), reader: reader,
      output: output)
    #expect(session.run() == .quit)
    let last =
      output.text.split(separator: "Many\n", omittingEmptySubsequences: false).map(String.init).last
      ?? ""
    #expect(last.contains("page 3/6 · rows 37–54"))
  }
}
