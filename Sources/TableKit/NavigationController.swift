/// A stack of view controllers, of which the top one is on screen, like
/// `UINavigationController`.
///
/// ``pushViewController(_:animated:)`` and ``popViewController(animated:)`` call the
/// lifecycle methods of the controllers that appear and disappear in UIKit's order: the
/// incoming controller's `viewDidLoad` (once), the outgoing `viewWillDisappear`, the incoming
/// `viewWillAppear`, the outgoing `viewDidDisappear`, the incoming `viewDidAppear`. Nothing
/// animates in a terminal: `animated` is passed on to those calls and means nothing more.
public final class NavigationController {
  /// The controllers on the stack, root first.
  @exclusivity(unchecked) private var stack: [ViewController]
  /// Whether the navigation controller itself is on screen (between ``viewWillAppear(_:)``
  /// and ``viewWillDisappear(_:)``); lifecycle calls reach the controllers only while it is.
  public private(set) var isVisible = false
  /// A question for the user that the front end has not asked yet.
  public internal(set) var presentedTextInput: TextInputRequest?

  /// Creates a navigation controller whose stack holds one controller.
  public init(rootViewController: ViewController) {
    stack = [rootViewController]
    rootViewController.navigationController = self
  }

  /// The controllers on the stack, root first. Read it to reach the screens below the top
  /// one (`viewControllers[viewControllers.count - 2]` is the screen `back` returns to);
  /// setting it is ``setViewControllers(_:animated:)`` without animation.
  public var viewControllers: [ViewController] {
    get { stack }
    set { setViewControllers(newValue, animated: false) }
  }

  /// The root controller, at the bottom of the stack.
  public var rootViewController: ViewController { stack[0] }

  /// The controller on top of the stack: the one on screen.
  public var topViewController: ViewController {
    stack[stack.count - 1]
  }

  /// The table view of ``topViewController``, read where the stack holds the controller: a
  /// front end asks for it several times a command, and handing the controller out retains
  /// it, which costs more once a table view refers to it weakly (as its data source).
  package var topTableView: TableView {
    stack[stack.count - 1].tableView
  }

  /// The text of the back button on the top screen: the title of the top controller's
  /// `navigationItem.leftBarButtonItem` when it has one; else the previous controller's
  /// `navigationItem.backButtonTitle`, else its `title`, else "Back". `nil` at the root
  /// without a left bar button item.
  package var backButtonTitle: String? {
    if let item = topViewController.navigationItem.leftBarButtonItem {
      return item.title ?? item.primaryAction?.title ?? "Back"
    }
    guard stack.count > 1 else { return nil }
    let previous = stack[stack.count - 2]
    return previous.navigationItem.backButtonTitle ?? previous.title ?? "Back"
  }

  /// The most titles ``titles`` gives: a breadcrumb is cut at the left to fit a terminal
  /// anyway, and a stack thousands of screens deep must not cost thousands of titles per
  /// screen.
  package static let titleLimit = 32

  /// The titles of the controllers on the stack, root first, for a breadcrumb; a stack
  /// deeper than ``titleLimit`` gives `…` and the titles of the top ones.
  package var titles: [String] {
    let shown = stack.suffix(Self.titleLimit - (stack.count > Self.titleLimit ? 1 : 0))
    return (shown.count < stack.count ? ["…"] : [])
      + shown.map { $0.navigationItem.title ?? $0.title ?? "" }
  }

  /// Shows the navigation controller: the top controller loads and appears.
  public func viewWillAppear(_ animated: Bool) {
    guard !isVisible else { return }
    isVisible = true
    topViewController.loadViewIfNeeded()
    topViewController.viewWillAppear(animated)
  }

  /// Completes showing the navigation controller.
  public func viewDidAppear(_ animated: Bool) {
    topViewController.viewDidAppear(animated)
  }

  /// Hides the navigation controller: the top controller disappears.
  public func viewWillDisappear(_ animated: Bool) {
    guard isVisible else { return }
    isVisible = false
    topViewController.viewWillDisappear(animated)
  }

  /// Completes hiding the navigation controller.
  public func viewDidDisappear(_ animated: Bool) {
    topViewController.viewDidDisappear(animated)
  }

