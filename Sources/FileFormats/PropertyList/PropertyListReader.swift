import FoundationEssentials
import TextSafety

/// Reads property lists, XML or binary, with exact kinds and errors a person can act on.
///
/// XML property lists are read by our own parser: `PropertyListDecoder` (the only reader in
/// FoundationEssentials) cannot tell `<real>2</real>` from `<integer>2</integer>` through
/// `Codable`, so a store read with it would rewrite reals as integers, and its errors carry
/// no line or column. Binary property lists (`bplist00`) are read by
/// ``BinaryPropertyListParser``, for the same reason.
///
/// The XML reader accepts what Apple's tools write and read: a UTF-8 document with an
/// optional XML declaration, DOCTYPE and comments; `<plist>` around one value (or a bare
/// value); `<dict>`, `<array>`, `<string>`, `<integer>` (decimal or `0x` hex), `<real>`
/// (including `nan` and `±infinity`), `<true/>`, `<false/>`, `<date>`, `<data>`; the five
/// named entities, character references and CDATA sections. Control characters in text are
/// kept as they are, as Apple's writer produces them. A repeated key in one `<dict>`, an
/// unknown element, nesting deeper than ``JSONReader/maximumDepth`` and invalid UTF-8 are
/// errors.
public enum PropertyListReader {
  /// Parses a property list, XML or binary (chosen by the `bplist` signature).
  ///
  /// - Parameters:
  ///   - bytes: The contents of the file.
  ///   - source: The file path or name to put in errors.
  /// - Returns: The top-level value.
  /// - Throws: ``SourceError`` with the line, column and what was expected. Errors in a
  ///   binary property list are reported on line 1 without a column, with the byte offset
  ///   in the message.
  public static func parse(_ bytes: some Collection<UInt8>, source: String) throws(SourceError)
    -> PropertyListValue
  {
    try parse(bytes, source: source, requiringDictionary: false)
  }

  /// Parses a property list whose top level must be a dictionary, such as a store file.
  ///
  /// - Parameters:
  ///   - bytes: The contents of the file.
  ///   - source: The file path or name to put in errors.
  /// - Returns: The members of the top-level dictionary.
  /// - Throws: ``SourceError``, also when the top level is not a `<dict>`.
  public static func parseDictionary(_ bytes: some Collection<UInt8>, source: String)
    throws(SourceError) -> [PropertyListKey: PropertyListValue]
  {
    try parse(bytes, source: source, requiringDictionary: true).dictionaryValue ?? [:]
  }

  /// Parses a property list as ``parse(_:source:)`` does, as one of several files whose
  /// binary property lists may expand only so much together.
  ///
  /// - Parameters:
  ///   - bytes: The contents of the file.
  ///   - source: The file path or name to put in errors.
  ///   - budget: What the files read before it expanded to; this file is counted in it.
  /// - Returns: The top-level value.
  /// - Throws: ``SourceError``, also when this file passes the budget (which then says
  ///   ``ExpansionBudget/isExceeded``).
  public static func parse(
    _ bytes: some Collection<UInt8>, source: String, budget: inout ExpansionBudget
  ) throws(SourceError) -> PropertyListValue {
    var counted: ExpansionBudget? = budget
    defer { if let counted { budget = counted } }
    return try parse(bytes, source: source, requiringDictionary: false, budget: &counted)
  }

  private static func parse(
    _ bytes: some Collection<UInt8>, source: String, requiringDictionary: Bool
  ) throws(SourceError) -> PropertyListValue {
    var unlimited: ExpansionBudget?
    return try parse(
      bytes, source: source, requiringDictionary: requiringDictionary, budget: &unlimited)
  }

  private static func parse(
    _ bytes: some Collection<UInt8>, source: String, requiringDictionary: Bool,
    budget: inout ExpansionBudget?
  ) throws(SourceError) -> PropertyListValue {
    try TextInput.with(bytes, source: source) { input throws(SourceError) in
      if input.bytes.starts(with: "bplist".utf8) {
        var parser = BinaryPropertyListParser(bytes: input.bytes, source: source)
        parser.budget = budget
        let value: PropertyListValue
        do throws(SourceError) {
          value = try parser.parse()
        } catch {
          if budget != nil, parser.exceedsBudget { budget?.isExceeded = true }
          throw error
        }
        budget?.add(
          fileBytes: input.bytes.count, values: parser.expansion.values,
          textBytes: parser.expansion.bytes)
        if requiringDictionary, value.dictionaryValue == nil {
          throw parser.error(
            at: nil, "expected a dictionary at the top level, found \(value.typeName)")
        }
        return value
      }
      var parser = XMLPropertyListParser(input: input)
      return try parser.parseDocument(requiringDictionary: requiringDictionary)
    }
  }
}

