import FileFormats
import SchemaKit

/// `find`: searches every page of a schema for text.
public enum SettingsSearch {
  /// One place where the text was found.
  public struct Result {
    /// The setting (or group) that matched.
    public var entry: SettingsIndex.Entry
    /// What matched, as shown: a title, a choice, a value, a footer or a key.
    public var matchedText: String
    /// What kind of thing matched: "title", "choice", "value", "footer", "key".
    public var field: String
    /// The choice that matched, when a choice did: the result opens its list.
    public var choice: PropertyListValue?
  }

  /// The places that contain `text` (not case-sensitive): titles, current values, choices,
  /// footer texts and keys, in the model's language and the schema's other languages.
  public static func find(_ text: String, in index: SettingsIndex, model: SettingsModel)
    -> [Result]
  {
    let needle = text.lowercased()
    guard !needle.isEmpty else { return [] }
    let languages =
      [model.language] + model.schema.strings.languages.filter { $0 != model.language }
    func variants(_ raw: String, _ page: SettingsSchema.Page) -> [String] {
      var seen: [String] = []
      for language in languages {
        let text = model.schema.strings.localized(raw, table: page.stringsTable, language: language)
        if !seen.contains(text) { seen.append(text) }
      }
      if !seen.contains(raw) { seen.append(raw) }
      return seen
    }
    func firstMatch(_ raw: String?, _ page: SettingsSchema.Page) -> String? {
      guard let raw else { return nil }
      let all = variants(raw, page)
      guard all.contains(where: { $0.lowercased().contains(needle) }) else { return nil }
      return all[0]
    }

    var results: [Result] = []
    for entry in index.entries {
      let specifier = entry.specifier
      let page = entry.page
      if let match = firstMatch(specifier.title, page) {
        results.append(Result(entry: entry, matchedText: match, field: "title"))
      }
      if specifier.kind == .multiValue || specifier.kind == .radioGroup {
        for (raw, value) in zip(specifier.titles, specifier.values) {
          if let match = firstMatch(raw, page) {
            results.append(Result(entry: entry, matchedText: match, field: "choice", choice: value))
          }
        }
      }
      if let key = specifier.key, specifier.kind != .group {
        if key.lowercased().contains(needle) {
          results.append(Result(entry: entry, matchedText: key, field: "key"))
        }
        let isSecure = specifier.isSecure
        if !isSecure,
          specifier.kind == .textField || specifier.kind == .textView,
          let value = model.value(forKey: key),
          SpecifierValues.text(of: value).lowercased().contains(needle)
        {
          results.append(
            Result(entry: entry, matchedText: SpecifierValues.text(of: value), field: "value"))
        }
      }
      if let match = firstMatch(specifier.footerText, page) {
        results.append(Result(entry: entry, matchedText: match, field: "footer"))
      }
    }
    return results
  }
}
