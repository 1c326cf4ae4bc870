/// A screen that shows a table view it does not answer for itself, like a `UIViewController`
/// with a `tableView` outlet.
///
/// A subclass sets up its table view, usually in ``viewDidLoad()``: it may replace
/// ``tableView`` with a new ``TableView``, registers its cells, and sets the table view's
/// `dataSource` and `delegate` (often to itself, adopting ``TableViewDataSource`` and
/// ``TableViewDelegate``). A ``NavigationController`` shows it as it shows a
/// ``TableViewController``, which is the subclass that is its own data source and delegate.
///
/// Lifecycle methods are called in UIKit's order: ``viewDidLoad()`` once, before the first
/// ``viewWillAppear(_:)``; then `viewWillAppear`, `viewDidAppear`, `viewWillDisappear`,
/// `viewDidDisappear` as the controller is shown and hidden. Nothing animates in a terminal,
/// so `animated` is whatever the caller passed and means nothing more. Call `super` when you
/// override them.
///
/// A storyboard's segues become ``registerSegue(withIdentifier:destination:)`` calls:
/// ``performSegue(withIdentifier:sender:)`` then makes the destination, calls
/// ``prepare(for:sender:)`` and pushes it, as a storyboard's show segue does.
open class ViewController {
  /// The table view the screen shows.
  ///
  /// UIKit's outlet is `UITableView!`, filled by a storyboard after the controller is made.
  /// Here every controller starts with an empty table view, which a screen may replace with
  /// one it makes; code written for the implicitly unwrapped outlet (`tableView.reloadData()`,
  /// `tableView = TableView()`) reads the same, and there is no `nil` to stop on.
  public var tableView = TableView()
  /// The screen's title.
  open var title: String?
  /// The title, back-button text and left bar button for the navigation bar.
  public let navigationItem = NavigationItem()
  /// The navigation controller whose stack holds this controller, if any.
  public internal(set) weak var navigationController: NavigationController?
  /// Whether ``viewDidLoad()`` has been called.
  public private(set) var isViewLoaded = false
  /// What ``registerSegue(withIdentifier:destination:)`` registered, by identifier.
  private var segueDestinations: [String: () -> ViewController] = [:]

  /// Creates a controller with an empty table view.
  public init() {}

  /// Calls ``viewDidLoad()`` if it has not been called yet.
  public func loadViewIfNeeded() {
    guard !isViewLoaded else { return }
    isViewLoaded = true
    viewDidLoad()
  }

  /// Called once, before the controller first appears: set up the table view here.
  open func viewDidLoad() {}

  /// Called before the controller becomes the visible screen.
  open func viewWillAppear(_ animated: Bool) {}

  /// Called after the controller became the visible screen.
  open func viewDidAppear(_ animated: Bool) {}

  /// Called before the controller stops being the visible screen.
  open func viewWillDisappear(_ animated: Bool) {}

  /// Called after the controller stopped being the visible screen.
  open func viewDidDisappear(_ animated: Bool) {}

  // MARK: Segues

  /// Declares a segue, as a storyboard would: `destination` makes the controller that
  /// ``performSegue(withIdentifier:sender:)`` shows. Registering an identifier again
  /// replaces its destination.
  public func registerSegue(
    withIdentifier identifier: String, destination: @escaping () -> ViewController
  ) {
    segueDestinations[identifier] = destination
  }

  /// Performs a registered segue: makes its destination, calls ``prepare(for:sender:)`` with
  /// a ``StoryboardSegue`` whose `identifier`, `source` and `destination` are set, then
  /// pushes the destination on the navigation controller (a show segue). Without a
  /// navigation controller nothing is shown, after `prepare`.
  ///
  /// As in UIKit, the identifier must have been registered; performing one that was not is a
  /// programming error and stops the program with a message that names it.
  open func performSegue(withIdentifier identifier: String, sender: Any?) {
    guard let makeDestination = segueDestinations[identifier] else {
      preconditionFailure(
        "\(Self.self) has no segue with the identifier '\(identifier)':"
          + " call registerSegue(withIdentifier:destination:) first")
    }
    let segue = StoryboardSegue(
      identifier: identifier, source: self, destination: makeDestination())
    prepare(for: segue, sender: sender)
    segue.perform()
  }

  /// Called before a segue shows its destination: hand the destination what it needs. The
  /// default does nothing.
  open func prepare(for segue: StoryboardSegue, sender: Any?) {}

  // MARK: UIKit's spellings only

  /// Renamed ``viewWillAppear(_:)``, as UIKit spells it.
  @available(*, unavailable, renamed: "viewWillAppear(_:)")
  open func viewWillAppear() {}

  /// Renamed ``viewDidAppear(_:)``, as UIKit spells it.
  @available(*, unavailable, renamed: "viewDidAppear(_:)")
  open func viewDidAppear() {}

  /// Renamed ``viewWillDisappear(_:)``, as UIKit spells it.
  @available(*, unavailable, renamed: "viewWillDisappear(_:)")
  open func viewWillDisappear() {}

  /// Renamed ``viewDidDisappear(_:)``, as UIKit spells it.
  @available(*, unavailable, renamed: "viewDidDisappear(_:)")
  open func viewDidDisappear() {}
}

/// A transition from one controller to another, as UIKit's `UIStoryboardSegue`: what
/// ``ViewController/prepare(for:sender:)`` receives.
open class StoryboardSegue {
  /// The identifier the segue was registered and performed with.
  public let identifier: String?
  /// The controller the segue starts from.
  public let source: ViewController
  /// The controller the segue shows.
  public let destination: ViewController

  /// Creates a segue between two controllers.
  public init(identifier: String?, source: ViewController, destination: ViewController) {
    self.identifier = identifier
    self.source = source
    self.destination = destination
  }

  /// Shows the destination: pushes it on the source's navigation controller.
  open func perform() {
    source.navigationController?.pushViewController(destination, animated: true)
  }
}
