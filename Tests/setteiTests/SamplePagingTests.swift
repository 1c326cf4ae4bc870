import SchemaKit
import SettingsKit
import SettingsScreens
import TableKit
import TableREPL
import TestSupport
import Testing

/// The InAppSettingsKit sample's root page, whose sections have headers and long footers,
/// paged on a small terminal: each page holds the rows that fit with its own lines.
@Suite struct SamplePagingTests {
  @Test(arguments: [(80, 12), (60, 24)])
  func everyPageHoldsWhatFitsAndThePagesTileTheRows(columns: Int, rows: Int) throws {
    let schema = try SchemaLoader.load(path: PackagePaths.sampleBundle, inApp: true)
    let model = SettingsModel(schema: schema, storedValues: [:], language: "en")
    let root = SettingsPageViewController(page: try #require(schema.rootPage), model: model)
    let navigation = NavigationController(rootViewController: root)
    let output = StringOutput()
    let commands = Array(repeating: "n", count: 40) + Array(repeating: "p", count: 40)
    let session = Session(
      navigationController: navigation,
      reader: ScriptedLineReader(commands, echo: output, isInteractive: true), output: output,
      terminalSize: { Session.TerminalSize(columns: columns, rows: rows) })
    #expect(session.run() == .quit)
    let transcript = PagedTranscript(output.text)
    let total = root.tableView.totalNumberOfRows
    #expect(transcript.tilingProblems(totalRows: total, height: rows) == [])
    // Not one row a page because one page somewhere has a tall footer.
    let sizes = transcript.pages.map(\.rows.count)
    #expect(sizes.filter { $0 > 1 }.count > sizes.count / 2, "rows a page: \(sizes)")
  }
}
