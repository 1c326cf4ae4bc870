import FileFormats
import SchemaKit

/// `find`: searches every page of a schema for text.
package enum SettingsSearch {
  /// One place where the text was found.
  package struct Result {
    /// The setting (or group) that matched.
    package var entry: SettingsIndex.Entry
    /// What matched, as shown: a title, a choice, a value, a footer or a key.
    package var matchedText: String
    /// What kind of thing matched: "title", "choice", "value", "footer", "key".
    package var field: String
    /// The choice that matched, when a choice did: the result opens its list.
    package var choice: PropertyListValue?
  }

  /// The places that contain `text` (not case-sensitive): titles, current values, choices,
  /// footer texts and keys, in the model's language and the schema's other languages.
  ///
  /// The texts come from the index's ``SettingsTextIndex`` (made on the first search); the
  /// values of text fields are read now, so a search sees every change.
  package static func find(_ text: String, in index: SettingsIndex, model: SettingsModel)
    -> [Result]
  {
    let needle = text.lowercased()
    guard !needle.isEmpty else { return [] }
    let texts = index.text
    let records = texts.records
    let found = texts.records(matching: needle)
    let valueEntries = texts.valueEntries
    func shown(_ raw: String?, _ page: SettingsSchema.Page) -> String {
      model.schema.strings.localized(
        raw ?? "", table: page.stringsTable, language: model.language)
    }

    // One result per setting (the first thing that matched: its title, else its key, its
    // value, its footer), plus one per matching choice, which opens the list of choices.
    var results: [Result] = []
    var next = 0
    var nextValue = 0
    while next < found.count || nextValue < valueEntries.count {
      let position = min(
        next < found.count ? records[Int(found[next])].entry : .max,
        nextValue < valueEntries.count ? valueEntries[nextValue] : .max)
      var fields: Set<SettingsTextIndex.Field> = []
      var choices: [Int] = []
      while next < found.count, records[Int(found[next])].entry == position {
        let record = records[Int(found[next])]
        fields.insert(record.field)
        if record.field == .choice { choices.append(Int(record.choice)) }
        next += 1
      }
      let readsValue = nextValue < valueEntries.count && valueEntries[nextValue] == position
      if readsValue { nextValue += 1 }
      let entry = index.entry(at: Int(position))
      let specifier = entry.specifier
      if fields.contains(.title) {
        results.append(
          Result(entry: entry, matchedText: shown(specifier.title, entry.page), field: "title"))
      } else if fields.contains(.key), let key = specifier.key {
        results.append(Result(entry: entry, matchedText: key, field: "key"))
      } else if readsValue, let key = specifier.key, let value = model.value(forKey: key),
        SpecifierValues.text(of: value).lowercased().containsText(needle)
      {
        results.append(
          Result(entry: entry, matchedText: SpecifierValues.text(of: value), field: "value"))
      } else if fields.contains(.footer) {
        results.append(
          Result(
            entry: entry, matchedText: shown(specifier.footerText, entry.page), field: "footer"))
      }
      let (titles, values) = (specifier.titles, specifier.values)
      for choice in choices {
        results.append(
          Result(
            entry: entry, matchedText: shown(titles[choice], entry.page), field: "choice",
            choice: values[choice]))
      }
    }
    return results
  }
}
