import FileFormats
import SystemIO

/// Loads a `Settings.bundle` folder, or a single page `.plist` with the pages it opens, as
/// Settings.app shows them, or (`inApp`) the way InAppSettingsKit's `IASKSettingsReader`
/// finds them inside an app.
///
/// - The root page is `Root.plist`, first with the idiom's suffix (``Idiom/pageSuffix``:
///   `Root~iphone.plist`, `Root.plist`; `~ipad` for the pad idiom). In the app, the
///   `.inApp` files come first: `Root~iphone.inApp.plist`, `Root.inApp.plist`,
///   `Root~iphone.plist`, `Root.plist`. Its page name is `Root`.
/// - A child pane's `File` names the page `<File>.plist` (in the app, `<File>.inApp.plist`
///   first), in the same folder, in the same order. `File` is a path relative to the bundle folder
///   (`Licenses/Alamofire` is `Licenses/Alamofire.plist`); an absolute path, or one with an
///   empty, `.` or `..` component, is refused (``refusal(ofFile:)``). Every page reachable from the root is loaded once,
///   breadth-first, also through the child panes of an `IASKListGroupSpecifier`. Child panes
///   that open a view controller of the app (`IASKViewControllerClass`, a storyboard or a
///   segue) are not followed: their `File` is the controller's argument.
/// - A page that cannot be found or read is recorded in ``SettingsSchema/missingPages``; the
///   rest loads. Only a root page that cannot be used stops the load.
/// - A page's strings table is its `StringsTable`; without one, the page's own name (the
///   last component of a `File` in a sub-folder: `Alamofire` for `Licenses/Alamofire`) when a
///   `.strings` file of that name exists in some `.lproj` folder, else `Root`
///   (InAppSettingsKit's rule). `<language>.lproj/<table>.strings` is read for every
///   `.lproj` folder; one that cannot be read is a warning in
///   ``SettingsSchema/loadProblems``.
/// - A page the folder does not have is looked for in the `.lproj` folders, in the fallback
///   chain of the language (``StringsCatalog/languageChain(for:)``), as `NSBundle` finds a
///   resource: a localized page.
enum SettingsBundleLoader {
  /// Loads the bundle folder at `folder`, whose listing may be kept in `listingCache`.
  ///
  /// - Throws: ``SchemaError`` when the folder cannot be listed, has no root page, or
  ///   its root page cannot be read or is not a page.
  static func loadBundle(
    at folder: String, idiom: Idiom = .phone, language: String = "en", lazily: Bool = false,
    inApp: Bool = false, listingCache: FolderListingCache? = nil
  ) throws(SchemaError) -> SettingsSchema {
    let entries: [String]
    do {
      entries = try lprojEntries(in: folder, listingCache: listingCache)
    } catch {
      throw .unreadable(SchemaReason(.cannotReadFolder, .text(folder), .systemReason(error)))
    }
    var loader = PageReader(
      folder: folder, lprojEntries: entries, idiom: idiom, language: language, inApp: inApp)
    guard
      let rootPath = loader.path(ofFirst: pageFileNames(for: "Root", idiom: idiom, inApp: inApp))
    else {
      if !inApp, loader.path(ofFirst: pageFileNames(for: "Root", idiom: idiom, inApp: true)) != nil
      {
        throw .noSettingsAppPage(folder: folder)
      }
      throw .unreadable(SchemaReason(.noRootPage, .text(folder)))
    }
    var schema = try loader.load(rootPath: rootPath, rootName: "Root", bytes: nil, lazily: lazily)
    schema.titlesRootFromPage = false
    schema.appName = AppName.ofBundle(at: folder)
    return schema
  }

