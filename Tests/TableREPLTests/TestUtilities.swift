import TableKit
import Testing

@testable import TableREPL

/// A screen of fixed sections, for tests: each row may push another screen or toggle a ✓.
final class StaticViewController: TableViewController {
  struct Row {
    var text: String
    var detail: String? = nil
    var accessory: TableViewCell.AccessoryType = .none
    var selectable = true
    var next: (() -> TableViewController)? = nil
  }

  struct Section {
    var header: String? = nil
    var footer: String? = nil
    var rows: [Row]
  }

  var sections: [Section]
  var selections: [IndexPath] = []

  init(title: String, sections: [Section]) {
    self.sections = sections
    super.init()
    self.title = title
  }

  override func numberOfSections(in tableView: TableView) -> Int { sections.count }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    sections[section].rows.count
  }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    let row = sections[indexPath.section].rows[indexPath.row]
    let cell = TableViewCell(
      style: .value1, text: row.text, detailText: row.detail,
      accessoryType: row.next != nil ? .disclosureIndicator : row.accessory)
    if !row.selectable { cell.selectionStyle = .none }
    return cell
  }

  override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
    sections[section].header
  }

  override func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
    sections[section].footer
  }

  override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    selections.append(indexPath)
    tableView.deselectRow(at: indexPath, animated: true)
    if let next = sections[indexPath.section].rows[indexPath.row].next {
      navigationController?.pushViewController(next(), animated: true)
    }
  }
}

/// A data source of `count` rows that counts the cells it is asked for.
class CountingViewController: TableViewController {
  let count: Int
  var cellRequests = 0

  init(count: Int) {
    self.count = count
    super.init()
    title = "Rows"
  }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    count
  }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    cellRequests += 1
    return TableViewCell(text: "Row \(indexPath.row + 1)")
  }
}

/// The text with ANSI escape sequences removed.
func withoutEscapes(_ text: String) -> String {
  var result = ""
  var inEscape = false
  for scalar in text.unicodeScalars {
    if inEscape {
      if scalar.properties.isAlphabetic { inEscape = false }
    } else if scalar == "\u{1B}" {
      inEscape = true
    } else {
      result.unicodeScalars.append(scalar)
    }
  }
  return result
}

/// The output of a session on `controller` that runs `lines` and ends with their end (a
/// quit), on a terminal of `columns`×`rows`.
func sessionOutput(
  of controller: ViewController, running lines: [String], columns: Int = 80, rows: Int = 24
) -> String {
  let navigation = NavigationController(rootViewController: controller)
  let output = StringOutput()
  let session = Session(
    navigationController: navigation, reader: ScriptedLineReader(lines), output: output,
    terminalSize: { Session.TerminalSize(columns: columns, rows: rows) })
  #expect(session.run() == .quit)
  return output.text
}
