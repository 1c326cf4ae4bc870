/// Finds the string literals of Swift source that read as words to a user: those whose text
/// (without its interpolations, escapes and format specifiers) holds a space and a word of two
/// or more letters. Comments and `///` documentation are skipped, and so are the literals of
/// calls no user reads: `#expect`, `#require`, `precondition`, `assert`, `fatalError` and the
/// like.
struct UserFacingLiterals {
  /// One literal: where it is and its text, each interpolation written `\(…)` and each line
  /// break of a multi-line literal `\n`.
  struct Literal: Hashable {
    var line: Int
    var text: String
  }

  /// Calls whose literals are for programmers: a failed check, a crash, a debug dump.
  static let programmerCalls: Set<String> = [
    "expect", "require", "precondition", "preconditionFailure", "assert", "assertionFailure",
    "fatalError", "debugPrint", "dump",
  ]

  /// The user-facing literals of `source`, in order.
  static func find(in source: String) -> [Literal] {
    var scanner = Scanner(bytes: Array(source.utf8))
    return scanner.literals().filter { literal, calls in
      calls.allSatisfy { !programmerCalls.contains($0) } && readsAsWords(literal)
    }.map { literal, _ in
      Literal(line: literal.line, text: literal.parts.joined(separator: "\\(…)"))
    }
  }

  /// Whether the fixed text of a literal holds a space and a word: `"cannot open "` does,
  /// `"\(a) \(b)"`, `"%1$@ %2$@"` and `"Titles[\(i)]"` do not.
  static func readsAsWords(_ literal: Scanner.RawLiteral) -> Bool {
    var text = literal.parts.joined()
    for escape in ["\\n", "\\t", "\\r", "\\\"", "\\'", "\\\\", "\\0"] {
      text = text.replacingAll(escape, with: "")
    }
    text = text.withoutUnicodeEscapesAndFormats()
    guard text.contains(" ") else { return false }
    var run = 0
    for character in text {
      run = character.isLetter ? run + 1 : 0
      if run >= 2 { return true }
    }
    return false
  }
}

extension String {
  fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }

  /// The text without `\u{…}` escapes and printf format specifiers (`%@`, `%1$@`, `%d`).
  fileprivate func withoutUnicodeEscapesAndFormats() -> String {
    var result = ""
    var characters = self[...]
    while let first = characters.first {
      if characters.hasPrefix("\\u{"), let close = characters.firstIndex(of: "}") {
        characters = characters[characters.index(after: close)...]
      } else if first == "%" {
        var rest = characters.dropFirst()
        rest = rest.drop { $0.isNumber || $0 == "$" }
        rest = rest.drop { "@dlsfxu".contains($0) }
        characters = rest.count < characters.count - 1 ? rest : characters.dropFirst()
      } else {
        result.append(first)
        characters = characters.dropFirst()
      }
    }
    return result
  }
}

/// A Swift tokenizer just precise enough to find string literals: it skips comments (nested
/// `/* */` too), reads `"…"`, `"""…"""` and raw `#"…"#` literals with their interpolations,
/// and keeps the names of the calls each literal is an argument of.
struct Scanner {
  struct RawLiteral {
    var line: Int
    /// The fixed text between interpolations.
    var parts: [String]
  }

  let bytes: [UInt8]
  var index = 0
  var line = 1
  /// The literals inside the interpolations of the literal being read.
  var nested: [RawLiteral] = []

  init(bytes: [UInt8]) { self.bytes = bytes }

  private func at(_ offset: Int, _ text: String) -> Bool {
    let utf8 = Array(text.utf8)
    guard offset + utf8.count <= bytes.count else { return false }
    return bytes[offset..<offset + utf8.count].elementsEqual(utf8)
  }

