import FileFormats
import TableKit
import TestSupport
import Testing

@testable import SchemaKit
@testable import SettingsKit
@testable import SettingsScreens

/// A settings page tells each row's title without making its cell (typing a title looks
/// through every row of a screen); the title must be the text the cell shows, row for row,
/// so that selecting by title finds the same rows as a look at every cell.
@Suite struct RowTitleTests {
  /// Every row of every page of `schema`: the title told and the cell's text.
  private func compareEveryRow(
    of schema: SettingsSchema, language: String, stored: [PropertyListKey: PropertyListValue] = [:]
  ) -> Int {
    let model = SettingsModel(schema: schema, storedValues: stored, language: language)
    var compared = 0
    var toldLines = 0
    var toldSections = 0
    for (name, page) in schema.pages.sorted(by: { $0.key < $1.key }) {
      let controller = SettingsPageViewController(page: page, model: model)
      controller.loadViewIfNeeded()
      let tableView = controller.tableView
      for section in 0..<tableView.numberOfSections {
        // The lines told for a whole section are each of its rows' (checked below).
        let each = controller.tableView(tableView, linesForEachRowInSection: section)
        if each != nil { toldSections += 1 }
        for row in 0..<tableView.numberOfRows(inSection: section) {
          let indexPath = IndexPath(row: row, section: section)
          let cell = controller.tableView(tableView, cellForRowAt: indexPath)
          let title = controller.tableView(tableView, titleForRowAt: indexPath)
          #expect(title == (cell.text ?? ""), "\(name) row \(indexPath) in \(language)")
          // As the table view answers a front end, from the title and not a cell.
          #expect(tableView.currentTitle(at: indexPath) == cell.text ?? "")
          // The lines told without a cell, when told, are the cell's.
          let lines = cell.style == .subtitle && !(cell.detailText ?? "").isEmpty ? 2 : 1
          if let told = controller.tableView(tableView, linesForRowAt: indexPath) {
            #expect(told == lines, "\(name) row \(indexPath) in \(language)")
            toldLines += 1
          }
          if let each {
            #expect(each == lines, "\(name) section \(section) row \(row) in \(language)")
          }
          compared += 1
        }
      }
      #expect(controller.tableView(tableView, titleForRowAt: IndexPath(row: 0, section: -1)) == nil)
      #expect(controller.tableView(tableView, linesForRowAt: IndexPath(row: 0, section: -1)) == nil)
      #expect(controller.tableView(tableView, linesForEachRowInSection: -1) == nil)
    }
    // Nearly every row tells its lines (only rows with an IASKSubtitle need their cell), and
    // most sections tell them for all their rows at once.
    #expect(toldLines * 2 > compared)
    #expect(toldSections > 0)
    return compared
  }

  @Test(arguments: ["en", "de"])
  func fixtureBundlesTellTheTitlesTheirCellsShow(language: String) throws {
    for path in PackagePaths.bundles + [PackagePaths.realWorldCasesBundle] {
      var schema = try SchemaLoader.load(path: path)
      schema.loadAllPages()
      #expect(compareEveryRow(of: schema, language: language) > 0, "\(path)")
    }
  }

  @Test(arguments: ["en", "ja"])
  func theGeneratedSchemaTellsTheTitlesItsCellsShow(language: String) throws {
    let generated = GeneratedSchema(panes: 3, settingsPerPane: 200)
    let schema = try JSONSchemaReader.read(generated.json(), source: "generated.json")
    #expect(compareEveryRow(of: schema, language: language) >= 600)
  }

  @Test func theEmbeddedSchemaTellsTheTitlesItsCellsShow() throws {
    let model = try embeddedModel(language: "en")
    #expect(compareEveryRow(of: model.schema, language: "en") > 0)
    #expect(compareEveryRow(of: model.schema, language: "ja") > 0)
  }
}