/// The recursive-descent parser behind ``PropertyListReader`` for XML property lists.
struct XMLPropertyListParser {
  let input: TextInput
  var bytes: UnsafeBufferPointer<UInt8> { input.bytes }
  var index = 0
  var depth = 0
  /// Reused for the text content of elements.
  var text: [UInt8] = []

  init(input: TextInput) {
    self.input = input
  }

  /// A start tag that has been read: `<name ...>` or `<name .../>`.
  struct Tag {
    var name: String
    var isEmpty: Bool
    var offset: Int
  }

  // MARK: Document

  mutating func parseDocument(requiringDictionary: Bool) throws(SourceError) -> PropertyListValue {
    let (plist, top) = try readPrologue()
    if requiringDictionary, top.name != "dict" {
      let name = top.name == "true" || top.name == "false" ? "<\(top.name)/>" : "<\(top.name)>"
      throw input.error(
        at: top.offset, "expected a <dict> at the top level, found \(escapedForMessage(name))")
    }
    let value = try parseValue(top)
    try readEpilogue(after: plist)
    return value
  }

  /// Reads what comes before the top-level value: the declaration, DOCTYPE and comments, and
  /// the `<plist>` tag when there is one. Returns that tag and the value's start tag.
  mutating func readPrologue() throws(SourceError) -> (plist: Tag?, top: Tag) {
    index = try input.startAfterByteOrderMark()
    try skipMisc()
    guard index < bytes.count else {
      throw input.error(at: index, "expected a property list, found an empty file")
    }
    guard peek == UInt8(ascii: "<") else {
      throw input.error(
        at: index, "expected '<?xml' or '<plist>' at the start of a property list, found \(found)")
    }
    let first = try readStartTag(context: "at the start of the property list")
    guard first.name == "plist" else { return (nil, first) }
    guard !first.isEmpty else {
      throw input.error(at: first.offset, "expected a value inside <plist>, found <plist/>")
    }
    try skipMisc()
    return (first, try readStartTag(context: "inside <plist>"))
  }

  /// Reads what follows the top-level value: `</plist>` when `plist` opened it, then
  /// comments and white space to the end of the file.
  mutating func readEpilogue(after plist: Tag?) throws(SourceError) {
    if let plist {
      try skipMisc()
      try readEndTag("plist", openedAt: plist.offset, context: "after the top-level value")
    }
    try skipMisc()
    guard index == bytes.count else {
      throw input.error(
        at: index, "expected the end of the file after the property list, found \(found)")
    }
  }

  // MARK: Values

  mutating func parseValue(_ tag: Tag) throws(SourceError) -> PropertyListValue {
    switch tag.name {
    case "dict": return try parseDictionary(tag)
    case "array": return try parseArray(tag)
    case "string": return .string(try readText(tag))
    case "integer": return try parseInteger(tag)
    case "real": return try parseReal(tag)
    case "true", "false":
      if !tag.isEmpty {
        try readEndTag(
          tag.name, openedAt: tag.offset, context: "in <\(tag.name)>; write <\(tag.name)/>")
      }
      return .bool(tag.name == "true")
    case "date":
      let content = try readText(tag)
      guard let date = ISO8601Date.date(from: trimmed(content.utf8)) else {
        throw input.error(
          at: tag.offset,
          "expected a date such as 2026-11-30T00:00:00Z in <date>, found \(JSONWriter.quoted(content))"
        )
      }
      return .date(date)
    case "data":
      let content = try readText(tag)
      let base64 = String(decoding: content.utf8.filter { !isWhitespace($0) }, as: UTF8.self)
      guard let data = Data(base64Encoded: base64) else {
        throw input.error(at: tag.offset, "expected Base64 text in <data>")
      }
      return .data(Array(data))
    case "key":
      throw input.error(
        at: tag.offset, "expected a value, found <key>; <key> belongs inside <dict>")
    default:
      throw input.error(
        at: tag.offset,
        "unknown element <\(tag.name)>; expected <dict>, <array>, <string>, <integer>, <real>, <true/>, <false/>, <date> or <data>"
      )
    }
  }

