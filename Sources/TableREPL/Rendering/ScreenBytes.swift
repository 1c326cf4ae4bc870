import Glibc

/// The bytes of a screen being written, in a buffer of their own that grows as needed, made
/// an array once at the end (``finish()``).
///
/// A screen is a few hundred pieces: a row's number, its padding, its texts, its marks.
/// Appending each to an array checked the array's uniqueness and capacity and went through
/// the generic copy; this writes each piece with one capacity check, spaces and digits
/// in place.
struct ScreenBytes: ~Copyable {
  private var start: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// The bytes written.
  private(set) var count = 0

  /// An empty buffer with room for `capacity` bytes.
  init(capacity: Int) {
    self.capacity = max(64, capacity)
    start = .allocate(capacity: self.capacity)
  }

  deinit { start.deallocate() }

  /// The bytes written, as an array.
  func finish() -> [UInt8] {
    Array(UnsafeBufferPointer(start: start, count: count))
  }

  /// Room for `extra` more bytes: where they go.
  @inline(__always)
  private mutating func room(for extra: Int) -> UnsafeMutablePointer<UInt8> {
    if count + extra > capacity { grow(toHold: count + extra) }
    return start + count
  }

  private mutating func grow(toHold needed: Int) {
    let larger = max(needed, 2 * capacity)
    let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
    moved.initialize(from: start, count: count)
    start.deallocate()
    start = moved
    capacity = larger
  }

  /// Writes at most `maximum` bytes in place: `write` is given where they go and returns how
  /// many it wrote, which this returns too.
  @discardableResult
  mutating func write(atMost maximum: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int) -> Int {
    let written = write(room(for: maximum))
    count += written
    return written
  }

  /// Appends one byte.
  mutating func append(_ byte: UInt8) {
    room(for: 1).initialize(to: byte)
    count += 1
  }

  /// Appends bytes.
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    room(for: bytes.count).initialize(from: base, count: bytes.count)
    count += bytes.count
  }

  /// Appends the bytes of an array.
  mutating func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { append($0) }
  }

  /// Appends a literal's UTF-8 (an escape sequence, a mark).
  mutating func append(_ literal: StaticString) {
    literal.withUTF8Buffer { append($0) }
  }

  /// Appends the UTF-8 of `text` in one copy, read in place.
  mutating func appendUTF8(_ text: String) {
    if text.utf8.withContiguousStorageIfAvailable({ append($0) }) != nil { return }
    var text = text
    text.withUTF8 { append($0) }
  }

  /// Appends `count` spaces (none when `count` is not positive).
  mutating func appendSpaces(_ count: Int) {
    guard count > 0 else { return }
    room(for: count).initialize(repeating: UInt8(ascii: " "), count: count)
    self.count += count
  }

  /// Appends `value` in decimal, as `String(value)` writes it, without making a String.
  mutating func appendDecimal(_ value: Int) {
    let length = Self.decimalDigits(of: value)
    Self.writeDecimal(value, length: length, at: room(for: length))
    count += length
  }

  /// Writes `value` in decimal at `start`, in the `length` bytes that
  /// ``decimalDigits(of:)`` counts.
  @inline(__always)
  static func writeDecimal(_ value: Int, length: Int, at start: UnsafeMutablePointer<UInt8>) {
    if value < 0 { start.initialize(to: UInt8(ascii: "-")) }
    var rest = value.magnitude
    var index = length - 1
    repeat {
      (start + index).initialize(to: UInt8(ascii: "0") + UInt8(rest % 10))
      rest /= 10
      index -= 1
    } while rest > 0
  }

  /// The line breaks (`\n`) in `bytes`, found with `memchr`.
  static func lineBreaks(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = bytes.baseAddress else { return 0 }
    var offset = 0
    var count = 0
    while offset < bytes.count {
      guard let found = memchr(base + offset, 0x0A, bytes.count - offset) else { break }
      offset = UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1
      count += 1
    }
    return count
  }

  /// The line breaks in the UTF-8 of `text`.
  static func lineBreaks(in text: String) -> Int {
    if let count = text.utf8.withContiguousStorageIfAvailable(lineBreaks(in:)) { return count }
    return text.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
  }

  /// The number of digits of `value` in decimal, with its minus sign.
  static func decimalDigits(of value: Int) -> Int {
    var digits = value < 0 ? 2 : 1
    var rest = value.magnitude
    while rest >= 10 {
      rest /= 10
      digits += 1
    }
    return digits
  }
}
