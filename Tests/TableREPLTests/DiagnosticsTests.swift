import Testing

@testable import TableREPL

/// Every line for standard error goes through one presenter: the program's name, the kind's
/// word from the catalog, and every line through the one escaper.
@Suite struct DiagnosticsTests {
  func text(_ message: String, _ kind: Diagnostics.Kind, language: String = "en") -> String {
    Diagnostics.text(
      message, kind: kind, programName: "tool", messages: .forLanguage(language))
  }

  @Test func thePrefixNamesTheProgramAndTheKindInTheCatalogsWords() {
    #expect(text("bad file", .error) == "tool: bad file\n")
    #expect(text("bad file", .warning) == "tool: warning: bad file\n")
    #expect(text("bad file", .note) == "tool: note: bad file\n")
    #expect(text("壊れています", .warning, language: "ja") == "tool: 警告: 壊れています\n")
    #expect(text("x", .note, language: "ja") == "tool: 注意: x\n")
  }

  @Test(arguments: [
    ("ESC", "a\u{1B}[2Jb", "a\\u{1B}[2Jb"),
    ("CSI", "a\u{9B}31mb", "a\\u{9B}31mb"),
    ("bidi override", "evil\u{202E}txt.exe", "evil\\u{202E}txt.exe"),
    ("bidi isolate", "a\u{2066}b\u{2069}", "a\\u{2066}b\\u{2069}"),
    ("zero-width space", "pass\u{200B}word", "pass\\u{200B}word"),
    ("zero-width joiner", "a\u{200D}b", "a\\u{200D}b"),
    ("BOM", "\u{FEFF}key", "\\u{FEFF}key"),
    ("BEL", "ring\u{07}", "ring\\u{7}"),
  ])
  func everyLineIsEscapedByTheOneEscaper(name: String, raw: String, shown: String) {
    #expect(text(raw, .warning) == "tool: warning: \(shown)\n", "\(name)")
    #expect(TerminalText.sanitize(raw) == shown, "\(name)")
  }

  @Test func aMessageOfSeveralLinesKeepsItsBreaksAndEscapesEachLine() {
    #expect(
      text("file.json: bad\u{1B}]0;x\u{07}\nfix it", .error)
        == "tool: file.json: bad\\u{1B}]0;x\\u{7}\nfix it\n")
    // A carriage return cannot move back over the prefix.
    #expect(text("a\rb", .error) == "tool: a\\u{D}b\n")
  }

  @Test func writeGoesToTheOutput() {
    let output = StringOutput()
    Diagnostics(programName: "tool", output: output, messages: .forLanguage("ja"))
      .write("x", kind: .warning)
    #expect(output.text == "tool: 警告: x\n")
  }
}
