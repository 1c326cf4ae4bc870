import TableKit
import Testing

@testable import TableREPL

/// A list of 100 choices with a ✓ on one, which scrolls to it when it appears.
private final class LongChoiceList: TableViewController {
  var chosen: Int

  init(chosen: Int) {
    self.chosen = chosen
    super.init()
    title = "Zones"
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    tableView.scrollToRow(at: IndexPath(row: chosen, section: 0), at: .middle, animated: false)
  }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    100
  }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    TableViewCell(
      text: "Zone \(indexPath.row + 1)",
      accessoryType: indexPath.row == chosen ? .checkmark : .none)
  }
}

@Suite("Scrolling to a row")
struct ScrollToRowTests {
  @Test func aListOpensOnThePageOfItsCheckmark() {
    let root = StaticViewController(
      title: "Clock",
      sections: [.init(rows: [.init(text: "Zone", next: { LongChoiceList(chosen: 76) })])])
    let result = run(
      ["1", "n", "back", "quit"], navigation: NavigationController(rootViewController: root))
    let screens = result.output.pieces("> ")
    // 24 rows a terminal, 17 rows a page (with a back line): row 77 is on page 5.
    #expect(screens[1].contains("✓ Zone 77"))
    #expect(screens[1].contains("page 5/6 · rows 69–85"))
    // Paging on from there works as usual, and the list does not jump back.
    #expect(screens[2].contains("page 6/6") && !screens[2].contains("✓"))
  }

  @Test func aRowThatDoesNotExistIsIgnored() {
    let tableView = TableView()
    let list = LongChoiceList(chosen: 500)
    tableView.dataSource = list
    tableView.scrollToRow(at: IndexPath(row: 500, section: 0), at: .top, animated: false)
    #expect(tableView.takeRequestedRowNumber() == nil)
    tableView.scrollToRow(at: IndexPath(row: 3, section: 0), at: .top, animated: false)
    #expect(tableView.takeRequestedRowNumber() == 3)
    #expect(tableView.takeRequestedRowNumber() == nil, "taken once")
  }
}

extension String {
  fileprivate func pieces(_ separator: String) -> [String] {
    split(separator: separator, omittingEmptySubsequences: false).map(String.init)
  }
}
