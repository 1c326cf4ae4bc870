import FileFormats

/// Reads settei's JSON schema straight from its bytes into pages of specifiers, without a
/// tree of the whole file: each specifier's members go into its fields as they are read,
/// and a page held inline under `Children` is decoded where it stands.
///
/// It reads schemas of the right shape. At the first thing of the wrong shape (a page that
/// is not an object, a specifier that is not one, `Strings` that are not tables of text) it
/// stops with ``Stop/shape``, and ``JSONSchemaReader`` reads the file through a tree for the
/// message, which names the first such thing in page order. JSON syntax is checked as it
/// goes, by ``JSONCursor``: the same errors, at the same line and column, as ``JSONReader``.
enum JSONPageDecoder {
  /// Why decoding stopped.
  enum Stop: Error {
    /// The JSON is malformed.
    case syntax(SourceError)
    /// The JSON is fine but not a schema of the right shape.
    case shape
  }

  /// The schema in `bytes`, or why it could not be read this way.
  static func decode(_ bytes: some Collection<UInt8>, source: String) -> Result<
    SettingsSchema, Stop
  > {
    var shapeIsWrong = false
    let root: PendingPage?
    do {
      root = try JSONReader.read(bytes, source: source) { cursor throws(SourceError) in
        var decoder = Decoder()
        let page = try decoder.page(&cursor)
        shapeIsWrong = decoder.shapeIsWrong
        return page
      }
    } catch {
      return .failure(.syntax(error))
    }
    guard !shapeIsWrong, let root else { return .failure(.shape) }
    var pages: [String: SettingsSchema.Page] = [:]
    var strings = StringsCatalog()
    root.finish(name: "Root", source: source, pages: &pages, strings: &strings)
    return .success(SettingsSchema(pages: pages, rootPageName: "Root", strings: strings))
  }

  /// A page decoded but not yet named: its inline children take their default names from
  /// it, and a specifier's `File` may follow its `Children` in the file.
  struct PendingPage {
    var title: String?
    var stringsTable: String?
    var specifiers: [Specifier] = []
    /// The inline pages, by the index of their specifier and the nested member that holds
    /// them (`nil`: the specifier's own `Children`), in the order the tree reader names them.
    var children: [(index: Int, member: String?, page: PendingPage)] = []
    /// `Strings`: language → key → text, the languages in file order.
    var strings: [(language: String, entries: [String: String])] = []

    /// Names the page and its inline children as ``JSONSchemaReader`` does and adds them,
    /// children first, then the page and its strings.
    consuming func finish(
      name: String, source: String, pages: inout [String: SettingsSchema.Page],
      strings catalog: inout StringsCatalog
    ) {
      for child in children {
        let defaultName =
          child.member.map { "\(name).\(child.index).\($0)" } ?? "\(name).\(child.index)"
        let childName: String
        if let member = child.member {
          var nested = specifiers[child.index].nestedSpecifier(member) ?? [:]
          childName = nested[SpecifierKey.file]?.stringValue ?? defaultName
          nested[SpecifierKey.file] = .string(childName)
          specifiers[child.index][member: member] = .dictionary(nested)
        } else if let file = specifiers[child.index].file {
          // A `File` that is a string names the page; the specifier keeps it as it is.
          childName = file
        } else {
          childName = defaultName
          specifiers[child.index][member: SpecifierKey.file] = .string(childName)
        }
        child.page.finish(name: childName, source: source, pages: &pages, strings: &catalog)
      }
      let page = SettingsSchema.Page(
        name: name, title: title, stringsTable: stringsTable, specifiers: specifiers,
        source: source)
      for (language, entries) in strings {
        // A table taken out and put back, not looked up for every entry; later pages'
        // entries replace those of earlier ones with the same table.
        var table = entries
        if var earlier = catalog.tables[language]?.removeValue(forKey: page.stringsTable) {
          earlier.merge(entries) { $1 }
          table = earlier
        }
        catalog.tables[language, default: [:]][page.stringsTable] = table
      }
      pages[name] = page
    }
  }

  /// The state of one decode.
  struct Decoder {
    /// Set at the first thing of the wrong shape; the rest is then only checked for syntax.
    var shapeIsWrong = false
    /// Equal arrays of strings (a multi-value's `Titles`, `Values`), held once for every
    /// specifier.
    let shared = Specifier.SharedArrays()
    /// The text of the last `Titles`, `Values` and `ShortTitles` arrays read: the same text
    /// again is not read again.
    var lastTitles: JSONCursor.ArrayText?
    var lastValues: JSONCursor.ArrayText?
    var lastShortTitles: JSONCursor.ArrayText?

    /// A page object, or `nil` (and ``shapeIsWrong``) when the value is not one.
    mutating func page(_ cursor: inout JSONCursor) throws(SourceError) -> PendingPage? {
      guard cursor.isObject else { return try wrongShape(&cursor) }
      var page = PendingPage()
      var sawSpecifiers = false
      try cursor.beginObject()
      while let key = try cursor.nextMember() {
        switch key {
        case "PreferenceSpecifiers":
          sawSpecifiers = true
          guard cursor.isArray else {
            _ = try wrongShape(&cursor) as Void?
            continue
          }
          var state = try cursor.beginArray()
          while try cursor.nextElement(&state) {
            try specifier(&cursor, index: page.specifiers.count, into: &page)
          }
        case "Title":
          page.title = try cursor.value().stringValue
        case "StringsTable":
          page.stringsTable = try cursor.value().stringValue
        case "Strings":
          page.strings = try translations(&cursor)
        default:
          _ = try cursor.value()
        }
      }
      if !sawSpecifiers { shapeIsWrong = true }
      return shapeIsWrong ? nil : page
    }

