import TableKit

extension Session {
  // MARK: Screens

  /// The screen as it is now, for completion.
  func visibleScreen() -> Screen { currentScreen() }

  func currentScreen() -> Screen { fittedScreen().screen }

  /// The page of the top screen that fits the terminal's height, and its text.
  ///
  /// A screen whose rows all fit is shown whole. Otherwise its pages are laid out
  /// (``PageLayout``) for the terminal's height: each holds as many rows as fit with its own
  /// lines (breadcrumb, section headers, footers, back line, page line). The layout is kept
  /// for the screen at that terminal size, so that page numbers stay put; a page asks only
  /// for its own rows' cells, and laying out asks for none on a screen of more than
  /// ``measuredRowLimit`` rows.
  private func fittedScreen() -> (screen: Screen, text: [UInt8]) {
    let controller = navigationController.topViewController
    let top = ObjectIdentifier(controller)
    let terminal = currentTerminalSize()
    let requestedRow = controller.tableView.takeRequestedRowNumber()
    if let requestedRow,
      controller.tableView.indexPathForSelectedRow
        .flatMap(controller.tableView.rowNumber(for:)) == requestedRow
    {
      // Scrolled to and selected: a row reached (`go`, a search result), not a list
      // opening on its ✓.
      markedRow = (top, requestedRow)
    }
    let marked = markedRow.flatMap { $0.controller == top ? $0.number + 1 : nil }
    let renderer = screenRenderer(for: terminal)
    let reservesCheckmarks = reservesCheckmarkColumn(controller)
    // The columns of a screen shown a page at a time, measured once on all its rows.
    var columns: Screen.Columns?
    func rendered(_ screen: Screen) -> (screen: Screen, text: [UInt8], overflow: Int) {
      var screen = screen
      screen.reservesCheckmarkColumn = reservesCheckmarks
      screen.markedRow = marked
      if screen.pageCount > 1 { screen.columns = columns }
      let (text, lineBreaks) = render(screen, with: renderer)
      // The screen's lines and the prompt's.
      return (screen, text, 1 + lineBreaks - max(1, terminal.rows))
    }
    if let filter = filters.isEmpty ? nil : filters[top] {
      let matches = Screen.matches(in: controller.tableView, filter: filter)
      var layout = filteredLayout(of: matches, renderer: renderer, terminal: terminal)
      if layout.pageCount > 1 {
        columns = keptColumns(of: controller, filter: filter) {
          Self.columns(
            of: controller.tableView, rows: matches.lazy.map { ($0.number, $0.indexPath) },
            rowCount: matches.count, highestNumber: matches.last?.number ?? 1)
        }
      }
      let shown = fit(&layout, page: pages[top] ?? 0) { rows, page, count in
        rendered(
          Screen(
            filtering: navigationController, by: filter, matches: matches, rows: rows,
            page: page, pageCount: count))
      }
      pages[top] = shown.screen.page
      return (shown.screen, shown.text)
    }
    let key = layoutKey(terminal: terminal)
    let wasWhole = wholeScreens[top] == key
    if wasWhole
      || (key.rows <= max(1, terminal.rows - Self.linesOfEveryScreen)
        && layouts[top]?.key(for: controller) != key)
    {
      // Most screens fit whole: shown without laying out pages.
      let whole = rendered(
        Screen(of: navigationController, rows: 0..<key.rows, page: 0, pageCount: 1))
      if whole.overflow <= 0 {
        if !wasWhole {
          wholeScreens[top] = key
          layouts[top] = nil
        }
        pages[top] = 0
        return (whole.screen, whole.text)
      }
      wholeScreens[top] = nil
    }
    var layout =
      layouts[top].flatMap { $0.key(for: controller) == key ? $0.layout : nil }
      ?? laidOutPages(renderer: renderer, terminal: terminal)
    if layout.pageCount > 1 {
      let tableView = controller.tableView
      columns = keptColumns(of: controller, filter: nil) {
        Self.columns(
          of: tableView,
          rows: (0..<key.rows).lazy.compactMap { number in
            tableView.indexPath(forRowNumber: number).map { (number + 1, $0) }
          }, rowCount: key.rows, highestNumber: key.rows)
      }
    }
    // The screen scrolled to a row (a list to its ✓): show the page that holds it.
    let page = requestedRow.map(layout.page(holding:)) ?? pages[top] ?? 0
    let shown = fit(&layout, page: page) { rows, page, count in
      rendered(Screen(of: navigationController, rows: rows, page: page, pageCount: count))
    }
    wholeScreens[top] = nil
    layouts[top] = KeptLayout(controller: controller, key: key, layout: layout)
    pages[top] = shown.screen.page
    return (shown.screen, shown.text)
  }

