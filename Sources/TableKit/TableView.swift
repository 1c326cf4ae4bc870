/// A list of rows in sections, filled by a data source and observed by a delegate.
///
/// As UIKit's does, a table view keeps the cells of the rows it shows, the page a front end
/// (such as TableREPL) showed last: ``visibleCells``, ``indexPathsForVisibleRows``, and
/// ``cellForRow(at:)``, which returns the cell of a visible row and `nil` for any other row.
/// A change to a visible cell shows on the next screen as it is; ``reloadData()`` and
/// ``reloadRows(at:with:)`` ask the data source again. Cells that leave the page wait in a
/// reuse queue for ``dequeueReusableCell(withIdentifier:for:)``.
///
/// A table view never builds more cells than the page shows, and the section sizes are the
/// only other thing it caches (until ``reloadData()``). A front end also addresses rows by
/// their *row number*, counted from 0 across all sections.
public final class TableView {
  /// How a change of rows would be animated; a terminal shows every change at once, so the
  /// value is accepted and ignored. The cases are UIKit's.
  public enum RowAnimation: Sendable, Equatable {
    /// The rows fade.
    case fade
    /// The rows slide from the right.
    case right
    /// The rows slide from the left.
    case left
    /// The rows slide from the top.
    case top
    /// The rows slide from the bottom.
    case bottom
    /// No animation.
    case none
    /// The rows shrink to or grow from the middle.
    case middle
    /// The animation the system chooses.
    case automatic
  }

  /// The object that provides sections, rows and cells.
  public weak var dataSource: (any TableViewDataSource)?
  /// The object that handles selection.
  public weak var delegate: (any TableViewDelegate)?
  /// The selected row, if any.
  public internal(set) var indexPathForSelectedRow: IndexPath?

  /// Whether ``rowCounts``, ``rowStarts`` and ``totalRows`` hold the data source's answers;
  /// they are asked again when first needed after ``reloadData()``.
  @exclusivity(unchecked) var isLaidOut = false
  /// The row count of each section. This and the two below are read for every question
  /// about rows, in place (no object retained), and only assigned whole.
  @exclusivity(unchecked) var rowCounts: [Int] = []
  /// `rowStarts[s]` is the row number of section `s`'s first row.
  @exclusivity(unchecked) private var rowStarts: [Int] = []
  /// The rows of all sections together.
  @exclusivity(unchecked) private var totalRows = 0

  /// The rows on the page last shown, in order.
  @exclusivity(unchecked) var visibleIndexPaths: [IndexPath] = []
  /// The cells of the visible rows, by their place in ``visibleIndexPaths``; a row without
  /// one (not asked yet, or reloaded) asks the data source when its cell is next needed. A
  /// page is a few dozen rows at most, so finding a row is a short scan, cheaper than hashing.
  @exclusivity(unchecked) var visibleCellSlots: [TableViewCell?] = []
  /// How to make a cell for each registered reuse identifier.
  private var registrations: [String: () -> TableViewCell] = [:]
  /// Cells that left the page, by reuse identifier, for ``dequeueReusableCell(withIdentifier:for:)``.
  @exclusivity(unchecked) private var reusableCells: [String: [TableViewCell]] = [:]

  /// How many times the rows were reloaded (``reloadData()``, ``reloadRows(at:with:)``):
  /// what a front end keeps about every row's cell (the columns of a screen shown a page at
  /// a time) holds while it stays the same, as the cells of the visible rows do.
  package internal(set) var reloads = 0

  /// The insertions and deletions of the update under way (``beginUpdates()``), if any.
  var pendingUpdates: PendingUpdates?
  /// How deep ``beginUpdates()`` calls are nested.
  var updateDepth = 0

  /// Creates an empty table view with no data source.
  public init() {}

  /// Forgets everything cached about the data source, so that the next question asks it
  /// again: the section sizes, and the cells of the visible rows, which go to the reuse
  /// queue. The rows of the page stay visible and get new cells when next shown.
  public func reloadData() {
    reloads &+= 1
    isLaidOut = false
    let slots = visibleCellSlots
    visibleCellSlots = [TableViewCell?](repeating: nil, count: slots.count)
    for case let cell? in slots { enqueue(cell) }
    if let selected = indexPathForSelectedRow, !contains(selected) {
      indexPathForSelectedRow = nil
    }
  }

