extension [UInt8] {
  /// Eighty spaces, in the binary's read-only data: copied from by ``appendSpaces(_:)``
  /// without a lazily made global.
  private static let spaces: StaticString =
    "                                                                                "

  /// Appends `count` spaces (none when `count` is not positive).
  ///
  /// Padding is on every row of every screen; `String(repeating:count:)` builds its result
  /// one copy at a time (thousands of instructions for a row's gap), and appending a
  /// `repeatElement` goes element by element. This copies from a ready-made buffer.
  mutating func appendSpaces(_ count: Int) {
    var remaining = count
    while remaining > 0 {
      let chunk = Swift.min(remaining, 80)
      Self.spaces.withUTF8Buffer { append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<chunk])) }
      remaining -= chunk
    }
  }

  /// Appends the UTF-8 of `text` in one copy (appending its `utf8` view goes through the
  /// generic sequence path).
  mutating func appendUTF8(_ text: String) {
    var text = text
    text.withUTF8 { append(contentsOf: $0) }
  }
}

extension [UInt8] {
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

  /// Appends `value` in decimal, as `String(value)` writes it, without making a String.
  mutating func appendDecimal(_ value: Int) {
    if value < 0 { append(UInt8(ascii: "-")) }
    var rest = value.magnitude
    var length = 1
    var probe = rest
    while probe >= 10 {
      probe /= 10
      length += 1
    }
    let start = count
    for _ in 0..<length { append(UInt8(ascii: "0")) }
    var index = start + length - 1
    repeat {
      self[index] = UInt8(ascii: "0") + UInt8(rest % 10)
      rest /= 10
      index -= 1
    } while rest > 0
  }
}
