import Testing

@testable import TableKit

/// The table view keeps the cells of the rows on the page shown, as UIKit's does: a screen
/// may change them in place, and only a reload asks the data source again.
@Suite struct VisibleCellsTests {
  /// A table of `count` rows whose data source counts its cells.
  func table(_ sizes: [Int]) -> (TableView, CountingDataSource) { countingTable(sizes) }

  func paths(_ rows: Range<Int>, section: Int = 0) -> [IndexPath] {
    rows.map { IndexPath(row: $0, section: section) }
  }

  @Test func visibleCellsAreThePageShownInOrder() {
    let (tableView, source) = table([10])
    #expect(tableView.visibleCells.isEmpty)
    #expect(tableView.indexPathsForVisibleRows == [])
    _ = tableView.showRows(paths(3..<6))
    #expect(tableView.indexPathsForVisibleRows == paths(3..<6))
    #expect(tableView.visibleCells.map(\.text) == ["0.3", "0.4", "0.5"])
    #expect(source.cellRequests == paths(3..<6))
  }

  @Test func aChangeToAVisibleCellIsWhatTheNextPageShowsWithoutAskingAgain() {
    let (tableView, source) = table([4])
    _ = tableView.showRows(paths(0..<4))
    for cell in tableView.visibleCells { cell.accessoryType = .none }
    tableView.cellForRow(at: IndexPath(row: 2, section: 0))?.accessoryType = .checkmark
    let shown = tableView.showRows(paths(0..<4))
    #expect(shown.compactMap { $0?.accessoryType } == [.none, .none, .checkmark, .none])
    #expect(source.cellRequests.count == 4, "the kept cells are shown as they are")
  }

  @Test func rowsThatLeaveThePageLoseTheirCells() {
    let (tableView, source) = table([20])
    _ = tableView.showRows(paths(0..<10))
    _ = tableView.showRows(paths(10..<20))
    #expect(tableView.cellForRow(at: IndexPath(row: 0, section: 0)) == nil)
    #expect(tableView.cellForRow(at: IndexPath(row: 10, section: 0))?.text == "0.10")
    #expect(source.cellRequests == paths(0..<20))
  }

  @Test func reloadDataAsksTheDataSourceAgainForTheRowsShown() {
    let (tableView, source) = table([3])
    _ = tableView.showRows(paths(0..<3))
    let before = tableView.cellForRow(at: IndexPath(row: 1, section: 0))
    tableView.reloadData()
    #expect(tableView.indexPathsForVisibleRows == paths(0..<3), "the page stays")
    let after = tableView.cellForRow(at: IndexPath(row: 1, section: 0))
    #expect(after != nil && after !== before, "a new cell from the data source")
    #expect(source.cellRequests == paths(0..<3) + [IndexPath(row: 1, section: 0)])
  }

  @Test func reloadRowsAsksAgainForThoseRowsOnly() {
    let (tableView, source) = table([3])
    _ = tableView.showRows(paths(0..<3))
    let kept = tableView.cellForRow(at: IndexPath(row: 0, section: 0))
    tableView.reloadRows(at: [IndexPath(row: 2, section: 0)], with: .automatic)
    _ = tableView.showRows(paths(0..<3))
    #expect(tableView.cellForRow(at: IndexPath(row: 0, section: 0)) === kept)
    #expect(source.cellRequests == paths(0..<3) + [IndexPath(row: 2, section: 0)])
  }

  @Test func rowsRemovedByAReloadAreNoLongerVisible() {
    let (tableView, source) = table([5])
    _ = tableView.showRows(paths(0..<5))
    source.sectionSizes = [2]
    tableView.reloadData()
    #expect(tableView.indexPathsForVisibleRows == paths(0..<2))
    #expect(tableView.visibleCells.count == 2)
    #expect(tableView.cellForRow(at: IndexPath(row: 4, section: 0)) == nil)
  }

  @Test func currentCellLooksAtARowOffThePageWithoutKeepingIt() {
    let (tableView, source) = table([5])
    _ = tableView.showRows(paths(0..<2))
    let shown = tableView.cellForRow(at: IndexPath(row: 0, section: 0))
    #expect(tableView.currentCell(at: IndexPath(row: 0, section: 0)) === shown)
    #expect(tableView.currentCell(at: IndexPath(row: 4, section: 0))?.text == "0.4")
    #expect(tableView.cellForRow(at: IndexPath(row: 4, section: 0)) == nil)
    #expect(tableView.indexPathsForVisibleRows == paths(0..<2))
    #expect(source.cellRequests.count == 3)
  }
}
