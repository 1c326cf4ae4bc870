import SchemaKit
import SettingsKit
import SettingsScreens
import TableKit
import TableREPL

/// `settei render`: every page of a schema as the plain text the REPL shows (no colour, a
/// fixed width, all rows on one screen), depth-first from the root with the path of each
/// page, for one language. Stable: the same schema gives the same bytes.
enum BundleRenderer {
  /// The text of every page in `language`, with rows no wider than `width`.
  static func render(
    _ schema: SettingsSchema, language: String, width: Int,
    specifierErrors: [String: [Int: String]] = [:]
  ) -> String {
    guard let root = schema.rootPage else { return "" }
    let model = SettingsModel(schema: schema, storedValues: [:], language: language)
    model.specifierErrors = specifierErrors
    let renderer = Renderer(width: width, usesColor: false)
    let navigationController = NavigationController(
      rootViewController: SettingsPageViewController(page: root, model: model))
    // On screen, as the REPL puts it at its start: pushes then load and show each page.
    navigationController.viewWillAppear(false)
    navigationController.viewDidAppear(false)
    var text = ""
    var seen: Set<String> = [root.name]
    // The pages on the way down, each with the position of its next specifier: a stack of
    // its own, not nested calls, so that any depth of pages fits.
    var way: [(page: SettingsSchema.Page, next: Int)] = []
    func show(_ page: SettingsSchema.Page) {
      way.append((page, 0))
      let tableView = navigationController.topViewController.tableView
      let screen = Screen(
        of: navigationController, page: 0, pageSize: max(1, tableView.totalNumberOfRows))
      text += "## " + TerminalText.sanitize(path(of: way.lazy.map(\.page.name))) + "\n\n"
      text += renderer.render(screen) + "\n"
    }
    show(root)
    // Child panes in the order of their rows; each page once, where it is first reached.
    while let (page, position) = way.last {
      guard position < page.specifiers.count else {
        way.removeLast()
        if !way.isEmpty { navigationController.popViewController(animated: false) }
        continue
      }
      way[way.count - 1].next = position + 1
      let specifier = page.specifiers[position]
      if specifierErrors[page.name]?[specifier.index] == nil,
        let screen = screen(of: specifier, on: page, model: model)
      {
        // A screen a row opens (a multi value's choices, a list group's new item), shown
        // under its page as the REPL pushes it, then left.
        navigationController.pushViewController(screen.controller, animated: false)
        let names = way.lazy.map(\.page.name)
        let tableView = navigationController.topViewController.tableView
        let shown = Screen(
          of: navigationController, page: 0, pageSize: max(1, tableView.totalNumberOfRows))
        text += "## " + TerminalText.sanitize(path(of: names) + " [" + screen.name + "]") + "\n\n"
        text += renderer.render(shown) + "\n"
        navigationController.popViewController(animated: false)
      }
      guard specifier.kind == .childPane, let file = specifier.file,
        let child = schema.pages[file], seen.insert(file).inserted
      else { continue }
      navigationController.pushViewController(
        SettingsPageViewController(page: child, model: model, pane: (specifier, page)),
        animated: false)
      show(child)
    }
    return text
  }

  /// The screen that selecting a specifier's row opens, other than a child pane's page, with
  /// its name for the heading: a multi value's list of choices, named by its key; `nil` for
  /// a row that opens none.
  static func screen(
    of specifier: Specifier, on page: SettingsSchema.Page, model: SettingsModel
  ) -> (name: String, controller: ViewController)? {
    guard specifier.kind == .multiValue, let key = specifier.key else { return nil }
    return (key, MultiValueViewController(specifier: specifier, page: page, model: model))
  }

  /// The most page names a heading's path shows: a deeper one gives the root's, `…`, and the
  /// last ones, so that the text grows with the pages, not with the square of their depth.
  static let pathLimit = 16

  /// The heading's path of the pages `names`, root first: `Root / Advanced / Fonts`.
  static func path(of names: some RandomAccessCollection<String>) -> String {
    guard names.count > pathLimit, let root = names.first else {
      return names.joined(separator: " / ")
    }
    return ([root, "…"] + names.suffix(pathLimit - 2)).joined(separator: " / ")
  }

  /// The languages of `--lang all`: those the schema has strings for, else English.
  static func allLanguages(of schema: SettingsSchema) -> [String] {
    let languages = schema.strings.languages.filter { $0 != "Base" }
    return languages.isEmpty ? ["en"] : languages
  }
}
