/// Where each page of a screen starts, so that every page fits the terminal's height with
/// its own lines: the section headers it shows (a page that continues a section repeats its
/// header), the footers of the sections that end on it, and its rows.
///
/// Pages are laid out in order from the first: a page holds as many rows as fit after the
/// lines of the sections it touches, and at least one row. A section without rows is shown
/// with the row after it (on the last page, after the last row), so a page that starts
/// with such sections taller than the terminal and a row is taller too. Rows are counted in the layout's own numbering: the
/// screen's rows, or the rows a filter matched. Inside one section whose rows are one line
/// each, the pages are alike, so a run of them is kept as one entry and found by arithmetic:
/// laying out ten million rows in one section costs what ten do, and no row's cell is asked
/// for unless ``rowLines`` was given.
package struct PageLayout: Sendable {
  /// A section as the layout sees it: where its rows start and how many lines it adds.
  package struct Section: Equatable, Sendable {
    /// The first row of the section, in the layout's numbering.
    package var first: Int
    package var count: Int
    /// The lines of the header (0 for none).
    package var headerLines: Int
    /// The lines of the footer (0 for none), shown on the page where the section ends.
    package var footerLines: Int

    package init(first: Int, count: Int, headerLines: Int, footerLines: Int) {
      self.first = first
      self.count = count
      self.headerLines = headerLines
      self.footerLines = footerLines
    }
  }

  /// Pages in a row that hold the same number of rows each.
  struct Run: Equatable, Sendable {
    var firstPage: Int
    var firstRow: Int
    var rowsPerPage: Int
    var pages: Int
  }

  let sections: [Section]
  /// The lines of each row, or `nil` when every row is one line.
  let rowLines: [Int]?
  package let totalRows: Int
  /// The lines a page has for its sections and rows.
  let available: Int
  private(set) var runs: [Run] = []

  /// Every row on one page, for a screen that was found to fit whole.
  package static func onePage(rows: Int) -> PageLayout {
    PageLayout(onePageOf: rows)
  }

  private init(onePageOf rows: Int) {
    sections = []
    rowLines = nil
    totalRows = rows
    available = 0
    // No run: a screen is shown whole for most commands, and an array would be allocated.
  }

  /// Lays out the rows of `sections`: on one page when they fit `linesOnOnePage` (a screen
  /// of one page has no page line), else on pages of `linesOnEachPage` lines.
  package init(
    sections: [Section], rowLines: [Int]?, totalRows: Int, linesOnOnePage: Int,
    linesOnEachPage: Int
  ) {
    self.sections = sections
    self.rowLines = rowLines
    self.totalRows = totalRows
    self.available = linesOnEachPage
    var all = 0
    for section in sections {
      all += 1 + section.headerLines + section.footerLines
      all += lines(from: section.first, count: section.count)
    }
    if totalRows == 0 || all <= linesOnOnePage {
      runs = [Run(firstPage: 0, firstRow: 0, rowsPerPage: totalRows, pages: 1)]
    } else {
      // A section of one-line rows takes about three runs: its first page, the pages alike
      // and its last page.
      runs.reserveCapacity(min(3 * sections.count + 1, 256))
      layOut(from: 0, page: 0)
    }
  }

  package var pageCount: Int { runs.last.map { $0.firstPage + $0.pages } ?? 1 }

  /// The rows of page `page` (from 0; a page before the first or after the last is taken
  /// as that page).
  package func rows(ofPage page: Int) -> Range<Int> {
    guard !runs.isEmpty else { return 0..<totalRows }
    let page = min(max(0, page), pageCount - 1)
    let run = runs[runIndex { $0.firstPage <= page }]
    let start = run.firstRow + (page - run.firstPage) * run.rowsPerPage
    return start..<min(totalRows, start + run.rowsPerPage)
  }

  /// The page (from 0) that holds row `row`.
  package func page(holding row: Int) -> Int {
    guard !runs.isEmpty else { return 0 }
    let run = runs[runIndex { $0.firstRow <= row }]
    guard run.rowsPerPage > 0 else { return run.firstPage }
    return run.firstPage + min(run.pages - 1, max(0, row - run.firstRow) / run.rowsPerPage)
  }

  /// Ends page `page` at row `end` (a page that turned out taller than laid out) and lays
  /// out the pages after it again.
  package mutating func endPage(_ page: Int, at end: Int) {
    // A screen shown whole (``onePage(rows:)``) is not laid out: it has nothing to end.
    guard !runs.isEmpty else { return }
    let index = runIndex { $0.firstPage <= page }
    let run = runs[index]
    let start = rows(ofPage: page).lowerBound
    runs.removeSubrange(index...)
    if page > run.firstPage {
      runs.append(
        Run(
          firstPage: run.firstPage, firstRow: run.firstRow, rowsPerPage: run.rowsPerPage,
          pages: page - run.firstPage))
    }
    runs.append(Run(firstPage: page, firstRow: start, rowsPerPage: end - start, pages: 1))
    layOut(from: end, page: page + 1)
  }

  /// The last run for which `isAtOrBefore` holds (runs are in order).
  private func runIndex(_ isAtOrBefore: (Run) -> Bool) -> Int {
    var low = 0
    var high = runs.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if isAtOrBefore(runs[middle]) { low = middle } else { high = middle - 1 }
    }
    return low
  }

  private mutating func layOut(from start: Int, page: Int) {
    var first = start
    var page = page
    while first < totalRows {
      let end = pageEnd(from: first)
      runs.append(Run(firstPage: page, firstRow: first, rowsPerPage: end - first, pages: 1))
      page += 1
      first = end
      // The next pages start inside one section: while its end is beyond them, each holds
      // the same rows under the same header.
      guard rowLines == nil, first < totalRows else { continue }
      let section = sections[firstSection(touching: first)]
      guard section.first < first else { continue }
      let perPage = max(1, available - 1 - section.headerLines)
      let alike = (section.first + section.count - first - 1) / perPage
      guard alike > 0 else { continue }
      runs.append(Run(firstPage: page, firstRow: first, rowsPerPage: perPage, pages: alike))
      page += alike
      first += alike * perPage
    }
  }

  /// The end of the page that starts at row `start`: as many rows as fit, at least one.
  private func pageEnd(from start: Int) -> Int {
    var used = 0
    var end = start
    var hasRows = false
    var index = firstSection(touching: start)
    while index < sections.count {
      let section = sections[index]
      let lower = max(section.first, start)
      let remaining = section.first + section.count - lower
      let room = available - used - 1 - section.headerLines
      if remaining <= 0 {
        // A section without rows: on this page only when it fits, or nothing else is on it.
        if hasRows && room < section.footerLines { break }
        used += 1 + section.headerLines + section.footerLines
        index += 1
        continue
      }
      var taken = fittingRows(from: lower, count: remaining, room: room)
      if taken == remaining {
        let rowLines = lines(from: lower, count: taken)
        if rowLines + section.footerLines <= room || (!hasRows && taken == 1) {
          used += 1 + section.headerLines + rowLines + section.footerLines
          end = lower + taken
          hasRows = true
          index += 1
          continue
        }
        // The footer does not fit: the last row goes on to the next page, with it.
        taken -= 1
      }
      return lower + (hasRows ? taken : max(1, taken))
    }
    // Every row to the last is on this page, and so are the sections after the last row. A
    // section after it that did not fit needs a page of its own, with the last row.
    if index < sections.count, end == totalRows, end - 1 > start { return end - 1 }
    return end
  }

  /// How many of `count` rows from `first` fit in `room` lines.
  private func fittingRows(from first: Int, count: Int, room: Int) -> Int {
    guard let rowLines else { return min(count, max(0, room)) }
    var used = 0
    for (taken, row) in (first..<first + count).enumerated() {
      used += rowLines[row]
      if used > room { return taken }
    }
    return count
  }

  /// The lines of `count` rows from `first`.
  private func lines(from first: Int, count: Int) -> Int {
    guard let rowLines else { return count }
    return rowLines[first..<first + count].reduce(0, +)
  }

  /// The first section shown on a page that starts at row `row`: the one holding it, or a
  /// section without rows just before it.
  private func firstSection(touching row: Int) -> Int {
    var low = 0
    var high = sections.count
    while low < high {
      let middle = (low + high) / 2
      let section = sections[middle]
      if section.first + section.count > row || (section.count == 0 && section.first >= row) {
        high = middle
      } else {
        low = middle + 1
      }
    }
    return low
  }
}
