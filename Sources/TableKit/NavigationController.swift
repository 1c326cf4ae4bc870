/// A stack of table-view controllers, of which the top one is on screen, like
/// `UINavigationController`.
///
/// ``push(_:)`` and ``popViewController()`` call the lifecycle methods of the controllers
/// that appear and disappear in UIKit's order: the incoming controller's `viewDidLoad` (once),
/// the outgoing `viewWillDisappear`, the incoming `viewWillAppear`, the outgoing
/// `viewDidDisappear`, the incoming `viewDidAppear`.
public final class NavigationController {
  /// The controllers on the stack, root first.
  public private(set) var viewControllers: [TableViewController]
  /// Whether the navigation controller itself is on screen (between ``viewWillAppear()`` and
  /// ``viewWillDisappear()``); lifecycle calls reach the controllers only while it is.
  public private(set) var isVisible = false
  /// A question for the user that the front end has not asked yet.
  public internal(set) var presentedTextInput: TextInputRequest?

  /// Creates a navigation controller whose stack holds one controller.
  public init(rootViewController: TableViewController) {
    viewControllers = [rootViewController]
    rootViewController.navigationController = self
  }

  /// The root controller, at the bottom of the stack.
  public var rootViewController: TableViewController { viewControllers[0] }

  /// The controller on top of the stack: the one on screen.
  public var topViewController: TableViewController {
    viewControllers[viewControllers.count - 1]
  }

  /// The text of the back button on the top screen: the previous controller's
  /// `navigationItem.backButtonTitle`, else its `title`, else "Back". `nil` at the root.
  package var backButtonTitle: String? {
    guard viewControllers.count > 1 else { return nil }
    let previous = viewControllers[viewControllers.count - 2]
    return previous.navigationItem.backButtonTitle ?? previous.title ?? "Back"
  }

  /// The titles of the controllers on the stack, root first, for a breadcrumb.
  package var titles: [String] {
    viewControllers.map { $0.navigationItem.title ?? $0.title ?? "" }
  }

  /// Shows the navigation controller: the top controller loads and appears.
  public func viewWillAppear() {
    guard !isVisible else { return }
    isVisible = true
    topViewController.loadViewIfNeeded()
    topViewController.viewWillAppear()
  }

  /// Completes showing the navigation controller.
  public func viewDidAppear() {
    topViewController.viewDidAppear()
  }

  /// Hides the navigation controller: the top controller disappears.
  public func viewWillDisappear() {
    guard isVisible else { return }
    isVisible = false
    topViewController.viewWillDisappear()
  }

  /// Completes hiding the navigation controller.
  public func viewDidDisappear() {
    topViewController.viewDidDisappear()
  }

  /// Pushes a controller on the stack and makes it the visible screen.
  public func push(_ viewController: TableViewController) {
    precondition(
      viewController.navigationController == nil
        || viewController.navigationController === self
          && !viewControllers.contains { $0 === viewController },
      "a view controller can be on one navigation stack, once")
    let outgoing = topViewController
    viewController.navigationController = self
    viewControllers.append(viewController)
    transition(from: outgoing, to: viewController)
  }

  /// Pops the top controller and returns it; does nothing at the root and returns `nil`.
  @discardableResult
  public func popViewController() -> TableViewController? {
    guard viewControllers.count > 1 else { return nil }
    let outgoing = viewControllers.removeLast()
    transition(from: outgoing, to: topViewController)
    outgoing.navigationController = nil
    return outgoing
  }

  /// Pops every controller above the root and returns them, or `nil` if the root was on top.
  @discardableResult
  public func popToRootViewController() -> [TableViewController]? {
    guard viewControllers.count > 1 else { return nil }
    let popped = Array(viewControllers.dropFirst())
    let outgoing = topViewController
    viewControllers.removeSubrange(1...)
    transition(from: outgoing, to: rootViewController)
    for controller in popped { controller.navigationController = nil }
    return popped
  }

  /// Replaces the whole stack, as UIKit's `setViewControllers(_:animated:)` does: the new top
  /// controller appears and the old one disappears (if they differ).
  public func setViewControllers(_ newControllers: [TableViewController]) {
    guard let newTop = newControllers.last else { return }
    let outgoing = topViewController
    let removed = viewControllers.filter { old in !newControllers.contains { $0 === old } }
    for controller in newControllers { controller.navigationController = self }
    viewControllers = newControllers
    if outgoing !== newTop { transition(from: outgoing, to: newTop) }
    for controller in removed { controller.navigationController = nil }
  }

  private func transition(from outgoing: TableViewController, to incoming: TableViewController) {
    incoming.loadViewIfNeeded()
    guard isVisible else { return }
    outgoing.viewWillDisappear()
    incoming.viewWillAppear()
    outgoing.viewDidDisappear()
    incoming.viewDidAppear()
  }
}
