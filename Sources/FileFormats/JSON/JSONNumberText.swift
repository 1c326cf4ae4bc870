/// One step from a JSON document's top to a value inside it: a member's key or an element's
/// index.
package enum JSONPathStep: Hashable, Sendable {
  /// A member's key, compared by its bytes.
  case key(PropertyListKey)
  case index(Int)
}

/// The numbers of a JSON file that no ``PropertyListValue`` holds exactly, as the file writes
/// them (`123456789012345678901234567890`, `1e-400`), by where they sit: what
/// ``JSONReader/writtenNumbers(in:source:)`` finds, so that ``JSONWriter`` can write them
/// back as written, and a comparison can tell them apart.
package struct JSONWrittenNumbers: Equatable, Sendable {
  /// Each number's text, by its path from the top.
  package var texts: [[JSONPathStep]: String] = [:]

  /// No numbers.
  package init() {}

  /// The numbers at or inside the top-level member `key`, by their path below it, each as
  /// the decimal number it stands for (so that `1e2` and `100` are the same).
  package func values(inMember key: String) -> [[JSONPathStep]: String] {
    var found: [[JSONPathStep]: String] = [:]
    for (path, text) in texts where path.first == .key(PropertyListKey(key)) {
      found[Array(path.dropFirst())] = Self.decimal(text)
    }
    return found
  }

  /// Whether `text`, a JSON number, stands for the decimal number that `value`, read from
  /// it, is written as: `0.1` does (Swift writes the double nearest 0.1 as `0.1`), `1e2` does
  /// (`100.0`), `123456789012345678901234567890` does not (`1.2345678901234568e+29`), nor
  /// does `1e-400` (`0.0`).
  static func isExact(_ text: String, _ value: PropertyListValue) -> Bool {
    guard case .real = value else { return true }
    return decimal(text) == decimal(JSONWriter.serialize(value, pretty: false))
  }

  /// A JSON number as `[-]DIGITSeEXPONENT` without leading or trailing zeros in its digits
  /// (`0` for zero, `-0` for negative zero): equal for equal numbers however written.
  static func decimal(_ text: String) -> String {
    let parts = text.split(
      maxSplits: 1, omittingEmptySubsequences: false, whereSeparator: { $0 == "e" || $0 == "E" })
    let mantissa = parts[0]
    let negative = mantissa.hasPrefix("-")
    let point = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    var digits = Array(point[0].utf8.filter { $0 != UInt8(ascii: "-") })
    var exponent = 0
    if point.count > 1 {
      digits += point[1].utf8
      exponent -= point[1].utf8.count
    }
    if parts.count > 1 {
      // Clamped: an exponent beyond any double's still tells its number apart.
      let written = parts[1]
      let magnitude = Int(written.drop { $0 == "+" || $0 == "-" }.prefix(12)) ?? 0
      exponent += written.hasPrefix("-") ? -magnitude : magnitude
    }
    while digits.last == UInt8(ascii: "0") {
      digits.removeLast()
      exponent += 1
    }
    let significant = digits.drop { $0 == UInt8(ascii: "0") }
    guard !significant.isEmpty else { return negative ? "-0" : "0" }
    return (negative ? "-" : "") + String(decoding: significant, as: UTF8.self) + "e"
      + String(exponent)
  }

}
