/// The bytes of a text file being parsed, with what every parser of them needs: UTF-8
/// checks, errors at a byte offset, and a safe description of what was found there.
///
/// Shared by the JSON and XML property-list readers.
struct TextInput {
  /// The whole input.
  let bytes: UnsafeBufferPointer<UInt8>
  /// The file path or name, for errors.
  let source: String

  /// Runs `body` over `bytes` as contiguous memory, copying only collections that are not
  /// contiguous already.
  static func with<R>(
    _ bytes: some Collection<UInt8>, source: String,
    _ body: (TextInput) throws(SourceError) -> R
  ) throws(SourceError) -> R {
    let result =
      bytes.withContiguousStorageIfAvailable { buffer in
        Result { () throws(SourceError) in try body(TextInput(bytes: buffer, source: source)) }
      }
      ?? Array(bytes).withUnsafeBufferPointer { buffer in
        Result { () throws(SourceError) in try body(TextInput(bytes: buffer, source: source)) }
      }
    return try result.get()
  }

  /// An error at `offset`, with its line and column.
  func error(at offset: Int, _ reason: FormatReason) -> SourceError {
    SourceError(source: source, bytes: bytes, offset: offset, reason: reason)
  }

  /// The offset just after a UTF-8 byte-order mark, or 0.
  ///
  /// - Throws: ``SourceError`` if the input starts with a UTF-16 or UTF-32 byte-order mark.
  func startAfterByteOrderMark() throws(SourceError) -> Int {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return 3 }
    if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE])
      || bytes.starts(with: [0, 0, 0xFE, 0xFF])
    {
      throw error(at: 0, FormatReason(.notUTF8))
    }
    return 0
  }

  /// The length of the well-formed UTF-8 sequence that starts at `offset` (1 to 4), or
  /// `nil` if the bytes there are not well-formed UTF-8 (overlong forms, surrogates, values
  /// above U+10FFFF, stray continuation bytes and sequences cut off by the end included).
  func utf8SequenceLength(at offset: Int) -> Int? {
    let lead = bytes[offset]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: length = 2
    case 0xE0: (length, low) = (3, 0xA0)
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: (length, high) = (3, 0x9F)
    case 0xF0: (length, low) = (4, 0x90)
    case 0xF1...0xF3: length = 4
    case 0xF4: (length, high) = (4, 0x8F)
    default: return nil
    }
    guard offset + length <= bytes.count else { return nil }
    let second = bytes[offset + 1]
    guard second >= low, second <= high else { return nil }
    for index in offset + 2..<offset + length where bytes[index] & 0xC0 != 0x80 { return nil }
    return length
  }

  /// What is at `offset`, for "expected X, found Y" messages, safe to print on a terminal:
  /// `'x'`, `a line break`, `control character U+0007`, `invalid UTF-8 byte 0xFF`,
  /// `the end of the file`.
  func describe(at offset: Int) -> FormatReason {
    guard offset < bytes.count else { return FormatReason(.endOfFile) }
    let byte = bytes[offset]
    switch byte {
    case UInt8(ascii: "\n"), UInt8(ascii: "\r"): return FormatReason(.lineBreak)
    case UInt8(ascii: " "): return FormatReason(.space)
    case 0x21...0x7E: return .verbatim("'\(Character(Unicode.Scalar(byte)))'")
    case 0x00...0x7F:
      return FormatReason(.controlCharacter, .text(Self.codePoint(UInt32(byte))))
    default:
      guard let length = utf8SequenceLength(at: offset) else {
        return FormatReason(.invalidByte, .text(String(byte, radix: 16, uppercase: true)))
      }
      let text = String(decoding: bytes[offset..<offset + length], as: UTF8.self)
      guard let scalar = text.unicodeScalars.first else { return FormatReason(.aCharacter) }
      switch scalar.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator,
        .privateUse, .unassigned, .surrogate:
        return FormatReason(.character, .text(Self.codePoint(scalar.value)))
      default:
        return .verbatim("'\(text)'")
      }
    }
  }

  /// `U+001B`: a code point written so that it can be printed anywhere.
  static func codePoint(_ value: UInt32) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}

extension UnsafePointer<UInt8> {
  /// Whether the `count` bytes here and at `other` are the same, compared with unaligned
  /// loads of eight, four or two bytes: the last load of a text overlaps the one before
  /// instead of comparing what is left byte by byte. The readers compare a name or a text
  /// they saw before with the input this way, in place.
  @inlinable
  package func hasSameBytes(as other: UnsafePointer<UInt8>, count: Int) -> Bool {
    func load<Word: FixedWidthInteger>(_ pointer: UnsafePointer<UInt8>, at offset: Int) -> Word {
      UnsafeRawPointer(pointer + offset).loadUnaligned(as: Word.self)
    }
    func same<Word: FixedWidthInteger>(at offset: Int, _: Word.Type) -> Bool {
      load(self, at: offset) as Word == load(other, at: offset)
    }
    switch count {
    case 8...:
      var offset = 0
      while offset + 8 < count {
        guard same(at: offset, UInt64.self) else { return false }
        offset += 8
      }
      return same(at: count - 8, UInt64.self)
    case 4...: return same(at: 0, UInt32.self) && same(at: count - 4, UInt32.self)
    case 2...: return same(at: 0, UInt16.self) && same(at: count - 2, UInt16.self)
    case 1: return self[0] == other[0]
    default: return true
    }
  }
}
