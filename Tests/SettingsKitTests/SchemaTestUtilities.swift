import TableKit

@testable import FileFormats
@testable import SchemaKit
@testable import SettingsKit

/// The embedded schema with a model over some stored values.
func embeddedModel(
  language: String, stored: [PropertyListKey: PropertyListValue] = [:]
) throws -> SettingsModel {
  SettingsModel(schema: try EmbeddedSchema.load(), storedValues: stored, language: language)
}

/// The texts and details of every row of a controller's table.
func rows(of controller: ViewController) -> [(text: String, detail: String?)] {
  cells(of: controller).map { ($0.text ?? "", $0.detailText) }
}

/// The cell every row of a controller's table shows now.
func cells(of controller: ViewController) -> [TableViewCell] {
  controller.loadViewIfNeeded()
  let tableView = controller.tableView
  return (0..<tableView.totalNumberOfRows).compactMap { number in
    tableView.indexPath(forRowNumber: number).flatMap(tableView.currentCell(at:))
  }
}

/// The row number of the row titled `text`.
func rowNumber(of text: String, in controller: ViewController) -> Int? {
  rows(of: controller).firstIndex { $0.text == text }
}

/// Selects the row titled `text` as a user would.
@discardableResult
func select(_ text: String, in controller: ViewController) -> Bool {
  guard let number = rowNumber(of: text, in: controller),
    let indexPath = controller.tableView.indexPath(forRowNumber: number)
  else { return false }
  return controller.tableView.userSelectRow(at: indexPath) != nil
}
