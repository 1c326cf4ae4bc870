/// What GIO's compiled schemas leave out: the gettext domain, the summaries and the
/// descriptions of keys, and the schema of each `<child>`, read from the
/// `*.gschema.xml` files the compiled schemas were made from.
package struct GSchemaText: Sendable, Equatable {
  /// A key's text as the schema writes it, whitespace collapsed as gettext's catalogs hold it.
  package struct KeyText: Sendable, Equatable {
    package var summary: String?
    /// The `context` attribute of `<summary>` (gettext's `msgctxt`).
    package var summaryContext: String?
    package var description: String?
    package var descriptionContext: String?
    /// The line of its `<key>` in its schema's file (0 when not read from one).
    package var line: Int

    package init(
      summary: String? = nil, summaryContext: String? = nil, description: String? = nil,
      descriptionContext: String? = nil, line: Int = 0
    ) {
      self.line = line
      self.summary = summary
      self.summaryContext = summaryContext
      self.description = description
      self.descriptionContext = descriptionContext
    }
  }

  /// A schema's text.
  package struct SchemaText: Sendable, Equatable {
    /// Its gettext domain: the `<schema>`'s `gettext-domain`, else its `<schemalist>`'s.
    package var gettextDomain: String?
    /// Its keys' text, by key name.
    package var keys: [String: KeyText] = [:]
    /// Its `<child>` elements: the child's name and its schema id.
    package var children: [(name: String, schema: String)] = []
    /// The file it was read from, and the line of its `<schema>` there.
    package var source: String
    package var line: Int

    package init(gettextDomain: String?, source: String = "", line: Int = 0) {
      self.gettextDomain = gettextDomain
      self.source = source
      self.line = line
    }

    package static func == (a: SchemaText, b: SchemaText) -> Bool {
      a.gettextDomain == b.gettextDomain && a.keys == b.keys && a.source == b.source
        && a.line == b.line
        && a.children.map(\.name) == b.children.map(\.name)
        && a.children.map(\.schema) == b.children.map(\.schema)
    }
  }

  /// The schemas read, by id.
  package var schemas: [String: SchemaText] = [:]

  package init() {}

  /// Reads the schemas of one `.gschema.xml` file into this one (a schema read before keeps
  /// its text: GIO too takes the first folder's).
  ///
  /// - Throws: ``MarkupScanner/SyntaxError`` with the file, line and column of what is not
  ///   XML.
  package mutating func read(_ bytes: [UInt8], source: String) throws(MarkupScanner.SyntaxError) {
    var scanner = MarkupScanner(bytes: bytes, source: source)
    var listDomain: String?
    var schemaID: String?
    var keyName: String?
    var textElement: (name: String, context: String?)?
    var text = ""
    var found: [String: SchemaText] = [:]
    while let event = try scanner.next() {
      switch event {
      case .start(let name, let attributes):
        switch name {
        case "schemalist":
          listDomain = attributes["gettext-domain"]
        case "schema":
          guard let id = attributes["id"] else { continue }
          schemaID = id
          found[id] = SchemaText(
            gettextDomain: attributes["gettext-domain"] ?? listDomain, source: source,
            line: scanner.lineOfLastTag())
        case "key":
          keyName = attributes["name"]
          if let id = schemaID, let name = keyName {
            found[id]?.keys[name, default: KeyText()].line = scanner.lineOfLastTag()
          }
        case "summary", "description":
          textElement = (name, attributes["context"])
          text = ""
        case "child":
          if let id = schemaID, let childName = attributes["name"],
            let childSchema = attributes["schema"]
          {
            found[id]?.children.append((childName, childSchema))
          }
        default:
          break
        }
      case .text(let chunk):
        if textElement != nil { text += chunk }
      case .end(let name):
        switch name {
        case "schema": schemaID = nil
        case "key": keyName = nil
        case "summary", "description":
          guard let id = schemaID, let key = keyName, let element = textElement else { break }
          var keyText = found[id]?.keys[key] ?? KeyText()
          let collapsed = Self.collapsingWhitespace(text)
          if element.name == "summary" {
            keyText.summary = collapsed
            keyText.summaryContext = element.context
          } else {
            keyText.description = collapsed
            keyText.descriptionContext = element.context
          }
          found[id]?.keys[key] = keyText
          textElement = nil
        default:
          break
        }
      }
    }
    for (id, schema) in found where schemas[id] == nil { schemas[id] = schema }
  }

  /// `text` with each run of whitespace made one space, and none at either end: the text of a
  /// summary as GLib shows it and as gettext's catalogs hold it.
  package static func collapsingWhitespace(_ text: String) -> String {
    text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
      .joined(separator: " ")
  }
}
