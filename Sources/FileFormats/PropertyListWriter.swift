import FoundationEssentials

/// Writes property-list values as an XML property list, as Xcode and `plutil` write them.
///
/// The output is what Apple's writer produces, so a store that both settei and Apple's
/// tools touch does not churn: the XML declaration and DOCTYPE, tab indentation,
/// `<dict/>` and `<array/>` when empty, `<true/>` and `<false/>`, reals in their shortest
/// round-trip form without a trailing `.0` (`<real>1</real>`), `nan` and `±infinity`,
/// dates in UTC to the second (as Apple's readers expect; fractions of a second are
/// dropped) and data as Base64. Keys are sorted by their UTF-8 bytes, as ``JSONWriter``
/// sorts them. `&`, `<` and `>` are escaped; other characters, control characters
/// included, are written as they are, as Apple's writer does.
///
/// Why not `PropertyListEncoder`: it is in FoundationEssentials and writes the same format,
/// but it throws for a top-level scalar and writes dates outside years 1–9999 in a form
/// no reader takes back; the reader this pairs with is ours (see ``PropertyListReader``).
public enum PropertyListWriter {
  /// Serialises `value` as an XML property list, ending with a line break.
  ///
  /// - Parameter value: The value to write; any kind may be at the top level.
  /// - Returns: The UTF-8 text of the document.
  public static func serialize(_ value: PropertyListValue) -> String {
    var output = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">

      """
    write(value, into: &output, indent: 0)
    output += "</plist>\n"
    return output
  }

  private static func write(_ value: PropertyListValue, into output: inout String, indent: Int) {
    output += String(repeating: "\t", count: indent)
    switch value {
    case .string(let text): output += "<string>\(escaped(text))</string>\n"
    case .integer(let number): output += "<integer>\(number)</integer>\n"
    case .real(let number): output += "<real>\(realText(number))</real>\n"
    case .bool(let flag): output += flag ? "<true/>\n" : "<false/>\n"
    case .date(let date):
      let whole = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
      output += "<date>\(ISO8601Date.string(from: whole))</date>\n"
    case .data(let bytes): output += "<data>\(Data(bytes).base64EncodedString())</data>\n"
    case .array(let elements):
      guard !elements.isEmpty else {
        output += "<array/>\n"
        return
      }
      output += "<array>\n"
      for element in elements { write(element, into: &output, indent: indent + 1) }
      output += String(repeating: "\t", count: indent) + "</array>\n"
    case .dictionary(let members):
      guard !members.isEmpty else {
        output += "<dict/>\n"
        return
      }
      output += "<dict>\n"
      let tabs = String(repeating: "\t", count: indent + 1)
      for key in JSONWriter.sortedKeys(members) {
        output += tabs + "<key>\(escaped(key))</key>\n"
        if let member = members[key] { write(member, into: &output, indent: indent + 1) }
      }
      output += String(repeating: "\t", count: indent) + "</dict>\n"
    }
  }

  /// `1`, `0.1`, `1e+300`, `nan`, `+infinity`, `-infinity`.
  static func realText(_ number: Double) -> String {
    if number.isNaN { return "nan" }
    if number.isInfinite { return number < 0 ? "-infinity" : "+infinity" }
    let text = number.description
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }

  private static func escaped(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E }) else {
      return text
    }
    var result = ""
    result.reserveCapacity(text.utf8.count + 8)
    for character in text.unicodeScalars {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }
}
