extension [UInt8] {
  /// Eighty spaces, copied from by ``appendSpaces(_:)``.
  private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 80)

  /// Appends `count` spaces (none when `count` is not positive).
  ///
  /// Padding is on every row of every screen; `String(repeating:count:)` builds its result
  /// one copy at a time (thousands of instructions for a row's gap), and appending a
  /// `repeatElement` goes element by element. This copies slices of a ready-made array.
  mutating func appendSpaces(_ count: Int) {
    var remaining = count
    while remaining > 0 {
      let chunk = Swift.min(remaining, 80)
      append(contentsOf: Self.spaces[..<chunk])
      remaining -= chunk
    }
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
