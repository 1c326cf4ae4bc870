import TableKit
import Testing

@testable import TableREPL

/// Rows that tell their titles (`Row N`) without making cells, and count what they tell.
private final class TellingTitlesController: CountingViewController, TableViewRowTitleDataSource {
  var titleRequests = 0

  func tableView(_ tableView: TableView, titleForRowAt indexPath: IndexPath) -> String? {
    titleRequests += 1
    return "Row \(indexPath.row + 1)"
  }
}

/// Typing a row's title that is not on the page shown looks through the whole screen: by the
/// titles a data source tells, making no cell, or else by each row's cell.
@Suite struct TitleSelectionCostTests {
  private func run(_ controller: CountingViewController, _ lines: [String]) -> String {
    sessionOutput(of: controller, running: lines)
  }

  @Test func aDataSourceThatTellsTitlesIsAskedForNoCellOfTheWholeScreen() {
    let telling = TellingTitlesController(count: 50_000)
    let plain = CountingViewController(count: 50_000)
    let lines = ["row 12345", "row 49999"]
    let tellingText = run(telling, lines)
    // The same rows found and the same screens as by the cells of every row.
    #expect(tellingText == run(plain, lines))
    #expect(tellingText.contains("12345  Row 12345"))
    #expect(tellingText.contains("49999  Row 49999"))
    // Titles of the whole screen, twice, and cells only for the pages shown.
    #expect(telling.titleRequests >= 2 * 49_000)
    #expect(telling.cellRequests < 200)
    #expect(plain.cellRequests >= 2 * 49_000)
  }
}
