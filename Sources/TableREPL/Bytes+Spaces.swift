extension [UInt8] {
  /// Appends `count` spaces (none when `count` is not positive).
  ///
  /// Padding is on every row of every screen; `String(repeating:count:)` builds its result
  /// one copy at a time, thousands of instructions for a row's gap.
  mutating func appendSpaces(_ count: Int) {
    guard count > 0 else { return }
    append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
  }
}