  mutating func parseDictionary(_ tag: Tag) throws(SourceError) -> PropertyListValue {
    var members: [PropertyListKey: PropertyListValue] = [:]
    if tag.isEmpty { return .dictionary(members) }
    try enterContainer(tag)
    while true {
      try skipMisc(inside: "dict")
      if isAtEndTag {
        try readEndTag(
          "dict", openedAt: tag.offset, context: "after a dictionary value; expected <key>")
        depth -= 1
        return .dictionary(members)
      }
      let keyTag = try readStartTag(context: "inside <dict>")
      guard keyTag.name == "key" else {
        throw input.error(at: keyTag.offset, "expected <key> or </dict>, found <\(keyTag.name)>")
      }
      let key = try readText(keyTag)
      try skipMisc(inside: "dict")
      guard !isAtEndTag else {
        throw input.error(
          at: index,
          "expected a value after <key>\(escapedForMessage(key))</key>, found \(foundTag)")
      }
      let value = try parseValue(try readStartTag(context: "after <key>"))
      if members.updateValue(value, forKey: PropertyListKey(key)) != nil {
        throw input.error(
          at: keyTag.offset,
          "duplicate key \(JSONWriter.quoted(key)) in one <dict>; keep only one of them")
      }
    }
  }

  mutating func parseArray(_ tag: Tag) throws(SourceError) -> PropertyListValue {
    var elements: [PropertyListValue] = []
    if tag.isEmpty { return .array(elements) }
    try enterContainer(tag)
    while true {
      try skipMisc(inside: "array")
      if isAtEndTag {
        try readEndTag("array", openedAt: tag.offset, context: "after an array element")
        depth -= 1
        return .array(elements)
      }
      elements.append(try parseValue(try readStartTag(context: "inside <array>")))
    }
  }

  mutating func enterContainer(_ tag: Tag) throws(SourceError) {
    depth += 1
    guard depth <= JSONReader.maximumDepth else {
      throw input.error(
        at: tag.offset, "<dict> and <array> nest deeper than \(JSONReader.maximumDepth) levels")
    }
  }

  mutating func parseInteger(_ tag: Tag) throws(SourceError) -> PropertyListValue {
    let content = try readText(tag)
    var digits = trimmed(content.utf8)[...]
    let isNegative = digits.first == UInt8(ascii: "-")
    if isNegative || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
    var radix = 10
    if digits.count > 2, digits.first == UInt8(ascii: "0"),
      digits.dropFirst().first.map({ $0 | 0x20 == UInt8(ascii: "x") }) == true
    {
      radix = 16
      digits = digits.dropFirst(2)
    }
    let text = String(decoding: digits, as: UTF8.self)
    guard !text.isEmpty, text.utf8.allSatisfy({ Self.digitValue($0, radix: radix) != nil }) else {
      throw input.error(
        at: tag.offset, "expected an integer in <integer>, found \(JSONWriter.quoted(content))")
    }
    if let magnitude = UInt64(text, radix: radix) {
      if !isNegative, magnitude <= UInt64(Int.max) { return .integer(Int(magnitude)) }
      if !isNegative { return .unsignedInteger(magnitude) }
      if isNegative, magnitude <= UInt64(Int.max) + 1 {
        return .integer(Int(truncatingIfNeeded: 0 &- magnitude))
      }
    }
    guard radix == 10, let real = Double((isNegative ? "-" : "") + text), real.isFinite else {
      throw input.error(
        at: tag.offset, "the integer \(JSONWriter.quoted(content)) does not fit in 64 bits")
    }
    return .real(real)
  }

