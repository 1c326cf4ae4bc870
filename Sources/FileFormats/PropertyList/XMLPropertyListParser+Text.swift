import TextSafety

extension XMLPropertyListParser {
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
      try readEndTag(tag.name, openedAt: tag.offset, context: .verbatim(""))
      return content
    }
    text.removeAll(keepingCapacity: true)
    text.append(contentsOf: bytes[start..<index])
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "<") {
        if isAtEndTag {
          let content = String(decoding: text, as: UTF8.self)
          try readEndTag(tag.name, openedAt: tag.offset, context: .verbatim(""))
          return content
        } else if starts(with: "<![CDATA[") {
          try readCDATA()
        } else if starts(with: "<!--") {
          try skipComment()
        } else {
          throw input.error(
            at: index,
            FormatReason(.xmlTextExpected, .text(tag.name), .reason(foundTag)))
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
          FormatReason(.xmlInvalidByte, .text(String(byte, radix: 16, uppercase: true))))
      }
    }
    throw input.error(
      at: tag.offset, FormatReason(.xmlUnterminatedElement, .text(tag.name)))
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
        throw input.error(at: index, FormatReason(.xmlInvalidByteInCDATA))
      }
      text.append(contentsOf: bytes[index..<index + length])
      index += length
    }
    throw input.error(at: start, FormatReason(.xmlUnterminatedCDATA))
  }

  /// Decodes `&name;` or `&#number;` at `index` into ``text``.
  mutating func readEntity() throws(SourceError) {
    let start = index
    index += 1
    while let byte = peek, byte != UInt8(ascii: ";"), index - start < 12 { index += 1 }
    guard peek == UInt8(ascii: ";") else {
      throw input.error(
        at: start, FormatReason(.xmlEntityExpected))
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
        FormatReason(.xmlUnknownEntity, .text(escapedForMessage(name))))
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
          FormatReason(.xmlUnexpectedText, .text(element), .reason(found)))
      } else {
        return
      }
    }
  }

  mutating func skipComment() throws(SourceError) {
    try skip(to: "-->", from: index, FormatReason(.xmlUnterminatedComment))
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
            FormatReason(.xmlUnsupportedEncoding, .text(JSONWriter.quoted(String(value)))))
        }
      }
    }
    try skip(
      to: "?>", from: start, FormatReason(.xmlUnterminatedInstruction))
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
    throw input.error(at: start, FormatReason(.xmlUnterminatedDoctype))
  }

  mutating func skip(to terminator: StaticString, from start: Int, _ reason: FormatReason)
    throws(SourceError)
  {
    guard let found = Self.offset(of: terminator, in: bytes, from: index) else {
      throw input.error(at: start, reason)
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

  var found: FormatReason { input.describe(at: index) }

  /// What is at `index`, naming a tag when there is one: `<array>`, `</dict>`.
  var foundTag: FormatReason {
    guard peek == UInt8(ascii: "<") else { return found }
    var end = index + 1
    if end < bytes.count, bytes[end] == UInt8(ascii: "/") { end += 1 }
    while end < bytes.count, isNameByte(bytes[end]), end - index < 40 { end += 1 }
    guard end > index + 1 else { return found }
    return .verbatim(
      "'" + escapedForMessage(String(decoding: bytes[index..<end], as: UTF8.self)) + ">'")
  }

  /// `text` as the one escaper shows it (`\u{1B}` for a control character), safe to print.
  func escapedForMessage(_ text: String) -> String { Escaper.escaped(text) }
}
