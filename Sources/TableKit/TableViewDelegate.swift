/// The object that reacts to what the user does with a table view's rows.
///
/// Every method is optional.
public protocol TableViewDelegate: AnyObject {
  /// Called before a row is selected. Return the index path to select instead, or `nil` to
  /// refuse the selection.
  func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
  /// Called after a row was selected.
  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)
  /// Called after a row was deselected.
  func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath)
  /// Called when the info button of a `.detailButton` or `.detailDisclosureButton` row is
  /// tapped.
  func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath)
}

extension TableViewDelegate {
  /// Selects the row asked for.
  public func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath)
    -> IndexPath?
  { indexPath }
  /// Does nothing.
  public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
  /// Does nothing.
  public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
  /// Does nothing.
  public func tableView(
    _ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath
  ) {}
}
