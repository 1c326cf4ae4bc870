/// Reads Apple `.strings` files: the translations of a Settings.bundle's text.
///
/// The format is that of Core Foundation's old-style property-list parser in its
/// strings-file mode:
///
/// ```
/// /* A comment */
/// "TOGGLE_SWITCH" = "Toggle Switch";   // another comment
/// unquoted_key = value.with-dots;
/// "SAME";                               // short for "SAME" = "SAME";
/// ```
///
/// - A binary (`bplist00`) or XML property list whose top level is a dictionary is read as
///   the table, as iOS reads a compiled `.strings` file; values that are not strings are
///   skipped.
/// - Encodings: UTF-8 with or without a byte-order mark, UTF-16 little- or big-endian with a
///   byte-order mark. UTF-16 without a mark is recognised when the first character is ASCII.
/// - Strings are quoted with `"` or `'`, or unquoted when made only of `A-Z a-z 0-9 _ $ / :
///   . -`.
/// - Escapes: `\n`, `\t`, `\r`, `\a`, `\b`, `\f`, `\v`, `\"`, `\'`, `\\`, a backslash before
///   a line break (the line break), `\U` or `\u` with one to four hex digits (a UTF-16 code
///   unit; two escapes make a surrogate pair), and one to three octal digits (`\012`). Any
///   other escaped character stands for itself.
/// - The whole file may also be wrapped in `{` … `}` (an old-style property-list
///   dictionary); values must be strings.
/// - A key that appears twice keeps its last value, as Apple's parser does.
///
/// Octal escapes above `\177` are read as Latin-1; Apple reads them as NeXTSTEP Latin.
/// Apple reads `\u` as a plain `u`; settei reads it as `\U`.
package enum StringsFileParser {
  /// Parses a `.strings` file.
  ///
  /// - Parameters:
  ///   - bytes: The contents of the file.
  ///   - source: The file path or name to put in errors.
  /// - Returns: The translations, key to text.
  /// - Throws: ``SourceError`` with the line, the column and what was expected.
  package static func parse(_ bytes: some Collection<UInt8>, source: String) throws(SourceError)
    -> [String: String]
  {
    try parseWithDuplicates(bytes, source: source).entries
  }

  /// Parses a `.strings` file like ``parse(_:source:)`` and names the keys it defines more
  /// than once (the last definition wins), each with the line of a later definition. A
  /// property list defines each key once.
  package static func parseWithDuplicates(_ bytes: some Collection<UInt8>, source: String)
    throws(SourceError) -> (entries: [String: String], duplicates: [(key: String, line: Int)])
  {
    let bytes = Array(bytes)
    if isPropertyList(bytes) {
      // Xcode may compile a .strings file to a binary property list; some are written as
      // XML property lists. Both are a dictionary of key → text, as iOS reads them; a value
      // that is not text is skipped, as iOS never shows it.
      let members = try PropertyListReader.parseDictionary(bytes, source: source)
      var entries: [String: String] = [:]
      for (key, value) in members {
        if let text = value.stringValue { entries[key.string] = text }
      }
      return (entries, [])
    }
    let units = try decode(bytes, source: source)
    var parser = StringsParser(units: units, source: source)
    let entries = try parser.parseFile()
    return (entries, parser.duplicates)
  }

  /// Whether the file is a property list rather than old-style text: binary (`bplist`) or
  /// XML (starts with `<` after an optional UTF-8 byte-order mark and white space, which no
  /// old-style `.strings` file can).
  static func isPropertyList(_ bytes: [UInt8]) -> Bool {
    if bytes.starts(with: "bplist".utf8) { return true }
    var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    return index < bytes.count && bytes[index] == UInt8(ascii: "<")
  }

  /// The text as UTF-16 code units, without a byte-order mark.
  static func decode(_ bytes: [UInt8], source: String) throws(SourceError) -> [UInt16] {
    if bytes.starts(with: [0xFF, 0xFE]) {
      return try decodeUTF16(bytes, from: 2, bigEndian: false, source: source)
    }
    if bytes.starts(with: [0xFE, 0xFF]) {
      return try decodeUTF16(bytes, from: 2, bigEndian: true, source: source)
    }
    if bytes.count >= 2, bytes[0] != 0, bytes[0] < 0x80, bytes[1] == 0 {
      return try decodeUTF16(bytes, from: 0, bigEndian: false, source: source)
    }
    if bytes.count >= 2, bytes[0] == 0, bytes[1] != 0, bytes[1] < 0x80 {
      return try decodeUTF16(bytes, from: 0, bigEndian: true, source: source)
    }
    return try decodeUTF8(bytes, source: source)
  }

  private static func decodeUTF16(
    _ bytes: [UInt8], from start: Int, bigEndian: Bool, source: String
  ) throws(SourceError) -> [UInt16] {
    var units: [UInt16] = []
    units.reserveCapacity((bytes.count - start) / 2)
    var offset = start
    while offset + 1 < bytes.count {
      let first = UInt16(bytes[offset])
      let second = UInt16(bytes[offset + 1])
      units.append(bigEndian ? first << 8 | second : second << 8 | first)
      offset += 2
    }
    if offset < bytes.count {
      throw StringsParser.error(
        in: units, at: units.count, source: source,
        FormatReason(.stringsOddUTF16))
    }
    var index = 0
    while index < units.count {
      let unit = units[index]
      if UTF16.isLeadSurrogate(unit), index + 1 < units.count,
        UTF16.isTrailSurrogate(units[index + 1])
      {
        index += 2
        continue
      }
      if UTF16.isLeadSurrogate(unit) || UTF16.isTrailSurrogate(unit) {
        throw StringsParser.error(
          in: units, at: index, source: source,
          FormatReason(.stringsUnpairedSurrogate, .text(TextInput.codePoint(UInt32(unit)))))
      }
      index += 1
    }
    return units
  }

  private static func decodeUTF8(_ bytes: [UInt8], source: String) throws(SourceError)
    -> [UInt16]
  {
    try TextInput.with(bytes, source: source) { input throws(SourceError) in
      var units: [UInt16] = []
      units.reserveCapacity(input.bytes.count)
      var offset = try input.startAfterByteOrderMark()
      while offset < input.bytes.count {
        // ASCII, most of any table, a unit each without a look at the sequence.
        let byte = input.bytes[offset]
        if byte < 0x80 {
          units.append(UInt16(byte))
          offset += 1
          continue
        }
        guard let length = input.utf8SequenceLength(at: offset) else {
          throw input.error(
            at: offset,
            FormatReason(.stringsNotUTF8, .reason(input.describe(at: offset))))
        }
        var value = UInt32(input.bytes[offset])
        if length > 1 {
          value &= 0x7F >> length
          for index in offset + 1..<offset + length {
            value = value << 6 | UInt32(input.bytes[index] & 0x3F)
          }
        }
        // Well-formed UTF-8 is a scalar: one unit, or a surrogate pair beyond U+FFFF.
        if value < 0x10000 {
          units.append(UInt16(value))
        } else {
          units.append(UInt16(0xD800 + (value - 0x10000) >> 10))
          units.append(UInt16(0xDC00 + (value - 0x10000) & 0x3FF))
        }
        offset += length
      }
      return units
    }
  }
}

