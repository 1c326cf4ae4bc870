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
  /// An 80×24 terminal: 18 rows a page of one section without a header (24 lines less the
  /// breadcrumb, three empty lines, the page line and the prompt).
  private static let terminal = Session.TerminalSize(columns: 80, rows: 24)
  private static let pageSize = 18

  /// The first and last row (1-based) of the last page line in `text`.
  private static func lastPageRows(in text: String) -> ClosedRange<Int>? {
    guard let line = text.split(separator: "\n").last(where: { $0.contains(" · rows ") })
    else { return nil }
    // page K/N · rows A–B of T
    let numbers = line.split { !$0.isNumber }.compactMap { Int($0) }
    return numbers.count == 5 ? numbers[2]...numbers[3] : nil
  }

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
        "page \(middle)/555556 · rows \(firstRow)–\(firstRow + 17) of 10000000"))
  }

  @Test func everyPagingCommandAsksForOnePage() {
    let controller = CountingViewController(count: 10_000_000)
    let navigation = NavigationController(rootViewController: controller)
    // (page 555,556, the last, has the 10 rows left.)
    let commands = ["page 277778", "n", "p", "page 555555", "page 1", "n"]
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
    // That is the last page, with the 10 rows left (10,000,000 = 555,555 × 18 + 10).
    #expect(controller.cellRequests == Self.pageSize + 10)
    #expect(output.text.contains("9999999  Row 9999999"))
  }

  @Test func aPageOfManySectionsAsksOnlyForItsOwnRows() throws {
    // 1,000 sections of 10,000 rows: ten million rows, a page deep inside one section.
    let controller = CountingSectionsController(sections: 1_000, rowsPerSection: 10_000)
    let navigation = NavigationController(rootViewController: controller)
    let (first, _) = session(navigation, [])
    #expect(first.run() == .quit)
    let firstScreen = controller.cellRequests.count
    controller.headerRequests = 0
    controller.footerRequests = 0
    let (session, output) = session(navigation, ["page 350000", "n"])
    #expect(session.run() == .quit)
    let shown = try #require(Self.lastPageRows(in: output.text))
    // Pages are laid out from the first, so every section's header and footer is asked for
    // once (they are cheap), and kept for the screen: page K and the next ask only for the
    // headers of the sections they show.
    #expect(controller.headerRequests <= 1_000 + 2 * 2)
    #expect(controller.footerRequests <= 1_000 + 2 * 2)
    // Cells: the first screen's (kept, as the visible cells), page K's, and the next page's.
    let pageRows = controller.cellRequests.dropFirst(firstScreen).suffix(shown.count)
    #expect(controller.cellRequests.count - firstScreen <= 2 * shown.count + Self.pageSize)
    let numbers = pageRows.map { $0.section * 10_000 + $0.row + 1 }
    #expect(numbers == Array(shown))
    #expect(shown.lowerBound > 5_000_000 && shown.count <= Self.pageSize)
  }

  @Test func aPageAcrossSectionsAsksForTheCellsOfItsOwnRows() {
    let controller = CountingSectionsController(sections: 100_000, rowsPerSection: 10)
    let navigation = NavigationController(rootViewController: controller)
    let (session, _) = session(navigation, ["page 5000"])
    #expect(session.run() == .quit)
    // A page of several sections has fewer rows, to fit their headers: never more than a
    // page of cells a screen.
    #expect(controller.cellRequests.count <= 2 * Self.pageSize)
    #expect(controller.cellRequests.count >= Self.pageSize)
    // Laid out once (each header and footer asked once), then the headers of the sections
    // of two pages: 18 rows of 10-row sections touch at most 3 sections a page.
    #expect(controller.headerRequests <= 100_000 + 2 * 3)
    #expect(controller.footerRequests <= 100_000 + 2 * 3)
  }
}
