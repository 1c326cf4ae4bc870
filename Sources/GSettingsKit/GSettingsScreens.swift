import FileFormats
import GSettings
import SchemaKit
import TextSafety

/// The desktop's GSettings as a settei schema: a root page grouped by schema id
/// (`org` › `gnome` › `desktop` › `interface`, each part a child pane), a page per schema
/// with its keys as settings, and its `<child>` schemas as child panes.
///
/// A key's title is its `<summary>` (else its name), translated through the schema's
/// gettext domain: the strings table of a schema's page is its domain, and the catalog
/// holds each domain's `.mo` translations for the session's language.
package struct GSettingsScreens: Sendable {
  /// The name of the root page.
  package static let rootPageName = "Root"

  /// The schema to show.
  package var schema: SettingsSchema
  /// Every setting, by its key in the model (`schema:key`).
  package var settings: [String: GSettingsSetting]
  /// Relocatable schemas shown at no path (none names them as children, and no folder of
  /// the backend holds their settings), left out.
  package var skippedRelocatable: [String]
  /// Each key's `<description>` as the schema writes it (whitespace collapsed), by model
  /// key; its translation is in the strings table of its schema's page, as the title's is.
  package var descriptions: [String: String]
  /// The model keys GIO says may not be changed (`g_settings_is_writable` false: locked
  /// down, or a backend that cannot be written): read-only rows.
  package var unwritable: Set<String>

  /// Builds the screens.
  ///
  /// - Parameters:
  ///   - schemas: The schemas with a path, as GIO describes them.
  ///   - relocatable: The ids of the relocatable schemas (those not in `instances` are left
  ///     out, and listed).
  ///   - text: The schemas' XML text: summaries, gettext domains, children.
  ///   - translations: For each gettext domain, its translations in `language`.
  ///   - language: The session's language.
  ///   - unwritable: The model keys (`schema:key`) that may not be changed.
  ///   - instances: Relocatable schemas at paths (``GSettingsInstances``), each described
  ///     with its `path` set to the path it is at: each a page named `schema:path`, its keys
  ///     `schema:path:key`, reached from the page of the schema nearest above its path.
  package init(
    schemas: [GSettingsSchemaInfo], relocatable: [String], text: GSchemaText,
    translations: [String: MOCatalog], language: String, unwritable: Set<String> = [],
    instances: [GSettingsSchemaInfo] = []
  ) {
    var settings: [String: GSettingsSetting] = [:]
    var descriptions: [String: String] = [:]
    var pages: [String: SettingsSchema.Page] = [:]
    var tables: [String: [String: String]] = [:]
    let byID = Dictionary(schemas.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let (atPaths, instancePanes) = Self.instancePages(instances, schemas: schemas)

    // The tree of id parts: each prefix's pages below it.
    var below: [String: [String]] = [:]
    // A relocatable schema nothing with a path is above has a page of its own in the tree.
    let placedOnTree = instancePanes.keys.filter { byID[$0] == nil && atPaths[$0] == nil }
    for id in schemas.map(\.id) + placedOnTree.sorted() {
      let parts = id.split(separator: ".").map(String.init)
      for depth in 0..<parts.count {
        let parent = depth == 0 ? Self.rootPageName : parts[..<depth].joined(separator: ".")
        let child = parts[...depth].joined(separator: ".")
        if !below[parent, default: []].contains(child) { below[parent, default: []].append(child) }
      }
    }
    func pane(to page: String, title: String, index: Int) -> Specifier {
      Specifier(
        index: index,
        raw: [
          "Type": .string(Specifier.Kind.childPane.typeName), "Title": .string(title),
          "File": .string(page),
        ])
    }
    for name in Set(below.keys).union(byID.keys).union(atPaths.keys).union(placedOnTree) {
      let children = below[name] ?? []
      var specifiers: [Specifier] = []
      func add(_ raw: [PropertyListKey: PropertyListValue], flags: Bool = false) {
        let index = specifiers.count
        specifiers.append(
          flags
            ? Specifier(index: index, multipleSelectionRaw: raw) : Specifier(index: index, raw: raw)
        )
      }
      let shown = byID[name] ?? atPaths[name]
      let schemaText = text.schemas[shown?.id ?? name]
      let domain = schemaText?.gettextDomain
      add(["Type": .string(Specifier.Kind.group.typeName)])
      var linked = Set<String>()
      for child in children.sorted() {
        linked.insert(child)
        specifiers.append(
          pane(
            to: child, title: String(child.split(separator: ".").last ?? ""),
            index: specifiers.count))
      }
      if let schema = shown {
        // `<child>` schemas not already below this one in the id tree.
        for child in schemaText?.children ?? [] where byID[child.schema] != nil {
          guard !linked.contains(child.schema) else { continue }
          linked.insert(child.schema)
          specifiers.append(pane(to: child.schema, title: child.name, index: specifiers.count))
        }
        Self.addPanes(instancePanes[name] ?? [], to: &specifiers)
        var lists: [[PropertyListKey: PropertyListValue]] = []
        if !schema.keys.isEmpty, specifiers.count > 1 {
          add(["Type": .string(Specifier.Kind.group.typeName)])
        }
        for key in schema.keys {
          let setting = GSettingsSetting(
            schema: schema.id, path: atPaths[name] == nil ? nil : schema.path, key: key)
          settings[setting.settingKey] = setting
          let summary = schemaText?.keys[key.name]?.summary ?? key.summary
          let title = summary ?? key.name
          if let summary, let domain,
            let translation = translations[domain]?.translation(of: summary)
          {
            tables[domain, default: [:]][summary] = translation
          }
          let description = schemaText?.keys[key.name]?.description ?? key.description
          if let description, !description.isEmpty {
            descriptions[setting.settingKey] = description
            if let domain, let translation = translations[domain]?.translation(of: description) {
              tables[domain, default: [:]][description] = translation
            }
          }
          var raw = Self.specifier(for: setting, title: title)
          if unwritable.contains(setting.settingKey) {
            // A key GIO will not change is shown as a value, not a control.
            raw["Type"] = .string(Specifier.Kind.titleValue.typeName)
            add(raw)
          } else if setting.form == .strings {
            lists.append(raw)
          } else {
            add(raw, flags: setting.form == .flags)
          }
        }
        for raw in lists { add(raw) }
      } else {
        Self.addPanes(instancePanes[name] ?? [], to: &specifiers)
      }
      let title = atPaths[name]?.path.flatMap { $0.split(separator: "/").last.map(String.init) }
      pages[name] = SettingsSchema.Page(
        name: name, title: name == Self.rootPageName ? nil : title ?? name,
        stringsTable: domain ?? "",
        specifiers: specifiers,
        source: name == Self.rootPageName ? "GSettings" : name)
    }
    if pages[Self.rootPageName] == nil {
      pages[Self.rootPageName] = SettingsSchema.Page(
        name: Self.rootPageName, title: nil, stringsTable: "", specifiers: [], source: "GSettings")
    }
    var catalog = StringsCatalog()
    // The summaries are English: `lang en` shows them as written, in any session.
    let domains = Set(text.schemas.values.compactMap(\.gettextDomain))
    catalog.tables["en"] = Dictionary(uniqueKeysWithValues: domains.map { ($0, [:]) })
    // The session's language is one the schemas have even when no catalog translates them,
    // so that `lang` goes back to it after `lang en`.
    if !tables.isEmpty || LanguageTag(language)?.language != "en" {
      catalog.tables[language] = tables
    }
    var schema = SettingsSchema(pages: pages, rootPageName: Self.rootPageName, strings: catalog)
    schema.appName = "GSettings"
    self.schema = schema
    self.settings = settings
    self.descriptions = descriptions
    self.unwritable = unwritable
    let shownRelocatable = Set(instances.map(\.id))
    skippedRelocatable = relocatable.filter { !shownRelocatable.contains($0) }
  }

  /// The specifier of a setting, as its dictionary.
  static func specifier(for setting: GSettingsSetting, title: String)
    -> [PropertyListKey: PropertyListValue]
  {
    let key = setting.key
    var raw: [PropertyListKey: PropertyListValue] = [
      "Title": .string(title), "Key": .string(setting.settingKey),
      "DefaultValue": setting.settingValue(key.defaultValue),
    ]
    func kind(_ kind: Specifier.Kind) -> PropertyListValue { .string(kind.typeName) }
    switch (setting.form, key.range) {
    case (.toggle, _):
      raw["Type"] = kind(.toggleSwitch)
    case (.choice, .choices(let nicks)):
      raw["Type"] = kind(.multiValue)
      raw["Titles"] = .array(nicks.map { .string($0) })
      raw["Values"] = .array(nicks.map { .string($0) })
    case (.flags, .flags(let nicks)):
      // A set of the nicks: each its own ✓ (``Specifier/allowsMultipleSelection``).
      raw["Type"] = kind(.multiValue)
      raw["Titles"] = .array(nicks.map { .string($0) })
      raw["Values"] = .array(nicks.map { .string($0) })
    case (.slider, .numbers(let minimum, let maximum)):
      raw["Type"] = kind(.slider)
      raw["MinimumValue"] = minimum
      raw["MaximumValue"] = maximum
    case (.strings, _):
      raw["Type"] = kind(.listGroup)
      raw["ItemSpecifier"] = .dictionary(["Type": kind(.textField)])
      raw["AddSpecifier"] = .dictionary(["Type": kind(.textField)])
    default:
      raw["Type"] = kind(.textField)
      if ["y", "q", "u", "t"].contains(key.type) { raw["KeyboardType"] = "NumberPad" }
    }
    return raw
  }
}
