/// A settings schema: pages of specifiers, and the translations of their text.
///
/// The shape is that of an iOS `Settings.bundle`: a root page, child pages named by `File`,
/// and strings tables per language.
public struct SettingsSchema: Sendable {
  /// A page: what `Root.plist` or a child pane's plist holds.
  public struct Page: Sendable, Equatable {
    /// The page's name: its file name without extension (`Root`), or a child's name.
    public var name: String
    /// The page's `Title`, not yet localized.
    public var title: String?
    /// The `StringsTable` for the page's text; the page's name when not given.
    public var stringsTable: String
    /// The specifiers, in order.
    public var specifiers: [Specifier]
    /// Where the page came from, for messages.
    public var source: String

    public init(
      name: String, title: String?, stringsTable: String?, specifiers: [Specifier],
      source: String
    ) {
      self.name = name
      self.title = title
      self.stringsTable = stringsTable ?? name
      self.specifiers = specifiers
      self.source = source
    }
  }

  /// The pages, by name.
  public var pages: [String: Page]
  /// The name of the root page.
  public var rootPageName: String
  /// The translations.
  public var strings: StringsCatalog

  public init(pages: [String: Page], rootPageName: String, strings: StringsCatalog) {
    self.pages = pages
    self.rootPageName = rootPageName
    self.strings = strings
  }

  /// The root page.
  public var rootPage: Page? { pages[rootPageName] }

  /// Every specifier with a key, on every page, in page order from the root.
  public var keyedSpecifiers: [(page: Page, specifier: Specifier)] {
    var result: [(Page, Specifier)] = []
    var seen: Set<String> = []
    var queue = [rootPageName]
    while let name = queue.first {
      queue.removeFirst()
      guard seen.insert(name).inserted, let page = pages[name] else { continue }
      for specifier in page.specifiers {
        if specifier.key != nil { result.append((page, specifier)) }
        if specifier.kind == .childPane, let file = specifier.file { queue.append(file) }
      }
    }
    return result
  }
}