    /// Reads one specifier object into `page`.
    mutating func specifier(
      _ cursor: inout JSONCursor, index: Int, into page: inout PendingPage
    ) throws(SourceError) {
      guard cursor.isObject else {
        _ = try wrongShape(&cursor) as Void?
        page.specifiers.append(Specifier(index: index, raw: [:]))
        return
      }
      // The members go straight into the specifier's fields, which find a repeated key
      // without the cursor keeping a list of its own; `Children` is kept apart.
      var builder = Specifier.Builder(sharing: shared)
      var children: [(member: String?, page: PendingPage)] = []
      try cursor.beginObject(checkingKeys: false)
      while let key = try cursor.nextKey() {
        let member: Specifier.Member?
        let name: String
        switch key {
        case .plain(let bytes):
          member = Specifier.Member(bytes: bytes)
          name = member == nil ? String(decoding: bytes, as: UTF8.self) : ""
        case .text(let text):
          // A key written with escapes may still be one Apple or InAppSettingsKit defines.
          member = Specifier.Member(name: text)
          name = text
        }
        let added: Bool
        if let member {
          added = try read(member, &cursor, into: &builder, children: &children)
        } else if name == SpecifierKey.children {
          let child = try self.page(&cursor)
          added = !children.contains { $0.member == nil }
          if added, let child { children.append((nil, child)) }
        } else {
          added = builder.add(name, try cursor.value())
        }
        if !added { throw cursor.repeatedKey() }
      }
      if children.count > 1 { children.sort { order($0.member) < order($1.member) } }
      for child in children {
        page.children.append((index, child.member, child.page))
      }
      page.specifiers.append(builder.specifier(index: index))
    }

    /// Reads the value of a member Apple or InAppSettingsKit defines into `builder`: a
    /// `Type` of printable ASCII matched from its bytes, any other string straight into its
    /// field, arrays of choices read once for equal texts. `false` when the specifier has
    /// the member already.
    private mutating func read(
      _ member: Specifier.Member, _ cursor: inout JSONCursor,
      into builder: inout Specifier.Builder,
      children: inout [(member: String?, page: PendingPage)]
    ) throws(SourceError) -> Bool {
      switch member {
      case .type:
        if let bytes = cursor.plainString() {
          return builder.add(type: Specifier.Kind(typeNameBytes: bytes))
        }
      case .titles: return builder.add(member, try cursor.value(reusing: &lastTitles))
      case .values: return builder.add(member, try cursor.value(reusing: &lastValues))
      case .shortTitles: return builder.add(member, try cursor.value(reusing: &lastShortTitles))
      case .itemSpecifier, .addSpecifier:
        if cursor.isObject {
          let nested = try nestedSpecifier(&cursor, member: member.name, children: &children)
          return builder.add(member, nested)
        }
      default: break
      }
      if let text = try cursor.string() { return builder.add(member, string: text) }
      return builder.add(member, try cursor.value())
    }

    /// A list group's `ItemSpecifier` or `AddSpecifier`: its members, with the page of its
    /// `Children` taken out into `children`.
    private mutating func nestedSpecifier(
      _ cursor: inout JSONCursor, member: String,
      children: inout [(member: String?, page: PendingPage)]
    ) throws(SourceError) -> PropertyListValue {
      var nested: [PropertyListKey: PropertyListValue] = [:]
      try cursor.beginObject()
      while let nestedKey = try cursor.nextMember() {
        if nestedKey == "Children" {
          if let child = try self.page(&cursor) { children.append((member, child)) }
        } else {
          nested[nestedKey] = try cursor.value()
        }
      }
      return .dictionary(nested)
    }

    /// The order in which the tree reader names a specifier's inline pages: its own
    /// `Children`, then those of its nested specifiers in ``Specifier/nestedSpecifierKeys``
    /// order.
    private func order(_ member: String?) -> Int {
      guard let member else { return -1 }
      return Specifier.nestedSpecifierKeys.firstIndex(of: member) ?? 0
    }

    /// A page's `Strings`: language → key → text, the languages in file order.
    mutating func translations(_ cursor: inout JSONCursor) throws(SourceError) -> [(
      language: String, entries: [String: String]
    )] {
      guard cursor.isObject else { return try wrongShape(&cursor) ?? [] }
      var result: [(language: String, entries: [String: String])] = []
      try cursor.beginObject()
      while let language = try cursor.nextMember() {
        guard cursor.isObject else {
          _ = try wrongShape(&cursor) as Void?
          continue
        }
        // The table finds a repeated key itself, as it stores each.
        var entries: [String: String] = [:]
        try cursor.beginObject(checkingKeys: false)
        while let key = try cursor.nextMember() {
          let text = try cursor.string()
          if text == nil { _ = try wrongShape(&cursor) as Void? }
          // A text of the wrong shape still counts for a repeated key, as the tree's would.
          if entries.updateValue(text ?? "", forKey: key) != nil { throw cursor.repeatedKey() }
        }
        result.append((language, entries))
      }
      return result
    }

    /// Notes a value of the wrong shape and steps over it (checking its syntax).
    mutating func wrongShape<T>(_ cursor: inout JSONCursor) throws(SourceError) -> T? {
      shapeIsWrong = true
      _ = try cursor.value()
      return nil
    }
  }
}
