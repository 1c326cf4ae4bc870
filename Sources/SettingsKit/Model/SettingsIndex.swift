import SchemaKit

/// Every setting of a schema with where it lives: the pages from the root to it, and their
/// titles. The index behind `go`, `find`, `get`, `set`, `list` and completion.
public struct SettingsIndex {
  /// A child pane followed on the way to a page: the page it is on, and the pane.
  public typealias Pane = (page: SettingsSchema.Page, specifier: Specifier)

  /// One specifier and the way to it.
  public struct Entry {
    /// The specifier.
    public var specifier: Specifier
    /// The page that holds it.
    public var page: SettingsSchema.Page
    /// The pages from the root to (and including) the page that holds it, by name.
    public var pagePath: [String]
    /// The child-pane specifiers followed from the root, one per page after the root.
    public var panes: [Pane]

    /// The setting's key, if it stores a value.
    public var key: String? { specifier.key }
  }

  /// Every specifier reachable from the root, in page order (breadth-first by page).
  public let entries: [Entry]
  /// Entries by key (the first one, when a key appears twice).
  public let byKey: [String: Entry]

  /// Indexes a schema.
  public init(schema: SettingsSchema) {
    var entries: [Entry] = []
    for visit in schema.reachablePages() {
      let path = visit.pagePath
      for specifier in visit.page.specifiers {
        entries.append(
          Entry(specifier: specifier, page: visit.page, pagePath: path, panes: visit.panes))
      }
    }
    self.entries = entries
    var byKey: [String: Entry] = [:]
    for entry in entries {
      if let key = entry.key, byKey[key] == nil, entry.specifier.kind != .group {
        byKey[key] = entry
      }
    }
    self.byKey = byKey
  }

  /// The keys of settings that store a value, sorted.
  public var keys: [String] {
    byKey.keys.sorted()
  }

  /// The titles from the root page to the row of an entry, in a model's language.
  public func breadcrumb(of entry: Entry, model: SettingsModel) -> [String] {
    var titles: [String] = []
    if model.schema.rootPage != nil {
      titles.append(model.rootPageTitle)
    }
    for pane in entry.panes {
      let title = pane.specifier.title.map { model.localized($0, on: pane.page) }
      titles.append(title ?? pane.specifier.file ?? "")
    }
    titles.append(
      entry.specifier.title.map { model.localized($0, on: entry.page) } ?? entry.key ?? "")
    return titles
  }

  /// The screens to show an entry's page: the root, then each child page on the way.
  public func controllers(toPageOf entry: Entry, model: SettingsModel)
    -> [SettingsPageViewController]
  {
    var controllers: [SettingsPageViewController] = []
    if let root = model.schema.rootPage {
      controllers.append(SettingsPageViewController(page: root, model: model))
    }
    for (index, pane) in entry.panes.enumerated() {
      let pageName = entry.pagePath[index + 1]
      guard let child = model.schema.pages[pageName] else { break }
      controllers.append(
        SettingsPageViewController(
          page: child, model: model, pane: (pane.specifier, pane.page)))
    }
    return controllers
  }
}

extension SettingsIndex {
  /// What to say of a key no setting has: the keys that contain it, else `otherwise`.
  ///
  /// - Parameters:
  ///   - key: The key as typed.
  ///   - otherwise: Where to find the keys, said when none is close.
  /// - Returns: "No setting has the key 'x'. Did you mean …?"
  public func unknownKeyMessage(_ key: String, otherwise: String) -> String {
    let close = keys.filter { $0.lowercased().contains(key.lowercased()) }.prefix(5)
    let hint = close.isEmpty ? otherwise : "Did you mean \(close.joined(separator: ", "))?"
    return "No setting has the key '\(key)'. \(hint)"
  }
}
