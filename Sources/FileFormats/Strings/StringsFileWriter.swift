/// Writes text as Apple `.strings` files spell it, so that what settei suggests can be
/// pasted into a `.strings` file and read back as the same text.
package enum StringsFileWriter {
  /// The text as a quoted `.strings` string: `"` and `\` escaped, a line break as `\n`, a
  /// tab as `\t`, and every other control, format, separator or unassigned character as a
  /// `\U` escape of its UTF-16 code units (`\U200D`), so nothing in it is invisible.
  package static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      case " ": result += " "
      default:
        if isVisible(scalar) {
          result.unicodeScalars.append(scalar)
        } else {
          for unit in String(scalar).utf16 {
            let digits = String(unit, radix: 16, uppercase: true)
            result += "\\U" + String(repeating: "0", count: 4 - digits.count) + digits
          }
        }
      }
    }
    return result + "\""
  }

  /// Whether the character shows as itself: not a control, format, separator, private-use,
  /// surrogate or unassigned character.
  private static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator,
      .privateUse, .surrogate, .unassigned:
      return false
    default:
      return true
    }
  }
}
