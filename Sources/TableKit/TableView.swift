/// A list of rows in sections, filled by a data source and observed by a delegate.
///
/// `TableView` never builds more cells than a caller asks for: ``cellForRow(at:)`` goes to the
/// data source each time, and the section sizes are the only thing it caches (until
/// ``reloadData()``). A front end (such as TableREPL) also addresses rows by their *row
/// number*, counted from 0 across all sections.
public final class TableView {
  /// The object that provides sections, rows and cells.
  public weak var dataSource: (any TableViewDataSource)?
  /// The object that handles selection.
  public weak var delegate: (any TableViewDelegate)?
  /// The selected row, if any.
  public private(set) var indexPathForSelectedRow: IndexPath?

  /// Row counts per section, and their running totals; `nil` until first needed.
  private var layout: Layout?

  private struct Layout {
    var rowCounts: [Int]
    /// `rowStarts[s]` is the row number of section `s`'s first row.
    var rowStarts: [Int]
    var totalRows: Int
  }

  /// Creates an empty table view with no data source.
  public init() {}

  /// Forgets everything cached about the data source, so that the next question asks it again.
  public func reloadData() {
    layout = nil
    if let selected = indexPathForSelectedRow, !contains(selected) {
      indexPathForSelectedRow = nil
    }
  }

  /// The number of sections the data source reports.
  public var numberOfSections: Int { currentLayout().rowCounts.count }

  /// The number of rows in a section, or 0 for a section that does not exist.
  public func numberOfRows(inSection section: Int) -> Int {
    let layout = currentLayout()
    return layout.rowCounts.indices.contains(section) ? layout.rowCounts[section] : 0
  }

  /// The number of rows in all sections together.
  package var totalNumberOfRows: Int { currentLayout().totalRows }

  /// Whether an index path names a row that exists.
  public func contains(_ indexPath: IndexPath) -> Bool {
    indexPath.row >= 0 && indexPath.row < numberOfRows(inSection: indexPath.section)
  }

  /// The cell for a row, asked of the data source; `nil` if the row does not exist.
  public func cellForRow(at indexPath: IndexPath) -> TableViewCell? {
    guard contains(indexPath), let dataSource else { return nil }
    return dataSource.tableView(self, cellForRowAt: indexPath)
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
    let layout = currentLayout()
    guard number >= 0, number < layout.totalRows else { return nil }
    // The last section whose first row is at or before `number`, skipping empty sections.
    var low = 0
    var high = layout.rowStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if layout.rowStarts[mid] <= number { low = mid } else { high = mid - 1 }
    }
    return IndexPath(row: number - layout.rowStarts[low], section: low)
  }

  /// The row number of an index path, counted from 0 across all sections.
  package func rowNumber(for indexPath: IndexPath) -> Int? {
    guard contains(indexPath) else { return nil }
    return currentLayout().rowStarts[indexPath.section] + indexPath.row
  }

  /// The row number at which a section starts.
  package func firstRowNumber(inSection section: Int) -> Int {
    let layout = currentLayout()
    return layout.rowStarts.indices.contains(section)
      ? layout.rowStarts[section] : layout.totalRows
  }

  /// Marks a row as selected without telling the delegate, as UIKit's `selectRow` does.
  public func selectRow(at indexPath: IndexPath?) {
    indexPathForSelectedRow = indexPath.flatMap { contains($0) ? $0 : nil }
  }

  /// Clears the selection of a row without telling the delegate.
  public func deselectRow(at indexPath: IndexPath) {
    if indexPathForSelectedRow == indexPath { indexPathForSelectedRow = nil }
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

  private func currentLayout() -> Layout {
    if let layout { return layout }
    var rowCounts: [Int] = []
    var rowStarts: [Int] = []
    var total = 0
    if let dataSource {
      let sections = max(0, dataSource.numberOfSections(in: self))
      rowCounts.reserveCapacity(sections)
      rowStarts.reserveCapacity(sections)
      for section in 0..<sections {
        let rows = max(0, dataSource.tableView(self, numberOfRowsInSection: section))
        rowStarts.append(total)
        rowCounts.append(rows)
        total += rows
      }
    }
    let fresh = Layout(rowCounts: rowCounts, rowStarts: rowStarts, totalRows: total)
    layout = fresh
    return fresh
  }
}
