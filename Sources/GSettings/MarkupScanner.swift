import SystemIO

/// A small XML scanner for GSettings schema files: start tags with their attributes, end
/// tags (an empty element gives both) and text with its entities resolved. Comments,
/// processing instructions and the doctype are skipped, CDATA is text.
package struct MarkupScanner {
  /// What the scanner found next.
  package enum Event: Equatable {
    case start(String, [String: String])
    case end(String)
    case text(String)
  }

  /// XML the scanner cannot read, at a line and column of the file (GSettingsKit words it).
  package struct SyntaxError: Error, Equatable, Sendable {
    /// What is wrong.
    package enum Reason: Equatable, Sendable {
      /// A comment, CDATA section, declaration or end tag with no end.
      case unterminated(String)
      case tagWithoutName
      /// A start tag (its name) with no `>`.
      case tagNeverEnds(String)
      /// An attribute of the element with no `=` and value.
      case attributeWithoutValue(String)
      /// The attribute's value is not in quotes.
      case valueNotQuoted(String)
      /// The attribute's value has no closing quote.
      case valueNeverEnds(String)
      /// `&name;` names no entity XML knows (or an `&` has no `;`: the name is empty).
      case unknownEntity(String)
      /// The file could not be read: the system's reason.
      case unreadable(SystemCallError)
    }

    package var source: String
    package var line: Int
    package var column: Int
    package var reason: Reason

    package init(source: String, line: Int, column: Int, reason: Reason) {
      self.source = source
      self.line = line
      self.column = column
      self.reason = reason
    }
  }

  private let bytes: [UInt8]
  private let source: String
  private var offset = 0
  private var pendingEnd: String?
  /// Where the last start tag began, and the line counted up to `countedOffset`: the line
  /// of each start tag is counted on from the one before, once over the file.
  private var tagStart = 0
  private var countedOffset = 0
  private var countedLine = 1

  /// The 1-based line of the last start tag ``next()`` returned.
  package mutating func lineOfLastTag() -> Int {
    while countedOffset < tagStart {
      if bytes[countedOffset] == UInt8(ascii: "\n") { countedLine += 1 }
      countedOffset += 1
    }
    return countedLine
  }

  package init(bytes: [UInt8], source: String) {
    self.bytes = bytes
    self.source = source
  }

  private func error(_ reason: SyntaxError.Reason, at position: Int? = nil) -> SyntaxError {
    let end = min(position ?? offset, bytes.count)
    var line = 1
    var lineStart = 0
    for index in 0..<end where bytes[index] == UInt8(ascii: "\n") {
      line += 1
      lineStart = index + 1
    }
    return SyntaxError(source: source, line: line, column: end - lineStart + 1, reason: reason)
  }

  private func starts(with text: String, at position: Int) -> Bool {
    let pattern = Array(text.utf8)
    return position + pattern.count <= bytes.count
      && bytes[position..<position + pattern.count].elementsEqual(pattern)
  }

  /// The index of the first `text` at or after `position`.
  private func find(_ text: String, from position: Int) -> Int? {
    var index = position
    while index < bytes.count {
      if starts(with: text, at: index) { return index }
      index += 1
    }
    return nil
  }

  /// The next event, or `nil` at the end of the file.
  package mutating func next() throws(SyntaxError) -> Event? {
    if let name = pendingEnd {
      pendingEnd = nil
      return .end(name)
    }
    while offset < bytes.count {
      if bytes[offset] != UInt8(ascii: "<") {
        let end = find("<", from: offset) ?? bytes.count
        let start = offset
        offset = end
        return .text(try decodeEntities(start, end))
      }
      if starts(with: "<!--", at: offset) {
        guard let end = find("-->", from: offset + 4) else { throw error(.unterminated("<!--")) }
        offset = end + 3
      } else if starts(with: "<![CDATA[", at: offset) {
        guard let end = find("]]>", from: offset + 9) else {
          throw error(.unterminated("<![CDATA["))
        }
        let text = String(decoding: bytes[(offset + 9)..<end], as: UTF8.self)
        offset = end + 3
        return .text(text)
      } else if starts(with: "<?", at: offset) || starts(with: "<!", at: offset) {
        guard let end = find(">", from: offset) else { throw error(.unterminated("<!")) }
        offset = end + 1
      } else if starts(with: "</", at: offset) {
        guard let end = find(">", from: offset) else { throw error(.unterminated("</")) }
        let name = String(decoding: bytes[(offset + 2)..<end], as: UTF8.self)
        offset = end + 1
        return .end(name.filter { !$0.isWhitespace })
      } else {
        return try startTag()
      }
    }
    return nil
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
  }

  private mutating func startTag() throws(SyntaxError) -> Event {
    let tagStart = offset
    self.tagStart = tagStart
    offset += 1
    func isNameByte(_ byte: UInt8) -> Bool {
      !Self.isSpace(byte) && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "/")
        && byte != UInt8(ascii: "=")
    }
    func name() -> String {
      let start = offset
      while offset < bytes.count, isNameByte(bytes[offset]) { offset += 1 }
      return String(decoding: bytes[start..<offset], as: UTF8.self)
    }
    let element = name()
    guard !element.isEmpty else { throw error(.tagWithoutName, at: tagStart) }
    var attributes: [String: String] = [:]
    while true {
      while offset < bytes.count, Self.isSpace(bytes[offset]) { offset += 1 }
      guard offset < bytes.count else {
        throw error(.tagNeverEnds(element), at: tagStart)
      }
      if bytes[offset] == UInt8(ascii: ">") {
        offset += 1
        return .start(element, attributes)
      }
      if starts(with: "/>", at: offset) {
        offset += 2
        pendingEnd = element
        return .start(element, attributes)
      }
      let attribute = name()
      guard !attribute.isEmpty, offset < bytes.count, bytes[offset] == UInt8(ascii: "=") else {
        throw error(.attributeWithoutValue(element))
      }
      offset += 1
      guard offset < bytes.count,
        bytes[offset] == UInt8(ascii: "\"") || bytes[offset] == UInt8(ascii: "'")
      else { throw error(.valueNotQuoted(attribute)) }
      let quote = bytes[offset]
      let start = offset + 1
      guard let end = bytes[start...].firstIndex(of: quote) else {
        throw error(.valueNeverEnds(attribute))
      }
      attributes[attribute] = try decodeEntities(start, end)
      offset = end + 1
    }
  }

  /// The text of `bytes[start..<end]` with `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` and
  /// character references resolved.
  private func decodeEntities(_ start: Int, _ end: Int) throws(SyntaxError) -> String {
    guard bytes[start..<end].contains(UInt8(ascii: "&")) else {
      return String(decoding: bytes[start..<end], as: UTF8.self)
    }
    var result: [UInt8] = []
    var index = start
    while index < end {
      guard bytes[index] == UInt8(ascii: "&") else {
        result.append(bytes[index])
        index += 1
        continue
      }
      guard let semicolon = bytes[index..<end].firstIndex(of: UInt8(ascii: ";")) else {
        throw error(.unknownEntity(""), at: index)
      }
      let name = String(decoding: bytes[(index + 1)..<semicolon], as: UTF8.self)
      let scalar: Unicode.Scalar?
      switch name {
      case "amp": scalar = "&"
      case "lt": scalar = "<"
      case "gt": scalar = ">"
      case "quot": scalar = "\""
      case "apos": scalar = "'"
      default:
        if name.hasPrefix("#x") {
          scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
        } else if name.hasPrefix("#") {
          scalar = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init)
        } else {
          scalar = nil
        }
      }
      guard let scalar else { throw error(.unknownEntity(name), at: index) }
      result += Array(String(Character(scalar)).utf8)
      index = semicolon + 1
    }
    return String(decoding: result, as: UTF8.self)
  }
}
