/// Finding runs of printable ASCII (U+0020–U+007E) in UTF-8, eight bytes at a time: most
/// text on a screen is such a run, and the width and safety checks of every row start here.
package enum PrintableASCII {
  /// The index of the first byte at or after `start` that is not printable ASCII (a control
  /// character, DEL, or any byte of a non-ASCII scalar), or `bytes.count`.
  package static func end(of bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    guard let base = bytes.baseAddress else { return start }
    let raw = UnsafeRawPointer(base)
    let count = bytes.count
    var index = start
    while index + 8 <= count {
      guard isPrintable(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) else { break }
      index += 8
    }
    if index < count, count - index < 8, count - start >= 8 {
      // The last few bytes: the last eight, some of them checked already, as one word.
      if isPrintable(raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)) {
        return count
      }
    }
    while index < count {
      let byte = bytes[index]
      if byte < 0x20 || byte > 0x7E { return index }
      index += 1
    }
    return count
  }

  /// Whether all eight bytes of `word` are printable ASCII. A byte below 0x20 sets its high
  /// bit in `below`; 0x7F and every byte from 0x80 set theirs in `above`. Neither misses such
  /// a byte (they may flag a byte after one).
  @inline(__always)
  private static func isPrintable(_ word: UInt64) -> Bool {
    let below = (word &- 0x2020_2020_2020_2020) & ~word
    let above = (word &+ 0x0101_0101_0101_0101) | word
    return (below | above) & 0x8080_8080_8080_8080 == 0
  }
}
