/// A screen that shows a table view and is its data source and delegate, like
/// `UITableViewController`.
///
/// Subclass it, override the data-source and delegate methods, and push it on a
/// ``NavigationController``. Lifecycle methods are called in UIKit's order: ``viewDidLoad()``
/// once, before the first ``viewWillAppear()``; then `viewWillAppear`, `viewDidAppear`,
/// `viewWillDisappear`, `viewDidDisappear` as the controller is shown and hidden. Call
/// `super` when you override them.
open class TableViewController: TableViewDataSource, TableViewDelegate {
  /// The table view this controller feeds.
  public let tableView: TableView
  /// The screen's title.
  open var title: String?
  /// The title and back-button text for the navigation bar.
  public let navigationItem = NavigationItem()
  /// The navigation controller whose stack holds this controller, if any.
  public internal(set) weak var navigationController: NavigationController?
  /// Whether ``viewWillAppear()`` clears the table view's selection. `true` by default.
  public var clearsSelectionOnViewWillAppear = true
  /// Whether ``viewDidLoad()`` has been called.
  public private(set) var isViewLoaded = false

  /// Creates a controller with an empty table view whose data source and delegate it is.
  public init() {
    tableView = TableView()
    tableView.dataSource = self
    tableView.delegate = self
  }

  /// Calls ``viewDidLoad()`` if it has not been called yet.
  public func loadViewIfNeeded() {
    guard !isViewLoaded else { return }
    isViewLoaded = true
    viewDidLoad()
  }

  /// Called once, before the controller first appears.
  open func viewDidLoad() {}

  /// Called before the controller becomes the visible screen. The default deselects the
  /// selected row when ``clearsSelectionOnViewWillAppear`` is set.
  open func viewWillAppear() {
    if clearsSelectionOnViewWillAppear, let selected = tableView.indexPathForSelectedRow {
      tableView.deselectRow(at: selected)
    }
  }

  /// Called after the controller became the visible screen.
  open func viewDidAppear() {}

  /// Called before the controller stops being the visible screen.
  open func viewWillDisappear() {}

  /// Called after the controller stopped being the visible screen.
  open func viewDidDisappear() {}

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
