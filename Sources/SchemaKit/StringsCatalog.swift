/// Translations of a schema's text: for each language, strings tables of key → text.
///
/// Lookups fall back as Settings.app does: the chosen language, then English, then `Base`,
/// then the text as written in the schema.
public struct StringsCatalog: Sendable, Equatable {
  /// `tables[language][table][key]`.
  public var tables: [String: [String: [String: String]]]

  public init(tables: [String: [String: [String: String]]] = [:]) {
    self.tables = tables
  }

  /// The languages that have at least one table.
  public var languages: [String] { tables.keys.sorted() }

  /// The text for `key` in `table`, in `language` or its fallbacks.
  public func localized(_ key: String, table: String, language: String) -> String {
    for candidate in StringsCatalog.fallbacks(for: language) {
      if let text = tables[candidate]?[table]?[key] { return text }
    }
    return key
  }

  /// One table as `language` sees it: every key of `table` in the language or its
  /// fallbacks, with the text ``localized(_:table:language:)`` returns for it.
  public func resolved(table: String, language: String) -> [String: String] {
    var result: [String: String] = [:]
    for candidate in StringsCatalog.fallbacks(for: language).reversed() {
      if let entries = tables[candidate]?[table] {
        result.merge(entries) { _, preferred in preferred }
      }
    }
    return result
  }

  /// The languages to try, in order, for a requested one: `ja_JP` → `ja_JP`, `ja`, `en`,
  /// `Base`.
  static func fallbacks(for language: String) -> [String] {
    var result = [language]
    if let separator = language.firstIndex(where: { $0 == "_" || $0 == "-" }) {
      result.append(String(language[..<separator]))
    }
    for fallback in ["en", "Base"] where !result.contains(fallback) {
      result.append(fallback)
    }
    return result
  }
}