  /// The columns of the top screen's rows measured last, and what they were measured for.
  struct KeptColumns {
    weak var controller: ViewController?
    var reloads: Int
    var filter: String?
    var columns: Screen.Columns?
  }

  /// The columns of `controller`'s rows (matching `filter`): those measured last while its
  /// rows were not reloaded since, else `measure`'s, kept. Turning pages, and going into a
  /// screen and back (`1`, `back`), measures no row: the columns of the last few screens
  /// shown are kept, each with a weak reference to its controller.
  private func keptColumns(
    of controller: ViewController, filter: String?, measure: () -> Screen.Columns?
  ) -> Screen.Columns? {
    let reloads = controller.tableView.reloads
    if let kept = keptColumnsOfScreens.last(where: { $0.controller === controller }),
      kept.reloads == reloads, kept.filter == filter
    {
      return kept.columns
    }
    let columns = measure()
    keptColumnsOfScreens.removeAll { $0.controller === controller || $0.controller == nil }
    if keptColumnsOfScreens.count >= Self.keptColumnsLimit { keptColumnsOfScreens.removeFirst() }
    keptColumnsOfScreens.append(
      KeptColumns(controller: controller, reloads: reloads, filter: filter, columns: columns))
    return columns
  }

  /// How many screens' columns are kept: about as many as people go deep into pages.
  static let keptColumnsLimit = 8

  /// The columns of a screen's `rows` (numbers from 1, and where they are), which every page
  /// of it shares. On a screen of more than ``columnsMeasuredRowLimit`` rows only the numbers' is
  /// (`highestNumber`), and each page measures the rest on its own rows, so that no page
  /// asks for other rows' cells.
  ///
  /// `rowCount` is how many `rows` there are, given rather than counted: counting a lazy
  /// collection walks it, which on a screen of 10,000,000 rows took 73 ms a screen.
  private static func columns(
    of tableView: TableView, rows: some Sequence<(Int, IndexPath)>, rowCount: Int,
    highestNumber: Int
  ) -> Screen.Columns {
    var columns = Screen.Columns()
    columns.highestNumber = max(1, highestNumber)
    guard rowCount <= columnsMeasuredRowLimit else { return columns }
    for (number, indexPath) in rows {
      guard let cell = tableView.currentCell(at: indexPath) else { continue }
      columns.add(Screen.Row(number: number, cell: cell))
    }
    return columns
  }

  /// Page `page` of a layout as `render` makes it. A page that turns out taller than laid out
  /// (a row's lines changed since) ends earlier, and the pages after it are laid out again.
  private func fit(
    _ layout: inout PageLayout, page: Int,
    render: (Range<Int>, Int, Int) -> (screen: Screen, text: [UInt8], overflow: Int)
  ) -> (screen: Screen, text: [UInt8]) {
    let page = min(max(0, page), layout.pageCount - 1)
    while true {
      let rows = layout.rows(ofPage: page)
      let shown = render(rows, page, layout.pageCount)
      guard shown.overflow > 0, rows.count > 1 else { return (shown.screen, shown.text) }
      layout.endPage(
        page, at: rows.upperBound - min(rows.count - 1, max(1, shown.overflow / 2)))
    }
  }

  /// A screen rendered, with what it was rendered with besides the words (which, when they
  /// change with the language, empty ``renderedScreens``).
  struct RenderedScreen {
    var screen: Screen
    var width: Int
    var usesColor: Bool
    var footerLineLimit: Int?
    var text: [UInt8]
    var lineBreaks: Int
  }

  /// The text of a screen and its line breaks: the one rendered last for an equal screen
  /// and renderer, else rendered now and kept.
  private func render(_ screen: Screen, with renderer: Renderer) -> (text: [UInt8], lineBreaks: Int)
  {
    if let kept = renderedScreens.newest(where: {
      $0.width == renderer.width && $0.usesColor == renderer.usesColor
        && $0.footerLineLimit == renderer.footerLineLimit && $0.screen == screen
    }) {
      return (kept.text, kept.lineBreaks)
    }
    let (text, lineBreaks) = renderer.renderUTF8WithLineBreaks(screen)
    screensRendered += 1
    renderedScreens.add(
      RenderedScreen(
        screen: screen, width: renderer.width, usesColor: renderer.usesColor,
        footerLineLimit: renderer.footerLineLimit, text: text, lineBreaks: lineBreaks))
    return (text, lineBreaks)
  }

  /// The renderer of screens for a terminal of some size.
  private func screenRenderer(for terminal: TerminalSize) -> Renderer {
    var renderer = Renderer(
      width: max(20, terminal.columns), usesColor: usesColor, words: rendererWords)
    // A long footer is cut rather than pushing the rows off the screen (`footer` reads it).
    renderer.footerLineLimit = max(2, terminal.rows / 4)
    return renderer
  }

