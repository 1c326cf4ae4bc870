import TextSafety

/// Text of a screen (titles, details, headers, footers) as a terminal can show it: line
/// breaks are line breaks, and the marks of bidirectional text stay only in right-to-left
/// text.
///
/// A schema's text often holds line breaks (`\n`, `\r\n`: acknowledgement footers) and bidi
/// marks and controls (right-to-left translations). Line breaks split a header or footer
/// into lines, and become spaces in a one-line row. In a text that holds right-to-left
/// letters, the marks (U+200E, U+200F, U+061C) and the embeddings, overrides and isolates
/// (U+202A–202E, U+2066–2069) are how it is written, and ``sanitize(_:)`` keeps them. In
/// other text the marks change nothing a terminal shows and are left out rather than
/// escaped, and ``sanitize(_:)`` shows the controls escaped, since there they could only
/// make a line read differently from what it is. Every other control character is escaped
/// by ``sanitize(_:)`` too.
extension TerminalText {
  /// One line of a row or breadcrumb: bidi marks left out of text that is not right to
  /// left, each line break (`\r\n`, `\n`, `\r`, U+2028, U+2029) a space, then
  /// ``sanitize(_:)``.
  package static func line(_ text: String) -> String {
    // Most titles are shown as they are, which one scan tells.
    if DisplayWidth.simpleWidth(text) != nil { return text }
    guard mayHoldLayoutMarks(text) else { return sanitize(text) }
    return sanitize(paragraphs(ofUnsanitized: text).joined(separator: " "))
  }

  /// ``line(_:)`` and its display width, from one scan when the text is shown as it is (most
  /// rows): text that ``DisplayWidth/simpleWidth(_:)`` measures has nothing to remove or
  /// escape.
  package static func lineWithWidth(_ text: String) -> (text: String, width: Int) {
    if let width = DisplayWidth.simpleWidth(text) { return (text, width) }
    let shown = line(text)
    return (shown, DisplayWidth.of(shown))
  }

  /// The length of `text` when it is all printable ASCII (U+0020–U+007E), found eight bytes
  /// at a time; `nil` otherwise.
  static func printableASCIICount(_ text: String) -> Int? {
    var copy = text
    return copy.withUTF8 { bytes in
      PrintableASCII.end(of: bytes, from: 0) == bytes.count ? bytes.count : nil
    }
  }

  /// The lines of a header or footer: split at each line break, bidi marks left out of text
  /// that is not right to left, each line passed through ``sanitize(_:)``.
  package static func paragraphs(_ text: String) -> [String] {
    // Most footers are plain ASCII: one fast scan, and nothing to remove or escape.
    if printableASCIICount(text) != nil { return [text] }
    guard mayHoldLayoutMarks(text) else { return [sanitize(text)] }
    return paragraphs(ofUnsanitized: text).map(sanitize)
  }

  private static func paragraphs(ofUnsanitized text: String) -> [String] {
    var result: [String] = []
    var current = ""
    var afterCarriageReturn = false
    let holdsRightToLeft = text.unicodeScalars.contains(where: isRightToLeft)
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x0A where afterCarriageReturn:
        afterCarriageReturn = false
        continue
      case 0x0A, 0x0D, 0x2028, 0x2029:
        result.append(current)
        current = ""
        afterCarriageReturn = scalar.value == 0x0D
        continue
      default:
        afterCarriageReturn = false
      }
      if [0x200E, 0x200F, 0x061C].contains(scalar.value) && !holdsRightToLeft {
        // A mark in right-to-left text is how it is written (sanitize keeps it there);
        // elsewhere it does nothing a terminal shows, and is left out rather than escaped.
        continue
      }
      current.unicodeScalars.append(scalar)
    }
    result.append(current)
    return result
  }

  /// Whether the UTF-8 of `text` holds a line break or a bidi mark or control, by a byte
  /// scan: CR, LF, U+061C (0xD8 0x9C), U+200E/200F (0xE2 0x80 0x8E/0x8F), U+2028/2029 and
  /// U+202A–202E (0xE2 0x80 0xA8–0xAE), U+2066–2069 (0xE2 0x81 0xA6–0xA9). Other characters of the
  /// U+2000 block (`…`, `•`, `›`) and the bars' U+2588 do not count.
  static func mayHoldLayoutMarks(_ text: String) -> Bool {
    if let found = text.utf8.withContiguousStorageIfAvailable(scanForLayoutMarks) { return found }
    var copy = text
    return copy.withUTF8(scanForLayoutMarks)
  }

  /// ``mayHoldLayoutMarks(_:)`` over the UTF-8 bytes themselves.
  private static func scanForLayoutMarks(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      // Most text is ASCII or other letters: one comparison per byte.
      guard byte == 0x0A || byte == 0x0D || byte == 0xD8 || byte == 0xE2 else { continue }
      if byte < 0xD8 { return true }
      guard index < bytes.count else { return false }
      let second = bytes[index]
      if byte == 0xD8 {
        if second == 0x9C { return true }
        continue
      }
      guard index + 1 < bytes.count else { return false }
      let third = bytes[index + 1]
      if second == 0x80 && ((0x8E...0x8F).contains(third) || (0xA8...0xAE).contains(third)) {
        return true
      }
      if second == 0x81 && (0xA6...0xA9).contains(third) { return true }
    }
    return false
  }
}
