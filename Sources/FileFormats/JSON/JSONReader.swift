/// Reads JSON (RFC 8259) into property-list values, with errors a person can act on.
///
/// - Objects become `.dictionary`, arrays `.array`, strings `.string`, `true`/`false`
///   `.bool`.
/// - A number without a fraction or an exponent becomes `.integer` (`.real` if it does not
///   fit in 64 bits); any other number becomes `.real`. `1.0` stays a real.
/// - `null` is an error: property lists have no null.
/// - The input must be UTF-8 (a leading byte-order mark is allowed). Invalid UTF-8, control
///   characters inside strings, unpaired surrogate escapes, a key repeated in one object,
///   nesting deeper than ``maximumDepth`` and anything after the top-level value are
///   errors.
///
/// Every error is a ``SourceError`` with the line, the column and what was expected.
///
/// ```swift
/// let value = try JSONReader.parse(Array(#"{"unit": "celsius"}"#.utf8), source: "inline")
/// ```
package enum JSONReader {
  /// How deeply arrays and objects may nest before the input is refused.
  package static let maximumDepth = 512

  /// Parses a complete JSON text.
  ///
  /// - Parameters:
  ///   - bytes: The UTF-8 bytes of the text.
  ///   - source: The file path or name to put in errors.
  /// - Returns: The top-level value, of any kind.
  /// - Throws: ``SourceError`` with the line, column and what was expected.
  package static func parse(_ bytes: some Collection<UInt8>, source: String) throws(SourceError)
    -> PropertyListValue
  {
    try TextInput.with(bytes, source: source) { input throws(SourceError) in
      var parser = JSONParser(input: input)
      return try parser.parseDocument(requiringObject: false)
    }
  }

  /// Parses a complete JSON text whose top level must be an object, such as a store file.
  ///
  /// - Parameters:
  ///   - bytes: The UTF-8 bytes of the text.
  ///   - source: The file path or name to put in errors.
  /// - Returns: The members of the top-level object.
  /// - Throws: ``SourceError``, also when the top level is not an object
  ///   ("expected an object at the top level, found an array").
  package static func parseObject(_ bytes: some Collection<UInt8>, source: String)
    throws(SourceError) -> [PropertyListKey: PropertyListValue]
  {
    let value = try TextInput.with(bytes, source: source) { input throws(SourceError) in
      var parser = JSONParser(input: input)
      return try parser.parseDocument(requiringObject: true)
    }
    return value.dictionaryValue ?? [:]
  }

  /// Parses a store file like ``parseObject(_:source:)``, and also tells where each
  /// top-level member sits: as a layout when the bytes have the shape ``JSONObjectLayout``
  /// describes, else as `loose` members, which a save puts in that shape.
  package static func parseObjectWithLayout(_ bytes: [UInt8], source: String)
    throws(SourceError) -> (
      members: [PropertyListKey: PropertyListValue], layout: JSONObjectLayout?,
      loose: JSONObjectLayout.Members?
    )
  {
    let (value, keys, ranges) = try TextInput.with(bytes, source: source) {
      input throws(SourceError) in
      var parser = JSONParser(input: input)
      parser.recordsMembers = true
      let value = try parser.parseDocument(requiringObject: true)
      return (value, parser.memberKeys, parser.memberRanges)
    }
    let members = value.dictionaryValue ?? [:]
    if let layout = JSONObjectLayout(bytes: bytes, keys: keys, ranges: ranges) {
      return (members, layout, nil)
    }
    return (members, nil, JSONObjectLayout.Members(keys: keys, ranges: ranges))
  }

  /// The numbers of a JSON text that no ``PropertyListValue`` holds exactly, as written, by
  /// where they sit (``JSONWrittenNumbers``).
  ///
  /// - Parameters:
  ///   - bytes: The UTF-8 bytes of the text.
  ///   - source: The file path or name to put in errors.
  /// - Returns: The numbers whose value is written otherwise than the text writes them.
  /// - Throws: ``SourceError``, as ``parse(_:source:)`` does.
  package static func writtenNumbers(in bytes: some Collection<UInt8>, source: String)
    throws(SourceError) -> JSONWrittenNumbers
  {
    try TextInput.with(bytes, source: source) { input throws(SourceError) in
      var parser = JSONParser(input: input)
      parser.notesWrittenNumbers = true
      _ = try parser.parseDocument(requiringObject: false)
      return parser.writtenNumbers
    }
  }
}

