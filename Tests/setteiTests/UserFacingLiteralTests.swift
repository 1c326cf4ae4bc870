import Foundation
import TestSupport
import Testing

/// Every word settei shows comes from the message catalogs (Messages/<Module>/<language>.strings),
/// so that it can be translated. The English sentences still written as literals in Sources are
/// listed in Tests/Fixtures/user-facing-literals.txt: a new one fails this test, and so does a
/// listed one that is gone, so the list only shrinks.
@Suite struct UserFacingLiteralTests {
  static let baselinePath = PackagePaths.root + "/Tests/Fixtures/user-facing-literals.txt"

  /// Literals that hold words but are not prose in the user's language: code settei writes,
  /// a schema's own text, command syntax typed as written in every language.
  static let notProse: [String: Set<String>] = [
    // Writes Swift source for an app, not a message.
    "Sources/SetteiCommands/CI/SwiftDefaultsWriter.swift": ["*"],
    // The built-in Language & Region schema: a schema's own text, as an app ships it.
    "Sources/SchemaKit/Decoding/EmbeddedSchema.swift": ["*"],
    // What a loaded schema was made from, compared with the next start's: never shown.
    "Sources/SchemaKit/Decoding/SchemaLoader.swift": [" in-app", "\\nembedded \\(…)"],
    // A VisibleWhen as a JSON schema writes it, quoted in a fix.
    "Sources/SchemaKit/Lint/Linter+VisibleWhen.swift": [
      #""VisibleWhen": {"Key": "wifi", "Values": [true]}"#
    ],
    // The XML declaration and document type every property-list file starts with.
    "Sources/FileFormats/PropertyList/PropertyListWriter.swift": ["*"],
    // A Swift type named in a diagnostic about generated Swift.
    "Sources/SetteiCommands/CI/DefaultsCatalog.swift": ["[String: Any]"],
    // The characters of a printf format specifier.
    "Sources/SetteiCommands/CI/L10nLinter.swift": ["0123456789$.-+ #lhqzjt"],
    // `settei --version`: the program's name and version.
    "Sources/SetteiCommands/Program.swift": ["settei \\(…)\\n"],
    // Command syntax: commands and their arguments are typed as written in every language.
    "Sources/SetteiCommands/REPL/SettingsCommands.swift": [
      "go PATH", "find TEXT, /TEXT", "reset N, reset all", "lang [CODE]", "get KEY",
      "set KEY VALUE", "settei list",
    ],
    "Sources/SetteiCommands/Commands/GSettings/GSettingsCommand.swift": [
      "settei --gsettings list"
    ],
    "Sources/SetteiCommands/REPL/Rollback.swift": [
      "rollback [N]", "compare N",
    ],
    "Sources/TableREPL/Input/Command.swift": [
      "back, ..", "n, p, page K", "filter [TEXT]", "help [COMMAND]",
    ],
  ]

  /// `path: literal` of every user-facing literal in Sources/**/*.swift, generated files
  /// (written from the catalogs) left out, with the line of each.
  static func literalsInSources() throws -> [(entry: String, line: Int)] {
    let root = PackagePaths.root
    let files = try FileManager.default.subpathsOfDirectory(atPath: root + "/Sources")
      .filter { $0.hasSuffix(".swift") && !$0.hasSuffix(".generated.swift") }.sorted()
    var result: [(entry: String, line: Int)] = []
    for file in files {
      let path = "Sources/" + file
      let exempt = notProse[path] ?? []
      if exempt.contains("*") { continue }
      for literal in UserFacingLiterals.find(in: try readText(root + "/" + path))
      where !exempt.contains(literal.text) {
        result.append(("\(path): \(literal.text)", literal.line))
      }
    }
    return result
  }

  @Test func noNewEnglishSentenceIsWrittenOutsideTheCatalogs() throws {
    let found = try Self.literalsInSources()
    let baseline = try readText(Self.baselinePath).split(separator: "\n").map(String.init)
      .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    var expected: [String: Int] = [:]
    for entry in baseline { expected[entry, default: 0] += 1 }
    var new: [String] = []
    for (entry, line) in found {
      if let count = expected[entry], count > 0 {
        expected[entry] = count - 1
      } else {
        let path = String(entry[..<entry.firstIndex(of: ":")!])
        new.append("\(path):\(line): \(entry.dropFirst(path.count + 2))")
      }
    }
    let gone = expected.filter { $0.value > 0 }.keys.sorted()
    let module = "Messages/<Module>/en.strings and ja.strings"
    #expect(
      new.isEmpty,
      """
      These literals read as words a user sees but are not in a message catalog. Move the text \
      to \(module) (settei, SettingsKit or TableREPL), run `make messages` and use the \
      generated message; if it is truly not prose (code, a file name, command syntax), add it \
      to UserFacingLiteralTests.notProse:
      \(new.joined(separator: "\n"))
      """)
    #expect(
      gone.isEmpty,
      """
      These lines of Tests/Fixtures/user-facing-literals.txt are no longer in Sources (moved \
      to a catalog?); delete them from the file:
      \(gone.joined(separator: "\n"))
      """)
  }

  @Test func theBaselineIsSorted() throws {
    let lines = try readText(Self.baselinePath).split(separator: "\n").map(String.init)
      .filter { !$0.hasPrefix("#") }
    #expect(lines == lines.sorted())
  }

  @Test func sentencesAreFoundAndCodeIsNot() {
    let source = #"""
      /// "A documented sentence."
      // "A commented sentence."
      /* "A block comment", /* nested "here" */ */
      let a = "Nothing more was written; check the folder."
      let b = "\(path): cannot read: \(reason)"
      let c = "\(a) \(b)", d = "%1$@ %2$@", e = "Titles[\(index)]", f = "Root.plist"
      #expect(x == "the expected text", "a message for the test")
      precondition(ok, "a programmer's note")
      let g = """
        Two lines
        of text
        """
      let h = #"a raw "quoted" sentence"#
      let i = "\(dictionary["key"] ?? "a default value") trailing words"
      """#
    let found = UserFacingLiterals.find(in: source).map(\.text)
    #expect(
      found == [
        "Nothing more was written; check the folder.", "\\(…): cannot read: \\(…)",
        "Two lines\\nof text", #"a raw "quoted" sentence"#, "\\(…) trailing words",
        "a default value",
      ])
    #expect(UserFacingLiterals.find(in: source).map(\.line) == [4, 5, 9, 13, 14, 14])
  }
}
