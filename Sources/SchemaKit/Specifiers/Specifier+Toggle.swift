import FileFormats

extension Specifier {
  /// Whether a toggle switch shows `value` as on: its `TrueValue`, else not when it is its
  /// `FalseValue`, else a truthy value read the way `NSString.boolValue` and
  /// `NSNumber.boolValue` read one (`YES`, `true`, `1`, non-zero). The one reading of a
  /// switch's value: the screens show it, and lint checks a `DefaultValue` against it.
  package func showsOn(_ value: PropertyListValue?) -> Bool {
    guard let value else { return false }
    if value.isSame(as: trueValue) { return true }
    if value.isSame(as: falseValue) { return false }
    switch value {
    case .bool(let flag): return flag
    case .integer(let number): return number != 0
    case .unsignedInteger: return true
    case .real(let number): return number != 0
    case .string(let text):
      guard let first = text.first(where: { $0 != " " && $0 != "\t" }) else { return false }
      return "YyTt123456789".contains(first)
    default: return false
    }
  }

  /// The state a value plainly means, whatever a switch's `TrueValue` and `FalseValue`:
  /// a Boolean, the number 1 or 0, or the text `YES`, `true`, `1`, `NO`, `false`, `0` (in
  /// any case). `nil` for a value that means neither plainly (`"sometimes"`, `2`).
  package static func plainToggleState(of value: PropertyListValue) -> Bool? {
    switch value {
    case .bool(let flag): return flag
    case .integer, .unsignedInteger, .real:
      return value.numberValue == 1 ? true : value.numberValue == 0 ? false : nil
    case .string(let text):
      switch text.lowercased() {
      case "yes", "true", "1": return true
      case "no", "false", "0": return false
      default: return nil
      }
    default: return nil
    }
  }
}
