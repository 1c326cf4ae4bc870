import TableKit
import Testing

@testable import TableREPL

/// Thirty rows: the first five open screens of their own (` ›`), the others show a value;
/// row `checked`, if any, has a ✓.
private final class MixedRowsViewController: TableViewController {
  let checked: Int?

  init(checked: Int? = nil) {
    self.checked = checked
    super.init()
    title = "Mixed"
  }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    30
  }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    let number = indexPath.row + 1
    if number <= 5 {
      return TableViewCell(text: "Pane \(number)", accessoryType: .disclosureIndicator)
    }
    return TableViewCell(
      style: .value1, text: "Setting \(number)", detailText: "value",
      accessoryType: number == checked ? .checkmark : .none)
  }
}

/// A hundred rows (or ``count``) with a value each, counting the cells asked for;
/// `longValue` is the value of the last row.
private class CountingValuesViewController: TableViewController {
  var cellsAsked = 0
  var longValue = "v"
  /// How many rows there are.
  var count = 100

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    count
  }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    cellsAsked += 1
    return TableViewCell(
      style: .value1, text: "Row \(indexPath.row + 1)",
      detailText: indexPath.row == count - 1 ? longValue : "v")
  }
}

/// The same rows, each one line as its data source tells, as a settings page tells them: no
/// cell is asked to lay out the pages.
private final class OneLineRowsViewController: CountingValuesViewController,
  TableViewRowTitleDataSource
{
  func tableView(_ tableView: TableView, titleForRowAt indexPath: IndexPath) -> String? {
    "Row \(indexPath.row + 1)"
  }

  func tableView(_ tableView: TableView, linesForEachRowInSection section: Int) -> Int? { 1 }
}

/// The screens a session shows for `commands` on a terminal of `columns` × `rows`.
private func transcript(
  _ controller: TableViewController, _ commands: [String], columns: Int, rows: Int
) -> String {
  let output = StringOutput()
  let session = Session(
    navigationController: NavigationController(rootViewController: controller),
    reader: ScriptedLineReader(commands + ["quit"]), output: output,
    terminalSize: { Session.TerminalSize(columns: columns, rows: rows) })
  _ = session.run()
  return output.text
}

@Suite struct PageColumnsTests {
  /// The value column is the same on every page of a screen: page 1, which holds the rows
  /// with ` ›`, and the pages after it.
  @Test func theValueColumnIsTheSameOnEveryPage() {
    let text = transcript(MixedRowsViewController(), ["n", "n"], columns: 50, rows: 12)
    #expect(text.contains("page 3/"), "\(text)")
    let ends = Set(
      text.split(separator: "\n").filter { $0.hasSuffix("  value") }.map {
        DisplayWidth.of($0)
      })
    #expect(ends.count == 1, "values end in columns \(ends.sorted())")
  }

  /// A list's ✓ column is there on every page, whether or not the page holds the checked
  /// row, so the titles stand where they do when the list fits the terminal whole.
  @Test func theCheckmarkColumnDoesNotDependOnTheTerminalSize() {
    func titleColumn(rows: Int) -> Int? {
      let text = transcript(MixedRowsViewController(checked: 28), [], columns: 60, rows: rows)
      guard
        let line = text.split(separator: "\n").map(String.init).first(where: {
          $0.contains("Pane 1 ")
        }),
        let title = line.firstRange(of: "Pane 1")
      else { return nil }
      return DisplayWidth.of(line[..<title.lowerBound])
    }
    let whole = titleColumn(rows: 60)
    let paged = titleColumn(rows: 12)
    #expect(whole != nil)
    #expect(whole == paged)
  }

  /// The columns are measured on all rows once, and again only after the rows were
  /// reloaded: turning a page asks for its own rows' cells, and a longer value (row 100's,
  /// on the last page) moves the value column of the first page too.
  @Test func theColumnsAreMeasuredAgainOnlyAfterAReload() {
    let controller = CountingValuesViewController()
    var asked: [Int] = []
    let reader = HookedReader([
      ("n", { asked.append(controller.cellsAsked) }),
      ("p", { asked.append(controller.cellsAsked) }),
      (
        "page 1",
        {
          controller.longValue = "a much longer value"
          controller.tableView.reloadData()
        }
      ),
    ])
    let output = StringOutput()
    let session = Session(
      navigationController: NavigationController(rootViewController: controller),
      reader: reader, output: output,
      terminalSize: { Session.TerminalSize(columns: 60, rows: 12) })
    _ = session.run()
    #expect(asked.count == 2)
    #expect(asked.first ?? 0 >= 100, "every row measured for the first page")
    #expect(asked.count == 2 && asked[1] - asked[0] < 12, "only the next page's cells: \(asked)")
    let firstRows = output.text.split(separator: "\n").filter { $0.hasPrefix("    1  ") }
    let widths = firstRows.map { DisplayWidth.of($0) }
    #expect(widths.count == 3 && widths[1] == widths[0], "\(widths)")
    #expect(widths.last == 2 + 3 + 2 + "Row 100".count + RowLayout.largestGap + 19, "\(firstRows)")
  }

  /// A screen of a thousand rows (a page of 1,000 settings) is measured a page at a time: its
  /// first screen asks for the cells it shows, not for every row's.
  @Test func aScreenOfAThousandRowsAsksOnlyForItsPagesCells() {
    let controller = OneLineRowsViewController()
    controller.count = 1_000
    _ = transcript(controller, ["n"], columns: 60, rows: 12)
    #expect(controller.cellsAsked < 100, "\(controller.cellsAsked) cells asked")
  }

  /// A screen too long to measure whole still numbers its rows in one width on every page:
  /// row 1's title stands where row 2,500's does.
  @Test func theNumbersOfAScreenTooLongToMeasureShareOneWidth() {
    let controller = CountingValuesViewController()
    controller.count = Session.measuredRowLimit + 500
    let text = transcript(controller, ["page 417"], columns: 60, rows: 12)
    let lines = text.split(separator: "\n").map(String.init)
    func titleColumn(_ title: String) -> Int? {
      guard let line = lines.first(where: { $0.contains(title + " ") }),
        let range = line.firstRange(of: title)
      else { return nil }
      return DisplayWidth.of(line[..<range.lowerBound])
    }
    #expect(text.contains("2500  Row 2500"), "\(text)")
    #expect(titleColumn("Row 1") != nil)
    #expect(titleColumn("Row 1") == titleColumn("Row 2500"))
    #expect(controller.cellsAsked < 100, "no page asks for other rows' cells")
  }
}

/// A reader that runs a step's action before it returns the step's line.
private final class HookedReader: LineReading {
  private var steps: [(line: String, action: () -> Void)]

  init(_ steps: [(line: String, action: () -> Void)]) {
    self.steps = steps
  }

  var isInteractive: Bool { false }

  func readLine(prompt: String) -> ReadResult {
    guard !steps.isEmpty else { return .endOfInput }
    let step = steps.removeFirst()
    step.action()
    return .line(step.line)
  }
}