  static func digitValue(_ byte: UInt8, radix: Int) -> Int? {
    let value: Int
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): value = Int(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): value = Int(byte - UInt8(ascii: "a")) + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): value = Int(byte - UInt8(ascii: "A")) + 10
    default: return nil
    }
    return value < radix ? value : nil
  }

  mutating func parseReal(_ tag: Tag) throws(SourceError) -> PropertyListValue {
    let content = try readText(tag)
    let text = String(decoding: trimmed(content.utf8), as: UTF8.self)
    switch text.lowercased() {
    case "nan": return .real(.nan)
    case "inf", "+inf", "infinity", "+infinity": return .real(.infinity)
    case "-inf", "-infinity": return .real(-.infinity)
    default: break
    }
    let isDecimal = text.utf8.allSatisfy {
      Self.digitValue($0, radix: 10) != nil || "+-.eE".utf8.contains($0)
    }
    guard isDecimal, let real = Double(text) else {
      throw input.error(
        at: tag.offset, "expected a number in <real>, found \(JSONWriter.quoted(content))")
    }
    return .real(real)
  }

  // MARK: Tags

  /// Reads a start tag at `index`, skipping its attributes.
  mutating func readStartTag(context: String) throws(SourceError) -> Tag {
    if let tag = readPlainStartTag() { return tag }
    let offset = index
    guard peek == UInt8(ascii: "<"), index + 1 < bytes.count,
      isNameStart(bytes[index + 1])
    else {
      throw input.error(at: index, "expected an element \(context), found \(foundTag)")
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
          throw input.error(at: index, "expected '>' after '/' in <\(name)/>, found \(found)")
        }
        index += 1
        return Tag(name: name, isEmpty: true, offset: offset)
      case let byte? where index > beforeSpace && isNameStart(byte):
        try skipAttribute(in: name)
      default:
        throw input.error(at: index, "expected '>' to close the <\(name)> tag, found \(found)")
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
        at: index, "expected '=' after attribute \(attribute) of <\(element)>, found \(found)")
    }
    index += 1
    skipWhitespace()
    guard let quote = peek, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
      throw input.error(
        at: index, "expected a quoted value for attribute \(attribute), found \(found)")
    }
    let start = index
    index += 1
    while let byte = peek, byte != quote { index += 1 }
    guard index < bytes.count else {
      throw input.error(
        at: start, "unterminated attribute value: the file ends before the closing quote")
    }
    index += 1
  }

  /// Reads `</name>` at `index`, or explains what is there instead. `name` is that of the
  /// element whose start tag is at `opening`.
  mutating func readEndTag(_ name: String, openedAt opening: Int, context: String)
    throws(SourceError)
  {
    let offset = index
    guard isAtEndTag else {
      throw input.error(at: index, "expected </\(name)> \(context), found \(foundTag)")
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
      throw input.error(at: opening, "unterminated <\(name)>: the file ends before </\(name)>")
    }
    guard found == name, peek == UInt8(ascii: ">") else {
      let openLine = input.error(at: opening, "").line
      throw input.error(
        at: offset,
        "expected </\(name)> to close <\(name)> from line \(openLine), found </\(escapedForMessage(found))>"
      )
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

  // MARK: Text

  /// Reads the text content of `tag` up to its end tag: entities and CDATA decoded,
  /// comments dropped, nested elements refused.
  mutating func readText(_ tag: Tag) throws(SourceError) -> String {
    if tag.isEmpty { return "" }
    // Text of plain ASCII right up to the end tag (most keys and strings) becomes a String
    // straight from the input, not byte by byte through ``text``.
    let start = index
    index = endOfPlainText(from: start)
    if isAtEndTag {
      let content = String(decoding: bytes[start..<index], as: UTF8.self)
      try readEndTag(tag.name, openedAt: tag.offset, context: "")
      return content
    }
    text.removeAll(keepingCapacity: true)
    text.append(contentsOf: bytes[start..<index])
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "<") {
        if isAtEndTag {
          let content = String(decoding: text, as: UTF8.self)
          try readEndTag(tag.name, openedAt: tag.offset, context: "")
          return content
        } else if starts(with: "<![CDATA[") {
          try readCDATA()
        } else if starts(with: "<!--") {
          try skipComment()
        } else {
          throw input.error(
            at: index,
            "expected text or </\(tag.name)> inside <\(tag.name)>, found \(foundTag); use &lt; for a literal '<'"
          )
        }
      } else if byte == UInt8(ascii: "&") {
        try readEntity()
      } else if byte < 0x80 {
        let end = endOfPlainText(from: index)
        text.append(contentsOf: bytes[index..<end])
        index = end
      } else if let length = input.utf8SequenceLength(at: index) {
        text.append(contentsOf: bytes[index..<index + length])
        index += length
      } else {
        throw input.error(
          at: index,
          "invalid UTF-8 byte 0x\(String(byte, radix: 16, uppercase: true)); the file must be UTF-8"
        )
      }
    }
    throw input.error(
      at: tag.offset, "unterminated <\(tag.name)>: the file ends before </\(tag.name)>")
  }

  /// Where the text from `index` lies when it is plain ASCII (no markup, entity or byte to
  /// check) right up to `endTag` (`</key>`): what ``readText(_:)`` would return, as it stands
  /// in the input. `nil` for any other text; nothing is read either way.
  func plainText(before endTag: Markup) -> Range<Int>? {
    let end = endOfPlainText(from: index)
    guard endTag.isAt(end, in: bytes) else { return nil }
    return index..<end
  }

  /// Whether `markup` is at `index`.
  func starts(with markup: Markup) -> Bool { markup.isAt(index, in: bytes) }

  mutating func readCDATA() throws(SourceError) {
    let start = index
    index += 9
    while index < bytes.count {
      if starts(with: "]]>") {
        index += 3
        return
      }
      guard let length = input.utf8SequenceLength(at: index) else {
        throw input.error(at: index, "invalid UTF-8 byte in CDATA section; the file must be UTF-8")
      }
      text.append(contentsOf: bytes[index..<index + length])
      index += length
    }
    throw input.error(at: start, "unterminated CDATA section: the file ends before ']]>'")
  }

  /// Decodes `&name;` or `&#number;` at `index` into ``text``.
  mutating func readEntity() throws(SourceError) {
    let start = index
    index += 1
    while let byte = peek, byte != UInt8(ascii: ";"), index - start < 12 { index += 1 }
    guard peek == UInt8(ascii: ";") else {
      throw input.error(
        at: start, "expected an entity such as &amp; or &#38;; write &amp; for a literal '&'")
    }
    let name = String(decoding: bytes[start + 1..<index], as: UTF8.self)
    index += 1
    let named: [String: Unicode.Scalar] = [
      "lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'",
    ]
    var scalar = named[name]
    if scalar == nil, name.hasPrefix("#") {
      let isHex = name.hasPrefix("#x") || name.hasPrefix("#X")
      scalar = UInt32(name.dropFirst(isHex ? 2 : 1), radix: isHex ? 16 : 10)
        .flatMap(Unicode.Scalar.init)
    }
    guard let scalar, scalar.value != 0 else {
      throw input.error(
        at: start,
        "unknown entity &\(escapedForMessage(name));; use &lt; &gt; &amp; &quot; &apos; or &#NN;")
    }
    text.append(contentsOf: String(Character(scalar)).utf8)
  }

  // MARK: Skipping

  /// The offset of the first byte from `start` on that is not ASCII or is `<` or `&`: text
  /// up to there is taken as it stands. Scanned through the base pointer eight bytes at a
  /// time, then byte by byte for the last few.
  func endOfPlainText(from start: Int) -> Int {
    guard let base = bytes.baseAddress else { return start }
    var end = start
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    while end + 8 <= bytes.count {
      let word = UInt64(
        littleEndian: UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self))
      // The high bit of each byte that is 0x80 or above, or is `<` or `&` (a byte of
      // `word ^ repeated` is zero where it equals the repeated byte). A byte after the first
      // such one may be marked too, by a borrow, but never one before it: the lowest mark is
      // the end.
      let angles = word ^ (ones &* 0x3C)
      let ampersands = word ^ (ones &* 0x26)
      let equal = ((angles &- ones) & ~angles) | ((ampersands &- ones) & ~ampersands)
      let marks = (equal | word) & highs
      if marks != 0 { return end + marks.trailingZeroBitCount / 8 }
      end += 8
    }
    while end < bytes.count {
      let byte = base[end]
      guard byte < 0x80, byte != UInt8(ascii: "<"), byte != UInt8(ascii: "&") else { break }
      end &+= 1
    }
    return end
  }

  /// Skips whitespace, comments, processing instructions and the DOCTYPE.
  mutating func skipMisc(inside element: String? = nil) throws(SourceError) {
    while true {
      skipWhitespace()
      // At a tag that is not `<!` or `<?` (the common case) there is nothing to skip.
      if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "<"),
        bytes[index + 1] != UInt8(ascii: "!"), bytes[index + 1] != UInt8(ascii: "?")
      {
        return
      }
      if starts(with: "<!--") {
        try skipComment()
      } else if starts(with: "<?") {
        try skipProcessingInstruction()
      } else if element == nil, starts(with: "<!DOCTYPE") {
        try skipDoctype()
      } else if let element, let byte = peek, byte != UInt8(ascii: "<") {
        throw input.error(
          at: index,
          "unexpected text inside <\(element)>, found \(found); text belongs in <string> or <key>")
      } else {
        return
      }
    }
  }

  mutating func skipComment() throws(SourceError) {
    try skip(to: "-->", from: index, "unterminated comment: the file ends before '-->'")
  }

  mutating func skipProcessingInstruction() throws(SourceError) {
    let start = index
    if starts(with: "<?xml") {
      let end = Self.offset(of: "?>", in: bytes, from: start) ?? bytes.count
      // ASCII letters lowercased (the declaration is ASCII; any other byte is kept as it is).
      let lowered = bytes[start..<end].map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
      let keyword: StaticString = "encoding"
      let found = lowered.withUnsafeBufferPointer { Self.offset(of: keyword, in: $0, from: 0) }
      if let found {
        let after = found + keyword.utf8CodeUnitCount
        let declaration = String(decoding: lowered[after...], as: UTF8.self)
        let rest = declaration.drop { $0 == " " || $0 == "=" }
        let value = rest.dropFirst().prefix { $0 != "\"" && $0 != "'" }
        if value != "utf-8" && value != "utf8" && value != "us-ascii" {
          throw input.error(
            at: start,
            "encoding \(JSONWriter.quoted(String(value))) is not supported; save the file as UTF-8")
        }
      }
    }
    try skip(
      to: "?>", from: start, "unterminated processing instruction: the file ends before '?>'")
  }

  mutating func skipDoctype() throws(SourceError) {
    let start = index
    var inSubset = false
    while let byte = peek {
      index += 1
      if byte == UInt8(ascii: "[") { inSubset = true }
      if byte == UInt8(ascii: "]") { inSubset = false }
      if byte == UInt8(ascii: ">"), !inSubset { return }
    }
    throw input.error(at: start, "unterminated <!DOCTYPE: the file ends before '>'")
  }

  mutating func skip(to terminator: StaticString, from start: Int, _ message: String)
    throws(SourceError)
  {
    guard let found = Self.offset(of: terminator, in: bytes, from: index) else {
      throw input.error(at: start, message)
    }
    index = found + terminator.utf8CodeUnitCount
  }

  /// Where `pattern` (a short delimiter such as `?>` or `-->`) first stands in `bytes` from
  /// `start`, `nil` when it does not: a comparison at each place its first byte stands
  /// (the standard library's generic `firstRange(of:)` cost about 800,000 instructions for
  /// the declaration of every property list).
  static func offset(
    of pattern: StaticString, in bytes: UnsafeBufferPointer<UInt8>, from start: Int
  ) -> Int? {
    let count = pattern.utf8CodeUnitCount
    guard count > 0 else { return start }
    let needle = pattern.utf8Start
    var at = start
    while at + count <= bytes.count {
      if bytes[at] == needle[0] {
        var matched = 1
        while matched < count, bytes[at + matched] == needle[matched] { matched += 1 }
        if matched == count { return at }
      }
      at += 1
    }
    return nil
  }

  mutating func skipWhitespace() {
    index = endOfWhitespace(from: index)
  }

  /// The offset of the first byte from `start` on that is not white space.
  func endOfWhitespace(from start: Int) -> Int {
    var end = start
    while end < bytes.count, isWhitespace(bytes[end]) { end += 1 }
    return end
  }

  // MARK: Scanning

  func isWhitespace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
      || byte == UInt8(ascii: "\r")
  }

  func trimmed(_ bytes: String.UTF8View) -> [UInt8] {
    Array(bytes.drop(while: isWhitespace).reversed().drop(while: isWhitespace).reversed())
  }

  func starts(with prefix: StaticString) -> Bool {
    let count = prefix.utf8CodeUnitCount
    guard let base = bytes.baseAddress, count <= bytes.count - index else { return false }
    // Compared through the pointers, the bounds checked above: a reader asks this at most
    // tags of a file.
    let here = base + index
    var offset = 0
    while offset < count {
      guard here[offset] == prefix.utf8Start[offset] else { return false }
      offset &+= 1
    }
    return true
  }

  var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

  var found: String { input.describe(at: index) }

  /// What is at `index`, naming a tag when there is one: `<array>`, `</dict>`.
  var foundTag: String {
    guard peek == UInt8(ascii: "<") else { return found }
    var end = index + 1
    if end < bytes.count, bytes[end] == UInt8(ascii: "/") { end += 1 }
    while end < bytes.count, isNameByte(bytes[end]), end - index < 40 { end += 1 }
    guard end > index + 1 else { return found }
    return "'" + escapedForMessage(String(decoding: bytes[index..<end], as: UTF8.self)) + ">'"
  }

  /// `text` as the one escaper shows it (`\u{1B}` for a control character), safe to print.
  func escapedForMessage(_ text: String) -> String { Escaper.escaped(text) }
}

