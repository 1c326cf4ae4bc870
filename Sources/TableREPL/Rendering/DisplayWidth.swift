import TextSafety

/// Terminal column widths of text, as `wcwidth(3)` counts them.
///
/// East Asian wide and fullwidth characters (kanji, kana, Hangul, fullwidth forms) and emoji
/// take two columns; combining marks and format characters take none; everything else one.
/// The table is our own so that layout does not depend on the process's locale.
package enum DisplayWidth {
  /// The number of terminal columns a string takes.
  package static func of(_ text: some StringProtocol) -> Int {
    if let simple = simpleWidth(text) { return simple }
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

  /// The width of text whose every scalar is a grapheme cluster of its own, summed scalar by
  /// scalar without breaking the text into characters (which costs far more); `nil` for text
  /// that holds a scalar that may join its neighbours into one cluster.
  ///
  /// Clusters of several scalars whose widths add up differently from the cluster's width
  /// need a joiner (U+200D), a variation selector, a Hangul leading jamo, a regional
  /// indicator, an emoji modifier or a spacing mark; ``isStandalone(_:)`` admits none of
  /// those. Combining marks may stay: they are zero columns wide either way.
  static func simpleWidth(_ text: some StringProtocol) -> Int? {
    if let width = text.utf8.withContiguousStorageIfAvailable(simpleWidth(utf8:)) {
      return width
    }
    var width = 0
    for scalar in text.unicodeScalars {
      guard let scalarWidth = standaloneWidth(scalar) else { return nil }
      width += scalarWidth
    }
    return width
  }

  /// ``simpleWidth(_:)`` of valid UTF-8, decoded here; runs of ASCII are counted eight bytes
  /// at a time.
  ///
  /// Text it measures is shown as it is: no control character, line break, bidi mark or
  /// control, or invisible character is standalone, so ``TerminalText/line(_:)`` of such text
  /// is the text itself (a row then writes its bytes as they are).
  static func simpleWidth(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var width = 0
    var index = 0
    let count = bytes.count
    while index < count {
      let asciiEnd = PrintableASCII.end(of: bytes, from: index)
      width += asciiEnd - index
      index = asciiEnd
      guard index < count else { break }
      let lead = bytes[index]
      if lead < 0x80 { return nil }  // a control character
      var value: UInt32
      var length: Int
      if lead < 0xE0 {
        value = UInt32(lead & 0x1F)
        length = 2
      } else if lead < 0xF0 {
        value = UInt32(lead & 0x0F)
        length = 3
      } else {
        value = UInt32(lead & 0x07)
        length = 4
      }
      guard index + length <= count else { return nil }
      for offset in 1..<length {
        value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
      }
      guard let scalar = Unicode.Scalar(value), let scalarWidth = standaloneWidth(scalar) else {
        return nil
      }
      width += scalarWidth
      index += length
    }
    return width
  }

  /// The width of a scalar that is a cluster of its own wherever it stands, `nil` otherwise.
  private static func standaloneWidth(_ scalar: Unicode.Scalar) -> Int? {
    let value = scalar.value
    if value >= 0x20 && value < 0x7F { return 1 }
    // Kana, CJK punctuation and ideographs, Hangul syllables and fullwidth forms are wide and
    // never marks: two columns without asking Unicode's property tables.
    switch value {
    case 0x3000..<0x302A, 0x3041...0x3096, 0x30A1...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3,
      0xFF01...0xFF60:
      return 2
    default: break
    }
    return isStandalone(value) ? of(scalar) : nil
  }

  /// Whether a scalar never joins the scalars around it into a cluster wider than itself:
  /// Latin, Greek and Cyrillic letters and their combining marks, general punctuation
  /// without the joiners, currency and letter-like symbols, CJK punctuation, kana and
  /// ideographs, Hangul syllables, and fullwidth forms without the halfwidth sound marks.
  private static func isStandalone(_ value: UInt32) -> Bool {
    switch value {
    // Invisible characters the escaper may show (a soft hyphen, the grapheme joiner, the
    // Hangul fillers): never measured here, so text that holds one is escaped as it needs.
    case 0xAD, 0x34F, 0x3164, 0xFFA0: false
    case 0xA0..<0x530: true
    case 0x2010..<0x2028, 0x2030..<0x2060, 0x2070..<0x2190: true
    case 0x3000..<0x302A, 0x3030..<0x3099, 0x309B..<0xA000: true
    case 0xAC00..<0xD7A4: true
    case 0xFF01..<0xFF9E, 0xFFA0..<0xFFEF: true
    default: false
    }
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
