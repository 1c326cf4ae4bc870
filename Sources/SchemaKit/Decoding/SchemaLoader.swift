import SystemIO

/// Finds and reads a schema from a path given on the command line.
package enum SchemaLoader {
  /// The schema at a path; the embedded default when `path` is `nil`.
  ///
  /// - A folder is read as a `Settings.bundle` (see ``SettingsBundleLoader``): its
  ///   `Root.plist` (with `inApp`, `Root.inApp.plist` first), the pages it opens and the
  ///   `.lproj` strings.
  /// - A `.plist` file is the root page, with the pages it opens from its folder and the
  ///   `.lproj` folders beside it.
  /// - A `.json` file is settei's JSON schema (``JSONSchemaReader``).
  /// - Any other file is read as a property list if it looks like one (`bplist`, `<`), else
  ///   as JSON.
  ///
  /// A child page that is missing or broken does not stop the load: it is recorded in
  /// ``SettingsSchema/missingPages`` and ``SchemaLinter`` reports it.
  ///
  /// With `lazily`, a bundle's child pages are found (a `File` that names no file is missing
  /// at once) but not read: ``SettingsSchema/loadPage(named:)`` reads one, with its `.strings`
  /// tables, when it is first needed, and ``SettingsSchema/loadAllPages()`` reads the rest. A
  /// child page that cannot be used is recorded when it is read.
  ///
  /// - Parameters:
  ///   - path: The path given with `--schema`, or `nil`.
  ///   - idiom: The device shown: it chooses `~ipad`/`~iphone` page files, and the
  ///     specifiers whose `SupportedUserInterfaceIdioms` leave it out are left out.
  ///   - language: The language whose `.lproj` folder holds a page the bundle folder lacks.
  ///   - lazily: Whether a bundle's child pages are read only when first needed.
  ///   - inApp: Whether a bundle's pages are read as InAppSettingsKit shows them inside an
  ///     app (`Root.inApp.plist` before `Root.plist`, each page's `.inApp` file first), not
  ///     as Settings.app does.
  ///   - listingCache: Where the listing of a large bundle folder is kept between runs
  ///     (``SystemIO/FolderListingCache``), or `nil` to list it every time.
  /// - Returns: The schema.
  /// - Throws: ``SchemaError`` naming the file, the line and column where known, and
  ///   what was expected.
  package static func load(
    path: String?, idiom: Idiom = .phone, language: String = "en", lazily: Bool = false,
    inApp: Bool = false, listingCache: FolderListingCache? = nil
  ) throws(SchemaError) -> SettingsSchema {
    var schema = try loadAll(
      path: path, idiom: idiom, language: language, lazily: lazily, inApp: inApp,
      listingCache: listingCache)
    schema.loadProblems += schema.idiomProblems()
    return schema.limited(to: idiom)
  }

  /// ``load(path:idiom:language:)`` without leaving any specifier out.
  private static func loadAll(
    path: String?, idiom: Idiom, language: String, lazily: Bool, inApp: Bool,
    listingCache: FolderListingCache?
  ) throws(SchemaError) -> SettingsSchema {
    guard let path else {
      return try EmbeddedSchema.load()
    }
    if FileSystem.isFolder(path) {
      return try SettingsBundleLoader.loadBundle(
        at: path, idiom: idiom, language: language, lazily: lazily, inApp: inApp,
        listingCache: listingCache)
    }
    let bytes: [UInt8]
    do {
      // The schema named on the command line may be a pipe: `--schema <(cat schema.json)`.
      bytes = try FileBytes.read(path, acceptsPipes: true)
    } catch {
      throw .unreadable(.fileRead(error))
    }
    let lowercased = path.lowercased()
    let isPropertyList =
      lowercased.hasSuffix(".plist")
      || (!lowercased.hasSuffix(".json") && looksLikePropertyList(bytes))
    if isPropertyList {
      return try SettingsBundleLoader.loadPage(
        at: path, bytes: bytes, idiom: idiom, language: language, lazily: lazily, inApp: inApp,
        listingCache: listingCache)
    }
    return try JSONSchemaReader.read(bytes, source: path)
  }

  /// A text that changes when the files a schema is read from change: the size and change
  /// times of a JSON file, or of every file of a bundle's folder (a `.plist` page's folder)
  /// and its `.lproj` folders and sub-folders, with the idiom, language and page set
  /// (`inApp`) that choose among them. It costs
  /// a `stat` per file (in the sorted order `FileSystem.folderEntries` lists them) and reads
  /// none, so that what was learned of a schema (the REPL's known keys) serves while the
  /// schema stays the same.
  package static func fingerprint(
    path: String?, idiom: Idiom, language: String, inApp: Bool = false
  ) -> String {
    // Lines added one by one (`joined(separator:)` costs 150,000 instructions of run-time
    // type look-ups the first time, and this runs at every start on a terminal).
    var text = "\(idiom.rawValue) \(language)" + (inApp ? " in-app" : "")
    guard let path else {
      // Compiled in: it changes only with the program (the hash of its JSON text, computed
      // when the schema was compiled, not by reading the text at each start).
      return text + "\nembedded \(EmbeddedSchema.jsonHash)"
    }
    func stamp(_ file: String) {
      text += "\n" + file + " " + (FileSystem.changeStamp(file) ?? "none")
    }
    stamp(path)
    let isFolder = FileSystem.isFolder(path)
    guard isFolder || !path.lowercased().hasSuffix(".json") else { return text }
    let folder = isFolder ? path : FileSystem.parentFolder(of: path)
    for entry in (try? FileSystem.folderEntries(folder)) ?? [] {
      let file = SettingsBundleLoader.join(folder, entry)
      stamp(file)
      // The `.lproj` folders, and the sub-folders that hold pages (`Licenses/Alamofire`),
      // told from files by a name without an extension.
      guard entry.hasSuffix(".lproj") || (!entry.contains(".") && FileSystem.isFolder(file))
      else { continue }
      for inner in (try? FileSystem.folderEntries(file)) ?? [] {
        stamp(SettingsBundleLoader.join(file, inner))
      }
    }
    return text
  }

  /// Whether the bundle at `path` (a folder, or the folder of a `.plist` page) has pages that
  /// only InAppSettingsKit reads, `.inApp.plist` files: then what an app shows differs from
  /// what Settings.app shows.
  package static func hasInAppPages(path: String?) -> Bool {
    guard let path, !path.lowercased().hasSuffix(".json") else { return false }
    let folder = FileSystem.isFolder(path) ? path : FileSystem.parentFolder(of: path)
    let entries = (try? FileSystem.folderEntries(folder)) ?? []
    return entries.contains { $0.hasSuffix(".inApp.plist") }
  }

  /// Whether `bytes` start like a property list: `bplist`, or `<` after a byte-order mark
  /// and white space.
  static func looksLikePropertyList(_ bytes: [UInt8]) -> Bool {
    if bytes.starts(with: Array("bplist".utf8)) { return true }
    var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
    return start < bytes.count && bytes[start] == UInt8(ascii: "<")
  }

  /// The default store's file name for a schema path: `MyApp.bundle` → `MyApp.json`.
  package static func storeFileName(for schemaPath: String) -> String {
    var name = schemaPath.split(separator: "/").last.map(String.init) ?? "settings"
    for suffix in [".bundle", ".json", ".plist"] where name.hasSuffix(suffix) {
      name = String(name.dropLast(suffix.count))
    }
    let safe = name.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }
    return (safe.isEmpty || safe.hasPrefix(".") ? "settings" : safe) + ".json"
  }
}
