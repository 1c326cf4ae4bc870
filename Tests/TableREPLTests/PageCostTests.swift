import TableKit
import Testing

@testable import TableREPL

/// A data source of `sections` sections of `rowsPerSection` rows each, which counts every
/// question it is asked: the cost of a screen is what it asks its data source for.
private final class CountingSectionsController: TableViewController {
  let sections: Int
  let rowsPerSection: Int
  var cellRequests: [IndexPath] = []
  var headerRequests = 0
  var footerRequests = 0

  init(sections: Int, rowsPerSection: Int) {
    self.sections = sections
    self.rowsPerSection = rowsPerSection
    super.init()
    title = "Sections"
  }

  override func numberOfSections(in tableView: TableView) -> Int { sections }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    rowsPerSection
  }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    cellRequests.append(indexPath)
    return TableViewCell(text: "Row \(indexPath.section).\(indexPath.row)")
  }

  override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
    headerRequests += 1
    return "Section \(section)"
  }

  override func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
    footerRequests += 1
    return nil
  }
}

/// Showing a screen asks the data source only for the rows of the page shown, so a command
/// costs the same on a table of ten rows as on one of ten million (docs/architecture.md,
/// "Performance model"). These tests count data-source calls; they time nothing.
@Suite struct PageCostTests {
  /// An 80×24 terminal: 16 rows a page.
  private static let terminal = Session.TerminalSize(columns: 80, rows: 24)
  private static let pageSize = 16

  private func session(
    _ navigation: NavigationController, _ lines: [String], interactive: Bool = false
  ) -> (Session, StringOutput) {
    let output = StringOutput()
    let session = Session(
      navigationController: navigation,
      reader: ScriptedLineReader(lines, isInteractive: interactive), output: output,
      terminalSize: { Self.terminal })
    return (session, output)
  }

  @Test func tenMillionRowsCostOnePagePerScreenThroughASession() {
    let controller = CountingViewController(count: 10_000_000)
    let navigation = NavigationController(rootViewController: controller)
    let middle = 10_000_000 / Self.pageSize / 2 + 1

    // The first screen alone.
    let (first, _) = session(navigation, [])
    #expect(first.run() == .quit)
    #expect(controller.cellRequests == Self.pageSize)

    // The first screen again, whose cells the table view kept (they are its visible
    // cells), then page K in the middle: one page.
    controller.cellRequests = 0
    let (paging, output) = session(navigation, ["page \(middle)"])
    #expect(paging.run() == .quit)
    #expect(controller.cellRequests == Self.pageSize)
    let firstRow = (middle - 1) * Self.pageSize + 1
    #expect(output.text.contains("\(firstRow)  Row \(firstRow)"))
    #expect(
      output.text.contains(
        "page \(middle)/625000 · rows \(firstRow)–\(firstRow + 15) of 10000000"))
  }

  @Test func everyPagingCommandAsksForOnePage() {
    let controller = CountingViewController(count: 10_000_000)
    let navigation = NavigationController(rootViewController: controller)
    let commands = ["page 312500", "n", "p", "page 625000", "page 1", "n"]
    let (session, _) = session(navigation, commands)
    #expect(session.run() == .quit)
    // The first screen and one screen per command.
    #expect(controller.cellRequests == (1 + commands.count) * Self.pageSize)
  }

  @Test func selectingARowFarDownAsksForItsCellAndOnePage() {
    let controller = CountingViewController(count: 10_000_000)
    let navigation = NavigationController(rootViewController: controller)
    let (session, output) = session(navigation, ["9999999"])
    #expect(session.run() == .quit)
    // The first screen, then the page holding the row, shown before it is selected (as a
    // user scrolls to a row before tapping it); the screen after keeps that page's cells.
    #expect(controller.cellRequests == 2 * Self.pageSize)
    #expect(output.text.contains("9999999  Row 9999999"))
  }

  @Test func aPageOfManySectionsAsksOnlyForItsOwnRowsAndHeaders() {
    // 1,000 sections of 10,000 rows: ten million rows, a page deep inside one section.
    let controller = CountingSectionsController(sections: 1_000, rowsPerSection: 10_000)
    let navigation = NavigationController(rootViewController: controller)
    let page = 400_000  // rows 6,399,985 to 6,400,000 (1-based), inside section 639
    let (session, output) = session(navigation, ["page \(page)"])
    #expect(session.run() == .quit)
    let pageRows = controller.cellRequests.suffix(Self.pageSize)
    #expect(controller.cellRequests.count == 2 * Self.pageSize)
    #expect(pageRows.allSatisfy { $0.section == 639 })
    #expect(pageRows.first?.row == 9_984)
    // The first screen has one section's header; page K starts inside a section, so it
    // shows none.
    #expect(controller.headerRequests <= 2)
    #expect(output.text.contains("rows 6399985–6400000 of 10000000"))
  }

  @Test func aPageAcrossSectionsAsksForTheHeadersOfThoseSectionsOnly() {
    let controller = CountingSectionsController(sections: 100_000, rowsPerSection: 10)
    let navigation = NavigationController(rootViewController: controller)
    let (session, _) = session(navigation, ["page 5000"])
    #expect(session.run() == .quit)
    #expect(controller.cellRequests.count == 2 * Self.pageSize)
    // 16 rows of 10-row sections touch at most 3 sections a page.
    #expect(controller.headerRequests <= 2 * 3)
    #expect(controller.footerRequests <= 2 * 3)
  }
}
