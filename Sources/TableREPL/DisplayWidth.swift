/// Terminal column widths of text, as `wcwidth(3)` counts them.
///
/// East Asian wide and fullwidth characters (kanji, kana, Hangul, fullwidth forms) and emoji
/// take two columns; combining marks and format characters take none; everything else one.
/// The table is our own so that layout does not depend on the process's locale.
package enum DisplayWidth {
  /// The number of terminal columns a string takes.
  package static func of(_ text: some StringProtocol) -> Int {
    if let ascii = asciiWidth(text) { return ascii }
    var width = 0
    for character in text { width += of(character) }
    return width
  }

  /// The number of terminal columns one character (grapheme cluster) takes: 0, 1 or 2.
  package static func of(_ character: Character) -> Int {
    var width = 0
    for scalar in character.unicodeScalars {
      if scalar.value == 0xFE0F, width == 1 {
        width = 2  // emoji presentation selector
      } else {
        width = max(width, of(scalar))
      }
    }
    return width
  }

  /// The number of terminal columns one Unicode scalar takes on its own.
  package static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F { return value >= 0x20 ? 1 : 0 }
    if value < 0xA0 { return 0 }
    if value < 0x300 { return 1 }
    if isZeroWidth(scalar) { return 0 }
    if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
    return 1
  }

  /// The string cut to at most `width` columns, ending in "…" when something was cut.
  package static func truncate(_ text: String, toWidth width: Int) -> String {
    guard width > 0 else { return "" }
    if of(text) <= width { return text }
    var result = ""
    var used = 0
    for character in text {
      let w = of(character)
      if used + w > width - 1 { break }
      result.append(character)
      used += w
    }
    return result + "…"
  }

  /// The string padded with spaces on the right to `width` columns.
  package static func pad(_ text: String, toWidth width: Int) -> String {
    let missing = width - of(text)
    return missing > 0 ? text + String(repeating: " ", count: missing) : text
  }

  private static func asciiWidth(_ text: some StringProtocol) -> Int? {
    var count = 0
    for byte in text.utf8 {
      guard byte >= 0x20, byte < 0x7F else { return nil }
      count += 1
    }
    return count
  }

  private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value == 0x200B || (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) {
      return true
    }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return true
    default: return false
    }
  }

  /// East Asian Wide (W) and Fullwidth (F) ranges, Unicode 15.
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
    0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
    0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
    0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
    0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
    0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
    0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
    0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
    0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
    0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x16FF0...0x16FF1, 0x17000...0x18CD5,
    0x18D00...0x18D08, 0x1AFF0...0x1B2FB, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF,
    0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F202, 0x1F210...0x1F23B,
    0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265, 0x20000...0x2FFFD,
    0x30000...0x3FFFD,
  ]

  private static func isWide(_ value: UInt32) -> Bool {
    guard value >= 0x1100 else { return false }
    var low = 0
    var high = wideRanges.count - 1
    while low <= high {
      let mid = (low + high) / 2
      let range = wideRanges[mid]
      if value < range.lowerBound {
        high = mid - 1
      } else if value > range.upperBound {
        low = mid + 1
      } else {
        return true
      }
    }
    return false
  }
}
