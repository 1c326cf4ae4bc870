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
package enum PropertyListReader {
  /// Parses a property list, XML or binary (chosen by the `bplist` signature).
  ///
  /// - Parameters:
  ///   - bytes: The contents of the file.
  ///   - source: The file path or name to put in errors.
  /// - Returns: The top-level value.
  /// - Throws: ``SourceError`` with the line, column and what was expected. Errors in a
  ///   binary property list are reported on line 1 without a column, with the byte offset
  ///   in the message.
  package static func parse(_ bytes: some Collection<UInt8>, source: String) throws(SourceError)
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
  package static func parseDictionary(_ bytes: some Collection<UInt8>, source: String)
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
  package static func parse(
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
            at: nil,
            FormatReason(.xmlTopLevelNotDictionary, .reason(FormatReason.typeName(of: value))))
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
        at: top.offset, FormatReason(.xmlTopLevelNotDict, .text(escapedForMessage(name))))
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
      throw input.error(at: index, FormatReason(.xmlEmptyFile))
    }
    guard peek == UInt8(ascii: "<") else {
      throw input.error(
        at: index, FormatReason(.xmlStartExpected, .reason(found)))
    }
    let first = try readStartTag(context: FormatReason(.xmlAtStart))
    guard first.name == "plist" else { return (nil, first) }
    guard !first.isEmpty else {
      throw input.error(at: first.offset, FormatReason(.xmlEmptyPlist))
    }
    try skipMisc()
    return (first, try readStartTag(context: FormatReason(.xmlInsidePlist)))
  }

  /// Reads what follows the top-level value: `</plist>` when `plist` opened it, then
  /// comments and white space to the end of the file.
  mutating func readEpilogue(after plist: Tag?) throws(SourceError) {
    if let plist {
      try skipMisc()
      try readEndTag("plist", openedAt: plist.offset, context: FormatReason(.xmlAfterTopLevel))
    }
    try skipMisc()
    guard index == bytes.count else {
      throw input.error(
        at: index, FormatReason(.xmlTrailingText, .reason(found)))
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
          tag.name, openedAt: tag.offset, context: FormatReason(.xmlInEmptyElement, .text(tag.name))
        )
      }
      return .bool(tag.name == "true")
    case "date":
      let content = try readText(tag)
      guard let date = ISO8601Date.date(from: trimmed(content.utf8)) else {
        throw input.error(
          at: tag.offset,
          FormatReason(.xmlBadDate, .text(JSONWriter.quoted(content))))
      }
      return .date(date)
    case "data":
      let content = try readText(tag)
      guard let data = Base64.decode(content.utf8.filter { !isWhitespace($0) }) else {
        throw input.error(at: tag.offset, FormatReason(.xmlBadData))
      }
      return .data(data)
    case "key":
      throw input.error(
        at: tag.offset, FormatReason(.xmlKeyOutsideDict))
    default:
      throw input.error(
        at: tag.offset,
        FormatReason(.xmlUnknownElement, .text(tag.name))
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
          "dict", openedAt: tag.offset, context: FormatReason(.xmlAfterDictionaryValue))
        depth -= 1
        return .dictionary(members)
      }
      let keyTag = try readStartTag(context: FormatReason(.xmlInsideDict))
      guard keyTag.name == "key" else {
        throw input.error(at: keyTag.offset, FormatReason(.xmlKeyOrEndExpected, .text(keyTag.name)))
      }
      let key = try readText(keyTag)
      try skipMisc(inside: "dict")
      guard !isAtEndTag else {
        throw input.error(
          at: index,
          FormatReason(.xmlValueAfterKey, .text(escapedForMessage(key)), .reason(foundTag)))
      }
      let value = try parseValue(try readStartTag(context: FormatReason(.xmlAfterKey)))
      if members.updateValue(value, forKey: PropertyListKey(key)) != nil {
        throw input.error(
          at: keyTag.offset,
          FormatReason(.xmlDuplicateKey, .text(JSONWriter.quoted(key))))
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
        try readEndTag("array", openedAt: tag.offset, context: FormatReason(.xmlAfterElement))
        depth -= 1
        return .array(elements)
      }
      elements.append(try parseValue(try readStartTag(context: FormatReason(.xmlInsideArray))))
    }
  }

  mutating func enterContainer(_ tag: Tag) throws(SourceError) {
    depth += 1
    guard depth <= JSONReader.maximumDepth else {
      throw input.error(
        at: tag.offset, FormatReason(.xmlTooDeep, .text(String(JSONReader.maximumDepth))))
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
        at: tag.offset, FormatReason(.xmlBadInteger, .text(JSONWriter.quoted(content))))
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
        at: tag.offset, FormatReason(.xmlIntegerTooLarge, .text(JSONWriter.quoted(content))))
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
        at: tag.offset, FormatReason(.xmlBadReal, .text(JSONWriter.quoted(content))))
    }
    return .real(real)
  }
}
