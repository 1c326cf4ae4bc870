/// What a view controller shows in the navigation bar: its title and the text of the back
/// button that leads to it from the next screen.
public final class NavigationItem {
  /// The title in the navigation bar; when `nil`, the controller's `title` is used.
  public var title: String?
  /// The title of the back button that the *next* controller shows to return here.
  public var backButtonTitle: String?
  /// A line shown above the title, such as an instruction.
  public var prompt: String?

  /// Creates an empty navigation item.
  public init() {}
}
