import TableKit

/// What one screen shows: a plain value taken from the top controller, which the renderer
/// turns into lines.
///
/// A screen holds only the rows of its page, so its cost does not depend on how many rows the
/// data source has.
package struct Screen: Equatable, Sendable {
  /// One row as shown.
  package struct Row: Equatable, Sendable {
    /// The row's number as the user types it: 1-based, counted across the whole screen.
    package var number: Int
    package var text: String
    package var detailText: String?
    package var style: TableViewCell.Style
    package var accessory: TableViewCell.AccessoryType
    package var isEnabled: Bool

    package init(
      number: Int, text: String, detailText: String? = nil,
      style: TableViewCell.Style = .default, accessory: TableViewCell.AccessoryType = .none,
      isEnabled: Bool = true
    ) {
      self.number = number
      self.text = text
      self.detailText = detailText
      self.style = style
      self.accessory = accessory
      self.isEnabled = isEnabled
    }
  }

  /// One section as shown: its header and footer, and the rows of it on this page.
  package struct Section: Equatable, Sendable {
    package var header: String?
    package var footer: String?
    package var rows: [Row]

    package init(header: String? = nil, footer: String? = nil, rows: [Row]) {
      self.header = header
      self.footer = footer
      self.rows = rows
    }
  }

  /// The titles of the navigation stack, root first.
  package var breadcrumb: [String]
  /// The back button's title, or `nil` at the root.
  package var backTitle: String?
  /// A line above the title (the navigation item's prompt).
  package var prompt: String?
  package var sections: [Section]
  /// The filter the rows were narrowed by, if any.
  package var filter: String?
  /// The page shown, from 0.
  package var page: Int
  package var pageCount: Int
  /// The rows the screen has (with a filter: the rows that match).
  package var totalRows: Int
  /// Whether the ✓ column is shown even when no row is checked.
  package var reservesCheckmarkColumn = false
  /// The number of the row just reached (by `go`, a search result, a number typed for
  /// another page), which the renderer marks with `*`; `nil` for none.
  package var markedRow: Int?
  /// The columns of the whole screen's rows, which every page of it shares (widened by the
  /// page's own rows); `nil` to measure the rows of this page alone (a screen shown whole,
  /// or too long to measure).
  package var columns: Columns?

  /// What the rows' columns are made from: measured on every row of a screen, so that the
  /// numbers, the ✓, the titles and the values stand in the same columns on each page.
  package struct Columns: Equatable, Sendable {
    /// The highest row number.
    package var highestNumber = 1
    /// Whether a row has a ✓.
    package var hasCheckmark = false
    /// The widest accessory (` ›`).
    package var accessoryWidth = 0
    /// The widest title, or subtitle under a title.
    package var titleWidth = 0
    /// The widest value shown beside a title.
    package var detailWidth = 0

    package init() {}

    /// The columns of `rows`.
    package init(measuring rows: some Sequence<Row>) {
      for row in rows { add(row) }
    }

    /// Takes a row into the columns.
    package mutating func add(_ row: Row) {
      highestNumber = max(highestNumber, row.number)
      if row.accessory == .checkmark { hasCheckmark = true }
      accessoryWidth = max(accessoryWidth, RowLayout.accessoryText(row.accessory).width)
      let text = DisplayWidth.simpleWidth(row.text) ?? DisplayWidth.of(TerminalText.line(row.text))
      let detail = row.detailText.map {
        DisplayWidth.simpleWidth($0) ?? DisplayWidth.of(TerminalText.line($0))
      }
      switch (row.style, detail) {
      case (.value1, let detail?) where detail > 0:
        (titleWidth, detailWidth) = (max(titleWidth, text), max(detailWidth, detail))
      case (.value2, let detail?) where detail > 0:
        // The detail stands where the title does.
        (titleWidth, detailWidth) = (max(titleWidth, detail), max(detailWidth, text))
      case (.subtitle, let detail?):
        titleWidth = max(titleWidth, text, detail)
      default:
        titleWidth = max(titleWidth, text)
      }
    }
  }

  package init(
    breadcrumb: [String], backTitle: String? = nil, prompt: String? = nil,
    sections: [Section], page: Int = 0, pageCount: Int = 1, totalRows: Int? = nil,
    filter: String? = nil
  ) {
    self.filter = filter
    self.breadcrumb = breadcrumb
    self.backTitle = backTitle
    self.prompt = prompt
    self.sections = sections
    self.page = page
    self.pageCount = pageCount
    self.totalRows = totalRows ?? sections.reduce(0) { $0 + $1.rows.count }
  }
}

extension Screen.Row {
  /// A cell as shown on row `number` (1-based).
  init(number: Int, cell: TableViewCell) {
    let marks = cell.marks
    self.init(
      number: number, text: cell.text ?? "", detailText: cell.detailText, style: cell.style,
      accessory: marks.accessoryType,
      isEnabled: marks.isEnabled && marks.selectionStyle != .none)
  }
}

extension Screen {
  /// The screen of one page of the top controller's rows. With `showsRows` (the default) the
  /// page becomes the rows its table view shows (its visible cells); without, it is a look
  /// at rows that are not shown, such as a search.
  ///
  /// Asks the data source for the cells of rows `page * pageSize ..< (page + 1) * pageSize`
  /// that its table view does not keep already, and no others.
  package init(
    of navigationController: NavigationController, page: Int, pageSize: Int,
    showsRows: Bool = true
  ) {
    let total = navigationController.topViewController.tableView.totalNumberOfRows
    let size = max(1, pageSize)
    let pages = max(1, (total + size - 1) / size)
    let page = min(max(0, page), pages - 1)
    self.init(
      of: navigationController, rows: page * size..<min(total, (page + 1) * size), page: page,
      pageCount: pages, showsRows: showsRows)
  }

