import Testing

@testable import TableKit

/// Rows and sections inserted and deleted as UIKit's table view takes them: the data source
/// changes first, deletions name rows as they were and insertions as they are, and the
/// visible rows keep their cells at their new places.
@Suite struct RowUpdatesTests {
  func table(_ sizes: [Int]) -> (TableView, CountingDataSource) { countingTable(sizes) }

  func path(_ row: Int, _ section: Int = 0) -> IndexPath { IndexPath(row: row, section: section) }

  @Test func deletedRowsLeaveAndTheRowsAfterThemMoveUpWithTheirCells() {
    let (tableView, source) = table([5])
    _ = tableView.showRows((0..<5).map { path($0) })
    let kept = tableView.cellForRow(at: path(3))
    tableView.selectRow(at: path(4))
    source.sectionSizes = [3]
    tableView.deleteRows(at: [path(1), path(2)], with: .fade)
    #expect(tableView.numberOfRows(inSection: 0) == 3)
    #expect(tableView.indexPathsForVisibleRows == [path(0), path(1), path(2)])
    #expect(tableView.cellForRow(at: path(1)) === kept, "row 3 is row 1 now, with its cell")
    #expect(tableView.indexPathForSelectedRow == path(2), "the selection moves with its row")
    #expect(source.cellRequests.count == 5, "no cell is asked for again")
  }

  @Test func insertedRowsAreAskedForAndTheRowsAfterThemMoveDown() {
    let (tableView, source) = table([2])
    _ = tableView.showRows([path(0), path(1)])
    let second = tableView.cellForRow(at: path(1))
    source.sectionSizes = [4]
    tableView.insertRows(at: [path(1), path(2)], with: .automatic)
    #expect(tableView.numberOfRows(inSection: 0) == 4)
    #expect(tableView.cellForRow(at: path(3)) === second)
    #expect(tableView.cellForRow(at: path(1)) == nil, "a new row is not on the page yet")
    let shown = tableView.showRows((0..<4).map { path($0) })
    #expect(shown.compactMap { $0?.text } == ["0.0", "0.1", "0.2", "0.1"])
  }

  @Test func aBatchNamesDeletionsBeforeAndInsertionsAfterTheUpdate() {
    let (tableView, source) = table([3, 2])
    _ = tableView.showRows([path(0, 1), path(1, 1)])
    let last = tableView.cellForRow(at: path(1, 1))
    tableView.selectRow(at: path(0, 1))
    var completed = false
    source.sectionSizes = [2, 2, 1]
    tableView.performBatchUpdates(
      {
        tableView.deleteRows(at: [path(0, 0)], with: .fade)
        tableView.insertSections([1], with: .fade)
        tableView.deleteRows(at: [path(0, 1)], with: .fade)
      },
      completion: { completed = $0 })
    #expect(completed)
    #expect(tableView.numberOfSections == 3)
    #expect(tableView.indexPathsForVisibleRows == [path(0, 2)], "the old section 1 is 2 now")
    #expect(tableView.cellForRow(at: path(0, 2)) === last)
    #expect(tableView.indexPathForSelectedRow == nil, "the selected row was deleted")
  }

  @Test func deletedSectionsTakeTheirRowsAndCells() {
    let (tableView, source) = table([2, 3])
    _ = tableView.showRows([path(1, 0), path(0, 1)])
    let first = tableView.cellForRow(at: path(0, 1))
    source.sectionSizes = [3]
    tableView.deleteSections([0], with: .top)
    #expect(tableView.totalNumberOfRows == 3)
    #expect(tableView.indexPathsForVisibleRows == [path(0, 0)])
    #expect(tableView.cellForRow(at: path(0, 0)) === first)
  }

  @Test func aFrontEndMeasuresTheRowsAgainAfterAnUpdate() {
    let (tableView, source) = table([2])
    #expect(tableView.numberOfRows(inSection: 0) == 2)
    let before = tableView.reloads
    source.sectionSizes = [1]
    tableView.deleteRows(at: [path(0)], with: .none)
    #expect(tableView.reloads != before)
  }

  @Test func anUpdateOfRowsNeverAskedForAsksForThemAnew() {
    let (tableView, source) = table([2])
    source.sectionSizes = [1]
    tableView.deleteRows(at: [path(0)], with: .none)
    #expect(tableView.numberOfRows(inSection: 0) == 1, "not checked against counts unknown")
  }
}
