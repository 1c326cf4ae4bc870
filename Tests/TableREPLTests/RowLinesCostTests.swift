import TableKit
import Testing

@testable import TableREPL

/// Sections of one-line rows, but for one section whose rows have a subtitle (two lines).
/// What the data source tells without cells is set by `tells`; every question is counted.
private final class LinesController: TableViewController, TableViewRowTitleDataSource {
  enum Telling {
    /// Only the cells tell (no answer to either question).
    case cells
    /// Each row's lines, one question a row.
    case rows
    /// A section's lines at once, for the sections whose rows all take the same.
    case sections
  }

  static let sections = 6
  static let rowsPerSection = 120
  /// The section whose rows take two lines.
  static let tallSection = 3

  let telling: Telling
  var cellRequests = 0
  var rowLinesRequests = 0
  var sectionLinesRequests = 0

  init(telling: Telling) {
    self.telling = telling
    super.init()
    title = "Lines"
  }

  override func numberOfSections(in tableView: TableView) -> Int { Self.sections }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    Self.rowsPerSection
  }

  override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
    "Section \(section)"
  }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    cellRequests += 1
    let text = "Row \(indexPath.section).\(indexPath.row)"
    guard indexPath.section == Self.tallSection else { return TableViewCell(text: text) }
    return TableViewCell(style: .subtitle, text: text, detailText: "below it")
  }

  func tableView(_ tableView: TableView, titleForRowAt indexPath: IndexPath) -> String? {
    "Row \(indexPath.section).\(indexPath.row)"
  }

  func tableView(_ tableView: TableView, linesForRowAt indexPath: IndexPath) -> Int? {
    rowLinesRequests += 1
    return telling == .cells ? nil : (indexPath.section == Self.tallSection ? 2 : 1)
  }

  func tableView(_ tableView: TableView, linesForEachRowInSection section: Int) -> Int? {
    sectionLinesRequests += 1
    guard telling == .sections else { return nil }
    // The tall section is left to its rows, so that both kinds of answer are used.
    return section == Self.tallSection ? nil : 1
  }
}

/// Laying a screen out into pages asks a data source for the lines of a whole section at
/// once when it can tell them, then for single rows, and makes a cell only when neither
/// tells: the pages are the same whichever answers.
@Suite struct RowLinesCostTests {
  /// The output of a session on the screen that runs `lines`.
  private func run(_ controller: LinesController, _ lines: [String]) -> String {
    sessionOutput(of: controller, running: lines)
  }

  /// Every page of the screen, from the first to the last with `n`.
  private func pages(of controller: LinesController) -> String {
    // The first page's line tells the count: `page 1/N · rows …`.
    let first = run(LinesController(telling: controller.telling), [])
    let line = first.split(separator: "\n").first { $0.contains("page 1/") }
    let count = line.flatMap { $0.split(separator: "/").dropFirst().first }
      .flatMap { Int($0.prefix { $0.isNumber }) }
    #expect((count ?? 0) > 10, "\(first)")
    return run(controller, Array(repeating: "n", count: (count ?? 1) - 1))
  }

  @Test func sectionsThatTellTheirLinesAreLaidOutWithoutAQuestionPerRow() {
    let bySections = LinesController(telling: .sections)
    let byRows = LinesController(telling: .rows)
    let byCells = LinesController(telling: .cells)
    let text = pages(of: bySections)
    #expect(text == pages(of: byRows))
    #expect(text == pages(of: byCells))
    // The two-line rows are laid out as two lines: their pages hold fewer rows.
    #expect(text.contains("Row 3.0"))
    #expect(text.contains("below it"))
    #expect(text.contains("Row 5.\(LinesController.rowsPerSection - 1)"))

    let rows = LinesController.rowsPerSection
    // One question a section, and a question a row only for the section that did not tell.
    #expect(bySections.sectionLinesRequests == LinesController.sections)
    #expect(bySections.rowLinesRequests == rows)
    #expect(byRows.rowLinesRequests == LinesController.sections * rows)
    // Cells only for the rows shown, but for every row when only cells can tell.
    #expect(bySections.cellRequests == byRows.cellRequests)
    #expect(byCells.cellRequests >= LinesController.sections * rows)
    #expect(bySections.cellRequests < byCells.cellRequests)
  }
}
