/// What a view controller shows in the navigation bar: its title, the text of the back
/// button that leads to it from the next screen, and a button that replaces its own back
/// button.
public final class NavigationItem {
  /// The title in the navigation bar; when `nil`, the controller's `title` is used.
  public var title: String?
  /// The title of the back button that the *next* controller shows to return here.
  public var backButtonTitle: String?
  /// A line shown above the title, such as an instruction.
  public var prompt: String?
  /// A button shown instead of the back button, as UIKit's `leftBarButtonItem`: a front end
  /// shows its title where the back button would be, and going back runs its action instead
  /// of popping. The action usually pops itself, after handing a value back.
  public var leftBarButtonItem: BarButtonItem?

  /// Creates an empty navigation item.
  public init() {}
}

/// A button of the navigation bar, as UIKit's `UIBarButtonItem(title:primaryAction:)`.
public final class BarButtonItem {
  /// The button's text.
  public var title: String?
  /// What the button does, or `nil` for nothing.
  public var primaryAction: Action?

  /// Creates a button with a title and an action.
  public init(title: String? = nil, primaryAction: Action? = nil) {
    self.title = title
    self.primaryAction = primaryAction
  }
}

/// What a button does, as UIKit's `UIAction`: `Action { _ in … }`.
public final class Action {
  /// The action's title, if it has one.
  public var title: String
  /// The closure run when the action is performed; it receives the action.
  public let handler: (Action) -> Void

  /// Creates an action that runs `handler`.
  public init(title: String = "", handler: @escaping (Action) -> Void) {
    self.title = title
    self.handler = handler
  }

  /// Runs the handler, as tapping the button does.
  public func perform() {
    handler(self)
  }
}