/// A tag a reader expects (`<key>`, `</string>`), of up to sixteen bytes, compared with the
/// input a word of eight bytes at a time rather than byte by byte: each member of a page is
/// written with four of them.
struct Markup: Sendable, Equatable {
  /// Its length in bytes.
  let count: Int
  /// Its bytes, little-endian, eight to a word, and which bytes of each word are its own.
  private let words: (UInt64, UInt64)
  private let masks: (UInt64, UInt64)

  init(_ text: StaticString) {
    precondition(text.utf8CodeUnitCount <= 16, "markup of more than 16 bytes")
    var words: (UInt64, UInt64) = (0, 0)
    for offset in 0..<text.utf8CodeUnitCount {
      let byte = UInt64(text.utf8Start[offset]) << UInt64(offset % 8 * 8)
      if offset < 8 { words.0 |= byte } else { words.1 |= byte }
    }
    self.init(count: text.utf8CodeUnitCount, words: words)
  }

  /// A markup of `count` bytes from its words, eight bytes to a word, little-endian: as a
  /// constant, one the compiler lays out in the binary, read without a lazy global's check.
  private init(count: Int, words: (UInt64, UInt64)) {
    self.count = count
    self.words = words
    masks = (Self.mask(ofBytes: min(count, 8)), Self.mask(ofBytes: max(0, count - 8)))
  }