  /// What a screen's page layout was made for: when it changes, the pages are laid out again.
  struct LayoutKey: Equatable {
    var terminal: TerminalSize
    var rows: Int
    var sections: Int
  }

  private func layoutKey(terminal: TerminalSize) -> LayoutKey {
    let tableView = topTableView
    return LayoutKey(
      terminal: terminal, rows: tableView.totalNumberOfRows, sections: tableView.numberOfSections)
  }

  /// The page layout of the top screen without a filter: the one kept for it at this terminal
  /// size, else laid out now and kept.
  func unfilteredLayout() -> PageLayout {
    let controller = navigationController.topViewController
    let top = ObjectIdentifier(controller)
    let terminal = currentTerminalSize()
    let key = layoutKey(terminal: terminal)
    if wholeScreens[top] == key { return .onePage(rows: key.rows) }
    if let cached = layouts[top], cached.key(for: controller) == key { return cached.layout }
    let layout = laidOutPages(renderer: screenRenderer(for: terminal), terminal: terminal)
    wholeScreens[top] = nil
    layouts[top] = KeptLayout(controller: controller, key: key, layout: layout)
    return layout
  }

  /// Screens of more rows than this are laid out as if each row were one line, so that
  /// laying them out asks for no cell; a page that then turns out taller (rows with a
  /// subtitle) holds fewer rows and the pages after it move on.
  static let measuredRowLimit = 2_000

  /// The most rows of a screen whose columns are measured on all of them: a screen of more
  /// is measured a page at a time (but for its row numbers). Each showing of a screen whose
  /// rows were reloaded measures them again, so a page of 1,000 settings measured whole
  /// cost `1`, `back` 1.6 M instructions, 50× the embedded schema's (make bench, figure 8).
  static let columnsMeasuredRowLimit = 200

  /// The pages of the top screen's rows: each section's header and footer lines, and the
  /// lines of each row (asked of its cell) on a screen of up to ``measuredRowLimit`` rows.
  private func laidOutPages(renderer: Renderer, terminal: TerminalSize) -> PageLayout {
    let tableView = topTableView
    let total = tableView.totalNumberOfRows
    let measures = total <= Self.measuredRowLimit
    var sections: [PageLayout.Section] = []
    sections.reserveCapacity(tableView.numberOfSections)
    var rowLines: [Int] = []
    if let source = tableView.dataSource {
      Self.lay(
        sections: &sections, rowLines: &rowLines, of: tableView, source: source,
        measures: measures, teller: measures ? tableView.rowTitleDataSource : nil,
        renderer: renderer)
    } else {
      for section in 0..<tableView.numberOfSections {
        sections.append(
          PageLayout.Section(
            first: tableView.firstRowNumber(inSection: section),
            count: tableView.numberOfRows(inSection: section), headerLines: 0, footerLines: 0))
      }
    }
    return pageLayout(
      sections: sections, rowLines: rowLines.isEmpty ? nil : rowLines,
      totalRows: total, isFiltered: false, renderer: renderer, terminal: terminal)
  }

  /// ``laidOutPages(renderer:terminal:)``'s sections and, when rows are `measures`d, their
  /// lines (told by `teller`, the data source as a ``TableViewRowTitleDataSource``, else by
  /// their cells), from the table view's data source. Generic, so that the data source is
  /// opened once: each question asked through an existential retained it, which costs more
  /// for an object that the table view refers to weakly.
  private static func lay<Source: TableViewDataSource>(
    sections: inout [PageLayout.Section], rowLines: inout [Int], of tableView: TableView,
    source: Source, measures: Bool, teller: (any TableViewRowTitleDataSource)?,
    renderer: Renderer
  ) {
    for section in 0..<tableView.numberOfSections {
      let count = tableView.numberOfRows(inSection: section)
      let header = source.tableView(tableView, titleForHeaderInSection: section)
      let footer = source.tableView(tableView, titleForFooterInSection: section)
      sections.append(
        PageLayout.Section(
          first: tableView.firstRowNumber(inSection: section), count: count,
          headerLines: renderer.lineCount(ofSectionText: header, footer: false),
          footerLines: renderer.lineCount(ofSectionText: footer, footer: true)))
      guard measures else { continue }
      // A section whose rows all take the same lines is told at once (most sections: one
      // line a row), and its rows are counted only once a row of the screen is not one line.
      if let each = teller?.tableView(tableView, linesForEachRowInSection: section) {
        if each != 1 {
          if rowLines.isEmpty { rowLines = Array(repeating: 1, count: sections[section].first) }
          rowLines.append(contentsOf: repeatElement(each, count: count))
        } else if !rowLines.isEmpty {
          rowLines.append(contentsOf: repeatElement(1, count: count))
        }
        continue
      }
      for row in 0..<count {
        let indexPath = IndexPath(row: row, section: section)
        let lines =
          teller?.tableView(tableView, linesForRowAt: indexPath)
          ?? tableView.currentCell(at: indexPath)?.lines ?? 1
        if lines != 1, rowLines.isEmpty {
          rowLines = Array(repeating: 1, count: sections[section].first + row)
        }
        if !rowLines.isEmpty { rowLines.append(lines) }
      }
    }
  }

