import FileFormats
import SettingsKit
import TableKit

/// The one way to reach a setting's row. `go`, a search result and a key completion (which
/// runs `go`) all show the pages on the setting's path with
/// ``reveal(_:choice:in:model:returningTo:)``, which scrolls the last of them to the setting's row and selects it, so that a front end
/// shows the page that holds the row and marks it, as iOS's search and menuconfig's `/`
/// jump do.
public enum SettingPath {
  /// The screens that show an entry's page: the root, then each child page on the way.
  public static func controllers(
    to entry: SettingsIndex.Entry, model: SettingsModel
  ) -> [SettingsPageViewController] {
    var controllers: [SettingsPageViewController] = []
    if let root = model.schema.rootPage {
      controllers.append(SettingsPageViewController(page: root, model: model))
    }
    // Each is made by walking the entry's chain of visits: once each, not once a page.
    let panes = entry.panes
    let pagePath = entry.pagePath
    for (index, pane) in panes.enumerated() {
      let pageName = pagePath[index + 1]
      guard let child = model.page(named: pageName) else { break }
      controllers.append(
        SettingsPageViewController(
          page: child, model: model, pane: (pane.specifier, pane.page)))
    }
    return controllers
  }

  /// Shows the page that holds `entry` in `navigationController`, scrolled to the setting's
  /// row and with that row selected; with a `choice` of a multi-value setting, its list of
  /// choices, scrolled to that choice.
  ///
  /// - Parameters:
  ///   - entry: The setting.
  ///   - choice: One of the setting's values, to open its list of choices at.
  ///   - navigationController: Where to show it: its stack becomes the setting's path.
  ///   - model: The settings.
  ///   - stack: Where `back` returns from the setting's screen (a search's results, with
  ///     their title), instead of the page before it.
  /// - Returns: The number (from 0) of the row reached on the screen shown, if it shows one.
  @discardableResult
  public static func reveal(
    _ entry: SettingsIndex.Entry, choice: PropertyListValue? = nil,
    in navigationController: NavigationController, model: SettingsModel,
    returningTo stack: (title: String?, controllers: [ViewController])? = nil
  ) -> Int? {
    let pages = controllers(to: entry, model: model)
    var path: [ViewController] = pages
    var list: MultiValueViewController?
    if choice != nil, entry.specifier.kind == .multiValue {
      let choices = MultiValueViewController(
        specifier: entry.specifier, page: entry.page, model: model)
      path.append(choices)
      list = choices
    }
    guard let target = path.last else { return nil }
    if let stack {
      target.navigationItem.leftBarButtonItem = BarButtonItem(
        title: stack.title,
        primaryAction: Action { [weak navigationController] _ in
          navigationController?.setViewControllers(stack.controllers, animated: true)
        })
    }
    navigationController.setViewControllers(path, animated: true)
    // After the screens appeared: a list opens on its ✓ as it appears, and a page clears
    // its selection; the row reached comes last.
    let rowNumber: Int?
    if let list, let choice {
      rowNumber = list.row(ofChoice: choice)
    } else {
      rowNumber = pages.last?.rowNumber(of: entry.specifier)
    }
    if let rowNumber, let indexPath = target.tableView.indexPath(forRowNumber: rowNumber) {
      target.tableView.scrollToRow(at: indexPath, at: .middle, animated: false)
      target.tableView.selectRow(at: indexPath)
    }
    return rowNumber
  }
}
