import FileFormats
import GSettings
import GSettingsKit
import Glibc

// Runs GSettings calls for GSettingsTests in a process of its own, since GIO reads
// GSETTINGS_SCHEMA_DIR and GSETTINGS_BACKEND once per process. One command per run:
//   schemas                       the fixed and relocatable schema ids
//   schema ID                     each key: name, type, default (JSON), range
//   get ID KEY                    the value as JSON (ID is SCHEMA or SCHEMA:PATH, here and
//                                 in write and check)
//   write ID KEY JSON [ID KEY JSON]...   writes them in one apply (JSON null resets)
//   check ID KEY JSON             why the value does not fit, or "ok"
//   stored                        GSettingsStore's stored values, "schema:key=JSON" a line
//   save SCHEMA:KEY JSON...       GSettingsStore.save of these changes (JSON null: removed)
//   title LANG SCHEMA:KEY         the key's title in the screens of LANG
//   folders [SONAME]              the folders the backend holds, "path: key key" a line, then
//                                 the notes (libdconf opened as SONAME)
//   walk [LANG]                   every key of every schema on the screens of LANG (en):
//                                 "schema:key VALUE<TAB>DEFAULT<TAB>RANGE", its value and
//                                 default in settei's form written back as GVariant text, and
//                                 the values its row allows as `gsettings range` prints them
//                                 (its lines joined by "|")
// Values are JSON (FileFormats' reader and writer). Exit 1 with the error on stderr.

func json(_ value: PropertyListValue) -> String { JSONWriter.serialize(value, pretty: false) }

func parse(_ text: String) throws -> PropertyListValue? {
  text == "null" ? nil : try JSONReader.parse(Array(text.utf8), source: "argument")
}

/// SCHEMA, or SCHEMA:PATH: the schema and the path.
func schemaAndPath(_ text: String) -> (schema: String, path: String?) {
  guard let colon = text.firstIndex(of: ":") else { return (text, nil) }
  return (String(text[..<colon]), String(text[text.index(after: colon)...]))
}

