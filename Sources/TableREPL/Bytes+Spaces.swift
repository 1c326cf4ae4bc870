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
