import Testing

@testable import TableKit

/// A data source of sections with given sizes that counts what it is asked.
final class CountingDataSource: TableViewDataSource, TableViewDelegate {
  var sectionSizes: [Int]
  var cellRequests: [IndexPath] = []
  var rowCountRequests = 0
  var selected: [IndexPath] = []
  var deselected: [IndexPath] = []
  var accessoryTaps: [IndexPath] = []
  var willSelect: (IndexPath) -> IndexPath? = { $0 }

  init(_ sectionSizes: [Int]) {
    self.sectionSizes = sectionSizes
  }

  func numberOfSections(in tableView: TableView) -> Int { sectionSizes.count }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    rowCountRequests += 1
    return sectionSizes[section]
  }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    cellRequests.append(indexPath)
    return TableViewCell(text: "\(indexPath.section).\(indexPath.row)")
  }

  func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
    willSelect(indexPath)
  }

  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    selected.append(indexPath)
  }

  func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {
    deselected.append(indexPath)
  }

  func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {
    accessoryTaps.append(indexPath)
  }
}

/// A table view of sections of `sizes` rows over a ``CountingDataSource``.
func countingTable(_ sizes: [Int]) -> (TableView, CountingDataSource) {
  let source = CountingDataSource(sizes)
  let tableView = TableView()
  tableView.dataSource = source
  return (tableView, source)
}