func run(_ arguments: [String]) throws -> String {
  let source = try GSettingsSource()
  switch arguments.first {
  case "schemas":
    let ids = source.schemaIDs()
    return "fixed: " + ids.fixed.joined(separator: " ") + "\nrelocatable: "
      + ids.relocatable.joined(separator: " ")
  case "schema":
    let schema = try source.schema(arguments[1])
    var lines = [
      "path: " + (schema.path ?? "none"), "children: " + schema.children.joined(separator: " "),
    ]
    for key in schema.keys {
      let range: String
      switch key.range {
      case .any: range = "any"
      case .choices(let nicks): range = "choices " + nicks.joined(separator: ",")
      case .flags(let nicks): range = "flags " + nicks.joined(separator: ",")
      case .numbers(let minimum, let maximum): range = "range \(json(minimum))..\(json(maximum))"
      }
      lines.append(
        "\(key.name) \(key.type) \(json(key.defaultValue)) \(range) | \(key.summary ?? "-")")
    }
    return lines.joined(separator: "\n")
  case "get":
    let (schema, path) = schemaAndPath(arguments[1])
    return json(try source.value(schema: schema, path: path, key: arguments[2]))
  case "write":
    var changes: [GSettingsChange] = []
    var rest = arguments.dropFirst()
    while rest.count >= 3 {
      let part = Array(rest.prefix(3))
      let (schema, path) = schemaAndPath(part[0])
      changes.append(
        GSettingsChange(schema: schema, path: path, key: part[1], value: try parse(part[2])))
      rest = rest.dropFirst(3)
    }
    try source.write(changes)
    return "written"
  case "check":
    guard let value = try parse(arguments[3]) else { return "null" }
    let (schema, path) = schemaAndPath(arguments[1])
    return source.problem(storing: value, schema: schema, path: path, key: arguments[2])?
      .problemMessage(.forLanguage("en")) ?? "ok"
  case "folders":
    var environment: [String: String] = [:]
    for name in ["XDG_CONFIG_HOME", "HOME"] {
      if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    let stored = GSettingsScreens.storedFolders(
      source: source, environment: environment, .forLanguage("en"),
      dconfSoname: arguments.count > 1 ? arguments[1] : GSettingsSource.dconfSoname)
    return
      (stored.folders.sorted { $0.key < $1.key }.map {
        $0.key + ": " + $0.value.sorted().joined(separator: " ")
      }
      + stored.notes).joined(separator: "\n")
  case "stored", "save", "title", "walk":
    return try runStore(arguments, source: source)
  default:
    return "unknown command"
  }
}

func runStore(_ arguments: [String], source: GSettingsSource) throws -> String {
  let language =
    arguments.first == "title" || (arguments.first == "walk" && arguments.count > 1)
    ? arguments[1] : "en"
  var environment: [String: String] = [:]
  for name in [
    "GSETTINGS_SCHEMA_DIR", "XDG_DATA_DIRS", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "HOME",
    "SETTEI_TEST_LOCALE_ROOT",
  ] {
    if let value = getenv(name) { environment[name] = String(cString: value) }
  }
  let loaded = try GSettingsScreens.load(
    source: source, environment: environment, language: language,
    localeRoot: environment["SETTEI_TEST_LOCALE_ROOT"] ?? "/usr/share/locale")
  let store = GSettingsStore(source: source, settings: loaded.screens.settings)
  switch arguments[0] {
  case "stored":
    return try store.storedValues().sorted { $0.key.string < $1.key.string }
      .map { "\($0.key.string)=\(json($0.value))" }.joined(separator: "\n")
  case "save":
    var values: [PropertyListKey: PropertyListValue] = [:]
    var keys: [PropertyListKey] = []
    for pair in stride(from: 1, to: arguments.count - 1, by: 2) {
      let key = PropertyListKey(arguments[pair])
      keys.append(key)
      values[key] = try parse(arguments[pair + 1])
    }
    try store.save(values: values, changedKeys: keys)
    return "saved"
  case "title":
    let schema = loaded.screens.schema
    guard let setting = loaded.screens.settings[arguments[2]] else { return "no such key" }
    let page = schema.pages[setting.schema]
    let specifier = page?.specifiers.first { $0.key == arguments[2] }
    return schema.strings.localized(
      specifier?.title ?? "", table: page?.stringsTable ?? "", language: language)
  default:
    var lines: [String] = []
    for key in loaded.screens.settings.keys.sorted() {
      guard let setting = loaded.screens.settings[key] else { continue }
      let value = try store.value(forKey: key)
      let defaultValue = setting.settingValue(setting.key.defaultValue)
      let name = setting.key.name
      lines.append(
        key + " " + (try source.printed(value, schema: setting.schema, key: name)) + "\t"
          + (try source.printed(defaultValue, schema: setting.schema, key: name)) + "\t"
          + (try allowed(key, in: loaded.screens, source: source)))
    }
    return lines.joined(separator: "\n")
  }
}

/// What the row of `key` allows, as `gsettings range` prints a key's range: `enum` or `flags`
/// and the choices its list offers, `range TYPE MIN MAX` for a slider, else `type TYPE`;
/// lines joined by `|`.
func allowed(_ key: String, in screens: GSettingsScreens, source: GSettingsSource) throws
  -> String
{
  guard let setting = screens.settings[key] else { return "" }
  let specifier = screens.schema.pages.values.lazy.compactMap { page in
    page.specifiers.first { $0.key == key }
  }.first
  switch (specifier?.kind, setting.key.range) {
  case (.multiValue?, _):
    let kind = specifier?.allowsMultipleSelection == true ? "flags" : "enum"
    let choices = specifier?.values.map { "'" + ($0.stringValue ?? "") + "'" } ?? []
    return ([kind] + choices).joined(separator: "|")
  case (.slider?, .numbers(let minimum, let maximum)):
    let name = setting.key.name
    return "range \(setting.key.type) "
      + (try source.printed(minimum, schema: setting.schema, key: name)) + " "
      + (try source.printed(maximum, schema: setting.schema, key: name))
  default:
    return "type " + setting.key.type
  }
}

do {
  print(try run(Array(CommandLine.arguments.dropFirst())))
} catch {
  let text = (error as? GSettingsError)?.message(.forLanguage("en")) ?? "\(error)"
  let message = Array("gsettings-probe: \(text)\n".utf8)
  _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  exit(1)
}
