import FileFormats

/// Reads a settings schema written in JSON: the keys of a Settings.bundle's `Root.plist`,
/// plus two additions.
///
/// - A `PSChildPaneSpecifier` may hold its page inline under `Children` instead of naming a
///   `File`.
/// - A page may carry its translations under `Strings`: `{"ja": {"Title": "タイトル"}}`,
///   which fill the page's strings table.
///
/// `Children` may also sit in the `ItemSpecifier` or `AddSpecifier` of an
/// `IASKListGroupSpecifier`, for the page its items open. ``JSONSchemaWriter`` writes this
/// form.
package enum JSONSchemaReader {
  /// Reads a schema from JSON bytes.
  ///
  /// - Parameters:
  ///   - bytes: The JSON text.
  ///   - source: The file name, for messages.
  /// - Returns: The schema, with inline children as pages of their own.
  /// - Throws: ``SchemaError`` naming the file and, for JSON syntax, the line and
  ///   column.
  package static func read(_ bytes: some Collection<UInt8>, source: String) throws(SchemaError)
    -> SettingsSchema
  {
    switch JSONPageDecoder.decode(bytes, source: source) {
    case .success(let schema): return schema
    case .failure(.syntax(let error)): throw .syntax(error)
    case .failure(.shape): return try readThroughTree(bytes, source: source)
    }
  }

  /// ``read(_:source:)`` through a tree of the whole file: the reader of schemas whose shape
  /// is wrong, for its messages, which name the first thing wrong in page order.
  static func readThroughTree(_ bytes: some Collection<UInt8>, source: String)
    throws(SchemaError) -> SettingsSchema
  {
    let value: PropertyListValue
    do {
      value = try JSONReader.parse(bytes, source: source)
    } catch {
      throw .syntax(error)
    }
    guard let root = value.dictionaryValue else {
      throw .invalid(
        source: source,
        reason: SchemaReason(.jsonTopLevelNotObject, .typeNameOf(value)))
    }
    var pages: [String: SettingsSchema.Page] = [:]
    var strings = StringsCatalog()
    try readPage(root, name: "Root", source: source, pages: &pages, strings: &strings)
    return SettingsSchema(pages: pages, rootPageName: "Root", strings: strings)
  }

  fileprivate static func readPage(
    _ dictionary: [PropertyListKey: PropertyListValue], name: String, source: String,
    pages: inout [String: SettingsSchema.Page], strings: inout StringsCatalog
  ) throws(SchemaError) {
    // The one page decoder; inline `Children` are taken out of each specifier on the way.
    // A specifier that is not an object stops the read: nothing after it is looked at.
    let items = dictionary[SpecifierKey.preferenceSpecifiers]?.arrayValue ?? []
    let firstBad = items.firstIndex { $0.dictionaryValue == nil }
    var problems: [LintProblem] = []
    let decoded = try PageDecoder.page(
      dictionary, name: name, source: source, problems: &problems
    ) { raw, index throws(SchemaError) in
      if let firstBad, index > firstBad { return }
      try readChildren(
        of: &raw, defaultName: "\(name).\(index)", index: index, source: source, pages: &pages,
        strings: &strings)
      for member in Specifier.nestedSpecifierKeys {
        guard var nested = raw[member]?.dictionaryValue else { continue }
        try readChildren(
          of: &nested, defaultName: "\(name).\(index).\(member)", index: index, source: source,
          pages: &pages, strings: &strings)
        raw[member] = .dictionary(nested)
      }
    }
    let page: SettingsSchema.Page
    switch decoded {
    case .success(let decodedPage): page = decodedPage
    case .failure(let error):
      throw SchemaError.invalid(
        source: source, reason: SchemaReason(.onPage, .text(name), .reason(error.reason)))
    }
    if let firstBad {
      throw SchemaError.invalid(
        source: source, specifierIndex: firstBad,
        reason: SchemaReason(.specifierNotObject, .typeNameOf(items[firstBad])))
    }
    if let inline = dictionary["Strings"] {
      guard let languages = inline.dictionaryValue else {
        throw SchemaError.invalid(
          source: source,
          reason: SchemaReason(.stringsNotObject, .text(name)))
      }
      for (language, table) in languages {
        guard let entries = table.dictionaryValue else {
          throw SchemaError.invalid(
            source: source,
            reason: SchemaReason(.stringsLanguageNotObject, .text(language.string), .text(name)))
        }
        // An empty table is kept, as an empty .strings file is.
        if strings.tables[language.string]?[page.stringsTable] == nil {
          strings.tables[language.string, default: [:]][page.stringsTable] = [:]
        }
        for (key, text) in entries {
          guard let text = text.stringValue else {
            throw SchemaError.invalid(
              source: source,
              reason: SchemaReason(
                .stringsEntryNotString, .text("\(language)"), .text("\(key)"), .text(name)))
          }
          let tableName = page.stringsTable
          strings.tables[language.string, default: [:]][tableName, default: [:]][key.string] =
            text
        }
      }
    }
    pages[name] = page
  }
}

extension JSONSchemaReader {
  /// Reads the page held inline under `Children` of a specifier (or of a specifier nested in
  /// one), names it by the specifier's `File` (else `defaultName`) and leaves `File` in its
  /// place.
  fileprivate static func readChildren(
    of raw: inout [PropertyListKey: PropertyListValue], defaultName: String, index: Int,
    source: String,
    pages: inout [String: SettingsSchema.Page], strings: inout StringsCatalog
  ) throws(SchemaError) {
    guard let child = raw["Children"] else { return }
    guard let childPage = child.dictionaryValue else {
      throw SchemaError.invalid(
        source: source, specifierIndex: index,
        reason: SchemaReason(.childrenNotObject, .typeNameOf(child)))
    }
    let childName = raw["File"]?.stringValue ?? defaultName
    raw["File"] = .string(childName)
    raw["Children"] = nil
    try readPage(childPage, name: childName, source: source, pages: &pages, strings: &strings)
  }
}