  /// Loads the page at `path` as the root of a schema, with the pages it opens from the same
  /// folder and the `.lproj` folders beside it.
  ///
  /// - Parameters:
  ///   - path: The `.plist` file.
  ///   - bytes: Its contents, if already read.
  ///   - idiom: The device, whose suffix the pages it opens are looked for with first.
  ///   - language: The language whose `.lproj` folder holds a page the folder lacks.
  ///   - lazily: Whether the pages it opens are only found, and read when first needed.
  ///   - inApp: Whether the pages it opens are read from their `.inApp.plist` files first.
  ///   - listingCache: Where the listing of a large folder is kept between runs, if anywhere.
  /// - Returns: The schema, with the file's page as its root.
  /// - Throws: ``SchemaError`` when the file cannot be read or is not a page.
  static func loadPage(
    at path: String, bytes: [UInt8]? = nil, idiom: Idiom = .phone, language: String = "en",
    lazily: Bool = false, inApp: Bool = false, listingCache: FolderListingCache? = nil
  ) throws(SchemaError) -> SettingsSchema {
    let folder = FileSystem.parentFolder(of: path)
    let entries = (try? lprojEntries(in: folder, listingCache: listingCache)) ?? []
    var loader = PageReader(
      folder: folder, lprojEntries: entries, idiom: idiom, language: language, inApp: inApp)
    let file = path.split(separator: "/").last.map(String.init) ?? path
    return try loader.load(
      rootPath: path, rootName: pageName(ofFile: file), bytes: bytes, lazily: lazily)
  }

  /// The names in `folder` that end in `.lproj`, through `listingCache` when there is one.
  private static func lprojEntries(in folder: String, listingCache: FolderListingCache?)
    throws(SystemCallError) -> [String]
  {
    guard let listingCache else {
      return try FileSystem.folderEntries(folder, endingWith: ".lproj")
    }
    return try listingCache.names(in: folder, endingWith: ".lproj")
  }

  /// The file names that may hold the page `name` on `idiom`, in the order they are tried:
  /// Settings.app's, or with `inApp` InAppSettingsKit's, which tries the `.inApp` ones first.
  static func pageFileNames(for name: String, idiom: Idiom, inApp: Bool = false) -> [String] {
    let suffix = idiom.pageSuffix
    let plain = ["\(name)\(suffix).plist", "\(name).plist"]
    return inApp ? ["\(name)\(suffix).inApp.plist", "\(name).inApp.plist"] + plain : plain
  }

