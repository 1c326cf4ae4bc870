/// The one gate through which text from outside (schemas, stores, user input, error messages)
/// reaches the terminal.
///
/// Control characters (C0, DEL, C1, and the bidirectional overrides that can make text
/// read differently from what it is) are shown escaped as `\u{1B}` and never written raw.
package enum TerminalText {
  /// The text with every control character replaced by a visible escape.
  package static func sanitize(_ text: String) -> String {
    guard mayHoldUnsafe(text) else { return text }
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

  /// Whether the UTF-8 of `text` encodes a scalar that ``isUnsafe(_:)``, found by a byte
  /// scan (far cheaper than decoding every scalar): a byte below 0x20 or DEL; C1 controls
  /// are 0xC2 0x80–0x9F; U+202A–202E are 0xE2 0x80 0xAA–0xAE; U+2066–2069 are 0xE2 0x81
  /// 0xA6–0xA9.
  static func mayHoldUnsafe(_ text: String) -> Bool {
    if let found = text.utf8.withContiguousStorageIfAvailable(mayHoldUnsafe) { return found }
    return Array(text.utf8).withUnsafeBufferPointer(mayHoldUnsafe)
  }

  private static func mayHoldUnsafe(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = bytes.count
    var index = PrintableASCII.end(of: bytes, from: 0)
    while index < count {
      let byte = bytes[index]
      if byte < 0x80 { return true }  // a C0 control or DEL
      if byte == 0xC2, index + 1 < count, bytes[index + 1] >= 0x80, bytes[index + 1] <= 0x9F {
        return true
      }
      if byte == 0xE2, index + 2 < count {
        let second = bytes[index + 1]
        let third = bytes[index + 2]
        if second == 0x80, third >= 0xAA, third <= 0xAE { return true }
        if second == 0x81, third >= 0xA6, third <= 0xA9 { return true }
      }
      index = PrintableASCII.end(of: bytes, from: index + 1)
    }
    return false
  }

  /// Whether a scalar must not reach a terminal as it is.
  static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
    // Bidi embeddings, overrides and isolates (U+202A–202E, U+2066–2069).
    return (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
  }
}
