/// The object that tells a table view what it shows: its sections, rows and cells.
///
/// Only ``tableView(_:numberOfRowsInSection:)`` and ``tableView(_:cellForRowAt:)`` are
/// required. A table view asks for the cells it shows and no others, so a data source may
/// describe millions of rows without building them.
public protocol TableViewDataSource: AnyObject {
  /// The number of sections; 1 unless the data source says otherwise.
  func numberOfSections(in tableView: TableView) -> Int
  /// The number of rows in a section.
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
  /// The cell for one row.
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell
  /// The header text of a section, or `nil` for none.
  func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String?
  /// The footer text of a section, or `nil` for none.
  func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String?
}

extension TableViewDataSource {
  /// One section.
  public func numberOfSections(in tableView: TableView) -> Int { 1 }
  /// No header.
  public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
    nil
  }
  /// No footer.
  public func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
    nil
  }
}

/// A data source that tells a row's title (the text its cell shows) without making the cell.
///
/// Optional: a front end that looks for a row by its title (typing a title instead of a row
/// number) asks it for every row of a screen, which costs a lookup a row instead of a cell a
/// row. A table view whose data source does not adopt it makes each row's cell instead.
public protocol TableViewRowTitleDataSource: TableViewDataSource {
  /// The text the cell of the row at `indexPath` shows (its `text`), `nil` for none.
  func tableView(_ tableView: TableView, titleForRowAt indexPath: IndexPath) -> String?

  /// The lines the cell of the row at `indexPath` takes (2 for a `.subtitle` cell with
  /// detail text, else 1), as UIKit's `tableView(_:heightForRowAt:)` tells a row's height;
  /// `nil` when only the cell can tell. A front end that fits pages to a terminal asks it for
  /// every row of a screen. By default `nil`.
  func tableView(_ tableView: TableView, linesForRowAt indexPath: IndexPath) -> Int?

  /// The lines each row of `section` takes when they all take the same, as UIKit's
  /// `rowHeight` gives every row one height; `nil` when they differ or only the rows can
  /// tell. A front end that fits pages to a terminal asks it for every section first, and
  /// asks ``tableView(_:linesForRowAt:)`` only for the rows of sections that answer `nil`:
  /// a section of thousands of rows is then laid out without a question per row. By default
  /// `nil`.
  func tableView(_ tableView: TableView, linesForEachRowInSection section: Int) -> Int?

  /// Why the row at `indexPath` cannot be selected, in words for the user (no final
  /// period), for a front end that answers a refused selection: UIKit has no such question,
  /// since a dimmed cell shows it. `nil` when there is nothing to say. By default `nil`.
  func tableView(_ tableView: TableView, whyRowCannotBeSelectedAt indexPath: IndexPath)
    -> String?
}

extension TableViewRowTitleDataSource {
  /// Only the cell can tell.
  public func tableView(_ tableView: TableView, linesForRowAt indexPath: IndexPath) -> Int? {
    nil
  }

  /// Only the rows can tell.
  public func tableView(_ tableView: TableView, linesForEachRowInSection section: Int) -> Int? {
    nil
  }

  /// Nothing to say.
  public func tableView(_ tableView: TableView, whyRowCannotBeSelectedAt indexPath: IndexPath)
    -> String?
  { nil }
}
