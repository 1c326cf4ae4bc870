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
