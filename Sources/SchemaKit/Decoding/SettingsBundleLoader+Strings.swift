import FileFormats
import SystemIO

extension SettingsBundleLoader {
  /// A strings table found in a language folder and not read yet: one of a language the
  /// session does not read its text from (``PageReader/defersOtherLanguages``).
  struct DeferredTable: Sendable, Equatable {
    /// The folder's language (`ja` for `ja.lproj`).
    var language: String
    /// The table's name (`Root`).
    var table: String
    /// The file that holds it.
    var file: String
    /// The page that first used the table, which a warning about the file names.
    var page: String
  }
}

extension SettingsBundleLoader.PageReader {
  /// Reads `<language>.lproj/<table>.strings` of a page's table, in every language, the
  /// first time a page uses the table. A schema read lazily reads now only the folders its
  /// language reads text from; the others wait in ``deferredTables`` for what needs every
  /// language (``SettingsSchema/readDeferredStrings()``): a bundle in twenty languages opens
  /// reading one.
  mutating func readStrings(of page: SettingsSchema.Page, into schema: inout SettingsSchema) {
    let table = page.stringsTable
    guard tablesRead.insert(table).inserted else { return }
    for folder in languages {
      guard let file = file(of: table, in: folder.path) else { continue }
      if defersOtherLanguages, !readsNow(folder.language) {
        deferredTables.append(
          SettingsBundleLoader.DeferredTable(
            language: folder.language, table: table, file: file, page: page.name))
        continue
      }
      read(table, of: folder.language, from: file, page: page.name, into: &schema)
    }
  }

  /// Reads every table ``readStrings(of:into:)`` left for later, and from then on every
  /// language's table with its page.
  mutating func readDeferredTables(into schema: inout SettingsSchema) {
    defersOtherLanguages = false
    let waiting = deferredTables
    deferredTables = []
    for table in waiting {
      read(table.table, of: table.language, from: table.file, page: table.page, into: &schema)
    }
  }

  /// Whether the folder of `folderLanguage` is one that ``language`` reads its text from.
  private mutating func readsNow(_ folderLanguage: String) -> Bool {
    if let foldersReadNow { return foldersReadNow.contains(folderLanguage) }
    let chain = Set(
      StringsCatalog.languageChain(for: language, among: languages.map(\.language)))
    foldersReadNow = chain
    return chain.contains(folderLanguage)
  }

  /// Reads the table `table` of `language` from `file` into the schema's strings; a file that
  /// cannot be read or parsed leaves an empty table and a warning naming the file.
  private func read(
    _ table: String, of language: String, from file: String, page: String,
    into schema: inout SettingsSchema
  ) {
    do {
      let bytes = try FileBytes.read(file)
      schema.strings.tables[language, default: [:]][table] = try StringsFileParser.parse(
        bytes, source: file)
    } catch let error as SourceError {
      // The file is there: NSBundle shows this table's text as written, without looking
      // in another folder; the language stays one of the schema's.
      schema.strings.tables[language, default: [:]][table] = [:]
      schema.strings.unreadable[language, default: [:]][table] = SchemaReason(
        .verbatim, .sourceError(error))
      schema.loadProblems.append(
        LintProblem(
          severity: .warning, source: file, page: page,
          reason: SchemaReason(.translationsNotUsed, .format(error.reason), .text(language)),
          fix: SchemaReason(.correctStringsFile),
          line: error.line, column: error.column))
    } catch {
      schema.strings.tables[language, default: [:]][table] = [:]
      let why =
        (error as? FileBytes.ReadError).map(SchemaReason.fileRead) ?? .verbatim("\(error)")
      schema.strings.unreadable[language, default: [:]][table] = why
      schema.loadProblems.append(
        LintProblem(
          severity: .warning, source: file, page: page,
          reason: SchemaReason(.translationsNotUsed, .reason(why), .text(language)),
          fix: SchemaReason(.makeFileReadable)))
    }
  }
}
