import TextSafety

extension XMLPropertyListParser {
  // MARK: Tags

  /// Reads a start tag at `index`, skipping its attributes.
  mutating func readStartTag(context: FormatReason) throws(SourceError) -> Tag {
    if let tag = readPlainStartTag() { return tag }
    let offset = index
    guard peek == UInt8(ascii: "<"), index + 1 < bytes.count,
      isNameStart(bytes[index + 1])
    else {
      throw input.error(
        at: index, FormatReason(.xmlElementExpected, .reason(context), .reason(foundTag)))
    }
    index += 1
    let name = readName()
    while true {
      let beforeSpace = index
      skipWhitespace()
      switch peek {
      case UInt8(ascii: ">"):
        index += 1
        return Tag(name: name, isEmpty: false, offset: offset)
      case UInt8(ascii: "/"):
        index += 1
        guard peek == UInt8(ascii: ">") else {
          throw input.error(
            at: index, FormatReason(.xmlSlashNotClosed, .text(name), .reason(found)))
        }
        index += 1
        return Tag(name: name, isEmpty: true, offset: offset)
      case let byte? where index > beforeSpace && isNameStart(byte):
        try skipAttribute(in: name)
      default:
        throw input.error(
          at: index, FormatReason(.xmlTagNotClosed, .text(name), .reason(found)))
      }
    }
  }

  /// The start tag at `index` when it is `<name>` or `<name/>` of an element property lists
  /// are made of (``elementName(_:)``), as nearly every tag is: read without a String, with
  /// `index` after it. `nil` for any other tag, with nothing read.
  mutating func readPlainStartTag() -> Tag? {
    guard let base = bytes.baseAddress, index + 1 < bytes.count, base[index] == UInt8(ascii: "<")
    else { return nil }
    let offset = index
    guard
      let name = Self.elementName(startingAt: base + offset + 1, before: bytes.count - offset - 1)
    else { return nil }
    let end = offset + 1 + name.utf8.count
    guard end < bytes.count else { return nil }
    if base[end] == UInt8(ascii: ">") {
      index = end + 1
      return Tag(name: name, isEmpty: false, offset: offset)
    }
    guard base[end] == UInt8(ascii: "/"), end + 1 < bytes.count, base[end + 1] == UInt8(ascii: ">")
    else { return nil }
    index = end + 2
    return Tag(name: name, isEmpty: true, offset: offset)
  }

  /// Reads `written`, the start tag of the element `name` without attributes or space
  /// (`<key>`), when it is at `index`, as a reader that expects that element nearly always
  /// finds it: the tag, with `index` after it. `nil` for anything else, with nothing read.
  mutating func readStartTag(_ written: Markup, of name: String) -> Tag? {
    guard starts(with: written) else { return nil }
    let tag = Tag(name: name, isEmpty: false, offset: index)
    index += written.count
    return tag
  }

