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

  /// Why the row of `entry` cannot be seen now, if it cannot: the first row on its way that
  /// is hidden (a child pane leading to its page, or its own row), with that row's title.
  public static func hiding(of entry: SettingsIndex.Entry, model: SettingsModel) -> (
    hiding: SettingsModel.Hiding, title: String
  )? {
    var steps = entry.panes.map { (page: $0.page, specifier: $0.specifier) }
    steps.append((entry.page, entry.specifier))
    for step in steps {
      guard let hiding = model.hiding(of: step.specifier, on: step.page) else { continue }
      let title = step.specifier.title.map { model.localized($0, on: step.page) }
      return (hiding, title ?? step.specifier.key ?? step.specifier.file ?? "")
    }
    return nil
  }

  /// Reaches `entry` as ``reveal(_:choice:in:model:returningTo:)`` does when its row is
  /// shown. When it is hidden, the row of the setting that shows it is reached instead
  /// (following settings hidden themselves to one that is shown; a row the host's keys hide
  /// reaches nothing), and the message says why.
  ///
  /// - Returns: The number (from 0) of the row reached, if any, and when the setting's row is
  ///   hidden, what to tell the user.
  @discardableResult
  public static func reach(
    _ entry: SettingsIndex.Entry, choice: PropertyListValue? = nil, index: SettingsIndex,
    in navigationController: NavigationController, model: SettingsModel,
    returningTo stack: (title: String?, controllers: [ViewController])? = nil
  ) -> (row: Int?, hiddenMessage: String?) {
    guard let (hiding, title) = hiding(of: entry, model: model) else {
      let row = reveal(
        entry, choice: choice, in: navigationController, model: model, returningTo: stack)
      return (row, nil)
    }
    let messages = model.messages
    // The setting that shows the row may be hidden too: its own, until one is shown.
    var reasons = [model.reason(for: hiding)]
    var current = hiding
    var followed: Set<String> = []
    while let key = current.controllingKey, followed.insert(key).inserted,
      let controller = index.byKey[key]
    {
      if let next = Self.hiding(of: controller, model: model) {
        reasons.append(messages.text(.alsoHidden, next.title, model.reason(for: next.hiding)))
        current = next.hiding
        continue
      }
      guard
        let row = reveal(controller, in: navigationController, model: model, returningTo: stack)
      else { break }
      let controllerTitle = index.breadcrumb(of: controller, model: model).last ?? key
      let message = messages.text(
        .goHiddenRow, title, reasons.joined(separator: "; "), controllerTitle, String(row + 1))
      return (row, message)
    }
    // Hidden by the host's keys: nothing on a screen shows it.
    return (nil, messages.text(.goHiddenNoControl, title, reasons.joined(separator: "; ")))
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
