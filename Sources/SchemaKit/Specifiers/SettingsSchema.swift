/// A settings schema: pages of specifiers, and the translations of their text.
///
/// The shape is that of an iOS `Settings.bundle`: a root page, child pages named by `File`,
/// and strings tables per language.
///
/// Loading does not stop at the first doubtful thing: a child page that is missing, a
/// specifier that is not a dictionary or a `.strings` file that does not parse is recorded in
/// ``missingPages`` and ``loadProblems``, and ``SchemaLinter`` reports them with the rest.
package struct SettingsSchema: Sendable, Equatable {
  /// A page: what `Root.plist` or a child pane's plist holds.
  package struct Page: Sendable, Equatable {
    /// The page's name: its file name without extension (`Root`), or a child's name.
    package var name: String
    /// The page's `Title`, not yet localized.
    package var title: String?
    /// The `StringsTable` for the page's text; the page's name when not given.
    package var stringsTable: String
    /// The specifiers, in order.
    package var specifiers: [Specifier]
    /// Where the page came from, for messages.
    package var source: String

    /// Creates a page.
    ///
    /// - Parameters:
    ///   - name: The page's name.
    ///   - title: Its `Title`, not yet localized.
    ///   - stringsTable: Its `StringsTable`; `nil` for the page's name.
    ///   - specifiers: Its specifiers, in order.
    ///   - source: The file it came from, for messages.
    package init(
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
  package var pages: [String: Page]
  /// The name of the root page.
  package var rootPageName: String
  /// The translations.
  package var strings: StringsCatalog
  /// The title of the root page, as Settings.app titles a bundle's first page: the app's
  /// name (``AppName``, or `--title`). `nil`: the root page's `Title` where the schema is
  /// settei's own (JSON), else the word Settings.
  package var appName: String?
  /// Whether the root page's `Title` may title it: true for a JSON schema; false for a
  /// Settings.bundle, whose `Title` Settings.app never shows.
  package var titlesRootFromPage = true
  /// Pages that specifiers name but that could not be loaded, with the files tried.
  package var missingPages: [MissingPage]
  /// What was wrong but did not stop the schema from loading: a `.strings` file that does
  /// not parse, a specifier that is not a dictionary (left out), a `StringsTable` without
  /// a file. ``SchemaLinter/lint(_:)`` includes them.
  package var loadProblems: [LintProblem]

  /// Creates a schema.
  ///
  /// - Parameters:
  ///   - pages: The pages, by name.
  ///   - rootPageName: The name of the first page.
  ///   - strings: The translations.
  ///   - missingPages: Pages named but not loaded.
  ///   - loadProblems: Problems found while loading.
  package init(
    pages: [String: Page], rootPageName: String, strings: StringsCatalog,
    missingPages: [MissingPage] = [], loadProblems: [LintProblem] = []
  ) {
    self.pages = pages
    self.rootPageName = rootPageName
    self.strings = strings
    self.missingPages = missingPages
    self.loadProblems = loadProblems
  }

  /// The child pages of a bundle loaded lazily that are not read yet, and how to read them.
  var pageReader: SettingsBundleLoader.PageReader? {
    didSet { hasPageReader = pageReader != nil }
  }
  /// Whether ``pageReader`` is set, asked without copying it.
  private(set) var hasPageReader = false

  /// The root page.
  package var rootPage: Page? { pages[rootPageName] }

  /// Whether the schema has the page `name`: read, or found and not read yet.
  package func hasPage(named name: String) -> Bool {
    // A bundle read lazily has most of its pages pending at first: one look-up for each.
    pageReader?.isPending(name) == true || pages.index(forKey: name) != nil
  }

  /// ``hasPage(named:)`` of a schema that a class holds, looked at where it is stored. A
  /// method called on a class's stored schema first copies all of it (a retain and a release
  /// of each part, about 900 instructions), which a screen of child panes paid for every
  /// row; `inout` only reaches it in place, and nothing is changed.
  /// The pages a lazily read root names are noted first, so that the look-up is one.
  package static func hasPage(named name: String, in schema: inout SettingsSchema) -> Bool {
    schema.noteReferencesNotNoted()
    return schema.hasPage(named: name)
  }

  /// ``hasPage(named:namedBy:on:)`` of a schema that a class holds, looked at in place (see
  /// ``hasPage(named:in:)``): what the row of a child pane asks.
  package static func hasPage(
    named name: String, namedBy index: Int, on page: String, in schema: inout SettingsSchema
  ) -> Bool {
    schema.hasPage(named: name, namedBy: index, on: page)
  }

  /// ``hasPage(named:)`` of the page `name` that specifier `index` of page `page` names, as
  /// lint and a child pane's row ask it. A bundle read lazily answers without a look-up: its
  /// loader noted every page a page names as it read the page (the root's, when first
  /// needed), so the named page is there (read or pending) unless ``missingPages`` records
  /// it (scanned while it holds a few; else looked up).
  func hasPage(named name: String, namedBy index: Int, on page: String) -> Bool {
    guard hasPageReader, missingPages.count <= 16 else { return hasPage(named: name) }
    return !missingPages.contains {
      $0.specifierIndex == index && $0.page == page && $0.file == name
    }
  }

  /// The pages found and not read yet, in the order they were found (a bundle loaded with
  /// `lazily`: ``SchemaLoader/load(path:idiom:language:lazily:)``).
  package var unreadPages: [String] {
    guard pageReader?.pageNotNoted != nil else { return pageReader?.pendingOrder ?? [] }
    var noted = self
    noted.noteReferencesNotNoted()
    return noted.pageReader?.pendingOrder ?? []
  }

  /// Whether some page is found and not read yet, asked without noting the pages a lazily
  /// read root names.
  package var hasUnreadPages: Bool { pageReader?.hasPendingPages ?? false }

  /// Notes the pages that the root of a bundle read lazily names, if not done yet: they are
  /// pending from then on, each looked up once.
  mutating func noteReferencesNotNoted() {
    guard pageReader?.pageNotNoted != nil, var reader = pageReader else { return }
    pageReader = nil
    reader.noteReferencesNotNoted(into: &self)
    keep(reader)
  }

  /// The page `name`, read first when it was not read yet, with its `.strings` tables, and
  /// the pages it names found. `nil` when the schema has no such page, or when its file
  /// cannot be used: then ``missingPages`` says why, for every specifier that names it, and
  /// ``loadProblems`` holds what else reading it found.
  package mutating func loadPage(named name: String) -> Page? {
    if let page = pages[name] { return page }
    guard var reader = pageReader, reader.isPending(name) else { return nil }
    pageReader = nil
    reader.read(name, into: &self)
    keep(reader)
    return pages[name]
  }

  /// Whether strings tables of languages other than the one the schema was read in are
  /// found and not read yet (a bundle read lazily: only the tables its language reads are
  /// read with a page).
  package var hasDeferredStrings: Bool { pageReader?.deferredTables.isEmpty == false }

  /// Reads the strings tables of every language that a lazy read left for later, and with
  /// each page read from then on: what a change of language, `find` over every language, or
  /// a choice named by its title in any language needs.
  package mutating func readDeferredStrings() {
    // Once every language is read with its page, none is left for later.
    guard pageReader?.defersOtherLanguages == true, var reader = pageReader else { return }
    pageReader = nil
    reader.readDeferredTables(into: &self)
    keep(reader)
  }

  /// ``readDeferredStrings()`` unless the schema was read in `language`, whose tables are
  /// all read: what showing the schema in `language` needs.
  package mutating func readStrings(of language: String) {
    guard let readIn = pageReader?.language, readIn != language else { return }
    readDeferredStrings()
  }

  /// Keeps the reader that just read pages or tables while it has any left to read.
  private mutating func keep(_ reader: SettingsBundleLoader.PageReader) {
    pageReader = reader.hasUnreadFiles ? reader : nil
    strings.unreadLanguages =
      pageReader == nil ? [] : strings.unreadLanguages.subtracting(strings.tables.keys)
  }

  /// Reads every page not read yet, and the pages they lead to, breadth first: the schema
  /// then is what an eager load gives.
  ///
  /// - Parameter shouldStop: Asked before each page: when it says yes (Ctrl-C), reading
  ///   stops there, and the pages not read yet stay to be read by a later call.
  /// - Returns: Whether every page is read.
  @discardableResult
  package mutating func loadAllPages(stoppingWhen shouldStop: () -> Bool = { false }) -> Bool {
    guard var reader = pageReader else { return true }
    pageReader = nil
    while reader.hasPendingPages {
      if shouldStop() {
        pageReader = reader
        return false
      }
      guard reader.readNextPage(into: &self) else { break }
    }
    reader.readDeferredTables(into: &self)
    strings.unreadLanguages = []
    return true
  }

  /// Every specifier with a key, on every page, in page order from the root.
  package var keyedSpecifiers: [(page: Page, specifier: Specifier)] {
    reachablePages().flatMap { visit in
      visit.page.specifiers.filter { $0.key != nil }.map { (visit.page, $0) }
    }
  }

  /// A page reached by ``reachablePages(includingItemPages:)``, with the child panes that
  /// lead to it from the root.
  ///
  /// A visit holds only where it came from (the visit before it on the way, and the pane
  /// followed there), in a trail that the visits of one walk share, so that a walk of pages
  /// that lead one to the next takes memory in proportion to the pages, not to the square
  /// of their depth; ``panes`` and ``pagePath`` are made when asked.
  package struct PageVisit {
    /// The page.
    package let page: Page
    /// The walk's visits: where each came from.
    fileprivate let trail: Trail
    /// This visit's place in ``trail``.
    fileprivate let number: Int

    /// How many child panes lead from the root to this page (0 for the root).
    package var depth: Int { Int(trail.steps[number].depth) }

    /// The panes followed from the root, outermost first: the page each is on, and the pane.
    package var panes: [(page: Page, specifier: Specifier)] { lastPanes(depth) }

    /// The last `count` (at most) of ``panes``, outermost first, found without walking the
    /// rest of the way back to the root.
    package func lastPanes(_ count: Int) -> [(page: Page, specifier: Specifier)] {
      var found: [(page: Page, specifier: Specifier)] = []
      found.reserveCapacity(min(count, depth))
      var step = trail.steps[number]
      while found.count < count, step.previous >= 0 {
        let previous = trail.pages[Int(step.previous)]
        found.append((previous, previous.specifiers[Int(step.pane)]))
        step = trail.steps[Int(step.previous)]
      }
      return found.reversed()
    }

    /// The names of the pages from the root to this one, both included.
    package var pagePath: [String] { panes.map(\.page.name) + [page.name] }
  }

  /// Where the visits of one walk came from, shared by them.
  fileprivate final class Trail {
    /// For each visit: the visit it was reached from (-1 for the root), the position of
    /// the pane on that visit's page, and its depth.
    var steps: [(previous: Int32, pane: Int32, depth: Int32)] = []
    /// The page of each visit.
    var pages: [Page] = []
  }

  /// The pages reachable from the root page, breadth first, each once: the one walk of the
  /// page graph, which the index, the model and lint share.
  ///
  /// The rule of which panes lead where is ``Specifier/pageReferences``: a child pane leads
  /// to the page of its `File` unless it opens a view controller of the app. With
  /// `includingItemPages`, the pages a list group opens for its items are followed too.
  package func reachablePages(includingItemPages: Bool = false) -> [PageVisit] {
    guard let root = pages[rootPageName] else { return [] }
    let trail = Trail()
    trail.steps = [(-1, -1, 0)]
    trail.pages = [root]
    var seen: Set<String> = [rootPageName]
    var next = 0
    while next < trail.pages.count {
      let page = trail.pages[next]
      let depth = trail.steps[next].depth
      for (position, specifier) in page.specifiers.enumerated() {
        for reference in specifier.pageReferences
        where includingItemPages || reference.nestedIn == nil {
          guard let child = pages[reference.file], seen.insert(reference.file).inserted else {
            continue
          }
          trail.steps.append((Int32(next), Int32(position), depth + 1))
          trail.pages.append(child)
        }
      }
      next += 1
    }
    return trail.pages.indices.map { PageVisit(page: trail.pages[$0], trail: trail, number: $0) }
  }
}

/// A page that a specifier names but that could not be loaded.
package struct MissingPage: Equatable, Sendable {
  /// The page whose specifier names it.
  package var page: String
  /// That specifier's index in `PreferenceSpecifiers`.
  package var specifierIndex: Int
  /// The name given in `File`.
  package var file: String
  /// The files looked for, in order.
  package var searched: [String]
  /// Why a file that was found could not be used (it does not parse, or it is not a page);
  /// `nil` when none of ``searched`` exists.
  package var reason: SchemaReason?

  /// Creates a record of a missing page.
  ///
  /// - Parameters:
  ///   - page: The page whose specifier names it.
  ///   - specifierIndex: That specifier's index.
  ///   - file: The name given in `File`.
  ///   - searched: The files looked for.
  ///   - reason: Why a file found could not be used, if one was found.
  package init(
    page: String, specifierIndex: Int, file: String, searched: [String],
    reason: SchemaReason? = nil
  ) {
    self.page = page
    self.specifierIndex = specifierIndex
    self.file = file
    self.searched = searched
    self.reason = reason
  }
}