  /// The pages of the rows a filter matched: each match's lines, and the header of each run
  /// of matches from one section (a filtered screen shows no footers).
  private func filteredLayout(
    of matches: [Screen.Match], renderer: Renderer, terminal: TerminalSize
  ) -> PageLayout {
    let tableView = topTableView
    var sections: [PageLayout.Section] = []
    var lastSection = -1
    for (index, match) in matches.enumerated() {
      if match.indexPath.section != lastSection {
        lastSection = match.indexPath.section
        sections.append(
          PageLayout.Section(
            first: index, count: 0,
            headerLines: renderer.lineCount(
              ofSectionText: tableView.headerTitle(forSection: lastSection), footer: false),
            footerLines: 0))
      }
      sections[sections.count - 1].count += 1
    }
    let rowLines = matches.map(\.lines)
    return pageLayout(
      sections: sections, rowLines: rowLines.contains { $0 != 1 } ? rowLines : nil,
      totalRows: matches.count, isFiltered: true, renderer: renderer, terminal: terminal)
  }

  /// A layout for the top screen's lines besides its sections and the prompt's line.
  private func pageLayout(
    sections: [PageLayout.Section], rowLines: [Int]?, totalRows: Int, isFiltered: Bool,
    renderer: Renderer, terminal: TerminalSize
  ) -> PageLayout {
    let hasPrompt = navigationController.topViewController.navigationItem.prompt != nil
    let hasBack = navigationController.backButtonTitle != nil
    func lines(paged: Bool) -> Int {
      max(1, terminal.rows) - 1
        - renderer.linesBesideSections(
          hasPrompt: hasPrompt, isFiltered: isFiltered, isPaged: paged, hasBack: hasBack)
    }
    let onOnePage = lines(paged: false)
    let onEachPage = lines(paged: true)
    if let kept = recentLayouts.newest(where: {
      $0.totalRows == totalRows && $0.linesOnOnePage == onOnePage
        && $0.linesOnEachPage == onEachPage && $0.rowLines == rowLines && $0.sections == sections
    }) {
      return kept.layout
    }
    let layout = PageLayout(
      sections: sections, rowLines: rowLines, totalRows: totalRows,
      linesOnOnePage: onOnePage, linesOnEachPage: onEachPage)
    recentLayouts.add(
      RecentLayout(
        sections: sections, rowLines: rowLines, totalRows: totalRows, linesOnOnePage: onOnePage,
        linesOnEachPage: onEachPage, layout: layout))
    return layout
  }

  /// A layout made, with all it was made from: laying out is a function of these alone.
  struct RecentLayout {
    var sections: [PageLayout.Section]
    var rowLines: [Int]?
    var totalRows: Int
    var linesOnOnePage: Int
    var linesOnEachPage: Int
    var layout: PageLayout
  }

  /// The lines every screen has besides its rows: the breadcrumb, the empty lines before and
  /// after the rows, and the prompt. A screen of no more rows than the height less these is
  /// first tried whole (laying out a screen that small asks for all its cells anyway).
  static let linesOfEveryScreen = 4

  /// A screen's page layout, with what it was made for and the controller it was made for,
  /// held weakly: a controller that leaves the stack and comes back (a settings page pushes
  /// again the screen it kept) finds its pages laid out, and one that is gone can never be
  /// mistaken for a new one at the same address.
  struct KeptLayout {
    weak var controller: ViewController?
    var key: LayoutKey
    var layout: PageLayout

    /// What the layout was made for, if it was made for `controller`.
    func key(for controller: ViewController) -> LayoutKey? {
      self.controller === controller ? key : nil
    }
  }

  /// How many layouts are kept before those of freed controllers are dropped.
  static let keptLayoutLimit = 8

  func currentTerminalSize() -> TerminalSize {
    if let sizeOfThisCommand { return sizeOfThisCommand }
    let size = terminalSize()
    sizeOfThisCommand = size
    return size
  }

  func showScreen() {
    output.write(utf8: fittedScreen().text)
  }
}