  /// Asks the data source again for the cells of some rows (the number of rows must not
  /// have changed; use ``reloadData()`` then). The animation is ignored.
  public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    reloads &+= 1
    for indexPath in indexPaths {
      guard let slot = visibleIndexPaths.firstIndex(of: indexPath),
        let cell = visibleCellSlots[slot]
      else { continue }
      enqueue(cell)
      visibleCellSlots[slot] = nil
    }
  }

  /// The number of sections the data source reports.
  public var numberOfSections: Int {
    layOutIfNeeded()
    return rowCounts.count
  }

  /// The number of rows in a section, or 0 for a section that does not exist.
  public func numberOfRows(inSection section: Int) -> Int {
    layOutIfNeeded()
    return section >= 0 && section < rowCounts.count ? rowCounts[section] : 0
  }

  /// The number of rows in all sections together.
  package var totalNumberOfRows: Int {
    layOutIfNeeded()
    return totalRows
  }

  /// Whether an index path names a row that exists.
  public func contains(_ indexPath: IndexPath) -> Bool {
    indexPath.row >= 0 && indexPath.row < numberOfRows(inSection: indexPath.section)
  }

  /// The cell of a visible row, as UIKit's `cellForRow(at:)`: the one shown, which a screen
  /// may change (the change shows on the next screen); `nil` for a row that is not on the page
  /// shown or does not exist.
  public func cellForRow(at indexPath: IndexPath) -> TableViewCell? {
    guard let slot = visibleIndexPaths.firstIndex(of: indexPath) else { return nil }
    return visibleCell(inSlot: slot)
  }

  /// The cell of the visible row in `slot`, asking the data source once if it has none.
  private func visibleCell(inSlot slot: Int) -> TableViewCell? {
    if let kept = visibleCellSlots[slot] { return kept }
    let indexPath = visibleIndexPaths[slot]
    guard contains(indexPath), let dataSource else { return nil }
    let cell = dataSource.tableView(self, cellForRowAt: indexPath)
    visibleCellSlots[slot] = cell
    return cell
  }

  /// The cells of the rows on the page shown, in order.
  public var visibleCells: [TableViewCell] {
    visibleIndexPaths.compactMap { cellForRow(at: $0) }
  }

  /// The index paths of the rows on the page shown, in order. Never `nil` here; optional as
  /// UIKit's is.
  public var indexPathsForVisibleRows: [IndexPath]? {
    visibleIndexPaths.filter { contains($0) }
  }

  /// Makes `indexPaths` the rows shown and returns their cells: the cells kept for rows that
  /// stay, new ones from the data source for the others. Cells of rows that left the page go
  /// to the reuse queue. A front end calls it with the rows of the page it shows.
  package func showRows(_ indexPaths: [IndexPath]) -> [TableViewCell?] {
    // Works on a local copy and stores it once: every access to a class's stored property is
    // checked for exclusivity at run time, and this runs for every screen.
    var slots: [TableViewCell?]
    if indexPaths == visibleIndexPaths {
      slots = visibleCellSlots
    } else {
      slots = [TableViewCell?](repeating: nil, count: indexPaths.count)
      for (indexPath, kept) in zip(visibleIndexPaths, visibleCellSlots) {
        guard let kept else { continue }
        if let slot = indexPaths.firstIndex(of: indexPath) {
          slots[slot] = kept
        } else {
          enqueue(kept)
        }
      }
      visibleIndexPaths = indexPaths
      visibleCellSlots = slots
    }
    guard slots.contains(where: { $0 == nil }), let dataSource else { return slots }
    for slot in slots.indices where slots[slot] == nil && contains(indexPaths[slot]) {
      let cell = dataSource.tableView(self, cellForRowAt: indexPaths[slot])
      slots[slot] = cell
      // Stored at once: the data source may ask for a visible cell while it makes the next.
      visibleCellSlots[slot] = cell
    }
    return slots
  }

  /// The cell a row shows now: the visible cell of a visible row, else a new one from the
  /// data source that the table view does not keep. For a front end that looks at a row it
  /// does not show (to search the rows, or to check a row typed by number).
  package func currentCell(at indexPath: IndexPath) -> TableViewCell? {
    if let cell = cellForRow(at: indexPath) { return cell }
    guard contains(indexPath), let dataSource else { return nil }
    return dataSource.tableView(self, cellForRowAt: indexPath)
  }

  /// The title a row shows now (its cell's text, `""` for none): the visible cell's of a
  /// visible row, else the data source's answer if it adopts ``TableViewRowTitleDataSource``,
  /// else the text of a new cell (as ``currentCell(at:)``). `nil` for a row that does not
  /// exist. For a front end that looks for a row by its title.
  package func currentTitle(at indexPath: IndexPath) -> String? {
    if let cell = cellForRow(at: indexPath) { return cell.text ?? "" }
    guard contains(indexPath), let dataSource else { return nil }
    if let titles = rowTitleDataSource {
      return titles.tableView(self, titleForRowAt: indexPath) ?? ""
    }
    return dataSource.tableView(self, cellForRowAt: indexPath).text ?? ""
  }

  /// The data source as a ``TableViewRowTitleDataSource``, when it adopts it: what tells the
  /// lines of rows without making their cells (looked up once for a whole screen's rows).
  package var rowTitleDataSource: (any TableViewRowTitleDataSource)? {
    if let declared = declaredRowTitleDataSource, declared === dataSource { return declared }
    return dataSource as? any TableViewRowTitleDataSource
  }

  /// The data source, as a ``TableViewRowTitleDataSource``, set by a data source that knows
  /// it adopts it: ``rowTitleDataSource`` is then found without a cast to the protocol,
  /// whose first check of a type scans every conformance of the program (63,000
  /// instructions of the first screen of a page of a thousand child panes).
  package weak var declaredRowTitleDataSource: (any TableViewRowTitleDataSource)?

  /// Why a row cannot be selected, as the data source words it
  /// (``TableViewRowTitleDataSource/tableView(_:whyRowCannotBeSelectedAt:)``), if it says.
  package func reasonRowCannotBeSelected(at indexPath: IndexPath) -> String? {
    guard contains(indexPath) else { return nil }
    return rowTitleDataSource?.tableView(self, whyRowCannotBeSelectedAt: indexPath)
  }

  // MARK: Reusing cells

  /// Registers a cell class for a reuse identifier: ``dequeueReusableCell(withIdentifier:for:)``
  /// makes one with `init(style: .default, reuseIdentifier:)` when no cell waits for reuse.
  public func register(_ cellClass: TableViewCell.Type, forCellReuseIdentifier identifier: String) {
    registrations[identifier] = { cellClass.init(style: .default, reuseIdentifier: identifier) }
    reusableCells[identifier] = nil
  }

  /// Registers a prototype of a style for a reuse identifier, as a storyboard's prototype
  /// cell does: ``dequeueReusableCell(withIdentifier:for:)`` makes a ``TableViewCell`` of that
  /// style when no cell waits for reuse.
  public func register(_ style: TableViewCell.Style, forCellReuseIdentifier identifier: String) {
    registrations[identifier] = { TableViewCell(style: style, reuseIdentifier: identifier) }
    reusableCells[identifier] = nil
  }

  /// A cell for a row: one with this reuse identifier that left the page (after its
  /// ``TableViewCell/prepareForReuse()``), else a new one of the registered class or style.
  ///
  /// As in UIKit, the identifier must have been registered; asking for one that was not is a
  /// programming error and stops the program with a message that names it.
  public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath)
    -> TableViewCell
  {
    guard let cell = dequeueReusableCell(withIdentifier: identifier) else {
      preconditionFailure(
        "no cell is registered for the reuse identifier '\(identifier)' (row \(indexPath)):"
          + " call register(_:forCellReuseIdentifier:) first")
    }
    return cell
  }

  /// A cell with this reuse identifier that left the page (after its
  /// ``TableViewCell/prepareForReuse()``), else a new one of the registered class or style,
  /// else `nil`.
  public func dequeueReusableCell(withIdentifier identifier: String) -> TableViewCell? {
    if let cell = reusableCells[identifier]?.popLast() {
      cell.prepareForReuse()
      return cell
    }
    return registrations[identifier]?()
  }

  /// The most cells kept for reuse under one identifier: more than a page of any terminal,
  /// so that a data source that makes new cells with an identifier (instead of dequeuing)
  /// does not fill the queue without end.
  static let reuseQueueLimit = 256

  /// Puts a cell that left the page in the reuse queue of its identifier.
  func enqueue(_ cell: TableViewCell) {
    guard let identifier = cell.reuseIdentifier else { return }
    if reusableCells[identifier, default: []].count < Self.reuseQueueLimit {
      reusableCells[identifier, default: []].append(cell)
    }
  }

  /// The header text of a section.
  package func headerTitle(forSection section: Int) -> String? {
    dataSource?.tableView(self, titleForHeaderInSection: section)
  }

  /// The footer text of a section.
  package func footerTitle(forSection section: Int) -> String? {
    dataSource?.tableView(self, titleForFooterInSection: section)
  }

  /// The index path of a row number counted from 0 across all sections, or `nil` if out of
  /// range. Costs O(log sections).
  package func indexPath(forRowNumber number: Int) -> IndexPath? {
    layOutIfNeeded()
    guard number >= 0, number < totalRows else { return nil }
    // The last section whose first row is at or before `number`, skipping empty sections.
    var low = 0
    var high = rowStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if rowStarts[mid] <= number { low = mid } else { high = mid - 1 }
    }
    return IndexPath(row: number - rowStarts[low], section: low)
  }

  /// The row number of an index path, counted from 0 across all sections.
  package func rowNumber(for indexPath: IndexPath) -> Int? {
    guard contains(indexPath) else { return nil }
    return rowStarts[indexPath.section] + indexPath.row
  }

  /// The row number at which a section starts.
  package func firstRowNumber(inSection section: Int) -> Int {
    layOutIfNeeded()
    return section >= 0 && section < rowStarts.count ? rowStarts[section] : totalRows
  }

  /// Where a row ends up on the page when scrolled to, as UIKit's
  /// `UITableView.ScrollPosition`. A front end that shows whole pages shows the page that
  /// holds the row, whatever the position.
  public enum ScrollPosition: Sendable {
    /// Wherever the row already is, or the least scrolling that shows it.
    case none
    /// The row at the top of the screen.
    case top
    /// The row in the middle of the screen.
    case middle
    /// The row at the bottom of the screen.
    case bottom
  }

  /// Shows the page that holds a row next, as UIKit's `scrollToRow(at:at:animated:)`: a
  /// list of choices scrolls to its ✓ when it appears. A row that does not exist is ignored.
  public func scrollToRow(
    at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool
  ) {
    requestedRowNumber = rowNumber(for: indexPath)
  }

  /// The row (counted from 0 across sections) last scrolled to and not yet shown.
  @exclusivity(unchecked) private var requestedRowNumber: Int?

  /// Takes the row last scrolled to, for the front end to show the page holding it once.
  package func takeRequestedRowNumber() -> Int? {
    defer { requestedRowNumber = nil }
    return requestedRowNumber
  }

  /// Marks a row as selected without telling the delegate, as UIKit's `selectRow` does.
  public func selectRow(at indexPath: IndexPath?) {
    indexPathForSelectedRow = indexPath.flatMap { contains($0) ? $0 : nil }
  }

  /// Clears the selection of a row without telling the delegate. The animation is ignored.
  public func deselectRow(at indexPath: IndexPath, animated: Bool) {
    if indexPathForSelectedRow == indexPath { indexPathForSelectedRow = nil }
  }

  /// Clears the selection of a row without telling the delegate.
  @available(*, deprecated, renamed: "deselectRow(at:animated:)")
  public func deselectRow(at indexPath: IndexPath) {
    deselectRow(at: indexPath, animated: false)
  }

  /// Selects a row as a user would: asks the delegate's `willSelectRowAt` (which may redirect
  /// or refuse), then selects and calls `didSelectRowAt`. Front ends call it; screens call
  /// ``selectRow(at:)``.
  ///
  /// - Returns: The index path that was selected, or `nil` if the selection was refused.
  @discardableResult
  package func userSelectRow(at indexPath: IndexPath) -> IndexPath? {
    guard contains(indexPath) else { return nil }
    let target = delegate.map { $0.tableView(self, willSelectRowAt: indexPath) } ?? indexPath
    guard let target, contains(target) else { return nil }
    if let previous = indexPathForSelectedRow, previous != target {
      indexPathForSelectedRow = nil
      delegate?.tableView(self, didDeselectRowAt: previous)
    }
    indexPathForSelectedRow = target
    delegate?.tableView(self, didSelectRowAt: target)
    return target
  }

  /// Taps the info button of a row, as a user would.
  package func userTapAccessoryButton(at indexPath: IndexPath) {
    guard contains(indexPath) else { return }
    delegate?.tableView(self, accessoryButtonTappedForRowWith: indexPath)
  }

  /// Asks the data source for its sections and their rows, unless it was asked since the
  /// last ``reloadData()``.
  @inline(__always)
  func layOutIfNeeded() {
    if !isLaidOut { layOut() }
  }

  private func layOut() {
    var counts: [Int] = []
    var starts: [Int] = []
    var total = 0
    if let dataSource {
      let sections = max(0, dataSource.numberOfSections(in: self))
      counts.reserveCapacity(sections)
      starts.reserveCapacity(sections)
      for section in 0..<sections {
        let rows = max(0, dataSource.tableView(self, numberOfRowsInSection: section))
        starts.append(total)
        counts.append(rows)
        total += rows
      }
    }
    rowCounts = counts
    rowStarts = starts
    totalRows = total
    isLaidOut = true
  }

}
