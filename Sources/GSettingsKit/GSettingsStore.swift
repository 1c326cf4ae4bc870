import FileFormats
import GSettings
import SystemIO

/// GSettings as the store of settei's model: the values the user set (GIO's backend holds
/// them: dconf, a keyfile, memory) read into the model as its stored values, and the
/// model's changes written back, each schema's at once.
package final class GSettingsStore {
  package let source: GSettingsSource
  /// Every setting, by its key in the model (`schema:key`).
  package let settings: [String: GSettingsSetting]
  /// Finds relocatable schemas in folders not shown (those of a file to import), as the
  /// screens found those shown; `nil`: none are.
  package var instanceFinder: GSettingsInstances.Finder?

  package init(source: GSettingsSource, settings: [String: GSettingsSetting]) {
    self.source = source
    self.settings = settings
  }

  /// The values the user set, by model key, as the model holds them; a key at its default
  /// has none, as a settei store has no value for a setting never changed.
  package func storedValues() throws(GSettingsError) -> [PropertyListKey: PropertyListValue] {
    var values: [PropertyListKey: PropertyListValue] = [:]
    for (key, setting) in settings {
      guard
        let value = try source.userValue(
          schema: setting.schema, path: setting.path, key: setting.key.name)
      else { continue }
      values[PropertyListKey(key)] = setting.settingValue(value)
    }
    return values
  }

  /// The current value of every setting (the user's, else the default), as the model holds
  /// it.
  package func value(forKey key: String) throws(GSettingsError) -> PropertyListValue {
    guard let setting = settings[key] else { throw Self.noSuchKey(key) }
    return setting.settingValue(
      try source.value(schema: setting.schema, path: setting.path, key: setting.key.name))
  }

  /// Why `value` cannot be stored under the model key `key`, in `language`: not of the
  /// GSettings key's type, or outside its range. `nil` when it can (or the key is none of
  /// GSettings'): the model's ``SettingsKit/SettingsModel/valueChecker``.
  package func problem(storing value: PropertyListValue, forKey key: String, language: String)
    -> String?
  {
    guard let setting = settings[key] else { return nil }
    return source.problem(
      storing: value, schema: setting.schema, path: setting.path, key: setting.key.name)?
      .problemMessage(.forLanguage(language))
  }

  /// Writes the model's changes: `values[key]` for each key of `changedKeys` (none: the key
  /// is reset to its default). Every value is checked before any is written; each schema's
  /// changes are applied together, and the call returns once the backend has them.
  package func save(
    values: [PropertyListKey: PropertyListValue], changedKeys: some Sequence<PropertyListKey>
  ) throws(GSettingsError) {
    var changes: [GSettingsChange] = []
    for key in changedKeys {
      guard let setting = settings[key.string] else { throw Self.noSuchKey(key.string) }
      changes.append(
        GSettingsChange(
          schema: setting.schema, path: setting.path, key: setting.key.name, value: values[key]))
    }
    changes.sort { ($0.schema, $0.path ?? "", $0.key) < ($1.schema, $1.path ?? "", $1.key) }
    try source.write(changes)
  }

  /// The error of a model key that names no GSettings key (`schema:key` expected).
  static func noSuchKey(_ key: String) -> GSettingsError {
    guard let colon = key.lastIndex(of: ":") else { return .noSuchSchema(key) }
    return .noSuchKey(schema: String(key[..<colon]), key: String(key[key.index(after: colon)...]))
  }
}

extension GSettingsScreens {
  /// The screens of every schema GIO finds (`source`), titled from the schemas' XML in GIO's
  /// folders (found from `environment`) and translated into `language` from the `.mo`
  /// catalogs under `localeRoot`.
  ///
  /// - Returns: The screens; what could not be read (an XML file, a catalog), a line each,
  ///   for warnings; the finder of relocatable schemas' paths; and what the screens were
  ///   made from (the schemas' XML text and the files that are not XML, the ids GIO has),
  ///   for `lint`.
  package static func load(
    source: GSettingsSource, environment: [String: String], language: String,
    localeRoot: String = "/usr/share/locale", requested: [(schema: String, path: String)] = []
  ) throws(GSettingsError) -> (
    screens: GSettingsScreens, problems: [String], finder: GSettingsInstances.Finder?,
    text: GSchemaText, syntaxErrors: [MarkupScanner.SyntaxError],
    ids: (fixed: [String], relocatable: [String])
  ) {
    let ids = source.schemaIDs()
    var schemas: [GSettingsSchemaInfo] = []
    for id in ids.fixed { schemas.append(try source.schema(id)) }
    let messages = GSettingsMessages.forLanguage(language)
    let (text, syntaxErrors) = GSchemaText.load(
      folders: GSchemaText.schemaFolders(environment: environment))
    var problems = syntaxErrors.map { $0.message(messages) }
    var translations: [String: MOCatalog] = [:]
    let domains = Set(text.schemas.values.compactMap(\.gettextDomain))
    if !language.hasPrefix("en") {
      for domain in domains.sorted() {
        do {
          translations[domain] = try MOCatalog.load(
            domain: domain, language: language, localeRoot: localeRoot)
        } catch {
          problems.append(error.message(messages))
        }
      }
    }
    var found = try instances(
      source: source, environment: environment, fixed: schemas, relocatable: ids.relocatable,
      text: text, messages: messages)
    // A relocatable schema at a path asked for, as gsettings takes any: a page of its own
    // too, unless it is shown there already or a fixed schema has the path.
    let taken = Set(schemas.compactMap(\.path))
    for (id, path) in requested
    where ids.relocatable.contains(id) && GSettingsInstances.isPath(path) && !taken.contains(path)
      && !found.instances.contains(where: { $0.id == id && $0.path == path })
    {
      var schema = try source.schema(id)
      schema.path = path
      found.instances.append(schema)
    }
    problems += found.notes
    var unwritable = Set<String>()
    let shown = schemas.map { ($0, String?.none) } + found.instances.map { ($0, $0.path) }
    for (schema, path) in shown {
      for key in schema.keys {
        if try !source.isWritable(schema: schema.id, path: path, key: key.name) {
          unwritable.insert(GSettingsSource.name(schema: schema.id, path: path) + ":" + key.name)
        }
      }
    }
    let screens = GSettingsScreens(
      schemas: schemas, relocatable: ids.relocatable, text: text, translations: translations,
      language: language, unwritable: unwritable, instances: found.instances)
    return (screens, problems, found.finder, text, syntaxErrors, ids)
  }
}

extension GSettingsScreens {
  /// The languages `render --lang all` shows: English (the schemas' own text), then each
  /// locale folder under `localeRoot` that holds a catalog of one of `domains`, sorted
  /// (`de`, `ja`, `pt_BR`; a folder with a modifier, `sr@latin`, is left out: settei's
  /// languages have none).
  package static func catalogLanguages(
    domains: some Sequence<String>, localeRoot: String = "/usr/share/locale"
  ) -> [String] {
    let folders = (try? FileSystem.folderEntries(localeRoot)) ?? []
    let domains = Array(domains)
    let found = folders.filter { folder in
      !folder.hasPrefix(".") && !folder.contains("@") && folder != "en"
        && domains.contains { FileSystem.exists("\(localeRoot)/\(folder)/LC_MESSAGES/\($0).mo") }
    }
    return ["en"] + found.sorted()
  }
}