  /// Why a child pane's `File` names no file of the bundle, or `nil` when it does: a `File`
  /// is a path relative to the bundle folder without `.plist` (`Advanced`,
  /// `Licenses/Alamofire`), whose components are neither empty, `.` nor `..`.
  static func refusal(ofFile file: String) -> SchemaReason? {
    if file.isEmpty { return SchemaReason(.fileEmpty) }
    if file.contains("\0") { return SchemaReason(.fileHasNUL) }
    if file.hasPrefix("/") { return SchemaReason(.fileAbsolute, .text(file)) }
    let components = file.split(separator: "/", omittingEmptySubsequences: false)
    if components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
      return SchemaReason(.fileBadComponent, .text(file))
    }
    return nil
  }

  /// The last component of a page's name, whose strings table it uses by default:
  /// `Licenses/Alamofire` → `Alamofire`.
  static func baseName(ofPage name: String) -> String {
    name.split(separator: "/").last.map(String.init) ?? name
  }

  /// The page name of a file: `Root.inApp.plist`, `Root~iphone.plist` → `Root`.
  static func pageName(ofFile file: String) -> String {
    var name = Substring(file)
    for suffix in [".plist", ".inApp", "~iphone", "~ipad"] where name.hasSuffix(suffix) {
      name = name.dropLast(suffix.count)
    }
    return name.isEmpty ? file : String(name)
  }

  static func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }

  /// A page read from a property list, or why it is not one (``PageDecoder``).
  static func page(
    from value: PropertyListValue, name: String, source: String, problems: inout [LintProblem]
  ) -> Result<SettingsSchema.Page, PageError> {
    guard let dictionary = value.dictionaryValue else {
      return .failure(
        PageError(SchemaReason(.topLevelNotDictionary, .typeOf(value))))
    }
    return PageDecoder.page(dictionary, name: name, source: source, problems: &problems) {
      (_, _) throws(Never) in
    }
  }

  /// A page read from its file, with the problems found in it (entries left out, a
  /// `StringsTable` ignored).
  struct DecodedPage {
    var page: SettingsSchema.Page
    /// Whether the page names its `StringsTable` (a string).
    var namesStringsTable: Bool
    var problems: [LintProblem] = []
  }

  /// The page in the property list `bytes`, or why it is not one. A page of the usual shape
  /// is decoded straight from its XML (``XMLPageDecoder``); a binary property list, or a page
  /// of another shape, through the tree (``decodePageThroughTree(_:name:source:)``), which
  /// words what is wrong with it. Either way the page, the problems and the errors are the
  /// tree's.
  static func decodePage(_ bytes: [UInt8], name: String, source: String) -> Result<
    DecodedPage, PageError
  > {
    var budget = ExpansionBudget()
    return decodePage(bytes, name: name, source: source, budget: &budget)
  }

  /// ``decodePage(_:name:source:)`` as one of the pages of a schema, whose binary property
  /// lists may expand only so much together (`budget`).
  static func decodePage(
    _ bytes: [UInt8], name: String, source: String, budget: inout ExpansionBudget
  ) -> Result<DecodedPage, PageError> {
    do {
      if let page = try XMLPageDecoder.page(bytes, name: name, source: source) {
        return .success(page)
      }
    } catch {
      return .failure(PageError(SchemaReason(.verbatim, .sourceError(error))))
    }
    return decodePageThroughTree(bytes, name: name, source: source, budget: &budget)
  }

  /// ``decodePage(_:name:source:)`` through a tree of the whole file: ``PropertyListReader``,
  /// then ``PageDecoder``.
  static func decodePageThroughTree(
    _ bytes: [UInt8], name: String, source: String, budget: inout ExpansionBudget
  ) -> Result<DecodedPage, PageError> {
    let value: PropertyListValue
    do {
      value = try PropertyListReader.parse(bytes, source: source, budget: &budget)
    } catch {
      return .failure(PageError(SchemaReason(.verbatim, .sourceError(error))))
    }
    var problems: [LintProblem] = []
    switch page(from: value, name: name, source: source, problems: &problems) {
    case .success(let page):
      let namesTable = value.dictionaryValue?[SpecifierKey.stringsTable]?.stringValue != nil
      return .success(DecodedPage(page: page, namesStringsTable: namesTable, problems: problems))
    case .failure(let error):
      return .failure(PageError(SchemaReason(.located, .text(source), .reason(error.reason))))
    }
  }

  /// Why a file is not a page.
  struct PageError: Error {
    var reason: SchemaReason
    init(_ reason: SchemaReason) { self.reason = reason }
    /// Why, in English.
    var message: String { reason.description }
  }

  /// A language folder (`ja.lproj`): its language and path.
  struct LanguageFolder: Sendable, Equatable {
    var language: String
    var path: String
  }

  /// A child page named but not looked for or read yet: the specifiers that open it.
  struct PendingPage: Sendable, Equatable {
    /// The first specifier found to open it: nearly every page has only this one, held
    /// without an array.
    var firstOpenedBy: Referrer
    /// The others, in the order they were found.
    var alsoOpenedBy: [Referrer] = []

    var openedBy: [Referrer] { [firstOpenedBy] + alsoOpenedBy }
  }

  /// A specifier that names a page: the page it is on and its index.
  struct Referrer: Sendable, Equatable {
    var page: String
    var specifierIndex: Int
  }

  /// Why a page named could not be used: the files looked for, and why a file found was no
  /// page (`nil` when none was found).
  struct Failure: Sendable, Equatable {
    var searched: [String]
    var reason: SchemaReason?
  }

  /// What a reader knows of a page that a specifier names, or of the root. Plain numbers,
  /// so that a state is copied, put in and put back without retaining anything.
  enum PageState: Sendable, Equatable {
    /// Found and not looked for or read yet; the specifiers that open it are
    /// ``PageReader/pendingPages`` at `slot`.
    case pending(slot: Int)
    /// Read, and in the schema's pages.
    case read
    /// Not usable, for ``PageReader/failures`` at `slot`.
    case failed(slot: Int)
  }

  /// What noting that a specifier names a page leaves to do.
  enum NextStep {
    /// Nothing: the page is read, or was pending already.
    case nothing
    /// Listing the page among those pending: it was not known.
    case listAsPending
    /// Recording the page as missing for the specifier: it could not be used.
    case recordMissing(Failure)
    /// Reading the page, opened by these specifiers.
    case read(PendingPage)
  }

  /// Reads the pages of one bundle: the root when the schema is loaded, each child page when
  /// it is first needed (``SettingsSchema/loadPage(named:)``), with its `.strings` tables.
  /// A schema keeps it for the pages it has not read yet.
  struct PageReader: Sendable, Equatable {
    let folder: String
    let idiom: Idiom
    /// Whether the `.inApp` page files are read first, as InAppSettingsKit does.
    let inApp: Bool
    /// The language whose `.lproj` folders are searched for a page the bundle folder lacks.
    let language: String
    /// The `.lproj` folders, sorted by name. Their files are looked for by name, as the
    /// pages are: nothing lists every page or table of a bundle.
    let languages: [LanguageFolder]
    /// Every page named so far and the root, by name: pending, read or failed. One map, so
    /// that a page named is looked up once to know what to do with it (a root page of a
    /// thousand child panes names a thousand). The schema's pages of a bundle are the pages
    /// this reader read.
    var states: [String: PageState] = [:]
    /// The specifiers that open each page found, by slot (``PageState/pending(slot:)``), in
    /// the order the pages were found; a page read keeps its slot.
    var pendingPages: [PendingPage] = []
    /// Why each page that failed could not be used, by slot (``PageState/failed(slot:)``).
    var failures: [Failure] = []
    /// The pages pending, in the order they were found.
    var pendingOrder: [String] = []
    /// The root of a schema read lazily, whose references to pages are not noted yet
    /// (``noteReferencesNotNoted(into:)``): the first screen of a root of a thousand child
    /// panes looks none of them up, and the first look-up, or the first page read, notes
    /// them all.
    var pageNotNoted: SettingsSchema.Page?
    /// The strings tables read so far (each in the languages read now, and its other
    /// languages in ``deferredTables``).
    var tablesRead: Set<String> = []
    /// Whether only the tables of the languages ``language`` may read its text from are
    /// read with their page, the others when first needed (a schema read lazily).
    var defersOtherLanguages = false
    /// The folders ``language`` reads its text from (``StringsCatalog/languageChain(for:)``
    /// among the bundle's folders), once asked for.
    var foldersReadNow: Set<String>?
    /// The tables of other languages found and not read yet, in the order they were found.
    var deferredTables: [DeferredTable] = []
    /// The idiom the schema was limited to (``SettingsSchema/limited(to:)``): the pages read
    /// later are limited the same way.
    var idiomShown: Idiom?
    /// What the binary property lists of the pages read so far expand to, which may go only
    /// as far as one file's may: past it, the page that crossed it fails, and a schema read
    /// whole is refused (``budgetFailure``).
    var expansion = ExpansionBudget()
    /// Why the page that crossed ``expansion``'s limit was refused, naming its file.
    var budgetFailure: SchemaReason?

    /// A reader of the bundle at `folder`, whose `.lproj` folders are `lprojEntries` (the
    /// names in `folder` that end in `.lproj`).
    init(folder: String, lprojEntries: [String], idiom: Idiom, language: String, inApp: Bool) {
      self.folder = folder
      self.idiom = idiom
      self.inApp = inApp
      self.language = language
      languages = lprojEntries.filter { $0.hasSuffix(".lproj") && $0.count > ".lproj".count }
        .map {
          LanguageFolder(
            language: String($0.dropLast(".lproj".count)),
            path: SettingsBundleLoader.join(folder, $0))
        }
        .filter { FileSystem.isFolder($0.path) }
    }

    /// The file of the strings table `table` in the language folder at `path`, or `nil` when
    /// it has none: the idiom's (`Root~ipad.strings`) first, as CFBundle applies a device
    /// modifier to every resource, then the plain one.
    func file(of table: String, in path: String) -> String? {
      guard !table.isEmpty, !table.contains("/"), !table.contains("\0") else { return nil }
      for name in [table + idiom.pageSuffix + ".strings", table + ".strings"] {
        let file = SettingsBundleLoader.join(path, name)
        if FileSystem.exists(file) { return file }
      }
      return nil
    }

    /// Whether some language folder has the strings table `table`.
    private func isAvailable(_ table: String) -> Bool {
      languages.contains { file(of: table, in: $0.path) != nil }
    }

    static func == (left: PageReader, right: PageReader) -> Bool {
      left.folder == right.folder && left.idiom == right.idiom && left.inApp == right.inApp
        && left.language == right.language
        && left.pendingOrder == right.pendingOrder && left.states == right.states
        && left.pageNotNoted == right.pageNotNoted
        && left.pendingPages == right.pendingPages && left.failures == right.failures
        && left.tablesRead == right.tablesRead && left.idiomShown == right.idiomShown
        && left.defersOtherLanguages == right.defersOtherLanguages
        && left.deferredTables == right.deferredTables
    }

    /// Whether some page is found and not read yet (or may be, among references not noted
    /// yet).
    var hasPendingPages: Bool { !pendingOrder.isEmpty || pageNotNoted != nil }

    /// Whether a schema needs the reader still: for a page or a strings table not read yet.
    var hasUnreadFiles: Bool { hasPendingPages || !deferredTables.isEmpty }

    /// Whether the page `name` is found and not read yet: pending, or not known and named by
    /// a reference not noted yet (looked for among them, one by one).
    func isPending(_ name: String) -> Bool {
      if let index = states.index(forKey: name) {
        guard case .pending = states.values[index] else { return false }
        return true
      }
      return pageNotNoted?.specifiers.contains { specifier in
        specifier.pageReferences.contains { $0.file == name }
      } ?? false
    }

    /// The path of the first of `names` in the bundle folder; else, as `NSBundle` finds a
    /// resource, in the `.lproj` folder that serves ``language`` best (a localized page).
    func path(ofFirst names: [String]) -> String? {
      if let found = names.first(where: { FileSystem.exists(SettingsBundleLoader.join(folder, $0)) }
      ) {
        return SettingsBundleLoader.join(folder, found)
      }
      let folders = Dictionary(languages.map { ($0.language, $0.path) }) { first, _ in first }
      for language in StringsCatalog.languageChain(for: language, among: folders.keys) {
        guard let path = folders[language] else { continue }
        if let found = names.first(where: { FileSystem.exists(SettingsBundleLoader.join(path, $0)) }
        ) {
          return SettingsBundleLoader.join(path, found)
        }
      }
      return nil
    }

    /// The schema of the root page, with every child page it leads to pending, or read when
    /// `lazily` is `false`.
    mutating func load(rootPath: String, rootName: String, bytes: [UInt8]?, lazily: Bool)
      throws(SchemaError) -> SettingsSchema
    {
      var schema = SettingsSchema(pages: [:], rootPageName: rootName, strings: StringsCatalog())
      defersOtherLanguages = lazily
      switch readPage(at: rootPath, name: rootName, bytes: bytes, into: &schema) {
      case .success(let root):
        states[rootName] = .read
        add(root, to: &schema)
      case .failure(let error): throw .unreadable(error.reason)
      }
      if lazily {
        // The pages the root names are noted when first needed.
        pageNotNoted = schema.pages[rootName]
      } else {
        // Each page is read as it is found, and the pages it names are found in turn,
        // breadth first.
        var queue = [rootName]
        var next = 0
        while next < queue.count {
          if let page = schema.pages[queue[next]] {
            queue += findPages(on: page, into: &schema, reading: true)
          }
          if let budgetFailure { throw .unreadable(budgetFailure) }
          next += 1
        }
      }
      if hasUnreadFiles {
        schema.strings.unreadLanguages = languagesWithUnreadTables(besides: schema.strings)
        schema.pageReader = self
      }
      return schema
    }

    /// The languages with no table in `strings` whose folders hold strings tables all the
    /// same, of pages not read yet. Only such folders are listed, which a bundle with a Root
    /// table in every language never has.
    func languagesWithUnreadTables(besides strings: StringsCatalog) -> Set<String> {
      var found: Set<String> = []
      for table in deferredTables where strings.tables[table.language] == nil {
        found.insert(table.language)
      }
      for folder in languages
      where strings.tables[folder.language] == nil && !found.contains(folder.language) {
        let tables = (try? FileSystem.folderEntries(folder.path, endingWith: ".strings")) ?? []
        if tables.contains(where: { !tablesRead.contains(String($0.dropLast(".strings".count))) }) {
          found.insert(folder.language)
        }
      }
      return found
    }

    /// Notes the pages that ``pageNotNoted`` names, if any: pending from then on.
    mutating func noteReferencesNotNoted(into schema: inout SettingsSchema) {
      guard let page = pageNotNoted else { return }
      pageNotNoted = nil
      findPages(on: page, into: &schema, reading: false)
    }

    /// Reads the pending page found first; `false` when none is pending.
    mutating func readNextPage(into schema: inout SettingsSchema) -> Bool {
      noteReferencesNotNoted(into: &schema)
      guard let name = pendingOrder.first else { return false }
      read(name, into: &schema)
      return true
    }

    /// Reads the pending page `name`: adds it to `schema`, or records it as missing for each
    /// specifier that names it.
    mutating func read(_ name: String, into schema: inout SettingsSchema) {
      noteReferencesNotNoted(into: &schema)
      // One look-up: the state is changed through its index.
      guard let index = states.index(forKey: name), case .pending(let slot) = states.values[index]
      else { return }
      states.values[index] = .read
      removePending(name)
      guard readPending(name, pendingPages[slot], into: &schema), let page = schema.pages[name]
      else { return }
      findPages(on: page, into: &schema, reading: false)
    }

    /// Takes a page off ``pendingOrder``: most often its first (pages are read in the order
    /// they were found, as `find` reads them all), found without comparing every name.
    private mutating func removePending(_ name: String) {
      if pendingOrder.first == name {
        pendingOrder.removeFirst()
      } else if let index = pendingOrder.firstIndex(of: name) {
        pendingOrder.remove(at: index)
      }
    }

    /// Reads a page that was pending and is taken to be read, looking for its file first;
    /// `false` (and the page failed) when there is none or it cannot be used.
    private mutating func readPending(
      _ name: String, _ page: PendingPage, into schema: inout SettingsSchema
    ) -> Bool {
      let refusal = SettingsBundleLoader.refusal(ofFile: name)
      let names =
        refusal == nil
        ? SettingsBundleLoader.pageFileNames(for: name, idiom: idiom, inApp: inApp) : []
      let searched = names.map { SettingsBundleLoader.join(folder, $0) }
      let result: Result<SettingsSchema.Page, PageError>
      if let found = path(ofFirst: names) {
        result = readPage(at: found, name: name, bytes: nil, into: &schema)
      } else {
        result = .failure(PageError(refusal ?? .verbatim("")))
      }
      switch result {
      case .success(let child):
        add(child, to: &schema)
        return true
      case .failure(let error):
        let reason = error.reason == .verbatim("") ? nil : error.reason
        states[name] = .failed(slot: failures.count)
        failures.append(Failure(searched: searched, reason: reason))
        for referrer in page.openedBy {
          schema.missingPages.append(
            MissingPage(
              page: referrer.page, specifierIndex: referrer.specifierIndex, file: name,
              searched: searched, reason: reason))
        }
        return false
      }
    }

    /// Adds a page read, with its strings table and its text.
    private mutating func add(_ page: SettingsSchema.Page, to schema: inout SettingsSchema) {
      var page = page
      if let idiom = idiomShown {
        schema.loadProblems += SettingsSchema.idiomProblems(of: page)
        page.specifiers = page.specifiers.filter { $0.isSupported(on: idiom) }
      }
      schema.pages[page.name] = page
      readStrings(of: page, into: &schema)
    }

    /// Notes the pages that `page` names and the schema does not have: pending, or missing;
    /// with `reading`, each is looked for and read at once. Returns the pages read.
    @discardableResult
    private mutating func findPages(
      on page: SettingsSchema.Page, into schema: inout SettingsSchema, reading: Bool
    ) -> [String] {
      // Room for the pages named here is made at once, counted first: a root page of a
      // thousand child panes would otherwise grow (and rehash) the pages' states ten times.
      var count = 0
      for specifier in page.specifiers { specifier.forEachPageReference { _ in count += 1 } }
      guard count > 0 else { return [] }
      states.reserveCapacity(states.count + count)
      pendingPages.reserveCapacity(pendingPages.count + count)
      pendingOrder.reserveCapacity(pendingOrder.count + count)
      var read: [String] = []
      for specifier in page.specifiers {
        specifier.forEachPageReference { reference in
          let file = reference.file
          let referrer = Referrer(page: page.name, specifierIndex: specifier.index)
          switch note(file, openedBy: referrer, reading: reading) {
          case .nothing:
            break
          case .listAsPending:
            pendingOrder.append(file)
          case .recordMissing(let failure):
            schema.missingPages.append(
              MissingPage(
                page: page.name, specifierIndex: specifier.index, file: file,
                searched: failure.searched, reason: failure.reason))
          case .read(let found):
            removePending(file)
            if readPending(file, found, into: &schema) { read.append(file) }
          }
        }
      }
      return read
    }

    /// Notes that `referrer` names the page `file`: a page not known yet is pending from then
    /// on; with `reading`, a page not read is taken to be read, and is to be read at once.
    private mutating func note(_ file: String, openedBy referrer: Referrer, reading: Bool)
      -> NextStep
    {
      // One look-up for a page named here first, as nearly every one is: its state is put in
      // at once, and the one it had, if any, put back.
      let slot = pendingPages.count
      switch states.updateValue(reading ? .read : .pending(slot: slot), forKey: file) {
      case nil:
        let page = PendingPage(firstOpenedBy: referrer)
        if reading { return .read(page) }
        pendingPages.append(page)
        return .listAsPending
      case .read?:
        if !reading { states[file] = .read }
        return .nothing
      case .failed(let failure)?:
        states[file] = .failed(slot: failure)
        return .recordMissing(failures[failure])
      case .pending(let earlier)?:
        pendingPages[earlier].alsoOpenedBy.append(referrer)
        if reading { return .read(pendingPages[earlier]) }
        states[file] = .pending(slot: earlier)
        return .nothing
      }
    }

    /// Reads and parses one page; the error message names the file. Applies InAppSettingsKit's
    /// default to a page without a `StringsTable`: its own name if a `.strings` file of that
    /// name exists, else `Root`; warns about an explicit table that no `.lproj` folder has.
    private mutating func readPage(
      at path: String, name: String, bytes: [UInt8]?, into schema: inout SettingsSchema
    ) -> Result<SettingsSchema.Page, PageError> {
      let contents: [UInt8]
      if let bytes {
        contents = bytes
      } else {
        do {
          contents = try FileBytes.read(path)
        } catch {
          return .failure(PageError(.fileRead(error)))
        }
      }
      let decoded: DecodedPage
      switch SettingsBundleLoader.decodePage(
        contents, name: name, source: path, budget: &expansion)
      {
      case .success(let found): decoded = found
      case .failure(let error):
        if expansion.isExceeded, budgetFailure == nil { budgetFailure = error.reason }
        return .failure(error)
      }
      schema.loadProblems += decoded.problems
      var page = decoded.page
      guard decoded.namesStringsTable else {
        let base = SettingsBundleLoader.baseName(ofPage: name)
        page.stringsTable = isAvailable(base) ? base : "Root"
        return .success(page)
      }
      let explicit = page.stringsTable
      if !languages.isEmpty, !isAvailable(explicit) {
        schema.loadProblems.append(
          LintProblem(
            severity: .warning, source: page.source, page: name,
            reason: SchemaReason(.stringsTableMissing, .text(explicit)),
            fix: SchemaReason(.addStringsTable, .text(explicit))))
      }
      return .success(page)
    }
  }
}
