/// Reads a settings schema written in JSON: the keys of a Settings.bundle's `Root.plist`,
/// plus two additions.
///
/// - A `PSChildPaneSpecifier` may hold its page inline under `Children` instead of naming a
///   `File`.
/// - A page may carry its translations under `Strings`: `{"ja": {"Title": "タイトル"}}`,
///   which fill the page's strings table.
public enum JSONSchemaReader {
  /// Reads a schema from JSON bytes.
  ///
  /// - Parameters:
  ///   - bytes: The JSON text.
  ///   - source: The file name, for messages.
  /// - Returns: The schema, with inline children as pages of their own.
  /// - Throws: ``SchemaReadError`` naming the file and, for JSON syntax, the line and
  ///   column.
  public static func read(_ bytes: some Collection<UInt8>, source: String) throws(SchemaReadError)
    -> SettingsSchema
  {
    let value: PropertyListValue
    do {
      value = try JSONReader.parse(bytes, source: source)
    } catch {
      throw .syntax(error)
    }
    guard let root = value.dictionaryValue else {
      throw .schema(
        SchemaError(
          source: source,
          message: "expected an object with PreferenceSpecifiers at the top level, found "
            + "\(value.typeName)"))
    }
    var pages: [String: SettingsSchema.Page] = [:]
    var strings = StringsCatalog()
    do {
      try readPage(
        root, name: "Root", source: source, pages: &pages, strings: &strings)
    } catch {
      throw .schema(error)
    }
    return SettingsSchema(pages: pages, rootPageName: "Root", strings: strings)
  }

  private static func readPage(
    _ dictionary: [String: PropertyListValue], name: String, source: String,
    pages: inout [String: SettingsSchema.Page], strings: inout StringsCatalog
  ) throws(SchemaError) {
    guard let list = dictionary["PreferenceSpecifiers"] else {
      throw SchemaError(
        source: source,
        message: "page '\(name)' has no PreferenceSpecifiers; add an array of specifiers")
    }
    guard let items = list.arrayValue else {
      throw SchemaError(
        source: source,
        message: "PreferenceSpecifiers of page '\(name)' must be an array, not \(list.typeName)")
    }
    var specifiers: [Specifier] = []
    specifiers.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      guard var raw = item.dictionaryValue else {
        throw SchemaError(
          source: source, specifierIndex: index,
          message: "a specifier must be an object, not \(item.typeName)")
      }
      if let child = raw["Children"] {
        guard let childPage = child.dictionaryValue else {
          throw SchemaError(
            source: source, specifierIndex: index,
            message: "Children must be an object holding a page, not \(child.typeName)")
        }
        let childName = raw["File"]?.stringValue ?? "\(name).\(index)"
        raw["File"] = .string(childName)
        raw["Children"] = nil
        try readPage(childPage, name: childName, source: source, pages: &pages, strings: &strings)
      }
      specifiers.append(Specifier(index: index, raw: raw))
    }
    let page = SettingsSchema.Page(
      name: name, title: dictionary["Title"]?.stringValue,
      stringsTable: dictionary["StringsTable"]?.stringValue, specifiers: specifiers,
      source: source)
    if let inline = dictionary["Strings"] {
      guard let languages = inline.dictionaryValue else {
        throw SchemaError(
          source: source,
          message: "Strings of page '\(name)' must map languages to objects of translations")
      }
      for (language, table) in languages {
        guard let entries = table.dictionaryValue else {
          throw SchemaError(
            source: source,
            message: "Strings.\(language) of page '\(name)' must be an object of translations")
        }
        for (key, text) in entries {
          guard let text = text.stringValue else {
            throw SchemaError(
              source: source,
              message: "Strings.\(language).\(key) of page '\(name)' must be a string")
          }
          strings.tables[language, default: [:]][page.stringsTable, default: [:]][key] = text
        }
      }
    }
    pages[name] = page
  }
}

/// Why a schema could not be read: bad syntax (with line and column) or a bad shape.
public enum SchemaReadError: Error, CustomStringConvertible, Equatable, Sendable {
  case syntax(SourceError)
  case schema(SchemaError)

  public var description: String {
    switch self {
    case .syntax(let error): error.description
    case .schema(let error): error.description
    }
  }
}
