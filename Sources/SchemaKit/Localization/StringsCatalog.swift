import TextSafety

/// Translations of a schema's text: for each language, strings tables of key → text.
///
/// Lookups follow NSBundle, which Settings.app reads a bundle's text through: a table is
/// found in one folder, the first of ``languageChain(for:)`` that holds a file of that name
/// (the folders that serve the chosen language best first: `zh-Hant-TW` → `zh_TW`,
/// `zh-Hant`, `zh-HK`; `pt-BR` → `pt-BR`, `pt`, `pt-PT`; then English, then `Base`), and a
/// key missing from that one table is shown as written in the schema, never looked up in
/// another language's table.
package struct StringsCatalog: Sendable, Equatable {
  /// `tables[language][table][key]`, by `.lproj` folder name without the extension.
  package var tables: [String: [String: [String: String]]]

  /// Languages whose `.lproj` folders hold strings tables of pages not read yet (a bundle
  /// loaded lazily), and none read so far: they are languages of the schema all the same.
  package var unreadLanguages: Set<String> = []

  /// Tables whose file is there but cannot be read: `unreadable[language][table]` is why,
  /// with the file, line and column. Such a table is empty in ``tables``: as with NSBundle,
  /// the language's text of that table is shown as written, not taken from another folder.
  package var unreadable: [String: [String: SchemaReason]] = [:]

  package init(tables: [String: [String: [String: String]]] = [:]) {
    self.tables = tables
  }

  /// Why the tables `language` reads cannot be read, one line each (file, line, column and
  /// what is wrong), among the tables read so far; empty when every one was read.
  package func unreadableTables(for language: String) -> [SchemaReason] {
    // Asked at every start: without an unreadable table there is no language chain to make
    // (55,000 instructions of `settei get`, parsing language tags).
    guard !unreadable.isEmpty else { return [] }
    var found: [SchemaReason] = []
    var seen: Set<String> = []
    for folder in [language] + languageChain(for: language) {
      guard let problems = unreadable[folder] else { continue }
      for table in problems.keys.sorted() where seen.insert(table).inserted {
        // Only the folder the language reads the table from matters.
        if self.folder(holding: table, for: language) == folder, let why = problems[table] {
          found.append(why)
        }
      }
    }
    return found
  }

  /// The languages that have at least one table, read or not read yet.
  package var languages: [String] {
    unreadLanguages.isEmpty ? tables.keys.sorted() : unreadLanguages.union(tables.keys).sorted()
  }

  /// The text for `key` in `table` as `language` reads it, or `key` itself when the table
  /// that language reads has no such key.
  package func localized(_ key: String, table: String, language: String) -> String {
    // A language named as one of the folders (search tries every folder): no chain needed.
    if let entries = tables[language]?[table] { return entries[key] ?? key }
    return resolved(table: table, language: language)[key] ?? key
  }

  /// One table as `language` sees it: the table of the first folder of its
  /// ``languageChain(for:)`` that has one, or an empty table when none has.
  package func resolved(table: String, language: String) -> [String: String] {
    resolved(table: table, chain: languageChain(for: language))
  }

  /// One table as seen through a ``languageChain(for:)`` made earlier (while no language
  /// was added): that of the first folder of the chain that holds the table.
  package func resolved(table: String, chain: [String]) -> [String: String] {
    for candidate in chain {
      if let entries = tables[candidate]?[table] { return entries }
    }
    return [:]
  }

  /// The folder whose `table` `language` reads, or `nil` when no folder of its chain holds
  /// one (the text is then shown as written).
  package func folder(holding table: String, for language: String) -> String? {
    if tables[language]?[table] != nil { return language }
    return languageChain(for: language).first { tables[$0]?[table] != nil }
  }

  /// The folder that serves `language` best, or `nil` when no folder is in that language
  /// (`zh-Hant` for `zh_TW` or `zh-Hant-TW`, `pt` for `pt-BR`; never a fallback to English).
  package func bestFolder(for language: String) -> String? {
    guard let wanted = LanguageTag(language) else {
      return tables[language] == nil && !unreadLanguages.contains(language) ? nil : language
    }
    if unreadLanguages.isEmpty { return Self.servingFolders(for: wanted, among: tables.keys).first }
    return Self.servingFolders(for: wanted, among: languages).first
  }

  /// The folders to try, in order, for a requested language: those of the language
  /// (``LanguageTag/rank(serving:)``), then those of English (the development language of
  /// nearly every app), then `Base`.
  package func languageChain(for language: String) -> [String] {
    Self.languageChain(for: language, among: tables.keys)
  }

  /// ``languageChain(for:)`` among some `.lproj` folder names (without the extension).
  static func languageChain(for language: String, among folders: some Collection<String>)
    -> [String]
  {
    var result: [String] = []
    if let wanted = LanguageTag(language) {
      result = servingFolders(for: wanted, among: folders)
    } else if folders.contains(language) {
      result = [language]
    }
    if let english = LanguageTag("en") {
      for folder in servingFolders(for: english, among: folders) where !result.contains(folder) {
        result.append(folder)
      }
    }
    if folders.contains("Base"), !result.contains("Base") { result.append("Base") }
    return result
  }

  /// The folders in the language of `wanted`, best first: by rank, a folder naming the
  /// script before one that does not, then by name.
  private static func servingFolders(
    for wanted: LanguageTag, among folders: some Collection<String>
  ) -> [String] {
    var ranked: [(rank: Int, unscripted: Bool, folder: String)] = []
    for folder in folders {
      guard let tag = LanguageTag(folder), let rank = tag.rank(serving: wanted) else { continue }
      ranked.append((rank, tag.script == nil && wanted.script != nil, folder))
    }
    return ranked.sorted {
      ($0.rank, $0.unscripted ? 1 : 0, $0.folder) < ($1.rank, $1.unscripted ? 1 : 0, $1.folder)
    }
    .map(\.folder)
  }

  /// Why a language the schema has no text in is not shown, or `nil` when it has text: what
  /// is shown instead and the languages there are, for the program to say in its words.
  package func missingLanguage(for language: String) -> MissingLanguage? {
    let wanted = LanguageTag(language)
    if wanted?.language == "en" || bestFolder(for: language) != nil { return nil }
    let listed = languages.filter { $0 != "Base" }
    guard !listed.isEmpty else { return .noTranslations }
    return .noText(
      language: language, shown: languageChain(for: "en").first, languages: listed)
  }

  /// A language the schema has no text in.
  package enum MissingLanguage: Equatable, Sendable {
    /// The schema has no translations at all: its text is shown as written.
    case noTranslations
    /// The schema has no text in `language`: `shown`'s text (the English one), or the text
    /// as written when `nil`, is shown; `languages` are those it has.
    case noText(language: String, shown: String?, languages: [String])
  }
}
