/// A screen that shows a table view and is its data source and delegate, like
/// `UITableViewController`.
///
/// Subclass it, override the data-source and delegate methods, and push it on a
/// ``NavigationController``. It is a ``ViewController``, with the same lifecycle; call
/// `super` when you override ``viewWillAppear(_:)``, which clears the selection.
open class TableViewController: ViewController, TableViewDataSource, TableViewDelegate {
  /// Whether ``viewWillAppear(_:)`` clears the table view's selection. `true` by default.
  public var clearsSelectionOnViewWillAppear = true

  /// Creates a controller with an empty table view whose data source and delegate it is.
  public override init() {
    super.init()
    tableView.dataSource = self
    tableView.delegate = self
  }

  /// Called before the controller becomes the visible screen. The default deselects the
  /// selected row when ``clearsSelectionOnViewWillAppear`` is set.
  open override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    if clearsSelectionOnViewWillAppear, let selected = tableView.indexPathForSelectedRow {
      tableView.deselectRow(at: selected, animated: animated)
    }
  }

  // MARK: Data source (override these)

  /// The number of sections; 1 unless you override it.
  open func numberOfSections(in tableView: TableView) -> Int { 1 }

  /// The number of rows in a section; 0 unless you override it.
  open func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 0 }

  /// The cell for a row; override it to configure one, as UIKit's data sources do.
  open func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    TableViewCell()
  }

  /// The header text of a section; none unless you override it.
  open func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
    nil
  }

  /// The footer text of a section; none unless you override it.
  open func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
    nil
  }

  // MARK: Delegate (override these)

  /// The row to select when the user selects `indexPath`: that row unless you override it;
  /// return `nil` to refuse.
  open func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
    indexPath
  }

  /// Called after the user selected a row; override it to push a screen or change a value.
  open func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}

  /// Called after a row lost its selection because the user selected another.
  open func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}

  /// Called when the user taps the info button of a row.
  open func tableView(
    _ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath
  ) {}
}
