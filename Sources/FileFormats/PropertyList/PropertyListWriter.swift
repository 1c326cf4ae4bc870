/// Writes property-list values as an XML property list, as Xcode and `plutil` write them.
///
/// The output is what Apple's writer produces, so a store that both settei and Apple's
/// tools touch does not churn: the XML declaration and DOCTYPE, tab indentation,
/// `<dict/>` and `<array/>` when empty, `<true/>` and `<false/>`, reals in their shortest
/// round-trip form without a trailing `.0` (`<real>1</real>`), `nan` and `±infinity`,
/// dates in UTC to the second (as Apple's readers expect; fractions of a second are
/// dropped) and data as Base64. Keys are sorted by their UTF-8 bytes, as ``JSONWriter``
/// sorts them. `&`, `<` and `>` are escaped; so are, as character references (`&#x9B;`),
/// a carriage return (which readers would turn into a line feed), DEL
/// and C1 controls, the bidi controls and the characters that show nothing (U+200B–200F,
/// U+2060, U+FEFF, U+061C, tag characters), which keeps the text as it is and safe to show
/// in a terminal. C0 controls, which XML 1.0 cannot hold even as references, are written as
/// they are, as Apple's writer does and Apple's readers take them back; a document meant
/// for other tools is checked with ``characterXMLCannotHold(in:path:)`` first.
///
/// Why not `PropertyListEncoder`: it is in FoundationEssentials and writes the same format,
/// but it throws for a top-level scalar and writes dates outside years 1–9999 in a form
/// no reader takes back; the reader this pairs with is ours (see ``PropertyListReader``).
package enum PropertyListWriter {
  /// Serialises `value` as an XML property list, ending with a line break.
  ///
  /// - Parameter value: The value to write; any kind may be at the top level.
  /// - Returns: The UTF-8 text of the document.
  package static func serialize(_ value: PropertyListValue) -> String {
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
    case .unsignedInteger(let number): output += "<integer>\(number)</integer>\n"
    case .real(let number): output += "<real>\(realText(number))</real>\n"
    case .bool(let flag): output += flag ? "<true/>\n" : "<false/>\n"
    case .date(let date):
      let whole = PropertyListDate(secondsSince1970: date.secondsSince1970.rounded(.down))
      output += "<date>\(ISO8601Date.string(from: whole))</date>\n"
    case .data(let bytes): output += "<data>\(Base64.encode(bytes))</data>\n"
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
    // `&`, `<`, `>`, CR, DEL, and the first bytes of the characters referenced below.
    let mayNeedEscape = text.utf8.contains {
      switch $0 {
      case 0x26, 0x3C, 0x3E, 0x0D, 0x7F, 0xC2, 0xD8, 0xE2, 0xEF, 0xF3: true
      default: false
      }
    }
    guard mayNeedEscape else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 8)
    for character in text.unicodeScalars {
      switch character.value {
      case 0x26: result += "&amp;"
      case 0x3C: result += "&lt;"
      case 0x3E: result += "&gt;"
      case 0x0D, 0x7F...0x9F, 0x061C, 0x200B...0x200F, 0x2028...0x202E, 0x2060, 0x2066...0x2069,
        0xFEFF, 0xE0000...0xE007F:
        // A carriage return that a reader would turn into a line feed; characters a terminal
        // would act on or not show: as references, which every XML reader decodes.
        result += "&#x" + String(character.value, radix: 16, uppercase: true) + ";"
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }

  /// The first character in `value`'s keys and strings that XML 1.0 cannot hold in any form
  /// (a C0 control other than tab, line feed and carriage return; U+FFFE; U+FFFF), with the
  /// key it is under, or `nil` when the value can be written as well-formed XML.
  ///
  /// ``serialize(_:)`` writes such a character as it is, as Apple's writer does and its
  /// readers (and ours) accept; a document for other tools must not have one.
  ///
  /// - Parameters:
  ///   - value: The value to check.
  ///   - path: The key path of `value` itself, for the answer.
  /// - Returns: The key path (`a.b`, empty at the top) and the character, if there is one.
  package static func characterXMLCannotHold(in value: PropertyListValue, path: String = "")
    -> (path: String, character: Unicode.Scalar)?
  {
    func forbidden(_ text: String) -> Unicode.Scalar? {
      text.unicodeScalars.first {
        ($0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r") || $0.value == 0xFFFE
          || $0.value == 0xFFFF
      }
    }
    switch value {
    case .string(let text):
      return forbidden(text).map { (path, $0) }
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        if let found = characterXMLCannotHold(in: element, path: path + "[\(index)]") {
          return found
        }
      }
    case .dictionary(let members):
      for key in JSONWriter.sortedKeys(members) {
        let inner = path.isEmpty ? key : path + "." + key
        if let character = forbidden(key) { return (inner, character) }
        if let member = members[key], let found = characterXMLCannotHold(in: member, path: inner) {
          return found
        }
      }
    default:
      break
    }
    return nil
  }
}
