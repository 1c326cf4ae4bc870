import FileFormats

extension PropertyListValue {
  /// The number as iOS and InAppSettingsKit read one (`floatValue`, `doubleValue`): an
  /// integer or a real, or text that is a number (`"2"`, `" 40 "`, `"0.5"`), as real bundles
  /// often write a slider's `MinimumValue` and `MaximumValue`. `nil` for anything else.
  package var numberValue: Double? {
    switch self {
    case .integer(let number): return Double(number)
    case .unsignedInteger(let number): return Double(number)
    case .real(let number): return number
    case .string(let text):
      let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
      let trimmed = String(text.drop(while: blank).reversed().drop(while: blank).reversed())
      guard let number = Double(trimmed), number.isFinite else { return nil }
      return number
    default: return nil
    }
  }

  /// Whether the value is `other` as iOS compares them (`isEqual:`): numbers by value (a
  /// stored `250` is the choice `250.0`), everything else exactly.
  package func isSame(as other: PropertyListValue?) -> Bool {
    switch (self, other) {
    case (.integer, .real?), (.real, .integer?), (.unsignedInteger, .real?),
      (.real, .unsignedInteger?):
      doubleValue == other?.doubleValue
    // NSNumber's booleans are the numbers 1 and 0: `@YES` is equal to `@1`.
    case (.bool(let flag), .integer?), (.bool(let flag), .real?),
      (.bool(let flag), .unsignedInteger?):
      other?.doubleValue == (flag ? 1 : 0)
    case (.integer, .bool(let flag)?), (.real, .bool(let flag)?),
      (.unsignedInteger, .bool(let flag)?):
      doubleValue == (flag ? 1 : 0)
    default: self == other
    }
  }
}
