import Glibc

/// Bytes being written, in memory of their own that grows as needed and is freed when the
/// buffer goes away (it cannot be copied, so it is freed once), made an array once at the
/// end (``finish()``): a screen being rendered, the lowercased texts `find` searches.
///
/// A screen is a few hundred pieces: a row's number, its padding, its texts, its marks.
/// Appending each to an array checked the array's uniqueness and capacity and went through
/// the generic copy; this writes each piece with one capacity check, spaces and digits
/// in place.
package struct ByteBuffer: ~Copyable {
  @usableFromInline var start: UnsafeMutablePointer<UInt8>
  @usableFromInline var capacity: Int
  /// The bytes written.
  @usableFromInline var written = 0

  /// An empty buffer with room for `capacity` bytes.
  package init(capacity: Int) {
    self.capacity = max(64, capacity)
    start = .allocate(capacity: self.capacity)
  }

  deinit { start.deallocate() }

  /// The number of bytes written.
  @inlinable package var count: Int { written }

  /// The bytes written, as an array.
  package func finish() -> [UInt8] {
    Array(UnsafeBufferPointer(start: start, count: written))
  }

  /// Room for `extra` more bytes: where they go, right after the bytes written. They count
  /// once ``commit(_:)`` says so; until then the next write may overwrite them.
  @inlinable @inline(__always)
  package mutating func room(for extra: Int) -> UnsafeMutablePointer<UInt8> {
    if written + extra > capacity { grow(toHold: written + extra) }
    return start + written
  }

  /// Counts the first `count` of the bytes put in the ``room(for:)`` asked for last.
  @inlinable @inline(__always)
  package mutating func commit(_ count: Int) {
    precondition(count >= 0 && written + count <= capacity, "more bytes than room was made for")
    written += count
  }

  /// The bytes written from `offset` on, to read (compare) in place; valid until the next
  /// write.
  package func bytes(from offset: Int) -> UnsafePointer<UInt8> {
    precondition(offset >= 0 && offset <= written, "an offset past the bytes written")
    return UnsafePointer(start + offset)
  }

  @usableFromInline
  mutating func grow(toHold needed: Int) {
    let larger = max(needed, 2 * capacity)
    let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
    moved.initialize(from: start, count: written)
    start.deallocate()
    start = moved
    capacity = larger
  }

  /// Writes at most `maximum` bytes in place: `write` is given where they go and returns how
  /// many it wrote, which this returns too.
  @discardableResult
  package mutating func write(
    atMost maximum: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int
  ) -> Int {
    let count = write(room(for: maximum))
    commit(count)
    return count
  }

  /// Appends one byte.
  @inlinable
  package mutating func append(_ byte: UInt8) {
    room(for: 1).initialize(to: byte)
    written += 1
  }

  /// Appends bytes.
  @inlinable
  package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    room(for: bytes.count).initialize(from: base, count: bytes.count)
    written += bytes.count
  }

  /// Appends the bytes of an array.
  @inlinable
  package mutating func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { append($0) }
  }

  /// Appends a literal's UTF-8 (an escape sequence, a mark).
  @inlinable
  package mutating func append(_ literal: StaticString) {
    literal.withUTF8Buffer { append($0) }
  }

  /// Appends the UTF-8 of `text` in one copy, read in place.
  @inlinable
  package mutating func appendUTF8(_ text: String) {
    if text.utf8.withContiguousStorageIfAvailable({ append($0) }) != nil { return }
    var text = text
    text.withUTF8 { append($0) }
  }

  /// Appends `count` spaces (none when `count` is not positive).
  @inlinable
  package mutating func appendSpaces(_ count: Int) {
    guard count > 0 else { return }
    room(for: count).initialize(repeating: UInt8(ascii: " "), count: count)
    written += count
  }

  /// Appends `value` in decimal, as `String(value)` writes it, without making a String.
  @inlinable
  package mutating func appendDecimal(_ value: Int) {
    let length = Self.decimalDigits(of: value)
    Self.writeDecimal(value, length: length, at: room(for: length))
    written += length
  }

  /// Writes `value` in decimal at `start`, in the `length` bytes that
  /// ``decimalDigits(of:)`` counts.
  @inlinable @inline(__always)
  package static func writeDecimal(_ value: Int, length: Int, at start: UnsafeMutablePointer<UInt8>)
  {
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
  package static func lineBreaks(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
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
  package static func lineBreaks(in text: String) -> Int {
    if let count = text.utf8.withContiguousStorageIfAvailable(lineBreaks(in:)) { return count }
    return text.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
  }

  /// The number of digits of `value` in decimal, with its minus sign.
  @inlinable
  package static func decimalDigits(of value: Int) -> Int {
    var digits = value < 0 ? 2 : 1
    var rest = value.magnitude
    while rest >= 10 {
      rest /= 10
      digits += 1
    }
    return digits
  }
}
