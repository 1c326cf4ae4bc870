import FileFormats

/// Writes a schema in settei's JSON form, so that a `Settings.bundle` can be turned into one
/// file that ``JSONSchemaReader`` reads back as the same schema.
///
/// - The root page's `Title`, `StringsTable` and `PreferenceSpecifiers` are at the top level.
/// - Each other page is written once, inline under `Children` of the first specifier that
///   opens it (found depth-first from the root); that specifier keeps its `File`, which
///   names the page. Later specifiers that open the same page keep only `File`. The child
///   panes of an `IASKListGroupSpecifier` carry `Children` inside their `ItemSpecifier` or
///   `AddSpecifier`.
/// - The translations of a strings table are written once, under `Strings` of the first page
///   that uses the table: `{"de": {"TITLE": "Titel"}}`.
/// - `StringsTable` is written when it differs from the name the reader gives the page
///   (`Root` for the root, the `File` for a child).
///
/// What the JSON form cannot hold: pages that no specifier opens, `<date>` and `<data>`
/// values (written as strings, see ``JSONWriter``), the root page's own name (the reader
/// calls it `Root`), and positions of specifiers left out while loading.
package enum JSONSchemaWriter {
  /// Serialises a schema as pretty JSON with sorted keys, ending with a line break.
  ///
  /// - Parameter schema: The schema to write.
  /// - Returns: The JSON text.
  package static func serialize(_ schema: SettingsSchema) -> String {
    guard let root = schema.rootPage else {
      return JSONWriter.serialize(.dictionary(["PreferenceSpecifiers": .array([])]))
    }
    var writer = Writer(schema: schema)
    return JSONWriter.serialize(.dictionary(writer.page(root, readAs: "Root")))
  }
}

/// One run of ``JSONSchemaWriter``.
private struct Writer {
  let schema: SettingsSchema
  /// Pages already written (or being written), so that each is inlined once.
  var written: Set<String> = []
  /// Strings tables already written.
  var writtenTables: Set<String> = []

  init(schema: SettingsSchema) {
    self.schema = schema
  }

  /// The JSON object of a page that the reader will name `name`.
  mutating func page(_ page: SettingsSchema.Page, readAs name: String) -> [PropertyListKey:
    PropertyListValue]
  {
    written.insert(page.name)
    var object: [PropertyListKey: PropertyListValue] = [:]
    if let title = page.title { object["Title"] = .string(title) }
    if page.stringsTable != name { object["StringsTable"] = .string(page.stringsTable) }
    if writtenTables.insert(page.stringsTable).inserted {
      var languages: [PropertyListKey: PropertyListValue] = [:]
      for (language, tables) in schema.strings.tables {
        guard let table = tables[page.stringsTable] else { continue }
        var members: [PropertyListKey: PropertyListValue] = [:]
        for (key, text) in table { members[key] = .string(text) }
        languages[language] = .dictionary(members)
      }
      if !languages.isEmpty { object["Strings"] = .dictionary(languages) }
    }
    var specifiers: [PropertyListValue] = []
    specifiers.reserveCapacity(page.specifiers.count)
    for specifier in page.specifiers {
      var raw = specifier.raw
      for reference in specifier.pageReferences where !written.contains(reference.file) {
        guard let child = schema.pages[reference.file] else { continue }
        let inline = PropertyListValue.dictionary(self.page(child, readAs: reference.file))
        if let member = reference.nestedIn, var nested = raw[member]?.dictionaryValue {
          nested["Children"] = inline
          raw[member] = .dictionary(nested)
        } else {
          raw["Children"] = inline
        }
      }
      specifiers.append(.dictionary(raw))
    }
    object["PreferenceSpecifiers"] = .array(specifiers)
    return object
  }
}
