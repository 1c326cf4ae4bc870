import TableKit
import TestSupport
import Testing

@testable import TableREPL

/// Sections of the given sizes (some empty) with headers and footers of one line, several
/// lines or none, and a subtitle under every `subtitleEvery`-th row (0: none), as settings
/// pages and search results have.
private final class VariedController: TableViewController {
  let sizes: [Int]
  let subtitleEvery: Int
  var cellRequests = 0

  init(sizes: [Int], subtitleEvery: Int) {
    self.sizes = sizes
    self.subtitleEvery = subtitleEvery
    super.init()
    title = "Varied"
  }

  override func numberOfSections(in tableView: TableView) -> Int { sizes.count }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    sizes[section]
  }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    cellRequests += 1
    let text = "Item \(indexPath.section).\(indexPath.row)"
    guard subtitleEvery > 0, indexPath.row % subtitleEvery == 0 else {
      return TableViewCell(text: text)
    }
    return TableViewCell(style: .subtitle, text: text, detailText: "More about it")
  }

  override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
    switch section % 3 {
    case 0: nil
    case 1: "Header \(section)"
    default: String(repeating: "A long header that wraps onto more lines. ", count: 3)
    }
  }

  override func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
    switch section % 4 {
    case 0: "Footer \(section)"
    case 1: nil
    case 2: String(repeating: "A footer paragraph that takes a few lines to say. ", count: 3)
    default: "One\nTwo\nThree\nFour\nFive\nSix"
    }
  }
}

@Suite("A page size per page")
struct PageLayoutTests {
  /// The pages of a walk through a screen: `n` to the last page, then `p` to the first.
  private func walk(
    _ controller: TableViewController, columns: Int, rows: Int, steps: Int
  ) -> PagedTranscript {
    let output = StringOutput()
    let commands = Array(repeating: "n", count: steps) + Array(repeating: "p", count: steps)
    let session = Session(
      navigationController: NavigationController(rootViewController: controller),
      reader: ScriptedLineReader(commands, echo: output, isInteractive: true), output: output,
      terminalSize: { Session.TerminalSize(columns: columns, rows: rows) })
    #expect(session.run() == .quit)
    return PagedTranscript(output.text)
  }

  // From 16 lines up: sections without rows are shown with the row after them, and at
  // 80×14 two of them (6 lines) and the next section's first row do not fit one page.
  @Test(arguments: [(80, 16), (60, 24), (120, 40)])
  func pagesFitTheirOwnLinesAndTileTheRows(columns: Int, rows: Int) {
    let sizes = [3, 1, 0, 12, 2, 0, 0, 5, 30, 1, 4, 0, 9, 0]
    let controller = VariedController(sizes: sizes, subtitleEvery: 3)
    let pages = walk(controller, columns: columns, rows: rows, steps: 40)
    #expect(pages.tilingProblems(totalRows: sizes.reduce(0, +), height: rows) == [])
    // Pages differ in size: those with tall headers and footers hold fewer rows.
    #expect(Set(pages.pages.map(\.rows.count)).count > 1)
  }

  /// A page of one row ("row 11 of 11") is read as the page of rows 11 to 11.
  /// What a session on `controller` shows for `command` at 80 columns and `rows` lines.
  private func transcript(_ controller: TableViewController, _ command: String, rows: Int)
    -> String
  {
    let output = StringOutput()
    let session = Session(
      navigationController: NavigationController(rootViewController: controller),
      reader: ScriptedLineReader([command], echo: output), output: output,
      terminalSize: { Session.TerminalSize(columns: 80, rows: rows) })
    #expect(session.run() == .quit)
    return output.text
  }

  @Test func aPageOfOneRowIsReadFromItsPageLine() {
    let text = transcript(VariedController(sizes: [11], subtitleEvery: 0), "page 11", rows: 7)
    #expect(text.contains(" · row 11 of 11"), "\(text)")
    let last = PagedTranscript(text).pages.last
    #expect(last?.firstRow == 11 && last?.lastRow == 11 && last?.totalRows == 11)
    #expect(last?.rows == [11])
  }

  @Test func aScreenTooBigToMeasureStillFitsAndTiles() {
    // More rows than a layout asks cells for: laid out as one line a row, each page that
    // turns out taller (subtitles) holds fewer rows and the pages after it move on.
    let total = Session.measuredRowLimit + 500
    let controller = VariedController(sizes: [total], subtitleEvery: 7)
    let pages = walk(controller, columns: 80, rows: 24, steps: total / 10)
    #expect(pages.tilingProblems(totalRows: total, height: 24) == [])
  }

  @Test func pageKOfTenMillionRowsAsksOnlyForItsCells() throws {
    let controller = VariedController(sizes: [10_000_000], subtitleEvery: 0)
    let pages = PagedTranscript(transcript(controller, "page 400000", rows: 12)).pages
    let first = try #require(pages.first)
    let page = try #require(pages.last)
    #expect(page.number == 400_000)
    #expect(controller.cellRequests == first.rows.count + page.rows.count)
    // 12 lines less the breadcrumb, three empty lines, the page line and the prompt leave 6
    // rows a page; the last page has the 4 rows left and the footer.
    #expect(page.rows == Array(2_399_995...2_400_000))
    #expect(page.count == 1_666_667 && page.totalRows == 10_000_000)
  }

  @Test func pagesInsideASectionAreFoundByArithmetic() {
    // Five rows under a one-line header; a million under a two-line header with a three-line
    // footer; a section without rows at the end. 9 lines a page for sections and rows.
    let sections = [
      PageLayout.Section(first: 0, count: 5, headerLines: 1, footerLines: 0),
      PageLayout.Section(first: 5, count: 1_000_000, headerLines: 2, footerLines: 3),
      PageLayout.Section(first: 1_000_005, count: 0, headerLines: 0, footerLines: 0),
    ]
    let layout = PageLayout(
      sections: sections, rowLines: nil, totalRows: 1_000_005, linesOnOnePage: 10,
      linesOnEachPage: 9)
    // Page 1: the first section (7 lines); the next header and a row do not fit.
    #expect(layout.rows(ofPage: 0) == 0..<5)
    // Then 6 rows a page (9 less the empty line and the header), kept as one run...
    #expect(layout.rows(ofPage: 1) == 5..<11)
    #expect(layout.rows(ofPage: 166_666) == 999_995..<1_000_001)
    // ...until the section's end: its last row goes on with the footer, which does not fit
    // after the 4 rows left.
    #expect(layout.rows(ofPage: 166_667) == 1_000_001..<1_000_004)
    #expect(layout.rows(ofPage: 166_668) == 1_000_004..<1_000_005)
    #expect(layout.pageCount == 166_669)
    #expect(layout.runs.count <= 5)
    // Every row is on exactly one page, and the page holding it is found.
    var next = 0
    for page in 0..<layout.pageCount {
      let rows = layout.rows(ofPage: page)
      #expect(rows.lowerBound == next && !rows.isEmpty)
      if layout.page(holding: rows.lowerBound) != page
        || layout.page(holding: rows.upperBound - 1) != page
      {
        Issue.record("page \(page): rows \(rows) are found on another page")
      }
      next = rows.upperBound
    }
    #expect(next == 1_000_005)
    // A page number out of range is taken as the nearest page.
    #expect(layout.rows(ofPage: 1_000_000) == 1_000_004..<1_000_005)
  }
}
