import SchemaKit
import SettingsKit
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
    func show(_ page: SettingsSchema.Page, path: [String]) {
      let tableView = navigationController.topViewController.tableView
      let screen = Screen(
        of: navigationController, page: 0, pageSize: max(1, tableView.totalNumberOfRows))
      text += "## " + TerminalText.sanitize(path.joined(separator: " / ")) + "\n\n"
      text += renderer.render(screen) + "\n"
      // Child panes in the order of their rows; each page once, where it is first reached.
      for specifier in page.specifiers where specifier.kind == .childPane {
        guard let file = specifier.file, let child = schema.pages[file],
          seen.insert(file).inserted
        else { continue }
        navigationController.pushViewController(
          SettingsPageViewController(page: child, model: model, pane: (specifier, page)),
          animated: false)
        show(child, path: path + [file])
        navigationController.popViewController(animated: false)
      }
    }
    show(root, path: [root.name])
    return text
  }

  /// The languages of `--lang all`: those the schema has strings for, else English.
  static func allLanguages(of schema: SettingsSchema) -> [String] {
    let languages = schema.strings.languages.filter { $0 != "Base" }
    return languages.isEmpty ? ["en"] : languages
  }
}
