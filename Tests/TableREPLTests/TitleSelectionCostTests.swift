import TableKit
import Testing

@testable import TableREPL

/// Rows that tell their titles (`Row N`) without making cells, and count what they tell.
private final class TellingTitlesController: CountingViewController, TableViewRowTitleDataSource {
  var titleRequests = 0

  func tableView(_ tableView: TableView, titleForRowAt indexPath: IndexPath) -> String? {
    titleRequests += 1
    return "Row \(indexPath.row + 1)"
  }
}

/// Six sections of 40 rows, those of odd sections two lines tall (a subtitle under the
/// title): it tells their lines for each row, or for each section, and counts what it is
/// asked.
private final class TellingLinesController: TableViewController, TableViewRowTitleDataSource {
  let perSection: Bool
  var rowQuestions = 0
  var sectionQuestions = 0

  init(perSection: Bool) {
    self.perSection = perSection
    super.init()
    title = "Lines"
  }

  override func numberOfSections(in tableView: TableView) -> Int { 6 }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    40
  }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    let title = self.tableView(tableView, titleForRowAt: indexPath)
    guard indexPath.section % 2 == 1 else { return TableViewCell(text: title) }
    return TableViewCell(style: .subtitle, text: title, detailText: "below")
  }

  override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
    "Section \(section)"
  }

  func tableView(_ tableView: TableView, titleForRowAt indexPath: IndexPath) -> String? {
    "Row \(indexPath.section).\(indexPath.row)"
  }

  func tableView(_ tableView: TableView, linesForRowAt indexPath: IndexPath) -> Int? {
    rowQuestions += 1
    return indexPath.section % 2 == 1 ? 2 : 1
  }

  func tableView(_ tableView: TableView, linesForEachRowInSection section: Int) -> Int? {
    sectionQuestions += 1
    return perSection ? (section % 2 == 1 ? 2 : 1) : nil
  }
}

/// Typing a row's title that is not on the page shown looks through the whole screen: by the
/// titles a data source tells, making no cell, or else by each row's cell.
@Suite struct TitleSelectionCostTests {
  private func run(_ controller: TableViewController, _ lines: [String]) -> String {
    sessionOutput(of: controller, running: lines)
  }

  @Test func aDataSourceThatTellsTitlesIsAskedForNoCellOfTheWholeScreen() {
    let telling = TellingTitlesController(count: 50_000)
    let plain = CountingViewController(count: 50_000)
    let lines = ["row 12345", "row 49999"]
    let tellingText = run(telling, lines)
    // The same rows found and the same screens as by the cells of every row.
    #expect(tellingText == run(plain, lines))
    #expect(tellingText.contains("12345  Row 12345"))
    #expect(tellingText.contains("49999  Row 49999"))
    // Titles of the whole screen, twice, and cells only for the pages shown.
    #expect(telling.titleRequests >= 2 * 49_000)
    #expect(telling.cellRequests < 200)
    #expect(plain.cellRequests >= 2 * 49_000)
  }

  /// Laying a screen out into pages asks a data source that tells the lines of every row of
  /// a section for no row: the same pages as when each row tells its lines.
  @Test func linesToldForEverySectionAreNotAskedOfItsRows() {
    let bySection = TellingLinesController(perSection: true)
    let byRow = TellingLinesController(perSection: false)
    let lines = ["n", "n", "page 5", "p", "200"]
    let text = run(bySection, lines)
    #expect(text == run(byRow, lines))
    #expect(text.contains("Row 5.0"))
    #expect(bySection.rowQuestions == 0)
    #expect(bySection.sectionQuestions >= 6)
    #expect(byRow.rowQuestions >= 240)
  }
}