  /// Pushes a controller on the stack and makes it the visible screen.
  public func pushViewController(_ viewController: ViewController, animated: Bool) {
    precondition(
      viewController.navigationController == nil
        || viewController.navigationController === self
          && !stack.contains { $0 === viewController },
      "a view controller can be on one navigation stack, once")
    let outgoing = topViewController
    viewController.navigationController = self
    stack.append(viewController)
    transition(from: outgoing, to: viewController, animated: animated)
  }

  /// Pops the top controller and returns it; does nothing at the root and returns `nil`.
  @discardableResult
  public func popViewController(animated: Bool) -> ViewController? {
    guard stack.count > 1 else { return nil }
    let outgoing = stack.removeLast()
    transition(from: outgoing, to: topViewController, animated: animated)
    outgoing.navigationController = nil
    return outgoing
  }

  /// Pops every controller above the root and returns them, or `nil` if the root was on top.
  @discardableResult
  public func popToRootViewController(animated: Bool) -> [ViewController]? {
    guard stack.count > 1 else { return nil }
    let popped = Array(stack.dropFirst())
    let outgoing = topViewController
    stack.removeSubrange(1...)
    transition(from: outgoing, to: rootViewController, animated: animated)
    for controller in popped { controller.navigationController = nil }
    return popped
  }

  /// Replaces the whole stack, as UIKit's `setViewControllers(_:animated:)` does: the new top
  /// controller appears and the old one disappears (if they differ). An empty list is
  /// ignored: a navigation controller always has a root.
  public func setViewControllers(_ newControllers: [ViewController], animated: Bool) {
    guard let newTop = newControllers.last else { return }
    let outgoing = topViewController
    let removed = stack.filter { old in !newControllers.contains { $0 === old } }
    for controller in newControllers { controller.navigationController = self }
    stack = newControllers
    if outgoing !== newTop { transition(from: outgoing, to: newTop, animated: animated) }
    for controller in removed { controller.navigationController = nil }
  }

  private func transition(
    from outgoing: ViewController, to incoming: ViewController, animated: Bool
  ) {
    incoming.loadViewIfNeeded()
    guard isVisible else { return }
    outgoing.viewWillDisappear(animated)
    incoming.viewWillAppear(animated)
    outgoing.viewDidDisappear(animated)
    incoming.viewDidAppear(animated)
  }

  // MARK: Earlier spellings

  /// Shows the navigation controller; the earlier spelling of ``viewWillAppear(_:)``.
  @available(*, deprecated, renamed: "viewWillAppear(_:)")
  public func viewWillAppear() { viewWillAppear(false) }

  /// Completes showing; the earlier spelling of ``viewDidAppear(_:)``.
  @available(*, deprecated, renamed: "viewDidAppear(_:)")
  public func viewDidAppear() { viewDidAppear(false) }

  /// Hides the navigation controller; the earlier spelling of ``viewWillDisappear(_:)``.
  @available(*, deprecated, renamed: "viewWillDisappear(_:)")
  public func viewWillDisappear() { viewWillDisappear(false) }

  /// Completes hiding; the earlier spelling of ``viewDidDisappear(_:)``.
  @available(*, deprecated, renamed: "viewDidDisappear(_:)")
  public func viewDidDisappear() { viewDidDisappear(false) }

  /// Pushes a controller; the earlier spelling of ``pushViewController(_:animated:)``.
  @available(*, deprecated, renamed: "pushViewController(_:animated:)")
  public func push(_ viewController: ViewController) {
    pushViewController(viewController, animated: false)
  }

  /// Pops the top controller; the earlier spelling of ``popViewController(animated:)``.
  @available(*, deprecated, renamed: "popViewController(animated:)")
  @discardableResult
  public func popViewController() -> ViewController? {
    popViewController(animated: false)
  }

  /// Pops to the root; the earlier spelling of ``popToRootViewController(animated:)``.
  @available(*, deprecated, renamed: "popToRootViewController(animated:)")
  @discardableResult
  public func popToRootViewController() -> [ViewController]? {
    popToRootViewController(animated: false)
  }

  /// Replaces the stack; the earlier spelling of ``setViewControllers(_:animated:)``.
  @available(*, deprecated, renamed: "setViewControllers(_:animated:)")
  public func setViewControllers(_ newControllers: [ViewController]) {
    setViewControllers(newControllers, animated: false)
  }
}
