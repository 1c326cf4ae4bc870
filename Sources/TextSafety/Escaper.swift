/// The one escaper: every message, screen and error that shows text from outside (schemas,
/// stores, user input, file names) passes it through ``escaped(_:as:)`` before it is printed.
///
/// It has two modes, for the two kinds of text a terminal shows:
///
/// - ``Mode/identifier``: keys, paths and other names, where two that differ must never look
///   the same. Every control character and every *default-ignorable* code point (Unicode's
///   `Default_Ignorable_Code_Point`: joiners, zero-width spaces, the soft hyphen, variation
///   selectors, Hangul fillers, tag characters, bidi controls …) is shown escaped, as
///   `\u{AD}`.
/// - ``Mode/prose``: titles, values, footers and messages, where such characters are often
///   part of how the text is written. Escaped are the characters that can change the
///   terminal (C0 and C1 controls, DEL, the line and paragraph separators) and those that
///   can hide or reorder text where no script needs them. Kept, as the writing needs them:
///   - a zero-width joiner or non-joiner between two letters (or a letter's marks) of a
///     script other than Latin (Sinhala `ශ්‍ර`, Malayalam, Khmer, Persian), and a joiner in
///     an emoji sequence (👩‍💻);
///   - a zero-width space between two letters or marks of a script other than Latin (Thai,
///     Khmer and Myanmar mark where a line may break with one), and a soft hyphen or the
///     combining grapheme joiner between two letters or marks;
///   - the bidi marks (U+200E, U+200F, U+061C), embeddings, overrides and isolates in a
///     text that holds right-to-left letters, which needs them to read as it was written
///     (an isolate around a Latin word in Arabic);
///   - a variation selector after an emoji, an ideograph (Japanese names' variants) or a
///     Mongolian letter; the Mongolian vowel separator between Mongolian letters; a Hangul
///     filler inside an old-style syllable;
///   - tag characters inside a flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿).
///
///   A tab is shown as four spaces.
package enum Escaper {
  /// What kind of text is shown, which decides which invisible characters are escaped.
  package enum Mode: Sendable {
    /// Titles, values, footers and messages: invisible characters that are part of the
    /// writing are kept.
    case prose
    /// Keys, paths and other names: every invisible character is shown.
    case identifier
  }

  /// The text with every control character, and every invisible character that `mode` does
  /// not keep, replaced by a visible escape (`\u{1B}`).
  package static func escaped(_ text: String, as mode: Mode = .prose) -> String {
    guard mayHoldUnsafe(text) else { return text }
    let scalars = Array(text.unicodeScalars)
    var result = ""
    result.unicodeScalars.reserveCapacity(scalars.count)
    var flagTags = false
    // Bidi marks and controls are how right-to-left text is written, in the whole line.
    lazy var holdsRightToLeft = scalars.contains(where: isRightToLeft)
    for (position, scalar) in scalars.enumerated() {
      if isTag(scalar) {
        // A flag's tags follow U+1F3F4 and end with CANCEL TAG (U+E007F).
        let previous = position > 0 ? scalars[position - 1].value : 0
        flagTags = (flagTags || previous == 0x1F3F4) && endsFlag(scalars, from: position)
      } else {
        flagTags = false
      }
      let shown: Bool
      if scalar.value == 0x09 && mode == .prose {
        result += "    "
        continue
      } else if isUnsafe(scalar) {
        shown = mode == .prose && isBidiControl(scalar) && holdsRightToLeft
      } else if isInvisible(scalar) {
        shown =
          mode == .prose
          && (flagTags || (isBidiMark(scalar) ? holdsRightToLeft : belongs(scalars, position)))
      } else {
        shown = true
      }
      if shown {
        result.unicodeScalars.append(scalar)
      } else {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      }
    }
    return result
  }

  /// The text with each of its lines escaped on its own (``escaped(_:as:)``) and its line
  /// breaks kept: a message that names a file on one line and says what to do on the next
  /// is shown on two lines, with nothing in either able to change the terminal.
  package static func escapedLines(_ text: String, as mode: Mode = .prose) -> String {
    guard mayHoldUnsafe(text) else { return text }
    // Appended line by line: the first `joined(separator:)` of a run costs 159,000
    // instructions of generic set-up, an eighth of a `settei get`.
    var result = ""
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      if number > 0 { result += "\n" }
      result += escaped(String(line), as: mode)
    }
    return result
  }

  /// Whether the UTF-8 of `text` encodes a scalar that ``isUnsafe(_:)`` or
  /// ``isInvisible(_:)``, found by a byte scan (far cheaper than decoding every scalar): a
  /// byte below 0x20 or DEL, or the lead bytes of the default-ignorable code points and the
  /// C1 controls (listed in ``mayHoldUnsafe(_:)``'s body with the scalars they encode). A
  /// test checks every code point against the full check.
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
      let fourth = index + 3 < count ? bytes[index + 3] : 0
      switch byte {
      case 0xC2 where (0x80...0x9F).contains(second) || second == 0xAD:  // C1, U+00AD
        return true
      case 0xCD where second == 0x8F: return true  // U+034F
      case 0xD8 where second == 0x9C: return true  // U+061C
      case 0xE1:
        switch second {
        case 0x85 where third == 0x9F || third == 0xA0: return true  // U+115F–1160
        case 0x9E where third == 0xB4 || third == 0xB5: return true  // U+17B4–17B5
        case 0xA0 where (0x8B...0x8F).contains(third): return true  // U+180B–180F
        default: break
        }
      case 0xE2:
        // U+200B–200F, U+2028–202E; U+2060–206F.
        if second == 0x80 && ((0x8B...0x8F).contains(third) || (0xA8...0xAE).contains(third)) {
          return true
        }
        if second == 0x81 && (0xA0...0xAF).contains(third) { return true }
      case 0xE3 where second == 0x85 && third == 0xA4: return true  // U+3164
      case 0xEF:
        // U+FE00–FE0F, U+FEFF, U+FFA0, U+FFF0–FFF8.
        if second == 0xB8 && (0x80...0x8F).contains(third) { return true }
        if second == 0xBB && third == 0xBF { return true }
        if second == 0xBE && third == 0xA0 { return true }
        if second == 0xBF && (0xB0...0xB8).contains(third) { return true }
      case 0xF0:
        // U+1BCA0–1BCA3, U+1D173–1D17A.
        if second == 0x9B && third == 0xB2 && (0xA0...0xA3).contains(fourth) { return true }
        if second == 0x9D && third == 0x85 && (0xB3...0xBA).contains(fourth) { return true }
      case 0xF3 where second == 0xA0: return true  // U+E0000–E0FFF
      default: break
      }
      index = PrintableASCII.end(of: bytes, from: index + 1)
    }
    return false
  }

  /// Whether a scalar can change a terminal or the order of what it shows: the C0 and C1
  /// controls and DEL, the line and paragraph separators (which some terminals take as line
  /// breaks), and the bidi embeddings, overrides and isolates (U+202A–202E, U+2066–2069).
  package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
    return (0x2028...0x202E).contains(value) || isBidiControl(scalar)
  }

  /// Whether a scalar shows nothing: a default-ignorable code point (Unicode's
  /// `Default_Ignorable_Code_Point`) that ``isUnsafe(_:)`` does not already cover.
  package static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    // Below U+00AD no scalar is default-ignorable; the look-up is for the rest.
    scalar.value >= 0xAD && scalar.properties.isDefaultIgnorableCodePoint && !isUnsafe(scalar)
  }

  /// Whether a scalar is a bidi embedding, override or isolate (U+202A–202E, U+2066–2069).
  package static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
  }

  private static func isTag(_ scalar: Unicode.Scalar) -> Bool {
    (0xE0000...0xE007F).contains(scalar.value)
  }

  /// Whether the tags from `position` on run to a CANCEL TAG.
  private static func endsFlag(_ scalars: [Unicode.Scalar], from position: Int) -> Bool {
    scalars[position...].prefix { isTag($0) }.last?.value == 0xE007F
  }

  /// Whether the invisible character at `position` is part of how the text around it is
  /// written (see the type's documentation for each).
  private static func belongs(_ scalars: [Unicode.Scalar], _ position: Int) -> Bool {
    let scalar = scalars[position]
    let previous = position > 0 ? scalars[position - 1] : nil
    let next = position + 1 < scalars.count ? scalars[position + 1] : nil
    switch scalar.value {
    case 0x200D:  // joins emoji: 👩 + ZWJ + 💻; after an emoji's modifier or selector too
      guard let previous else { return false }
      guard let next else { return joinsLetters(previous, nil) }
      let joinsEmoji =
        (previous.properties.isEmoji && previous.value > 0xFF
          || previous.properties.isEmojiModifier || previous.value == 0xFE0F)
        && next.properties.isEmoji && next.value > 0xFF
      return joinsEmoji || joinsLetters(previous, next)
    case 0x200C:  // keeps two letters of a script apart, as Persian and Sinhala write them
      guard let previous else { return false }
      return joinsLetters(previous, next)
    case 0x200B:  // where Thai, Khmer and Myanmar may break a line
      guard let previous, let next else { return false }
      return isNonLatinLetterOrMark(previous) && isNonLatinLetterOrMark(next)
    case 0x00AD, 0x034F:  // a hyphenation point, a grapheme joiner
      guard let previous, let next else { return false }
      return isLetterOrMark(previous) && isLetterOrMark(next)
    case 0xFE00...0xFE0F, 0xE0100...0xE01EF:  // selects a variant of the character before
      guard let previous else { return false }
      return previous.properties.isEmoji && (previous.value > 0xFF || next?.value == 0x20E3)
        || previous.properties.isIdeographic || isMongolian(previous)
    case 0x180B...0x180F:  // Mongolian variation selectors and vowel separator
      return previous.map(isMongolian) == true
    case 0x115F:  // a Hangul choseong filler before a vowel jamo
      return next.map { (0x1160...0x11A7).contains($0.value) } == true
    case 0x1160:  // a Hangul jungseong filler after a leading jamo
      return previous.map { (0x1100...0x115F).contains($0.value) } == true
    default:
      return false
    }
  }

  private static func isLetterOrMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .nonspacingMark, .spacingMark, .enclosingMark:
      true
    default: false
    }
  }

  /// Whether a joiner or non-joiner between `previous` and `next` shapes a script's letters:
  /// after a virama (Sinhala `ශ්‍ර`, a Malayalam chillu at a word's end), or between two
  /// letters or marks of a script other than Latin.
  private static func joinsLetters(_ previous: Unicode.Scalar, _ next: Unicode.Scalar?) -> Bool {
    if previous.properties.canonicalCombiningClass == .virama { return true }
    guard let next else { return false }
    return isNonLatinLetterOrMark(previous) && isNonLatinLetterOrMark(next)
  }

  /// A letter or mark past Latin Extended-B: a script whose words may need joiners.
  private static func isNonLatinLetterOrMark(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value > 0x24F && isLetterOrMark(scalar)
  }

  /// Whether a scalar is one of the marks of direction: U+200E, U+200F, U+061C.
  private static func isBidiMark(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value == 0x200E || scalar.value == 0x200F || scalar.value == 0x061C
  }

  private static func isMongolian(_ scalar: Unicode.Scalar) -> Bool {
    (0x1800...0x18AF).contains(scalar.value) && isLetterOrMark(scalar)
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
