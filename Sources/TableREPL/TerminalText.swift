/// The one gate through which text from outside (schemas, stores, user input, error messages)
/// reaches the terminal.
///
/// Control characters (C0, DEL, C1, and the bidirectional overrides that can make text
/// read differently from what it is) are shown escaped as `\u{1B}` and never written raw.
package enum TerminalText {
  /// The text with every control character replaced by a visible escape.
  package static func sanitize(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      if isUnsafe(scalar) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether a scalar must not reach a terminal as it is.
  static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
    // Bidi embeddings, overrides and isolates (U+202A–202E, U+2066–2069).
    return (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
  }
}
