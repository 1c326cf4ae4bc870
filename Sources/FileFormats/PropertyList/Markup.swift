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
