import FileFormats

/// `settei defaults --format swift`: a Swift file an app compiles in, with one typed constant
/// per key (its key, type and default) and the dictionary for `register(defaults:)`. Every
/// member is computed, so the file compiles in Swift 6 language mode too.
enum SwiftDefaultsWriter {
  /// The name of the enum that holds the constants.
  static let enumName = "SettingsDefaults"

  static func write(_ catalog: DefaultsCatalog, source: String) -> String {
    var lines = [
      "// The defaults of \(comment(source)), written by `settei defaults --format swift`.",
      "// Register them at launch:",
      "//   UserDefaults.standard.register(defaults: \(enumName).all)",
      "import Foundation",
      "",
      "/// A setting's key and its default.",
      "struct SettingsDefault<Value> {",
      "  let key: String",
      "  let defaultValue: Value",
      "}",
      "",
      "enum \(enumName) {",
    ]
    let names = identifiers(for: catalog.entries.map(\.key))
    for (entry, name) in zip(catalog.entries, names) {
      lines.append(
        "  /// \(comment(entry.key)): \(entry.specifier.kind.typeName) on \(comment(entry.page)).")
      if let ambiguity = entry.type.ambiguity {
        lines.append("  // Ambiguous type: \(comment(ambiguity)).")
      }
      lines.append(
        "  static var \(name): SettingsDefault<\(entry.type.swiftName)> {\n"
          + "    SettingsDefault(key: \(literal(.string(entry.key))), defaultValue: "
          + "\(literal(entry.value)))\n  }")
    }
    lines.append("")
    lines.append("  /// Every default by key, for `UserDefaults.register(defaults:)`.")
    lines.append("  static var all: [String: Any] {")
    if names.isEmpty {
      lines.append("    [:]")
    } else {
      lines.append("    [")
      for (entry, name) in zip(catalog.entries, names) {
        lines.append("      \(literal(.string(entry.key))): \(name).defaultValue,")
      }
      lines.append("    ]")
    }
    lines.append("  }")
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// A Swift expression for a value.
  static func literal(_ value: PropertyListValue) -> String {
    switch value {
    case .string(let text): return stringLiteral(text)
    case .integer(let number): return String(number)
    case .unsignedInteger(let number): return "UInt64(\(number))"
    case .bool(let flag): return flag ? "true" : "false"
    case .real(let number):
      if number.isNaN { return "Double.nan" }
      if number.isInfinite { return number < 0 ? "-Double.infinity" : "Double.infinity" }
      return "\(number)"
    case .date(let date):
      let seconds: Double = date.timeIntervalSince1970
      return "Date(timeIntervalSince1970: \(seconds))"
    case .data(let bytes):
      return "Data([" + bytes.map { String($0) }.joined(separator: ", ") + "] as [UInt8])"
    case .array(let items):
      return "[" + items.map(literal).joined(separator: ", ") + "] as [Any]"
    case .dictionary(let members):
      guard !members.isEmpty else { return "[:] as [String: Any]" }
      let pairs = members.sorted { $0.key < $1.key }
      return "["
        + pairs.map { "\(stringLiteral($0.key.string)): \(literal($0.value))" }
        .joined(separator: ", ") + "] as [String: Any]"
    }
  }

  /// A Swift string literal: quotes, backslashes and every character that is not printable
  /// ASCII or a letter written as `\u{…}`, so the source holds nothing invisible.
  static func stringLiteral(_ text: String) -> String {
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

  /// Text for a `//` comment: on one line, nothing invisible.
  static func comment(_ text: String) -> String {
    let quoted = stringLiteral(text)
    return String(quoted.dropFirst().dropLast())
  }

  /// A Swift identifier for each key, lowerCamelCase, unique, never a keyword nor `_`:
  /// `sound_on` → `sound_on`, `user.name` → `userName`, `2fa` → `_2fa`, `class` → `class_`;
  /// a key with no ASCII letter or digit (`_`, `🎵`) → `setting`.
  static func identifiers(for keys: [String]) -> [String] {
    var used: Set<String> = ["all"]
    return keys.map { key in
      var name = ""
      var upperNext = false
      for character in key {
        if character.isASCII, character.isLetter || character.isNumber || character == "_" {
          name.append(upperNext && !name.isEmpty ? Character(character.uppercased()) : character)
          upperNext = false
        } else {
          upperNext = true
        }
      }
      if name.isEmpty || name == "_" { name = "setting" }
      if let first = name.first, first.isNumber { name = "_" + name }
      if name.first?.isUppercase == true {
        name = name.prefix(1).lowercased() + name.dropFirst()
      }
      if keywords.contains(name) { name += "_" }
      var unique = name
      var suffix = 2
      while used.contains(unique) {
        unique = "\(name)\(suffix)"
        suffix += 1
      }
      used.insert(unique)
      return unique
    }
  }

  /// Swift's keywords, which a name cannot be.
  static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
    "init", "inout", "internal", "let", "open", "operator", "private", "precedencegroup",
    "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
    "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough",
    "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as",
    "false", "is", "nil", "self", "super", "throws", "true", "try", "any", "some", "await",
    "consume", "copy", "discard", "each", "borrowing", "consuming", "Type", "Self", "Any",
    "Protocol",
  ]
}
