/// Writes property-list values as JSON that ``JSONReader`` reads back as the same values.
///
/// The output is stable, so that diffs of a store file stay small: object keys are sorted
/// by their UTF-8 bytes, pretty output indents by two spaces and ends with a line break.
/// Text is written as UTF-8 (Japanese stays readable); `"`, `\`, control characters (C0,
/// DEL, C1, U+2028, U+2029, the bidi embeddings, overrides and isolates) and the characters
/// that show nothing (U+200B–200F, U+2060, U+FEFF, U+061C, tag characters) are escaped as
/// `\u200B`, so that a file shown in a terminal looks like what it holds.
///
/// What JSON cannot hold is written as a string, and reads back as a string:
/// - `.date` as ISO 8601 in UTC: `"2026-11-30T00:00:00Z"`;
/// - `.data` as Base64: `"AAEC"`;
/// - a NaN or infinite `.real` as `"NaN"`, `"Infinity"` or `"-Infinity"`.
///
/// Reals are written with Swift's shortest round-trip form and always with a `.` or an
/// exponent, so `.real(1)` is written `1.0` and reads back as a real.
package enum JSONWriter {
  /// Serialises `value` as JSON text.
  ///
  /// - Parameters:
  ///   - value: The value to write; any kind may be at the top level.
  ///   - pretty: `true` for one member per line, indented by two spaces, with a final line
  ///     break; `false` for one line without spaces or a final line break.
  /// - Returns: The JSON text.
  package static func serialize(_ value: PropertyListValue, pretty: Bool = true) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(256)
    write(value, into: &output, indent: pretty ? 0 : nil)
    if pretty { output.append(UInt8(ascii: "\n")) }
    return String(decoding: output, as: UTF8.self)
  }

  /// Serialises `value`, read from a JSON file, as ``serialize(_:pretty:)`` does, writing
  /// the numbers of `numbers` (those no value holds exactly) as the file wrote them.
  ///
  /// - Parameters:
  ///   - value: The value read from the file.
  ///   - numbers: The file's numbers as written (``JSONReader/writtenNumbers(in:source:)``).
  /// - Returns: The JSON text, pretty.
  package static func serialize(_ value: PropertyListValue, numbers: JSONWrittenNumbers)
    -> String
  {
    var output: [UInt8] = []
    write(value, into: &output, indent: 0, numbers: numbers, path: [])
    output.append(UInt8(ascii: "\n"))
    return String(decoding: output, as: UTF8.self)
  }

  /// Appends `value`, which sits at `path`, writing the `numbers` inside it as written.
  static func write(
    _ value: PropertyListValue, into output: inout [UInt8], indent: Int?,
    numbers: JSONWrittenNumbers, path: [JSONPathStep]
  ) {
    guard !numbers.texts.isEmpty else { return write(value, into: &output, indent: indent) }
    var written: WrittenNumbers? = WrittenNumbers(texts: numbers.texts, path: path)
    write(value, into: &output, indent: indent, numbers: &written)
  }

  /// Numbers to write as written, and where the value being written sits.
  struct WrittenNumbers {
    let texts: [[JSONPathStep]: String]
    var path: [JSONPathStep] = []
  }

  /// The keys of `members` in the order they are written: by UTF-8 bytes, independent of
  /// locale and of Unicode normalisation.
  static func sortedKeys(_ members: [PropertyListKey: PropertyListValue]) -> [String] {
    members.keys.sorted().map(\.string)
  }

  /// `members` in the order they are written, with their values, so that writing them
  /// needs no lookups. For ASCII keys (nearly always) String's own order is the byte order,
  /// and it compares short strings in registers.
  static func sortedMembers(_ members: [PropertyListKey: PropertyListValue]) -> [(
    key: PropertyListKey, value: PropertyListValue
  )] {
    members.keys.allSatisfy { isASCII($0.string) }
      ? members.sorted { $0.key.string < $1.key.string } : members.sorted { $0.key < $1.key }
  }

  /// Whether `lhs` sorts before `rhs` by UTF-8 bytes, as
  /// `lhs.utf8.lexicographicallyPrecedes(rhs.utf8)` says, comparing the strings' contiguous
  /// bytes directly: the generic comparison cost about 1,000 instructions a pair, and sorting
  /// the 10,000 keys of a store was most of the time a save took.
  static func utf8Precedes(_ lhs: String, _ rhs: String) -> Bool {
    let compared = lhs.utf8.withContiguousStorageIfAvailable { left in
      rhs.utf8.withContiguousStorageIfAvailable { right in
        let count = min(left.count, right.count)
        var index = 0
        while index < count {
          if left[index] != right[index] { return left[index] < right[index] }
          index += 1
        }
        return left.count < right.count
      }
    }
    if let compared = compared ?? nil { return compared }
    return lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
  }

  /// Whether every byte of `text` is ASCII.
  private static func isASCII(_ text: String) -> Bool {
    text.utf8.withContiguousStorageIfAvailable { bytes in
      var index = 0
      while index < bytes.count {
        if bytes[index] >= 0x80 { return false }
        index += 1
      }
      return true
    } ?? text.utf8.allSatisfy { $0 < 0x80 }
  }

  /// `text` as a JSON string literal, quotes included.
  static func quoted(_ text: String) -> String {
    var output: [UInt8] = []
    writeString(text, into: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// Appends `value`; `indent` is the current depth in spaces, or `nil` for compact output.
  static func write(_ value: PropertyListValue, into output: inout [UInt8], indent: Int?) {
    var numbers: WrittenNumbers?
    write(value, into: &output, indent: indent, numbers: &numbers)
  }

  private static func write(
    _ value: PropertyListValue, into output: inout [UInt8], indent: Int?,
    numbers: inout WrittenNumbers?
  ) {
    switch value {
    case .string(let text): writeString(text, into: &output)
    case .integer(let number): output.append(contentsOf: String(number).utf8)
    case .unsignedInteger(let number): output.append(contentsOf: String(number).utf8)
    case .real(let number):
      // Only for the number it stands for: a value changed since it was read is written anew.
      if let numbers, let text = numbers.texts[numbers.path], Double(text) == number {
        output.append(contentsOf: text.utf8)
      } else {
        writeReal(number, into: &output)
      }
    case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
    case .date(let date): writeString(ISO8601Date.string(from: date), into: &output)
    case .data(let bytes): writeString(Base64.encode(bytes), into: &output)
    case .array(let elements):
      writeContainer(
        open: "[", close: "]", count: elements.count, into: &output, indent: indent
      ) { index, output, inner in
        numbers?.path.append(.index(index))
        write(elements[index], into: &output, indent: inner, numbers: &numbers)
        numbers?.path.removeLast()
      }
    case .dictionary(let members):
      let sorted = sortedMembers(members)
      writeContainer(
        open: "{", close: "}", count: sorted.count, into: &output, indent: indent
      ) { index, output, inner in
        writeString(sorted[index].key.string, into: &output)
        output.append(UInt8(ascii: ":"))
        if inner != nil { output.append(UInt8(ascii: " ")) }
        numbers?.path.append(.key(sorted[index].key))
        write(sorted[index].value, into: &output, indent: inner, numbers: &numbers)
        numbers?.path.removeLast()
      }
    }
  }

  private static func writeContainer(
    open: Unicode.Scalar, close: Unicode.Scalar, count: Int, into output: inout [UInt8],
    indent: Int?, element: (Int, inout [UInt8], Int?) -> Void
  ) {
    output.append(UInt8(ascii: open))
    guard count > 0 else {
      output.append(UInt8(ascii: close))
      return
    }
    let inner = indent.map { $0 + 2 }
    for index in 0..<count {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      if let inner { newline(indent: inner, into: &output) }
      element(index, &output, inner)
    }
    if let indent { newline(indent: indent, into: &output) }
    output.append(UInt8(ascii: close))
  }

  private static func newline(indent: Int, into output: inout [UInt8]) {
    output.append(UInt8(ascii: "\n"))
    output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
  }

  private static func writeReal(_ number: Double, into output: inout [UInt8]) {
    guard number.isFinite else {
      let name = number.isNaN ? "NaN" : number < 0 ? "-Infinity" : "Infinity"
      writeString(name, into: &output)
      return
    }
    let text = number.description
    output.append(contentsOf: text.utf8)
    if !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") }) {
      output.append(contentsOf: ".0".utf8)
    }
  }

  static func writeString(_ text: String, into output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { bytes in
      var index = 0
      var runStart = 0
      while index < bytes.count {
        let byte = bytes[index]
        let escapeLength: Int
        if byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
          escapeLength = 1
        } else if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
          escapeLength = 2  // C1 control characters
        } else if byte >= 0xD8, let length = invisibleLength(bytes, at: index) {
          escapeLength = length
        } else {
          index += 1
          continue
        }
        output.append(contentsOf: bytes[runStart..<index])
        let scalar =
          String(decoding: bytes[index..<index + escapeLength], as: UTF8.self)
          .unicodeScalars.first?.value ?? 0xFFFD
        appendEscape(scalar, into: &output)
        index += escapeLength
        runStart = index
      }
      output.append(contentsOf: bytes[runStart..<bytes.count])
    }
    output.append(UInt8(ascii: "\""))
  }

  /// The length of the UTF-8 of an invisible or bidi-control character at `index`, which
  /// is escaped so that the text cannot look like other text or reorder a terminal's line:
  /// U+061C (0xD8 0x9C), U+200B–200F and U+2028–202E (0xE2 0x80 …), U+2060 and U+2066–2069
  /// (0xE2 0x81 …), U+FEFF (0xEF 0xBB 0xBF) and tag characters (0xF3 0xA0 0x80–0x81 …).
  private static func invisibleLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
    let count = bytes.count - index
    let second = count > 1 ? bytes[index + 1] : 0
    let third = count > 2 ? bytes[index + 2] : 0
    switch bytes[index] {
    case 0xD8 where second == 0x9C: return 2
    case 0xE2
    where second == 0x80 && ((0x8B...0x8F).contains(third) || (0xA8...0xAE).contains(third)):
      return 3
    case 0xE2 where second == 0x81 && (third == 0xA0 || (0xA6...0xA9).contains(third)): return 3
    case 0xEF where second == 0xBB && third == 0xBF: return 3
    case 0xF3 where second == 0xA0 && (third == 0x80 || third == 0x81) && count > 3: return 4
    default: return nil
    }
  }

  private static func appendEscape(_ scalar: UInt32, into output: inout [UInt8]) {
    if scalar > 0xFFFF {  // a UTF-16 surrogate pair, as JSON writes such a character
      let offset = scalar - 0x10000
      appendEscape(0xD800 + (offset >> 10), into: &output)
      appendEscape(0xDC00 + (offset & 0x3FF), into: &output)
      return
    }
    let short: String? =
      switch scalar {
      case 0x22: "\\\""
      case 0x5C: "\\\\"
      case 0x08: "\\b"
      case 0x0C: "\\f"
      case 0x0A: "\\n"
      case 0x0D: "\\r"
      case 0x09: "\\t"
      default: nil
      }
    if let short {
      output.append(contentsOf: short.utf8)
      return
    }
    let hex = String(scalar, radix: 16, uppercase: true)
    output.append(contentsOf: "\\u".utf8)
    output.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(0, 4 - hex.count)))
    output.append(contentsOf: hex.utf8)
  }
}