@Suite struct TableViewTests {
  @Test func rowNumbersRunAcrossSectionsSkippingEmptyOnes() {
    let source = CountingDataSource([2, 0, 3, 0])
    let tableView = TableView()
    tableView.dataSource = source
    #expect(tableView.totalNumberOfRows == 5)
    let paths = (0..<5).compactMap { tableView.indexPath(forRowNumber: $0) }
    #expect(
      paths == [
        IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0),
        IndexPath(row: 0, section: 2), IndexPath(row: 1, section: 2),
        IndexPath(row: 2, section: 2),
      ])
    #expect(tableView.indexPath(forRowNumber: 5) == nil)
    #expect(tableView.indexPath(forRowNumber: -1) == nil)
    #expect(paths.compactMap { tableView.rowNumber(for: $0) } == [0, 1, 2, 3, 4])
  }

  @Test func sectionSizesAreCachedUntilReloadData() {
    let source = CountingDataSource([3])
    let tableView = TableView()
    tableView.dataSource = source
    _ = tableView.totalNumberOfRows
    _ = tableView.numberOfRows(inSection: 0)
    #expect(source.rowCountRequests == 1)
    source.sectionSizes = [4]
    #expect(tableView.totalNumberOfRows == 3)
    tableView.reloadData()
    #expect(tableView.totalNumberOfRows == 4)
    #expect(source.rowCountRequests == 2)
  }

  @Test func everyAnswerAboutSectionsChangesTogetherOnReloadData() {
    let source = CountingDataSource([2, 3])
    let tableView = TableView()
    tableView.dataSource = source
    #expect(tableView.firstRowNumber(inSection: 1) == 2)
    source.sectionSizes = [1, 0, 4]
    // Kept until reloadData: the sections, their rows and where each starts.
    #expect(tableView.numberOfSections == 2)
    #expect(tableView.indexPath(forRowNumber: 2) == IndexPath(row: 0, section: 1))
    tableView.reloadData()
    #expect(tableView.numberOfSections == 3)
    #expect((0..<4).map { tableView.numberOfRows(inSection: $0) } == [1, 0, 4, 0])
    #expect((0..<4).map { tableView.firstRowNumber(inSection: $0) } == [0, 1, 1, 5])
    #expect(tableView.indexPath(forRowNumber: 1) == IndexPath(row: 0, section: 2))
    #expect(tableView.rowNumber(for: IndexPath(row: 3, section: 2)) == 4)
    #expect(tableView.totalNumberOfRows == 5)
    #expect(tableView.numberOfRows(inSection: -1) == 0)
    #expect(tableView.firstRowNumber(inSection: -1) == 5)
  }

  @Test func showingAPageAsksOnlyForItsRowsAndCellForRowIsNilElsewhere() {
    let source = CountingDataSource([10_000_000])
    let tableView = TableView()
    tableView.dataSource = source
    let last = IndexPath(row: 9_999_999, section: 0)
    #expect(tableView.cellForRow(at: last) == nil, "not shown yet")
    #expect(tableView.showRows([last]).map { $0?.text } == ["0.9999999"])
    #expect(tableView.cellForRow(at: last)?.text == "0.9999999")
    #expect(tableView.cellForRow(at: IndexPath(row: 10_000_000, section: 0)) == nil)
    #expect(tableView.cellForRow(at: IndexPath(row: 0, section: 0)) == nil)
    #expect(source.cellRequests == [last])
  }

  @Test func willSelectCanRedirectTheSelection() {
    let source = CountingDataSource([3])
    source.willSelect = { _ in IndexPath(row: 2, section: 0) }
    let tableView = TableView()
    tableView.dataSource = source
    tableView.delegate = source
    #expect(
      tableView.userSelectRow(at: IndexPath(row: 0, section: 0)) == IndexPath(row: 2, section: 0))
    #expect(source.selected == [IndexPath(row: 2, section: 0)])
    #expect(tableView.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
  }

  @Test func willSelectCanRefuseTheSelection() {
    let source = CountingDataSource([3])
    source.willSelect = { _ in nil }
    let tableView = TableView()
    tableView.dataSource = source
    tableView.delegate = source
    #expect(tableView.userSelectRow(at: IndexPath(row: 1, section: 0)) == nil)
    #expect(source.selected.isEmpty)
    #expect(tableView.indexPathForSelectedRow == nil)
  }

  @Test func selectingAnotherRowDeselectsThePreviousOne() {
    let source = CountingDataSource([3])
    let tableView = TableView()
    tableView.dataSource = source
    tableView.delegate = source
    tableView.userSelectRow(at: IndexPath(row: 0, section: 0))
    tableView.userSelectRow(at: IndexPath(row: 1, section: 0))
    #expect(source.deselected == [IndexPath(row: 0, section: 0)])
    tableView.deselectRow(at: IndexPath(row: 1, section: 0), animated: true)
    #expect(tableView.indexPathForSelectedRow == nil)
  }

  @Test func accessoryButtonTapsReachTheDelegate() {
    let source = CountingDataSource([2])
    let tableView = TableView()
    tableView.dataSource = source
    tableView.delegate = source
    tableView.userTapAccessoryButton(at: IndexPath(row: 1, section: 0))
    tableView.userTapAccessoryButton(at: IndexPath(row: 5, section: 0))
    #expect(source.accessoryTaps == [IndexPath(row: 1, section: 0)])
  }

  @Test func controllerClearsSelectionOnViewWillAppearUnlessTurnedOff() {
    let controller = TableViewController()
    final class Rows: TableViewController {
      override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        2
      }
    }
    let rows = Rows()
    rows.tableView.selectRow(at: IndexPath(row: 1, section: 0))
    rows.viewWillAppear(false)
    #expect(rows.tableView.indexPathForSelectedRow == nil)
    rows.clearsSelectionOnViewWillAppear = false
    rows.tableView.selectRow(at: IndexPath(row: 1, section: 0))
    rows.viewWillAppear(false)
    #expect(rows.tableView.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
    #expect(controller.numberOfSections(in: controller.tableView) == 1)
  }

  @Test func indexPathsOrderBySectionThenRow() {
    #expect(IndexPath(row: 5, section: 0) < IndexPath(row: 0, section: 1))
    #expect(IndexPath(row: 1, section: 1) < IndexPath(row: 2, section: 1))
    #expect(IndexPath(row: 2, section: 3).description == "[3, 2]")
  }

  @Test func cellStylesAndAccessoriesAreKept() {
    let cell = TableViewCell(style: .subtitle, reuseIdentifier: "x")
    cell.text = "t"
    cell.detailText = "d"
    cell.accessoryType = .detailDisclosureButton
    #expect(cell.style == .subtitle)
    #expect(cell.reuseIdentifier == "x")
    #expect(cell.accessoryType == .detailDisclosureButton)
    #expect(TableViewCell(style: .value2, text: "a").style == .value2)
  }

  /// A data source that says it tells titles is found as one without a cast; one it no
  /// longer is the data source of is not, and a data source that adopts the protocol
  /// without saying so is still found.
  @Test func aDeclaredRowTitleDataSourceIsTheDataSourceItSaysItIs() {
    final class Titles: TableViewRowTitleDataSource {
      func numberOfSections(in tableView: TableView) -> Int { 1 }
      func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 2 }
      func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        TableViewCell(text: "cell")
      }
      func tableView(_ tableView: TableView, titleForRowAt indexPath: IndexPath) -> String? {
        "title"
      }
    }
    let tableView = TableView()
    let titles = Titles()
    tableView.dataSource = titles
    tableView.declaredRowTitleDataSource = titles
    #expect(tableView.rowTitleDataSource === titles)
    #expect(tableView.currentTitle(at: IndexPath(row: 0, section: 0)) == "title")
    let plain = CountingDataSource([2])
    tableView.dataSource = plain
    #expect(tableView.rowTitleDataSource == nil)
    #expect(tableView.currentTitle(at: IndexPath(row: 0, section: 0)) == "0.0")
    let undeclared = Titles()
    tableView.dataSource = undeclared
    #expect(tableView.rowTitleDataSource === undeclared)
  }
}