  /// The mask of a word's first `count` bytes (of at most 8).
  private static func mask(ofBytes count: Int) -> UInt64 {
    count >= 8 ? ~0 : (1 << UInt64(8 * count)) - 1
  }

  // The markup the readers look for, as constants (a test checks each against `init(_:)`).
  /// `<key>`
  static let keyStart = Markup(count: 5, words: (0x0000_003E_7965_6B3C, 0))
  /// `</key>`
  static let keyEnd = Markup(count: 6, words: (0x0000_3E79_656B_2F3C, 0))
  /// `<string>`
  static let stringStart = Markup(count: 8, words: (0x3E67_6E69_7274_733C, 0))
  /// `</string>`
  static let stringEnd = Markup(count: 9, words: (0x676E_6972_7473_2F3C, 0x3E))
  /// `<dict>`
  static let dictionaryStart = Markup(count: 6, words: (0x0000_3E74_6369_643C, 0))
  /// `</dict>`
  static let dictionaryEnd = Markup(count: 7, words: (0x003E_7463_6964_2F3C, 0))

  static func == (left: Markup, right: Markup) -> Bool {
    left.count == right.count && left.words == right.words && left.masks == right.masks
  }

  /// Whether the markup is at `offset` in `bytes`.
  @inline(__always)
  func isAt(_ offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress, offset <= bytes.count, count <= bytes.count - offset
    else { return false }
    let here = UnsafeRawPointer(base + offset)
    guard bytes.count - offset >= 16 else {
      // Near the end of the input: byte by byte.
      return (0..<count).allSatisfy { position in
        let word = position < 8 ? words.0 : words.1
        return base[offset + position] == UInt8(truncatingIfNeeded: word >> (position % 8 * 8))
      }
    }
    let first = UInt64(littleEndian: here.loadUnaligned(as: UInt64.self))
    let second = UInt64(littleEndian: here.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    return first & masks.0 == words.0 && second & masks.1 == words.1
  }
}
