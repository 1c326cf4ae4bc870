import FileFormats
import SystemIO

/// Loads a `Settings.bundle` folder, or a single page `.plist` with the pages it opens, the
/// way InAppSettingsKit's `IASKSettingsReader` finds them.
///
/// - The root page is `Root.inApp.plist` if present, else `Root.plist` (each first with the
///   idiom's suffix, ``Idiom/pageSuffix``: `Root~iphone.inApp.plist`, `Root.inApp.plist`,
///   `Root~iphone.plist`, `Root.plist`; `~ipad` for the pad idiom). Its page name is `Root`.
/// - A child pane's `File` names the page `<File>.inApp.plist`, else `<File>.plist`, in the
///   same folder, in the same order. Every page reachable from the root is loaded once,
///   breadth-first, also through the child panes of an `IASKListGroupSpecifier`. Child panes
///   that open a view controller of the app (`IASKViewControllerClass`, a storyboard or a
///   segue) are not followed: their `File` is the controller's argument.
/// - A page that cannot be found or read is recorded in ``SettingsSchema/missingPages``; the
///   rest loads. Only a root page that cannot be used stops the load.
/// - A page's strings table is its `StringsTable`; without one, the page's own name when a
///   `.strings` file of that name exists in some `.lproj` folder, else `Root`
///   (InAppSettingsKit's rule). `<language>.lproj/<table>.strings` is read for every
///   `.lproj` folder; one that cannot be read is a warning in
///   ``SettingsSchema/loadProblems``.
/// - A page the folder does not have is looked for in the `.lproj` folders, in the fallback
///   chain of the language (``StringsCatalog/languageChain(for:)``), as `NSBundle` finds a
///   resource: a localized page.
enum SettingsBundleLoader {
  /// Loads the bundle folder at `folder`.
  ///
  /// - Throws: ``SchemaError`` when the folder cannot be listed, has no root page, or
  ///   its root page cannot be read or is not a page.
  static func loadBundle(at folder: String, idiom: Idiom = .phone, language: String = "en")
    throws(SchemaError) -> SettingsSchema
  {
    let entries: [String]
    do {
      entries = try FileSystem.folderEntries(folder)
    } catch {
      throw .unreadable("\(folder): cannot read the folder: \(error.reason)")
    }
    var loader = Loader(folder: folder, entries: entries, idiom: idiom, language: language)
    guard let rootPath = loader.path(ofFirst: pageFileNames(for: "Root", idiom: idiom)) else {
      throw .unreadable(
        "\(folder): no Root.plist or Root.inApp.plist in this folder; a Settings.bundle "
          + "keeps its first page in Root.plist. Give a Settings.bundle folder, a .plist page "
          + "or a .json schema")
    }
    return try loader.load(rootPath: rootPath, rootName: "Root", bytes: nil)
  }

  /// Loads the page at `path` as the root of a schema, with the pages it opens from the same
  /// folder and the `.lproj` folders beside it.
  ///
  /// - Parameters:
  ///   - path: The `.plist` file.
  ///   - bytes: Its contents, if already read.
  ///   - idiom: The device, whose suffix the pages it opens are looked for with first.
  ///   - language: The language whose `.lproj` folder holds a page the folder lacks.
  /// - Returns: The schema, with the file's page as its root.
  /// - Throws: ``SchemaError`` when the file cannot be read or is not a page.
  static func loadPage(
    at path: String, bytes: [UInt8]? = nil, idiom: Idiom = .phone, language: String = "en"
  ) throws(SchemaError) -> SettingsSchema {
    let folder = FileSystem.parentFolder(of: path)
    let entries = (try? FileSystem.folderEntries(folder)) ?? []
    var loader = Loader(folder: folder, entries: entries, idiom: idiom, language: language)
    let file = path.split(separator: "/").last.map(String.init) ?? path
    return try loader.load(rootPath: path, rootName: pageName(ofFile: file), bytes: bytes)
  }

