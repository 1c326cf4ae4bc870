/// A whole number as a person typed it: a row, a page, a step. The one parser of the numbers
/// the REPL's commands take, so that none of them counts with a number that overflows.
///
/// Any run of ASCII digits, with a `-` before it or not, is a number, however long: `-0`,
/// `007`, `99999999999999999999`. Its ``value`` is kept within ``limit`` either way (beyond
/// it, the limit with the number's sign), which no table has as many rows or pages as, so
/// that `value - 1` and `value + 1` never overflow; ``text`` keeps the digits as typed, for
/// messages.
package struct TypedNumber: Equatable, Sendable, CustomStringConvertible,
  ExpressibleByIntegerLiteral
{
  /// The largest size of a value: about a billion, far more rows or pages than any table has.
  package static let limit = 1_000_000_000

  /// The number, within `-limit...limit`.
  package let value: Int
  /// The number as typed, without surrounding spaces: `-9223372036854775808`.
  package let text: String

  /// The number `value` (tests and callers that have one), kept within ``limit``.
  package init(integerLiteral value: Int) {
    self.value = min(max(value, -Self.limit), Self.limit)
    self.text = String(value)
  }

  /// Reads `text` as a number: an optional `-` and one or more ASCII digits, nothing else.
  ///
  /// - Returns: The number, or `nil` when `text` is not one.
  package init?(_ text: some StringProtocol) {
    let digits = text.utf8.first == UInt8(ascii: "-") ? text.utf8.dropFirst() : text.utf8[...]
    guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    else { return nil }
    var magnitude = 0
    for digit in digits {
      magnitude = min(magnitude * 10 + Int(digit - UInt8(ascii: "0")), Self.limit)
    }
    self.value = digits.count < text.utf8.count ? -magnitude : magnitude
    self.text = String(text)
  }

  /// The 0-based position that this 1-based number names among `count` things (rows,
  /// pages), or `nil` when there is no such one.
  package func position(among count: Int) -> Int? {
    value >= 1 && value <= count ? value - 1 : nil
  }

  package var description: String { text }
}