/// The UTF-16 code unit of an ASCII character.
private func ascii(_ scalar: Unicode.Scalar) -> UInt16 { UInt16(scalar.value) }

/// The recursive-descent parser behind ``StringsFileParser``, over UTF-16 code units as
/// Core Foundation's is.
struct StringsParser {
  let units: [UInt16]
  let source: String
  var index = 0
  /// Keys defined again, with the line of the later definition.
  var duplicates: [(key: String, line: Int)] = []

  init(units: [UInt16], source: String) {
    self.units = units
    self.source = source
  }

  /// An error at a code-unit offset of `units`, with its line and column.
  ///
  /// Lines end at `\n`, `\r\n` or a lone `\r`; a column counts Unicode scalars.
  static func error(in units: [UInt16], at offset: Int, source: String, _ reason: FormatReason)
    -> SourceError
  {
    var line = 1
    var column = 1
    let end = min(max(offset, 0), units.count)
    var position = 0
    while position < end {
      let unit = units[position]
      if unit == 0x0A
        || (unit == 0x0D && (position + 1 >= units.count || units[position + 1] != 0x0A))
      {
        line += 1
        column = 1
      } else if !UTF16.isTrailSurrogate(unit) && unit != 0x0D {
        column += 1
      }
      position += 1
    }
    return SourceError(source: source, line: line, column: column, reason: reason)
  }