  /// The file names that may hold the page `name` on `idiom`, in the order they are tried.
  static func pageFileNames(for name: String, idiom: Idiom) -> [String] {
    let suffix = idiom.pageSuffix
    return [
      "\(name)\(suffix).inApp.plist", "\(name).inApp.plist", "\(name)\(suffix).plist",
      "\(name).plist",
    ]
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
        PageError(
          "expected a dictionary with PreferenceSpecifiers at the top level, found "
            + article(value.typeName)))
    }
    return PageDecoder.page(dictionary, name: name, source: source, problems: &problems) {
      (_, _) throws(Never) in
    }
  }

  /// `"an array"`, `"a string"`, `"an integer"`.
  static func article(_ typeName: String) -> String {
    (typeName.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + typeName
  }

  /// Why a file is not a page.
  struct PageError: Error {
    var message: String
    init(_ message: String) { self.message = message }
  }

  /// The state of one load.
  private struct Loader {
    let folder: String
    let idiom: Idiom
    /// The language whose `.lproj` folders are searched for a page the bundle folder lacks.
    let language: String
    let present: Set<String>
    /// The `.lproj` folders, sorted, with the `.strings` tables each holds.
    let languages: [(language: String, folder: String, tables: Set<String>)]
    /// The files of each `.lproj` folder, by its language.
    let localizedFiles: [String: (folder: String, files: Set<String>)]
    var pages: [String: SettingsSchema.Page] = [:]
    var missing: [MissingPage] = []
    var problems: [LintProblem] = []
    /// Pages in the order they were loaded, for stable messages.
    var order: [String] = []
    /// Explicit `StringsTable`s, by page, before defaults are applied.
    var explicitTables: [String: String] = [:]

    init(folder: String, entries: [String], idiom: Idiom, language: String) {
      self.folder = folder
      self.idiom = idiom
      self.language = language
      present = Set(entries)
      var languages: [(String, String, Set<String>)] = []
      var localizedFiles: [String: (String, Set<String>)] = [:]
      for entry in entries where entry.hasSuffix(".lproj") && entry.count > ".lproj".count {
        let path = SettingsBundleLoader.join(folder, entry)
        guard FileSystem.isFolder(path) else { continue }
        let files = (try? FileSystem.folderEntries(path)) ?? []
        let tables = files.filter { $0.hasSuffix(".strings") && $0.count > ".strings".count }
          .map { String($0.dropLast(".strings".count)) }
        languages.append((String(entry.dropLast(".lproj".count)), path, Set(tables)))
        localizedFiles[String(entry.dropLast(".lproj".count))] = (path, Set(files))
      }
      self.languages = languages
      self.localizedFiles = localizedFiles
    }

    /// The path of the first of `names` in the bundle folder; else, as `NSBundle` finds a
    /// resource, in the `.lproj` folder that serves ``language`` best (a localized page).
    func path(ofFirst names: [String]) -> String? {
      if let found = names.first(where: present.contains) {
        return SettingsBundleLoader.join(folder, found)
      }
      for language in StringsCatalog.languageChain(for: language, among: localizedFiles.keys) {
        guard let (path, files) = localizedFiles[language] else { continue }
        if let found = names.first(where: files.contains) {
          return SettingsBundleLoader.join(path, found)
        }
      }
      return nil
    }

    mutating func load(rootPath: String, rootName: String, bytes: [UInt8]?)
      throws(SchemaError) -> SettingsSchema
    {
      let root: SettingsSchema.Page
      switch readPage(at: rootPath, name: rootName, bytes: bytes) {
      case .success(let page): root = page
      case .failure(let error): throw .unreadable(error.message)
      }
      add(root)
      var queue = [rootName]
      var next = 0
      while next < queue.count {
        let name = queue[next]
        next += 1
        guard let page = pages[name] else { continue }
        for specifier in page.specifiers {
          for reference in specifier.pageReferences where pages[reference.file] == nil {
            if loadChild(reference.file, from: page, index: specifier.index) {
              queue.append(reference.file)
            }
          }
        }
      }
      resolveStringsTables()
      let strings = readStrings()
      return SettingsSchema(
        pages: pages, rootPageName: rootName, strings: strings, missingPages: missing,
        loadProblems: problems)
    }

    private mutating func add(_ page: SettingsSchema.Page) {
      pages[page.name] = page
      order.append(page.name)
    }

    /// Loads the page `file` named by a specifier; `false` if it is missing.
    private mutating func loadChild(_ file: String, from page: SettingsSchema.Page, index: Int)
      -> Bool
    {
      let invalid = file.isEmpty || file.contains("/") || file.contains("\0")
      let names = invalid ? [] : SettingsBundleLoader.pageFileNames(for: file, idiom: idiom)
      let searched = names.map { SettingsBundleLoader.join(folder, $0) }
      guard let found = path(ofFirst: names) else {
        missing.append(
          MissingPage(
            page: page.name, specifierIndex: index, file: file, searched: searched,
            reason: invalid ? "File must be a page name, without '/' or a file extension" : nil))
        return false
      }
      switch readPage(at: found, name: file, bytes: nil) {
      case .success(let child):
        add(child)
        return true
      case .failure(let error):
        missing.append(
          MissingPage(
            page: page.name, specifierIndex: index, file: file, searched: searched,
            reason: error.message))
        return false
      }
    }

    /// Reads and parses one page; the error message names the file.
    private mutating func readPage(at path: String, name: String, bytes: [UInt8]?)
      -> Result<SettingsSchema.Page, PageError>
    {
      let contents: [UInt8]
      if let bytes {
        contents = bytes
      } else {
        do {
          contents = try FileBytes.read(path)
        } catch {
          return .failure(PageError(error.description))
        }
      }
      let value: PropertyListValue
      do {
        value = try PropertyListReader.parse(contents, source: path)
      } catch {
        return .failure(PageError(error.description))
      }
      var found: [LintProblem] = []
      let result = SettingsBundleLoader.page(
        from: value, name: name, source: path, problems: &found)
      switch result {
      case .success(let page):
        problems += found
        if let dictionary = value.dictionaryValue, dictionary["StringsTable"]?.stringValue != nil {
          explicitTables[name] = page.stringsTable
        }
        return .success(page)
      case .failure(let error):
        return .failure(PageError("\(path): \(error.message)"))
      }
    }

    /// Applies InAppSettingsKit's default to pages without a `StringsTable`: their own name
    /// if a `.strings` file of that name exists, else `Root`. Warns about explicit tables
    /// that no `.lproj` folder has.
    private mutating func resolveStringsTables() {
      let available = languages.reduce(into: Set<String>()) { $0.formUnion($1.tables) }
      for name in order {
        guard var page = pages[name] else { continue }
        if let explicit = explicitTables[name] {
          if !languages.isEmpty, !available.contains(explicit) {
            problems.append(
              LintProblem(
                severity: .warning, source: page.source, page: name,
                message:
                  "StringsTable is '\(explicit)' but no .lproj folder has \(explicit).strings; "
                  + "the page's text is shown as written",
                fix: "add <language>.lproj/\(explicit).strings, or correct StringsTable"))
          }
          continue
        }
        page.stringsTable = available.contains(name) ? name : "Root"
        pages[name] = page
      }
    }

    /// Reads `<language>.lproj/<table>.strings` for every table a page uses.
    private mutating func readStrings() -> StringsCatalog {
      var firstPage: [String: String] = [:]
      for name in order {
        if let table = pages[name]?.stringsTable, firstPage[table] == nil {
          firstPage[table] = name
        }
      }
      var catalog = StringsCatalog()
      for (language, path, tables) in languages {
        for table in firstPage.keys.sorted() where tables.contains(table) {
          let file = SettingsBundleLoader.join(path, table + ".strings")
          let page = firstPage[table] ?? ""
          do {
            let bytes = try FileBytes.read(file)
            catalog.tables[language, default: [:]][table] = try StringsFileParser.parse(
              bytes, source: file)
          } catch let error as SourceError {
            problems.append(
              LintProblem(
                severity: .warning, source: file, page: page,
                message:
                  "\(error.message); the \(language) translations of this table are not used",
                fix: "correct the file: each entry is \"key\" = \"text\"; in UTF-8, or in UTF-16 "
                  + "with a byte-order mark",
                line: error.line, column: error.column))
          } catch {
            problems.append(
              LintProblem(
                severity: .warning, source: file, page: page,
                message: "\(error); the \(language) translations of this table are not used",
                fix: "make the file readable"))
          }
        }
      }
      return catalog
    }
  }
}
