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
    case .string(let text): return SwiftLiteral.string(text)
    case .integer(let number): return String(number)
    case .unsignedInteger(let number): return "UInt64(\(number))"
    case .bool(let flag): return flag ? "true" : "false"
    case .real(let number):
      if number.isNaN { return "Double.nan" }
      if number.isInfinite { return number < 0 ? "-Double.infinity" : "Double.infinity" }
      return "\(number)"
    case .date(let date):
      let seconds: Double = date.secondsSince1970
      return "Date(timeIntervalSince1970: \(seconds))"
    case .data(let bytes):
      return "Data([" + bytes.map { String($0) }.joined(separator: ", ") + "] as [UInt8])"
    case .array(let items):
      return "[" + items.map(literal).joined(separator: ", ") + "] as [Any]"
    case .dictionary(let members):
      guard !members.isEmpty else { return "[:] as [String: Any]" }
      let pairs = members.sorted { $0.key < $1.key }
      return "["
        + pairs.map { "\(SwiftLiteral.string($0.key.string)): \(literal($0.value))" }
        .joined(separator: ", ") + "] as [String: Any]"
    }
  }

  /// Text for a `//` comment: on one line, nothing invisible.
  static func comment(_ text: String) -> String {
    let quoted = SwiftLiteral.string(text)
    return String(quoted.dropFirst().dropLast())
  }

  /// A Swift identifier for each key, lowerCamelCase, unique, never a keyword nor `_`.
  /// Every character that cannot be in a Swift identifier (`_`, `.`, `-`, a space …) ends a
  /// word; the words are joined in lowerCamelCase, with a leading acronym lowered:
  /// `sound_on` → `soundOn`, `user.name` → `userName`, `über_mode` → `überMode`,
  /// `MLDecrapifyTitles` → `mlDecrapifyTitles`, `1st_launch` → `_1stLaunch`,
  /// `class` → `class_`; a key with no letter or digit (`_`, `🎵`) → `setting`.
  static func identifiers(for keys: [String]) -> [String] {
    var used: Set<String> = ["all"]
    return keys.map { key in
      let words = identifierWords(key)
      var name = words.enumerated().map { index, word in
        index == 0 ? lowered(word) : capitalized(word)
      }.joined()
      if name.isEmpty { name = "setting" }
      if let first = name.unicodeScalars.first, !isIdentifierHead(first) { name = "_" + name }
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

  /// The runs of a key's characters that a Swift identifier can hold, `_` excluded.
  private static func identifierWords(_ key: String) -> [String] {
    var words: [String] = []
    var word = String.UnicodeScalarView()
    for scalar in key.unicodeScalars {
      if scalar != "_", isIdentifierCharacter(scalar), !(word.isEmpty && isCombining(scalar)) {
        word.append(scalar)
      } else if !word.isEmpty {
        words.append(String(word))
        word = String.UnicodeScalarView()
      }
    }
    if !word.isEmpty { words.append(String(word)) }
    return words
  }

  /// The first word of a name: its leading capitals lowered, all of them when the word is an
  /// acronym (`URL` → `url`), all but the last when a lowercase letter follows them
  /// (`MLDecrapify` → `mlDecrapify`, `Sound` → `sound`).
  private static func lowered(_ word: String) -> String {
    let characters = Array(word)
    var capitals = 0
    while capitals < characters.count, characters[capitals].isUppercase { capitals += 1 }
    guard capitals > 0 else { return word }
    let followedByLowercase = capitals < characters.count && characters[capitals].isLowercase
    let lowering = followedByLowercase && capitals > 1 ? capitals - 1 : capitals
    return characters[..<lowering].map { $0.lowercased() }.joined()
      + String(characters[lowering...])
  }

  /// A later word of a name, its first letter a capital.
  private static func capitalized(_ word: String) -> String {
    guard let first = word.first else { return word }
    return first.uppercased() + word.dropFirst()
  }

  /// Whether a name can start with the scalar: an ASCII letter or `_`, or a letter that
  /// Swift's lexer accepts at the start of an identifier.
  private static func isIdentifierHead(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII {
      return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
    }
    return scalar.properties.isXIDStart && isAllowedOutsideASCII(scalar)
  }

  /// Whether a name can hold the scalar after its first character.
  private static func isIdentifierCharacter(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return isIdentifierHead(scalar) || ("0"..."9").contains(scalar) }
    return scalar.properties.isXIDContinue && isAllowedOutsideASCII(scalar)
  }

  /// Combining marks, which Swift refuses at the start of an identifier.
  private static func isCombining(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: return true
    default: return false
    }
  }

  /// The ranges of C11's Annex D, which Swift's lexer accepts in identifiers beyond ASCII.
  private static func isAllowedOutsideASCII(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0xA8, 0xAA, 0xAD, 0xAF, 0xB2...0xB5, 0xB7...0xBA, 0xBC...0xBE, 0xC0...0xD6,
      0xD8...0xF6, 0xF8...0xFF, 0x100...0x167F, 0x1681...0x180D, 0x180F...0x1FFF,
      0x200B...0x200D, 0x202A...0x202E, 0x203F...0x2040, 0x2054, 0x2060...0x206F,
      0x2070...0x218F, 0x2460...0x24FF, 0x2776...0x2793, 0x2C00...0x2DFF, 0x2E80...0x2FFF,
      0x3004...0x3007, 0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF, 0xF900...0xFD3D,
      0xFD40...0xFDCF, 0xFDF0...0xFE44, 0xFE47...0xFFFD:
      return true
    case 0x10000...0xEFFFD:
      return scalar.value & 0xFFFF <= 0xFFFD
    default:
      return false
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