/// The recursive-descent parser behind ``JSONReader`` and ``JSONCursor``.
struct JSONParser {
  let input: TextInput
  var bytes: UnsafeBufferPointer<UInt8> { input.bytes }
  var index = 0
  var depth = 0
  /// Reused for strings that contain escapes.
  var scratch: [UInt8] = []
  /// Whether to note the keys and byte ranges of the top-level object's members.
  var recordsMembers = false
  var memberKeys: [String] = []
  var memberRanges: [Range<Int>] = []
  /// Whether to note the numbers no value holds exactly, with where they sit.
  var notesWrittenNumbers = false
  var writtenNumbers = JSONWrittenNumbers()
  /// Where the value being parsed sits, while ``notesWrittenNumbers``.
  var path: [JSONPathStep] = []

  init(input: TextInput) {
    self.input = input
  }

  // MARK: Document

  mutating func parseDocument(requiringObject: Bool) throws(SourceError) -> PropertyListValue {
    index = try input.startAfterByteOrderMark()
    skipWhitespace()
    guard index < bytes.count else {
      throw input.error(at: index, FormatReason(.jsonEmptyFile))
    }
    let start = index
    let value = try parseValue()
    if requiringObject, value.dictionaryValue == nil {
      throw input.error(
        at: start, FormatReason(.jsonTopLevelNotObject, .reason(Self.jsonType(of: value))))
    }
    skipWhitespace()
    guard index == bytes.count else {
      throw input.error(at: index, FormatReason(.jsonTrailingText, .reason(found)))
    }
    return value
  }

  /// A value's JSON type with its article, for "found an array".
  static func jsonType(of value: PropertyListValue) -> FormatReason {
    switch value {
    case .array: FormatReason(.jsonAnArray)
    case .integer, .unsignedInteger, .real: FormatReason(.jsonANumber)
    case .bool: FormatReason(.jsonABoolean)
    default: FormatReason(.jsonAString)
    }
  }

  // MARK: Values

