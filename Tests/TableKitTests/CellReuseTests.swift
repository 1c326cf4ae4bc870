import Testing

@testable import TableKit

/// A registered prototype: a subclass that counts how often it was prepared for reuse.
final class CountingCell: TableViewCell {
  var preparedForReuse = 0

  override func prepareForReuse() {
    super.prepareForReuse()
    preparedForReuse += 1
    accessoryType = .none
  }
}

/// A data source that dequeues every cell from a registered identifier, as a UIKit
/// storyboard screen does.
final class DequeuingDataSource: TableViewDataSource {
  var count: Int
  let identifier: String
  var made: [TableViewCell] = []

  init(count: Int, identifier: String = "row") {
    self.count = count
    self.identifier = identifier
  }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: identifier, for: indexPath)
    cell.textLabel?.text = "Row \(indexPath.row)"
    cell.detailTextLabel?.text = "detail \(indexPath.row)"
    made.append(cell)
    return cell
  }
}

@Suite struct CellReuseTests {
  func paths(_ rows: Range<Int>) -> [IndexPath] {
    rows.map { IndexPath(row: $0, section: 0) }
  }

  @Test func aRegisteredSubclassIsMadeWithItsIdentifierThenReusedWhenItLeavesThePage() throws {
    let source = DequeuingDataSource(count: 20)
    let tableView = TableView()
    tableView.dataSource = source
    tableView.register(CountingCell.self, forCellReuseIdentifier: "row")
    let first = tableView.showRows(paths(0..<5)).compactMap { $0 as? CountingCell }
    #expect(first.count == 5)
    #expect(first.allSatisfy { $0.reuseIdentifier == "row" && $0.style == .default })
    first[0].accessoryType = .checkmark

    let second = tableView.showRows(paths(5..<10))
    #expect(
      Set(second.compactMap { $0.map(ObjectIdentifier.init) })
        == Set(first.map(ObjectIdentifier.init)))
    #expect(first.allSatisfy { $0.preparedForReuse == 1 })
    #expect(first[0].accessoryType == .none, "prepareForReuse ran before the data source")
    #expect(second.map { $0?.text } == (5..<10).map { "Row \($0)" })
  }

  @Test func aRegisteredStyleMakesPlainCellsOfThatStyle() {
    let source = DequeuingDataSource(count: 2, identifier: "first")
    let tableView = TableView()
    tableView.dataSource = source
    tableView.register(.value1, forCellReuseIdentifier: "first")
    let cells = tableView.showRows(paths(0..<2))
    #expect(cells.map { $0?.style } == [.value1, .value1])
    #expect(cells.map { $0?.detailText } == ["detail 0", "detail 1"])
  }

  @Test func aReloadPutsTheShownCellsBackForReuse() {
    let source = DequeuingDataSource(count: 3)
    let tableView = TableView()
    tableView.dataSource = source
    tableView.register(CountingCell.self, forCellReuseIdentifier: "row")
    _ = tableView.showRows(paths(0..<3))
    tableView.reloadData()
    _ = tableView.showRows(paths(0..<3))
    #expect(source.made.count == 6)
    #expect(Set(source.made.map(ObjectIdentifier.init)).count == 3, "three cells, each used twice")
  }

  @Test func dequeueWithoutAnIndexPathIsNilForAnUnknownIdentifier() {
    let tableView = TableView()
    #expect(tableView.dequeueReusableCell(withIdentifier: "nothing") == nil)
    tableView.register(.subtitle, forCellReuseIdentifier: "known")
    #expect(tableView.dequeueReusableCell(withIdentifier: "known")?.style == .subtitle)
  }

  @Test func dequeuingAnUnregisteredIdentifierStopsWithItsName() async {
    await #expect(processExitsWith: .failure) {
      let tableView = TableView()
      _ = tableView.dequeueReusableCell(
        withIdentifier: "missing", for: IndexPath(row: 0, section: 0))
    }
  }

  @Test func textAndTheLabelsAreTheSameText() throws {
    let cell = TableViewCell(style: .value1, reuseIdentifier: nil)
    cell.textLabel?.text = "温度単位"
    cell.detailTextLabel?.text = "摂氏（°C）"
    #expect(cell.text == "温度単位")
    #expect(cell.detailText == "摂氏（°C）")
    cell.text = "Language"
    cell.detailText = "English"
    #expect(cell.textLabel?.text == "Language")
    #expect(cell.detailTextLabel?.text == "English")
    #expect(TableViewCell(style: .default).detailTextLabel == nil, "as UIKit: no detail label")
  }

  /// Texts set before a label is first asked for are its text; the label is the same object
  /// every time, and stays the text's place: a label kept by a screen shows what the cell's
  /// texts become.
  @Test func aLabelAskedForLateHasTheTextsSetBefore() throws {
    let cell = TableViewCell(style: .subtitle, text: "Wi-Fi", detailText: "Home")
    let label = try #require(cell.textLabel)
    let detail = try #require(cell.detailTextLabel)
    #expect(label.text == "Wi-Fi")
    #expect(detail.text == "Home")
    #expect(cell.textLabel === label)
    #expect(cell.detailTextLabel === detail)
    cell.text = "Bluetooth"
    cell.detailText = nil
    #expect(label.text == "Bluetooth")
    #expect(detail.text == nil)
    label.text = "AirDrop"
    #expect(cell.text == "AirDrop")
    // A default cell keeps a detail text it is given, as before, though it shows none.
    let plain = TableViewCell(style: .default, text: "Off", detailText: "unused")
    #expect(plain.detailText == "unused")
    #expect(plain.detailTextLabel == nil)
  }

  @Test func aCellQueueHasALimit() {
    final class NewCellsEachTime: TableViewDataSource {
      func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 1_000 }
      func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        TableViewCell(style: .default, reuseIdentifier: "never dequeued")
      }
    }
    let source = NewCellsEachTime()
    let tableView = TableView()
    tableView.dataSource = source
    tableView.register(.default, forCellReuseIdentifier: "other")
    for page in 0..<3 {
      _ = tableView.showRows(paths(page * 300..<(page + 1) * 300))
    }
    var queued = 0
    while tableView.dequeueReusableCell(withIdentifier: "never dequeued") != nil { queued += 1 }
    #expect(queued == TableView.reuseQueueLimit)
  }
}