  func error(at offset: Int, _ reason: FormatReason) -> SourceError {
    Self.error(in: units, at: offset, source: source, reason)
  }

  /// What is at `offset`, for "expected X, found Y" messages, safe to print.
  func describe(at offset: Int) -> FormatReason {
    guard offset < units.count else { return FormatReason(.endOfFile) }
    let unit = units[offset]
    switch unit {
    case 0x0A, 0x0D, 0x2028, 0x2029: return FormatReason(.lineBreak)
    case 0x20: return FormatReason(.space)
    case 0x21...0x7E: return .verbatim("'\(Character(Unicode.Scalar(UInt8(unit))))'")
    default:
      var value = UInt32(unit)
      if UTF16.isLeadSurrogate(unit), offset + 1 < units.count {
        value = 0x10000 + (UInt32(unit) - 0xD800) << 10 + (UInt32(units[offset + 1]) - 0xDC00)
      }
      guard let scalar = Unicode.Scalar(value) else {
        return FormatReason(.character, .text(TextInput.codePoint(value)))
      }
      switch scalar.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator,
        .privateUse, .unassigned, .surrogate:
        return FormatReason(.character, .text(TextInput.codePoint(value)))
      default:
        return .verbatim("'\(Character(scalar))'")
      }
    }
  }

  /// Parses the whole file: entries, or one `{ … }` dictionary of them.
  mutating func parseFile() throws(SourceError) -> [String: String] {
    try skipSpaceAndComments()
    if index < units.count, units[index] == ascii("{") {
      let open = index
      index += 1
      let entries = try parseEntries(inBraces: true)
      guard index < units.count, units[index] == ascii("}") else {
        throw error(
          at: index,
          FormatReason(
            .stringsUnclosedDictionary, .reason(position(of: open)), .reason(describe(at: index))))
      }
      index += 1
      try skipSpaceAndComments()
      guard index == units.count else {
        throw error(
          at: index, FormatReason(.stringsTrailingText, .reason(describe(at: index))))
      }
      return entries
    }
    return try parseEntries(inBraces: false)
  }

  /// `line:column` of an offset, for messages that point elsewhere.
  private func position(of offset: Int) -> FormatReason {
    let place = error(at: offset, .verbatim(""))
    return FormatReason(
      .stringsPosition, .text(String(place.line)), .text(String(place.column ?? 1)))
  }

  private mutating func parseEntries(inBraces: Bool) throws(SourceError) -> [String: String] {
    var entries: [String: String] = [:]
    while true {
      try skipSpaceAndComments()
      guard index < units.count else { return entries }
      if inBraces, units[index] == ascii("}") { return entries }
      let keyStart = index
      guard let key = try parseString() else {
        throw error(
          at: index,
          FormatReason(.stringsKeyExpected, .reason(describe(at: index))))
      }
      try skipSpaceAndComments()
      guard index < units.count else {
        throw error(
          at: index, FormatReason(.stringsEqualsAtEnd, .text(key)))
      }
      if units[index] == ascii(";") {
        index += 1
        define(key, as: key, at: keyStart, in: &entries)
        continue
      }
      guard units[index] == ascii("=") else {
        throw error(
          at: index,
          FormatReason(.stringsEqualsExpected, .text(key), .reason(describe(at: index))))
      }
      index += 1
      try skipSpaceAndComments()
      let valueStart = index
      guard let value = try parseString() else {
        if valueStart < units.count,
          [ascii("("), ascii("{"), ascii("<")].contains(units[valueStart])
        {
          throw error(
            at: valueStart,
            FormatReason(.stringsOnlyText, .text(key), .reason(describe(at: valueStart))))
        }
        throw error(
          at: valueStart,
          FormatReason(.stringsValueExpected, .text(key), .reason(describe(at: valueStart))))
      }
      try skipSpaceAndComments()
      guard index < units.count, units[index] == ascii(";") else {
        throw error(
          at: index,
          FormatReason(.stringsSemicolonExpected, .text(key), .reason(describe(at: index))))
      }
      index += 1
      define(key, as: value, at: keyStart, in: &entries)
    }
  }

  /// Skips white space (including U+2028 and U+2029), `// …` and `/* … */` comments.
  private mutating func skipSpaceAndComments() throws(SourceError) {
    while index < units.count {
      let unit = units[index]
      if (0x09...0x0D).contains(unit) || unit == 0x20 || unit == 0x2028 || unit == 0x2029 {
        index += 1
        continue
      }
      guard unit == ascii("/"), index + 1 < units.count else { return }
      if units[index + 1] == ascii("/") {
        index += 2
        while index < units.count, ![0x0A, 0x0D, 0x2028, 0x2029].contains(units[index]) {
          index += 1
        }
      } else if units[index + 1] == ascii("*") {
        let start = index
        index += 2
        while true {
          guard index + 1 < units.count else {
            throw error(at: start, FormatReason(.stringsUnterminatedComment))
          }
          if units[index] == ascii("*"), units[index + 1] == ascii("/") {
            index += 2
            break
          }
          index += 1
        }
      } else {
        return
      }
    }
  }

  /// Gives `key`, written at `offset`, its text; the last definition of a key wins, and a
  /// later one is noted in ``duplicates``. (One look-up for each entry.)
  private mutating func define(
    _ key: String, as text: String, at offset: Int, in entries: inout [String: String]
  ) {
    if entries.updateValue(text, forKey: key) != nil {
      duplicates.append((key, error(at: offset, .verbatim("")).line))
    }
  }

  /// Whether a code unit may appear in an unquoted string.
  private static func isUnquotedCharacter(_ unit: UInt16) -> Bool {
    switch unit {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
    case ascii("_"), ascii("$"), ascii("/"), ascii(":"),
      ascii("."), ascii("-"):
      true
    default: false
    }
  }

  /// A quoted or unquoted string at the current position, or `nil` if none starts here.
  private mutating func parseString() throws(SourceError) -> String? {
    guard index < units.count else { return nil }
    let first = units[index]
    if first == ascii("\"") || first == ascii("'") {
      return try parseQuotedString(quote: first)
    }
    guard Self.isUnquotedCharacter(first) else { return nil }
    let start = index
    while index < units.count, Self.isUnquotedCharacter(units[index]) { index += 1 }
    return units.withUnsafeBufferPointer { all in
      Self.string(fromUTF16: UnsafeBufferPointer(rebasing: all[start..<index]))
    }
  }

  private mutating func parseQuotedString(quote: UInt16) throws(SourceError) -> String {
    let open = index
    index += 1
    // Up to the first escape in one go; a string without one (nearly all) is made from its
    // units directly (from bytes when they are ASCII), without a buffer of its own.
    let start = index
    while index < units.count, units[index] != quote, units[index] != ascii("\\") {
      index += 1
    }
    if index < units.count, units[index] == quote {
      let end = index
      index += 1
      return units.withUnsafeBufferPointer { all in
        let run = UnsafeBufferPointer(rebasing: all[start..<end])
        guard run.allSatisfy({ $0 < 0x80 }) else { return Self.string(fromUTF16: run) }
        return String(unsafeUninitializedCapacity: run.count) { bytes in
          for offset in run.indices { bytes[offset] = UInt8(truncatingIfNeeded: run[offset]) }
          return run.count
        }
      }
    }
    var text = Array(units[start..<index])
    /// A lead surrogate written as `\U` escape, waiting for its trail, and where it was.
    var pendingLead: Int?
    while true {
      guard index < units.count else {
        let mark = quote == ascii("\"") ? "\"" : "'"
        throw error(
          at: open,
          FormatReason(.stringsUnterminatedString, .text(mark)))
      }
      let unit = units[index]
      if unit == quote { break }
      guard unit == ascii("\\") else {
        if let lead = pendingLead { throw unpairedLead(at: lead) }
        text.append(unit)
        index += 1
        continue
      }
      let escape = index
      index += 1
      guard index < units.count else { continue }  // reported as unterminated above
      let code = units[index]
      index += 1
      switch code {
      case ascii("U"), ascii("u"):
        var value: UInt16 = 0
        var digits = 0
        while digits < 4, index < units.count, let digit = Self.hexValue(units[index]) {
          value = value << 4 | digit
          digits += 1
          index += 1
        }
        guard digits > 0 else {
          throw error(
            at: escape,
            FormatReason(
              .stringsHexDigits, .text(String(Character(Unicode.Scalar(UInt8(code))))),
              .reason(describe(at: index))))
        }
        if UTF16.isTrailSurrogate(value) {
          guard pendingLead != nil else {
            throw error(
              at: escape,
              FormatReason(.stringsLoneTrailSurrogate, .text(Self.hex(value))))
          }
          pendingLead = nil
        } else {
          if let lead = pendingLead { throw unpairedLead(at: lead) }
          if UTF16.isLeadSurrogate(value) { pendingLead = escape }
        }
        text.append(value)
        continue
      case 0x30...0x37:
        var value = UInt32(code - 0x30)
        var digits = 1
        while digits < 3, index < units.count, (0x30...0x37).contains(units[index]) {
          value = value << 3 | UInt32(units[index] - 0x30)
          digits += 1
          index += 1
        }
        text.append(UInt16(value & 0xFF))
      case ascii("a"): text.append(0x07)
      case ascii("b"): text.append(0x08)
      case ascii("f"): text.append(0x0C)
      case ascii("n"): text.append(0x0A)
      case ascii("r"): text.append(0x0D)
      case ascii("t"): text.append(0x09)
      case ascii("v"): text.append(0x0B)
      default: text.append(code)
      }
      if let lead = pendingLead {
        // Only an escape can follow a lead written as an escape; a literal pair never does.
        if !UTF16.isTrailSurrogate(text[text.count - 1]) { throw unpairedLead(at: lead) }
      }
    }
    if let lead = pendingLead { throw unpairedLead(at: lead) }
    index += 1
    return text.withUnsafeBufferPointer(Self.string(fromUTF16:))
  }

  /// `units` of UTF-16 as a String, transcoded to UTF-8 here: `String(decoding:as:)` takes a
  /// generic path for UTF-16 that costs thousands of instructions for a short translation,
  /// and `UTF8.encode` with a closure a few hundred a character (a table's Japanese text:
  /// 120,000 instructions for 141 strings, against 30,000 written out here). A lone surrogate
  /// (the parser passes none) becomes U+FFFD, as it would there.
  static func string(fromUTF16 units: UnsafeBufferPointer<UInt16>) -> String {
    // A unit is at most three bytes of UTF-8; a surrogate pair, two units, is four.
    String(unsafeUninitializedCapacity: units.count * 3) { bytes in
      var count = 0
      var position = 0
      func put(_ byte: UInt32) {
        bytes[count] = UInt8(truncatingIfNeeded: byte)
        count += 1
      }
      while position < units.count {
        let unit = units[position]
        position += 1
        var value = UInt32(unit)
        if UTF16.isLeadSurrogate(unit), position < units.count,
          UTF16.isTrailSurrogate(units[position])
        {
          value = 0x10000 + (value - 0xD800) << 10 + (UInt32(units[position]) - 0xDC00)
          position += 1
        } else if UTF16.isLeadSurrogate(unit) || UTF16.isTrailSurrogate(unit) {
          value = 0xFFFD
        }
        switch value {
        case ..<0x80:
          put(value)
        case ..<0x800:
          put(0xC0 | value >> 6)
          put(0x80 | value & 0x3F)
        case ..<0x10000:
          put(0xE0 | value >> 12)
          put(0x80 | value >> 6 & 0x3F)
          put(0x80 | value & 0x3F)
        default:
          put(0xF0 | value >> 18)
          put(0x80 | value >> 12 & 0x3F)
          put(0x80 | value >> 6 & 0x3F)
          put(0x80 | value & 0x3F)
        }
      }
      return count
    }
  }

  private func unpairedLead(at offset: Int) -> SourceError {
    error(at: offset, FormatReason(.stringsLoneLeadSurrogate))
  }

  private static func hexValue(_ unit: UInt16) -> UInt16? {
    switch unit {
    case 0x30...0x39: unit - 0x30
    case 0x41...0x46: unit - 0x41 + 10
    case 0x61...0x66: unit - 0x61 + 10
    default: nil
    }
  }

  private static func hex(_ value: UInt16) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