  /// The screen of the top controller's rows `rows` (counted from 0 across sections), shown
  /// as page `page` of `pageCount`.
  ///
  /// Asks the data source for the cells of those rows that its table view does not keep
  /// already, and no others.
  package init(
    of navigationController: NavigationController, rows: Range<Int>, page: Int, pageCount: Int,
    showsRows: Bool = true
  ) {
    let controller = navigationController.topViewController
    let tableView = controller.tableView
    let total = tableView.totalNumberOfRows
    let first = min(max(0, rows.lowerBound), total)
    let end = min(max(first, rows.upperBound), total)
    let isLastPage = end == total

    // Start at the section holding the page's first row (or an empty section just before it),
    // so that the sections before the page cost nothing.
    let sectionCount = tableView.numberOfSections
    var begin = tableView.indexPath(forRowNumber: first)?.section ?? (total == 0 ? 0 : sectionCount)
    while begin > 0, tableView.numberOfRows(inSection: begin - 1) == 0,
      tableView.firstRowNumber(inSection: begin - 1) >= first
    {
      begin -= 1
    }
    var sections: [Section] = []
    // The page's rows, in order, and for each section shown its first row's number and how
    // many of its rows are shown.
    var indexPaths: [IndexPath] = []
    indexPaths.reserveCapacity(end - first)
    var shownRows: [(first: Int, count: Int)] = []
    shownRows.reserveCapacity(max(0, min(sectionCount - begin, 16)))
    for section in begin..<sectionCount {
      let start = tableView.firstRowNumber(inSection: section)
      let count = tableView.numberOfRows(inSection: section)
      let sectionEnd = start + count
      let shown: Bool
      if count == 0 {
        shown =
          (start >= first && start < end) || (isLastPage && start == total)
          || (total == 0)
      } else {
        shown = start < end && sectionEnd > first
      }
      guard shown else {
        if start >= end && !(isLastPage && start == total) { break }
        continue
      }
      let lower = max(start, first)
      let upper = max(lower, min(sectionEnd, end))
      for number in lower..<upper {
        indexPaths.append(IndexPath(row: number - start, section: section))
      }
      shownRows.append((lower, upper - lower))
      sections.append(
        Section(
          // A page that continues a section repeats its header.
          header: tableView.headerTitle(forSection: section),
          footer: sectionEnd <= end ? tableView.footerTitle(forSection: section) : nil,
          rows: []))
    }
    let cells =
      showsRows ? tableView.showRows(indexPaths) : indexPaths.map(tableView.currentCell(at:))
    var next = 0
    for index in sections.indices {
      let (number, count) = shownRows[index]
      var rows: [Row] = []
      rows.reserveCapacity(count)
      for offset in 0..<count {
        guard let cell = cells[next + offset] else { continue }
        rows.append(Row(number: number + offset + 1, cell: cell))
      }
      next += count
      sections[index].rows = rows
    }
    self.init(
      breadcrumb: navigationController.titles,
      backTitle: navigationController.backButtonTitle,
      prompt: controller.navigationItem.prompt,
      sections: sections, page: page, pageCount: pageCount, totalRows: total)
  }
}

extension Screen {
  /// A row a filter matched: its number (1-based, across the screen), where it is, and the
  /// lines it takes.
  package struct Match: Sendable {
    package var number: Int
    package var indexPath: IndexPath
    package var lines: Int
  }

  /// The rows of the top controller whose title contains `filter` (lowercased; not
  /// case-sensitive). Filtering reads every row's cell once: it is a search, so it costs
  /// what the table holds.
  package static func matches(in tableView: TableView, filter: String) -> [Match] {
    let needle = filter.lowercased()
    var matches: [Match] = []
    for section in 0..<tableView.numberOfSections {
      let start = tableView.firstRowNumber(inSection: section)
      for row in 0..<tableView.numberOfRows(inSection: section) {
        let indexPath = IndexPath(row: row, section: section)
        guard let cell = tableView.currentCell(at: indexPath),
          (cell.text ?? "").lowercased().containsText(needle)
        else { continue }
        matches.append(Match(number: start + row + 1, indexPath: indexPath, lines: cell.lines))
      }
    }
    return matches
  }

  /// The screen of the matches `rows` (indices into `matches`) of a filter, shown as page
  /// `page` of `pageCount`. Those rows become the rows the table view shows.
  package init(
    filtering navigationController: NavigationController, by filter: String,
    matches: [Match], rows: Range<Int>, page: Int, pageCount: Int
  ) {
    let controller = navigationController.topViewController
    let tableView = controller.tableView
    let lower = min(max(0, rows.lowerBound), matches.count)
    let shown = matches[lower..<min(max(lower, rows.upperBound), matches.count)]
    let cells = tableView.showRows(shown.map(\.indexPath))
    var sections: [Section] = []
    var lastSection = -1
    for (match, cell) in zip(shown, cells) {
      guard let cell else { continue }
      if match.indexPath.section != lastSection {
        sections.append(
          Section(header: tableView.headerTitle(forSection: match.indexPath.section), rows: []))
        lastSection = match.indexPath.section
      }
      sections[sections.count - 1].rows.append(Row(number: match.number, cell: cell))
    }
    self.init(
      breadcrumb: navigationController.titles, backTitle: navigationController.backButtonTitle,
      prompt: controller.navigationItem.prompt, sections: sections, page: page,
      pageCount: pageCount, totalRows: matches.count, filter: filter)
  }
}

extension TableViewCell {
  /// The lines the cell's row takes on a screen: two for a subtitle under the title.
  var lines: Int { style == .subtitle && !(detailText ?? "").isEmpty ? 2 : 1 }
}
