import TableKit
import Testing

@testable import TableREPL

/// A list of `sections` sections of 3 rows, each with a header, that counts the headers
/// it is asked for: laying out its pages asks for every one.
private final class SectionsController: TableViewController {
  let sections: Int
  var headerRequests = 0

  init(sections: Int) {
    self.sections = sections
    super.init()
    title = "Long"
  }

  override func numberOfSections(in tableView: TableView) -> Int { sections }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    3
  }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    TableViewCell(text: "Row \(indexPath.section).\(indexPath.row)")
  }

  override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
    headerRequests += 1
    return "Section \(section)"
  }
}

/// A root of one row that opens the same long screen every time, as a settings page opens
/// the screen it kept.
private final class KeepingRoot: TableViewController {
  let child = SectionsController(sections: 40)

  override init() {
    super.init()
    title = "Root"
  }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    1
  }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    TableViewCell(text: "Open", accessoryType: .disclosureIndicator)
  }

  override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    navigationController?.pushViewController(child, animated: false)
  }
}

/// A list whose command `rename` changes the text of a visible cell in place, as TableKit
/// lets a screen do (the change shows on the next screen).
private final class RenamingController: TableViewController {
  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    3
  }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    TableViewCell(text: "Row \(indexPath.row + 1)")
  }
}

/// What a screen shown again costs, and that it shows what is true now.
@Suite struct ShownAgainTests {
  private static let terminal = Session.TerminalSize(columns: 80, rows: 24)

  private func session(
    _ navigation: NavigationController, _ lines: [String]
  ) -> (Session, StringOutput) {
    let output = StringOutput()
    let session = Session(
      navigationController: navigation,
      reader: ScriptedLineReader(lines, echo: output, isInteractive: false), output: output,
      terminalSize: { Self.terminal })
    return (session, output)
  }

  /// The screens of `text`: the first, then each command's (after the command typed), up
  /// to the next prompt; a script's end shows no prompt.
  private func screens(_ text: String) -> [Substring] {
    text.split(separator: "> ", omittingEmptySubsequences: false)
  }

  @Test func aScreenPushedAgainOpensOnItsFirstPageWithItsPagesLaidOut() throws {
    let root = KeepingRoot()
    let (session, output) = session(
      NavigationController(rootViewController: root), ["1", "n", "back", "1"])
    _ = session.run()
    let shown = screens(output.text)
    try #require(shown.count == 5)
    #expect(shown[2].contains("page 2/"))
    #expect(shown[4].contains("page 1/"), "a screen pushed again starts on its first page")
    // The same screen as the first time (a script's end shows no prompt after it).
    #expect(shown[1].hasPrefix(shown[4]))
    // Laying out asks for every header; pushed again, the screen asks only for the headers
    // of the page it shows.
    let once = KeepingRoot()
    _ = self.session(NavigationController(rootViewController: once), ["1"]).0.run()
    #expect(once.child.headerRequests >= once.child.sections)
    let again = KeepingRoot()
    _ = self.session(NavigationController(rootViewController: again), ["1", "back", "1"]).0.run()
    #expect(again.child.headerRequests - once.child.headerRequests < once.child.sections)
  }

  @Test func aScreenShownAgainUnchangedIsNotRenderedAgain() throws {
    let (session, output) = session(
      NavigationController(rootViewController: KeepingRoot()),
      ["1", "back", "1", "back", "1", "back"])
    _ = session.run()
    let shown = screens(output.text)
    try #require(shown.count == 7)
    #expect(shown[3] == shown[1] && shown[4] == shown[2])
    // The root and the long screen, once each.
    #expect(session.screensRendered == 2)
  }

  @Test func aCellChangedInPlaceShowsOnTheNextScreen() throws {
    let controller = RenamingController()
    controller.title = "Rows"
    let navigation = NavigationController(rootViewController: controller)
    let (session, output) = session(navigation, ["show", "rename", "show"])
    let show = CommandDefinition(
      help: .init(names: ["show"], usage: "show", summary: "", details: ""),
      run: { _ in .done(message: nil, showScreen: true) })
    let rename = CommandDefinition(
      help: .init(names: ["rename"], usage: "rename", summary: "", details: ""),
      run: { _ in
        controller.tableView.cellForRow(at: IndexPath(row: 1, section: 0))?.text = "Renamed"
        return .done(message: nil, showScreen: true)
      })
    session.register(show)
    session.register(rename)
    _ = session.run()
    let shown = screens(output.text)
    try #require(shown.count == 4)
    #expect(shown[1].contains("Row 2"))
    #expect(shown[2].contains("Renamed") && !shown[2].contains("Row 2"))
    #expect(shown[3].contains("Renamed"))
    #expect(session.screensRendered == 2)
  }

  @Test func anotherLanguageRendersTheSameScreenInItsWords() throws {
    let root = KeepingRoot()
    let navigation = NavigationController(rootViewController: root)
    let (session, output) = session(navigation, ["1", "japanese", "back", "1"])
    let japanese = CommandDefinition(
      help: .init(names: ["japanese"], usage: "japanese", summary: "", details: ""),
      run: { [unowned session] _ in
        session.messages = .forLanguage("ja")
        return .done(message: nil, showScreen: true)
      })
    session.register(japanese)
    _ = session.run()
    let shown = screens(output.text)
    try #require(shown.count == 5)
    #expect(shown[1].contains("page 1/"))
    #expect(!shown[2].contains("page 1/"))
    // The same screen in Japanese (after the command echoed, which differs).
    #expect(shown[2].drop { $0 != "\n" }.hasPrefix(shown[4].drop { $0 != "\n" }))
  }
}