  private static func isIdentifier(_ byte: UInt8) -> Bool {
    (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
      || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
  }

  /// Every literal with the calls around it (innermost last).
  mutating func literals() -> [(RawLiteral, [String])] {
    var found: [(RawLiteral, [String])] = []
    var calls: [String] = []
    var lastIdentifier = ""
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x0A {
        line += 1
        index += 1
      } else if at(index, "//") {
        while index < bytes.count, bytes[index] != 0x0A { index += 1 }
      } else if at(index, "/*") {
        skipBlockComment()
      } else if byte == 0x22 || (byte == 0x23 && startsRawLiteral()) {
        let startLine = line
        let parts = readLiteral()
        found.append((RawLiteral(line: startLine, parts: parts), calls))
        found += nested.map { ($0, calls) }
        nested = []
        lastIdentifier = ""
      } else if Self.isIdentifier(byte) || byte == 0x23 {
        let start = byte == 0x23 ? index + 1 : index
        index += 1
        while index < bytes.count, Self.isIdentifier(bytes[index]) { index += 1 }
        lastIdentifier = String(decoding: bytes[start..<index], as: UTF8.self)
      } else if byte == 0x28 || byte == 0x5B || byte == 0x7B {
        calls.append(byte == 0x28 ? lastIdentifier : "")
        lastIdentifier = ""
        index += 1
      } else if byte == 0x29 || byte == 0x5D || byte == 0x7D {
        _ = calls.popLast()
        lastIdentifier = ""
        index += 1
      } else {
        if byte != 0x20 && byte != 0x09 { lastIdentifier = "" }
        index += 1
      }
    }
    return found
  }

  private func startsRawLiteral() -> Bool {
    var offset = index
    while offset < bytes.count, bytes[offset] == 0x23 { offset += 1 }
    return offset < bytes.count && bytes[offset] == 0x22
  }

  private mutating func skipBlockComment() {
    var depth = 0
    while index < bytes.count {
      if at(index, "/*") {
        depth += 1
        index += 2
      } else if at(index, "*/") {
        depth -= 1
        index += 2
        if depth == 0 { return }
      } else {
        if bytes[index] == 0x0A { line += 1 }
        index += 1
      }
    }
  }

  /// Reads the literal at `index` (its `#`s and opening quotes) and returns its fixed parts;
  /// `index` ends past its closing quotes.
  private mutating func readLiteral() -> [String] {
    var hashes = 0
    while bytes[index] == 0x23 {
      hashes += 1
      index += 1
    }
    let multiLine = at(index, "\"\"\"")
    index += multiLine ? 3 : 1
    let close = (multiLine ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)
    let escape = "\\" + String(repeating: "#", count: hashes)
    var parts: [String] = []
    var current: [UInt8] = []
    while index < bytes.count {
      if at(index, close) {
        index += close.utf8.count
        break
      }
      if at(index, escape) {
        let next = index + escape.utf8.count
        if next < bytes.count, bytes[next] == 0x28 {
          parts.append(String(decoding: current, as: UTF8.self))
          current = []
          index = next
          skipInterpolation()
          continue
        }
        current += bytes[index...min(next, bytes.count - 1)]
        index = next + 1
        continue
      }
      if bytes[index] == 0x0A {
        guard multiLine else { break }
        // A line break of a multi-line literal is `\n`, without the first, the last and the
        // indentation of each line.
        line += 1
        index += 1
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        if !current.isEmpty || !parts.isEmpty, !at(index, close) { current += Array("\\n".utf8) }
        continue
      }
      current.append(bytes[index])
      index += 1
    }
    parts.append(String(decoding: current, as: UTF8.self))
    return parts
  }

  /// Skips `( … )` of an interpolation, with the literals and parentheses inside it.
  private mutating func skipInterpolation() {
    var depth = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x22 || (byte == 0x23 && startsRawLiteral()) {
        let startLine = line
        let parts = readLiteral()
        nested.append(RawLiteral(line: startLine, parts: parts))
        continue
      }
      if byte == 0x28 { depth += 1 }
      if byte == 0x29 {
        depth -= 1
        if depth == 0 {
          index += 1
          return
        }
      }
      if byte == 0x0A { line += 1 }
      index += 1
    }
  }
}