  mutating func skipAttribute(in element: String) throws(SourceError) {
    let attribute = readName()
    skipWhitespace()
    guard peek == UInt8(ascii: "=") else {
      throw input.error(
        at: index,
        FormatReason(.xmlEqualsExpected, .text(attribute), .text(element), .reason(found)))
    }
    index += 1
    skipWhitespace()
    guard let quote = peek, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
      throw input.error(
        at: index, FormatReason(.xmlAttributeValueExpected, .text(attribute), .reason(found)))
    }
    let start = index
    index += 1
    while let byte = peek, byte != quote { index += 1 }
    guard index < bytes.count else {
      throw input.error(
        at: start, FormatReason(.xmlUnterminatedAttribute))
    }
    index += 1
  }

  /// Reads `</name>` at `index`, or explains what is there instead. `name` is that of the
  /// element whose start tag is at `opening`.
  mutating func readEndTag(_ name: String, openedAt opening: Int, context: FormatReason)
    throws(SourceError)
  {
    let offset = index
    guard isAtEndTag else {
      throw input.error(
        at: index,
        FormatReason(.xmlEndTagExpected, .text(name), .reason(context), .reason(foundTag)))
    }
    // `</name>` exactly, as nearly always: compared with the name in the start tag, no
    // String made.
    let count = name.utf8.count
    if isEndTag(at: index, ofTagAt: opening, nameCount: count) {
      index += count + 3
      return
    }
    index += 2
    let found = readName()
    skipWhitespace()
    guard index < bytes.count else {
      throw input.error(at: opening, FormatReason(.xmlUnterminatedElement, .text(name)))
    }
    guard found == name, peek == UInt8(ascii: ">") else {
      let openLine = input.error(at: opening, .verbatim("")).line
      throw input.error(
        at: offset,
        FormatReason(
          .xmlMismatchedEndTag, .text(name), .text(String(openLine)),
          .text(escapedForMessage(found))))
    }
    index += 1
  }

  /// Whether `</name>` is at `offset`, `name` being the `count` bytes after the `<` of the
  /// start tag at `opening`.
  func isEndTag(at offset: Int, ofTagAt opening: Int, nameCount count: Int) -> Bool {
    guard let base = bytes.baseAddress, offset + count + 2 < bytes.count,
      base[offset] == UInt8(ascii: "<"), base[offset + 1] == UInt8(ascii: "/"),
      base[offset + count + 2] == UInt8(ascii: ">")
    else { return false }
    // Compared through the pointers, the bounds checked above.
    let closing = base + offset + 2
    let opened = base + opening + 1
    var position = 0
    while position < count {
      guard closing[position] == opened[position] else { return false }
      position &+= 1
    }
    return true
  }

  /// Reads an element or attribute name. Names outside ASCII are returned with control
  /// characters escaped: they only ever appear in messages, never match a known name.
  mutating func readName() -> String {
    let start = index
    var isASCII = true
    while let byte = peek, isNameByte(byte) {
      isASCII = isASCII && byte < 0x80
      index += 1
    }
    let written = UnsafeBufferPointer(rebasing: bytes[start..<index])
    if let known = Self.elementName(written) { return known }
    let name = String(decoding: written, as: UTF8.self)
    return isASCII ? name : escapedForMessage(name)
  }

  /// The name of an element of property lists written as `bytes`, as a constant: every tag
  /// of a file has one, and reading it makes no String.
  static func elementName(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    guard let base = bytes.baseAddress,
      let name = elementName(startingAt: base, before: bytes.count),
      name.utf8.count == bytes.count
    else { return nil }
    return name
  }

  /// The name of an element of property lists that the `count` bytes at `start` begin with,
  /// as a constant: what follows it may still be a name byte.
  static func elementName(startingAt start: UnsafePointer<UInt8>, before count: Int) -> String? {
    guard count >= 3 else { return nil }
    var name: String
    switch start[0] {
    case UInt8(ascii: "k"): name = "key"
    case UInt8(ascii: "s"): name = "string"
    case UInt8(ascii: "d"):
      guard count >= 4 else { return nil }
      name =
        start[1] == UInt8(ascii: "i") ? "dict" : start[3] == UInt8(ascii: "e") ? "date" : "data"
    case UInt8(ascii: "a"): name = "array"
    case UInt8(ascii: "i"): name = "integer"
    case UInt8(ascii: "r"): name = "real"
    case UInt8(ascii: "t"): name = "true"
    case UInt8(ascii: "f"): name = "false"
    case UInt8(ascii: "p"): name = "plist"
    default: return nil
    }
    let isName = name.withUTF8 { constant in
      constant.count <= count && constant.indices.allSatisfy { constant[$0] == start[$0] }
    }
    return isName ? name : nil
  }

  func isNameStart(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || byte == UInt8(ascii: "_")
      || byte == UInt8(ascii: ":") || byte >= 0x80
  }

  func isNameByte(_ byte: UInt8) -> Bool {
    isNameStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
  }

  var isAtEndTag: Bool {
    index + 1 < bytes.count && bytes[index] == UInt8(ascii: "<")
      && bytes[index + 1] == UInt8(ascii: "/")
  }
}
