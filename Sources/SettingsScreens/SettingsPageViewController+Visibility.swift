import FileFormats
import SchemaKit
import SettingsKit
import TableKit

extension SettingsPageViewController {
  // MARK: Rows shown

  /// Hides `keys` (their rows, the sections of groups keyed so, and the rows shown only
  /// while those are) on every screen of the model, as InAppSettingsKit's
  /// `setHiddenKeys:animated:` does: the screens delete and insert the rows that change, as
  /// `deleteRows(at:with:)` and `insertRows(at:with:)` do, keeping the other cells. An empty
  /// set shows every row again. `animated` is accepted and ignored.
  public func setHiddenKeys(_ keys: Set<String>, animated: Bool) {
    model.setHiddenKeys(keys)
  }

  /// The keys hidden by ``setHiddenKeys(_:animated:)``.
  public var hiddenKeys: Set<String> { Set(model.hiddenKeys.map(\.string)) }

  /// Whether the page's rows may be hidden now: it has a `VisibleWhen`, keys are hidden, or
  /// rows were hidden when its sections were last made. A page without any asks nothing.
  private var rowsMayBeHidden: Bool {
    layout.hasVisibleWhen || !model.hiddenKeys.isEmpty || !hiddenIndices.isEmpty
  }

  /// Makes ``sections`` the sections of ``allSections`` not hidden now, with the rows not
  /// hidden now: a group hidden takes its section, a row hidden leaves its section.
  func filterHiddenRows(hiding found: Set<Int>? = nil) {
    let hidden =
      found ?? (rowsMayBeHidden && listItem == nil ? model.hiddenSpecifierIndices(on: page) : [])
    hiddenIndices = hidden
    guard !hidden.isEmpty else {
      if shownRows != nil { sectionTexts = nil }
      sections = allSections
      shownRows = nil
      return
    }
    var shown: [Section] = []
    var map: [(section: Int, rows: [Int])] = []
    for (number, section) in allSections.enumerated() {
      if let owner = section.owner, hidden.contains(owner) { continue }
      var rows: [Int] = []
      var kept: [Row] = []
      for (position, row) in section.rows.enumerated() {
        if let index = row.specifierIndex, hidden.contains(index) { continue }
        rows.append(position)
        kept.append(row)
      }
      if rows.count == section.rows.count {
        shown.append(section)
      } else {
        var filtered = Section(header: section.header, footer: section.footer, rows: kept)
        filtered.owner = section.owner
        shown.append(filtered)
      }
      map.append((number, rows))
    }
    sections = shown
    shownRows = map
    // The headers and footers follow the sections shown.
    sectionTexts = nil
  }

  /// Shows or hides the rows whose visibility changed since the sections were made (a value
  /// that a `VisibleWhen` reads); whether anything changed.
  func updateHiddenRows() -> Bool {
    guard rowsMayBeHidden, isViewLoaded, listItem == nil else { return false }
    let hidden = model.hiddenSpecifierIndices(on: page)
    guard hidden != hiddenIndices else { return false }
    filterHiddenRows(hiding: hidden)
    return true
  }

  /// After ``setHiddenKeys(_:animated:)``: deletes and inserts the rows and sections that
  /// left or came back, in one batch, as a UIKit screen would.
  func updateRowsForHiddenKeys() {
    guard isViewLoaded, listItem == nil else { return }
    // The table view's counts before the sections change, for the update to be checked on.
    _ = tableView.numberOfSections
    let before = shownMap()
    guard updateHiddenRows() else { return }
    let after = shownMap()
    var deletedSections: [Int] = []
    var insertedSections: [Int] = []
    var deletedRows: [IndexPath] = []
    var insertedRows: [IndexPath] = []
    let newPlace = Dictionary(
      uniqueKeysWithValues: after.enumerated().map { ($1.section, (place: $0, rows: $1.rows)) })
    var oldSections: Set<Int> = []
    for (oldPlace, old) in before.enumerated() {
      oldSections.insert(old.section)
      guard let new = newPlace[old.section] else {
        deletedSections.append(oldPlace)
        continue
      }
      let newRows = Set(new.rows)
      let oldRows = Set(old.rows)
      for (row, full) in old.rows.enumerated() where !newRows.contains(full) {
        deletedRows.append(IndexPath(row: row, section: oldPlace))
      }
      for (row, full) in new.rows.enumerated() where !oldRows.contains(full) {
        insertedRows.append(IndexPath(row: row, section: new.place))
      }
    }
    for (place, new) in after.enumerated() where !oldSections.contains(new.section) {
      insertedSections.append(place)
    }
    let tableView = self.tableView
    tableView.performBatchUpdates {
      tableView.deleteSections(deletedSections, with: .automatic)
      tableView.deleteRows(at: deletedRows, with: .automatic)
      tableView.insertSections(insertedSections, with: .automatic)
      tableView.insertRows(at: insertedRows, with: .automatic)
    }
  }

  /// Where each section shown is in ``allSections``, with its rows there.
  private func shownMap() -> [(section: Int, rows: [Int])] {
    shownRows ?? allSections.enumerated().map { ($0, Array($1.rows.indices)) }
  }
}

extension SettingsPageViewController.Row {
  /// The index of the specifier the row shows, if any.
  var specifierIndex: Int? {
    switch self {
    case .setting(let specifier), .choice(let specifier, _), .listItem(let specifier, _),
      .listAdd(let specifier), .problem(let specifier, _):
      specifier.index
    case .deleteItem: nil
    }
  }
}
