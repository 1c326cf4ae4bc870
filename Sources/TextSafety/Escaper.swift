/// The one escaper: every message, screen and error that shows text from outside (schemas,
/// stores, user input, file names) passes it through ``escaped(_:)`` before it is printed.
///
/// Control characters (C0, DEL, C1, and the bidirectional overrides that can make text
/// read differently from what it is) are shown escaped as `\u{1B}` and never written raw.
/// So are the characters that show nothing, so that two keys, titles or paths that differ
/// only by one of them never look the same: zero-width spaces and joiners, the word joiner,
/// the byte order mark, line and paragraph separators, tag characters, and the bidi marks.
/// Where one of those is part of how a script or an emoji is written, it is kept: a zero-width
/// joiner between emoji (👩‍💻), a zero-width non-joiner between letters of a script other than
/// Latin (Persian), tag characters inside a flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿), and a bidi mark (U+200E, U+200F,
/// U+061C) beside right-to-left text.
package enum Escaper {
  /// The text with every control character, and every invisible character that is not part
  /// of how its text is written, replaced by a visible escape.
  package static func escaped(_ text: String) -> String {
    guard mayHoldUnsafe(text) else { return text }
    let scalars = Array(text.unicodeScalars)
    var result = ""
    result.unicodeScalars.reserveCapacity(scalars.count)
    var flagTags = false
    for (position, scalar) in scalars.enumerated() {
      let previous = position > 0 ? scalars[position - 1] : nil
      let next = position + 1 < scalars.count ? scalars[position + 1] : nil
      if isTag(scalar) {
        // A flag's tags follow U+1F3F4 and end with CANCEL TAG (U+E007F).
        flagTags = (flagTags || previous?.value == 0x1F3F4) && endsFlag(scalars, from: position)
      } else {
        flagTags = false
      }
      if isUnsafe(scalar) || (isInvisible(scalar) && !flagTags && !belongs(scalar, previous, next))
      {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether the UTF-8 of `text` encodes a scalar that ``isUnsafe(_:)`` or
  /// ``isInvisible(_:)``, found by a byte scan (far cheaper than decoding every scalar): a
  /// byte below 0x20 or DEL; C1 controls are 0xC2 0x80–0x9F; U+061C is 0xD8 0x9C;
  /// U+200B–200F are 0xE2 0x80 0x8B–0x8F; U+2028–202E are 0xE2 0x80 0xA8–0xAE; U+2060 and
  /// U+2066–2069 are 0xE2 0x81 0xA0 and 0xA6–0xA9; U+FEFF is 0xEF 0xBB 0xBF; tag characters
  /// start 0xF3 0xA0 0x80 or 0x81.
  package static func mayHoldUnsafe(_ text: String) -> Bool {
    if let found = text.utf8.withContiguousStorageIfAvailable(mayHoldUnsafe) { return found }
    return Array(text.utf8).withUnsafeBufferPointer(mayHoldUnsafe)
  }

  private static func mayHoldUnsafe(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = bytes.count
    var index = PrintableASCII.end(of: bytes, from: 0)
    while index < count {
      let byte = bytes[index]
      if byte < 0x80 { return true }  // a C0 control or DEL
      let second = index + 1 < count ? bytes[index + 1] : 0
      let third = index + 2 < count ? bytes[index + 2] : 0
      switch byte {
      case 0xC2 where (0x80...0x9F).contains(second): return true
      case 0xD8 where second == 0x9C: return true
      case 0xE2
      where second == 0x80 && ((0x8B...0x8F).contains(third) || (0xA8...0xAE).contains(third)):
        return true
      case 0xE2 where second == 0x81 && (third == 0xA0 || (0xA6...0xA9).contains(third)):
        return true
      case 0xEF where second == 0xBB && third == 0xBF: return true
      case 0xF3 where second == 0xA0 && (third == 0x80 || third == 0x81): return true
      default: break
      }
      index = PrintableASCII.end(of: bytes, from: index + 1)
    }
    return false
  }

  /// Whether a scalar must not reach a terminal as it is.
  package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
    // Bidi embeddings, overrides and isolates (U+202A–202E, U+2066–2069); line and
    // paragraph separators, which some terminals take as line breaks.
    return (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
  }

  /// Whether a scalar shows nothing: zero-width space, non-joiner and joiner, the bidi marks,
  /// the word joiner, the byte order mark, and tag characters.
  package static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x200B...0x200F, 0x2060, 0xFEFF, 0x061C: true
    default: isTag(scalar)
    }
  }

  private static func isTag(_ scalar: Unicode.Scalar) -> Bool {
    (0xE0000...0xE007F).contains(scalar.value)
  }

  /// Whether the tags from `position` on run to a CANCEL TAG.
  private static func endsFlag(_ scalars: [Unicode.Scalar], from position: Int) -> Bool {
    scalars[position...].prefix { isTag($0) }.last?.value == 0xE007F
  }

  /// Whether an invisible character is part of how the text around it is written.
  private static func belongs(
    _ scalar: Unicode.Scalar, _ previous: Unicode.Scalar?, _ next: Unicode.Scalar?
  ) -> Bool {
    if [0x200E, 0x200F, 0x061C].contains(scalar.value) {  // marks direction beside RTL text
      return previous.map(isRightToLeft) == true || next.map(isRightToLeft) == true
    }
    guard let previous, let next else { return false }
    switch scalar.value {
    case 0x200D:  // joins emoji: 👩 + ZWJ + 💻; after an emoji's modifier or selector too
      let joinsAfter =
        previous.properties.isEmoji && previous.value > 0xFF
        || previous.properties.isEmojiModifier || previous.value == 0xFE0F
      return joinsAfter && next.properties.isEmoji && next.value > 0xFF
    case 0x200C:  // keeps two letters of a script apart, as Persian writes them
      return previous.properties.isAlphabetic && previous.value > 0x24F
        && next.properties.isAlphabetic && next.value > 0x24F
    default:
      return false
    }
  }

  /// Whether a scalar is a letter of a right-to-left script (Hebrew, Arabic, Syriac,
  /// Thaana, N'Ko and their presentation forms).
  package static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFE, 0x10800...0x10FFF, 0x1E800...0x1EFFF:
      scalar.properties.isAlphabetic
    default: false
    }
  }
}