  mutating func parseValue() throws(SourceError) -> PropertyListValue {
    guard index < bytes.count else {
      throw input.error(at: index, FormatReason(.jsonValueAtEnd))
    }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      let start = index
      let number = try parseNumber()
      if notesWrittenNumbers {
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if !JSONWrittenNumbers.isExact(text, number) { writtenNumbers.texts[path] = text }
      }
      return number
    case UInt8(ascii: "t"): return .bool(try parseLiteral("true", true))
    case UInt8(ascii: "f"): return .bool(try parseLiteral("false", false))
    case UInt8(ascii: "n"):
      _ = try parseLiteral("null", false)
      throw input.error(
        at: index - 4,
        FormatReason(.jsonNull))
    case UInt8(ascii: "/"):
      throw input.error(at: index, FormatReason(.jsonComment))
    default:
      throw input.error(
        at: index,
        FormatReason(.jsonValueExpected, .reason(found)))
    }
  }

  mutating func parseObject() throws(SourceError) -> PropertyListValue {
    try enterContainer()
    var members: [PropertyListKey: PropertyListValue] = [:]
    skipWhitespace()
    if peek == UInt8(ascii: "}") {
      index += 1
      depth -= 1
      return .dictionary(members)
    }
    while true {
      skipWhitespace()
      guard peek == UInt8(ascii: "\"") else {
        let message =
          members.isEmpty
          ? FormatReason(.jsonKeyOrBraceExpected, .reason(found))
          : peek == UInt8(ascii: "}")
            ? FormatReason(.jsonCommaBeforeBrace)
            : FormatReason(.jsonKeyExpected, .reason(found))
        throw input.error(at: index, message)
      }
      let keyStart = index
      let key = try parseString()
      skipWhitespace()
      guard peek == UInt8(ascii: ":") else {
        throw input.error(at: index, FormatReason(.jsonColonExpected, .reason(found)))
      }
      index += 1
      skipWhitespace()
      if notesWrittenNumbers { path.append(.key(PropertyListKey(key))) }
      let value = try parseValue()
      if notesWrittenNumbers { path.removeLast() }
      if recordsMembers, depth == 1 {
        memberKeys.append(key)
        memberRanges.append(keyStart..<index)
      }
      if members.updateValue(value, forKey: PropertyListKey(key)) != nil {
        throw input.error(
          at: keyStart,
          FormatReason(.jsonDuplicateKey, .text(JSONWriter.quoted(key))))
      }
      skipWhitespace()
      switch peek {
      case UInt8(ascii: ","):
        index += 1
      case UInt8(ascii: "}"):
        index += 1
        depth -= 1
        return .dictionary(members)
      default:
        throw input.error(at: index, FormatReason(.jsonAfterMember, .reason(found)))
      }
    }
  }

  mutating func parseArray() throws(SourceError) -> PropertyListValue {
    try enterContainer()
    var elements: [PropertyListValue] = []
    skipWhitespace()
    if peek == UInt8(ascii: "]") {
      index += 1
      depth -= 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      if peek == UInt8(ascii: "]") {
        throw input.error(
          at: index, FormatReason(.jsonCommaBeforeBracket))
      }
      if notesWrittenNumbers { path.append(.index(elements.count)) }
      elements.append(try parseValue())
      if notesWrittenNumbers { path.removeLast() }
      skipWhitespace()
      switch peek {
      case UInt8(ascii: ","):
        index += 1
      case UInt8(ascii: "]"):
        index += 1
        depth -= 1
        return .array(elements)
      default:
        throw input.error(at: index, FormatReason(.jsonAfterElement, .reason(found)))
      }
    }
  }

  mutating func enterContainer() throws(SourceError) {
    depth += 1
    guard depth <= JSONReader.maximumDepth else {
      throw input.error(
        at: index, FormatReason(.jsonTooDeep, .text(String(JSONReader.maximumDepth))))
    }
    index += 1
  }

  mutating func parseLiteral(_ word: StaticString, _ value: Bool) throws(SourceError) -> Bool {
    let start = index
    let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    for byte in expected {
      guard index < bytes.count, bytes[index] == byte else {
        throw input.error(
          at: start,
          FormatReason(.jsonWordExpected, .text("\(word)"), .reason(describeWord(at: start))))
      }
      index += 1
    }
    return value
  }

  /// The run of letters at `offset`, for "expected 'true', found 'ture'".
  private func describeWord(at offset: Int) -> FormatReason {
    var end = offset
    while end < bytes.count, end - offset < 16,
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[end] | 0x20)
    {
      end += 1
    }
    guard end > offset else { return input.describe(at: offset) }
    return .verbatim("'\(String(decoding: bytes[offset..<end], as: UTF8.self))'")
  }

  // MARK: Numbers

  mutating func parseNumber() throws(SourceError) -> PropertyListValue {
    let start = index
    let isNegative = peek == UInt8(ascii: "-")
    if isNegative { index += 1 }
    var integer = 0
    var overflowed = false
    switch peek {
    case UInt8(ascii: "0"):
      index += 1
      if let next = peek, isDigit(next) {
        throw input.error(at: start, FormatReason(.jsonLeadingZeros))
      }
    case let digit? where isDigit(digit):
      while let digit = peek, isDigit(digit) {
        let value = Int(digit &- UInt8(ascii: "0"))
        let (product, productOverflow) = integer.multipliedReportingOverflow(by: 10)
        let (sum, sumOverflow) =
          isNegative
          ? product.subtractingReportingOverflow(value) : product.addingReportingOverflow(value)
        overflowed = overflowed || productOverflow || sumOverflow
        integer = sum
        index += 1
      }
    default:
      throw input.error(at: index, FormatReason(.jsonDigitAfterMinus, .reason(found)))
    }
    var isInteger = true
    if peek == UInt8(ascii: ".") {
      index += 1
      try skipDigits(.jsonDigitAfterPoint)
      isInteger = false
    }
    if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
      index += 1
      if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
      try skipDigits(.jsonDigitInExponent)
      isInteger = false
    }
    if isInteger, !overflowed { return .integer(integer) }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if isInteger, !isNegative, let unsigned = UInt64(text) { return .unsignedInteger(unsigned) }
    guard let real = Double(text), real.isFinite else {
      throw input.error(at: start, FormatReason(.jsonNumberTooLarge, .text(text)))
    }
    return .real(real)
  }

  mutating func skipDigits(_ message: FormatMessage) throws(SourceError) {
    guard let digit = peek, isDigit(digit) else {
      throw input.error(at: index, FormatReason(message, .reason(found)))
    }
    while let digit = peek, isDigit(digit) { index += 1 }
  }

  func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  // MARK: Strings

  /// Parses a string starting at its opening quote. Strings without escapes are made from
  /// the input bytes in one go; others are decoded into ``scratch`` first.
  mutating func parseString() throws(SourceError) -> String {
    let quote = index
    index += 1
    let start = index
    let plainEnd = endOfPlainText(from: start)
    index = plainEnd
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let content = UnsafeBufferPointer(rebasing: bytes[start..<index])
        let text =
          index == plainEnd
          ? Self.string(ofPlainText: content) : String(decoding: content, as: UTF8.self)
        index += 1
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      // Printable ASCII needs no check: stepping over it here, not in a call per byte, made
      // reading a store or a schema of 100,000 choices a third faster.
      if byte >= 0x20, byte < 0x80 {
        index += 1
        continue
      }
      try advanceOverStringByte(byte, quote: quote)
    }
    guard index < bytes.count else { throw unterminated(quote) }
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: bytes[start..<index])
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return String(decoding: scratch, as: UTF8.self)
      case UInt8(ascii: "\\"):
        try parseEscape()
      default:
        let from = index
        try advanceOverStringByte(byte, quote: quote)
        scratch.append(contentsOf: bytes[from..<index])
      }
    }
    throw unterminated(quote)
  }

  /// A `String` of `text`, printable ASCII (so UTF-8 as it stands): one of up to 15 bytes,
  /// which a `String` holds in itself, is copied in and checked as ASCII a word at a time
  /// instead of being validated byte by byte as `String(decoding:as:)` does; most keys,
  /// titles and values of a schema are that short.
  static func string(ofPlainText text: UnsafeBufferPointer<UInt8>) -> String {
    guard text.count <= 15 else { return String(decoding: text, as: UTF8.self) }
    return String(unsafeUninitializedCapacity: text.count) { buffer in
      buffer.initialize(fromContentsOf: text)
    }
  }

  /// The content of the string whose opening quote is at `index` when it is printable ASCII
  /// without `\` (its bytes as they stand are its text, with nothing to check), with `index`
  /// after the closing quote; else `nil`, with `index` unchanged.
  @inline(__always)
  mutating func plainString() -> UnsafeBufferPointer<UInt8>? {
    let start = index + 1
    let end = endOfPlainText(from: start)
    guard end < bytes.count, let base = bytes.baseAddress, base[end] == UInt8(ascii: "\"") else {
      return nil
    }
    index = end + 1
    return UnsafeBufferPointer(start: base + start, count: end - start)
  }

  /// Steps over one character of string content, checking it is allowed there.
  mutating func advanceOverStringByte(_ byte: UInt8, quote: Int) throws(SourceError) {
    if byte >= 0x20, byte < 0x80 {
      index += 1
    } else if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
      throw input.error(
        at: quote,
        FormatReason(.jsonLineEndsInString))
    } else if byte < 0x20 {
      throw input.error(
        at: index,
        FormatReason(.jsonControlInString, .text(TextInput.codePoint(UInt32(byte)))))
    } else if let length = input.utf8SequenceLength(at: index) {
      index += length
    } else {
      throw input.error(
        at: index,
        FormatReason(
          .jsonInvalidByteInString, .text(String(byte, radix: 16, uppercase: true))))
    }
  }

  func unterminated(_ quote: Int) -> SourceError {
    input.error(at: quote, FormatReason(.jsonFileEndsInString))
  }

  /// Decodes one escape sequence at `index` (a backslash) into ``scratch``.
  mutating func parseEscape() throws(SourceError) {
    let start = index
    index += 1
    guard let letter = peek else {
      throw input.error(at: start, FormatReason(.jsonUnterminatedEscape))
    }
    index += 1
    let simple: UInt8? =
      switch letter {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): letter
      case UInt8(ascii: "b"): 0x08
      case UInt8(ascii: "f"): 0x0C
      case UInt8(ascii: "n"): 0x0A
      case UInt8(ascii: "r"): 0x0D
      case UInt8(ascii: "t"): 0x09
      default: nil
      }
    if let simple {
      scratch.append(simple)
      return
    }
    guard letter == UInt8(ascii: "u") else {
      throw input.error(
        at: start,
        FormatReason(.jsonInvalidEscape, .reason(describeEscapeLetter(letter))))
    }
    var value = try parseHex4(escapeStart: start)
    if (0xDC00...0xDFFF).contains(value) {
      throw unpairedSurrogate(value, at: start)
    }
    if (0xD800...0xDBFF).contains(value) {
      guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
        bytes[index + 1] == UInt8(ascii: "u")
      else { throw unpairedSurrogate(value, at: start) }
      let lowStart = index
      index += 2
      let low = try parseHex4(escapeStart: lowStart)
      guard (0xDC00...0xDFFF).contains(low) else { throw unpairedSurrogate(value, at: start) }
      value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
    }
    guard let scalar = Unicode.Scalar(value) else { throw unpairedSurrogate(value, at: start) }
    scratch.append(contentsOf: String(Character(scalar)).utf8)
  }

  private func describeEscapeLetter(_ letter: UInt8) -> FormatReason {
    (0x21...0x7E).contains(letter)
      ? .verbatim(String(Character(Unicode.Scalar(letter))))
      : FormatReason(.jsonEscapeFollowedBy, .reason(input.describe(at: index - 1)))
  }

  mutating func parseHex4(escapeStart: Int) throws(SourceError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = peek, let digit = hexValue(byte) else {
        throw input.error(
          at: escapeStart, FormatReason(.jsonHexDigits, .reason(found)))
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  func unpairedSurrogate(_ value: UInt32, at offset: Int) -> SourceError {
    let hex = String(value, radix: 16, uppercase: true)
    return input.error(at: offset, FormatReason(.jsonUnpairedSurrogate, .text(hex)))
  }

  // MARK: Scanning

  var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

  var found: FormatReason { input.describe(at: index) }

  /// The offset of the first byte from `start` on that is not printable ASCII or is `"` or
  /// `\`: string content up to there needs no check, no decoding. Scanned through the base
  /// pointer eight bytes at a time, the first word holding such a byte telling which it is;
  /// the last few bytes of the input one by one.
  @inline(__always)
  func endOfPlainText(from start: Int) -> Int {
    guard let base = bytes.baseAddress else { return start }
    var end = start
    let count = bytes.count
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    while end + 8 <= count {
      let word = UInt64(
        littleEndian: UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self))
      // Flags the bytes below 0x20, at 0x80 or above, and `"` and `\` (a byte of
      // `word ^ repeated` is zero where it equals the repeated byte) by their high bit.
      let quotes = word ^ (ones &* 0x22)
      let backslashes = word ^ (ones &* 0x5C)
      let below = (word &- ones &* 0x20) & ~word
      let equal = ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes)
      let stops = (below | equal | word) & highs
      // The lowest flagged byte is always a stopping one (a false flag can only follow a
      // true one, from the borrow it leaves): the first byte of the text that stops it.
      guard stops == 0 else { return end + stops.trailingZeroBitCount / 8 }
      end += 8
    }
    while end < count {
      let byte = base[end]
      guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\")
      else { break }
      end += 1
    }
    return end
  }

  /// Steps over white space; inlined for the common case of none.
  @inline(__always)
  mutating func skipWhitespace() {
    if index < bytes.count, bytes[index] > UInt8(ascii: " ") { return }
    skipWhitespaceRun()
  }

  private mutating func skipWhitespaceRun() {
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
        index += 1
      default:
        return
      }
    }
  }
}
