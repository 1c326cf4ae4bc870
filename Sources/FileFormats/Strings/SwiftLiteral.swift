/// Text written as Swift source: what the programs that write Swift (the schema compiler,
/// `settei defaults --format swift`) put between quotes.
package enum SwiftLiteral {
  /// A Swift string literal: quotes, backslashes and every character that is not printable
  /// ASCII or a letter written as `\u{…}`, so the source holds nothing invisible.
  package static func string(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case " "..."~": result.unicodeScalars.append(scalar)
      default:
        if scalar.value > 0x7F, scalar.properties.isAlphabetic {
          result.unicodeScalars.append(scalar)
        } else {
          result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
      }
    }
    return result + "\""
  }
}
