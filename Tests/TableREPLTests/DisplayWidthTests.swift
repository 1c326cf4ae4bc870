import Glibc
import Testing

@testable import TableREPL

/// The C library's `wcwidth(3)`, which the Glibc module does not export.
@_silgen_name("wcwidth")
private func libcWcwidth(_ character: Int32) -> Int32

@Suite struct DisplayWidthTests {
  @Test(arguments: [
    ("abc", 3), ("温度単位", 8), ("摂氏（°C）", 10), ("ｱｲｳ", 3), ("한국어", 6),
    ("e\u{301}", 1), ("👍", 2), ("❤️", 2), ("🇯🇵", 2), ("", 0), ("\u{200B}", 0),
  ])
  func widths(text: String, width: Int) {
    #expect(DisplayWidth.of(text) == width)
  }

  /// Our table agrees with the C library's `wcwidth` in a UTF-8 locale on the scripts that
  /// settings screens use.
  @Test func agreesWithWcwidth() throws {
    guard setlocale(LC_CTYPE, "C.UTF-8") != nil else {
      Issue.record("C.UTF-8 locale is not available")
      return
    }
    let ranges: [ClosedRange<UInt32>] = [
      0x20...0x7E, 0xA0...0x2FF, 0x300...0x36F, 0x3040...0x30FF, 0x4E00...0x4FFF,
      0xAC00...0xAD00, 0xFF01...0xFF60, 0xFF61...0xFF9F, 0x2010...0x2027, 0x2190...0x21FF,
      0x1F600...0x1F64F,
    ]
    var disagreements: [String] = []
    for range in ranges {
      for value in range {
        guard let scalar = Unicode.Scalar(value) else { continue }
        let expected = Int(libcWcwidth(Int32(value)))
        if expected >= 0, DisplayWidth.of(scalar) != expected {
          disagreements.append(
            "U+\(String(value, radix: 16)) ours \(DisplayWidth.of(scalar)) libc \(expected)")
        }
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
  }

  @Test func truncateKeepsWithinWidthAndMarksTheCut() {
    #expect(DisplayWidth.truncate("温度単位", toWidth: 5) == "温度…")
    #expect(DisplayWidth.truncate("abcdef", toWidth: 4) == "abc…")
    #expect(DisplayWidth.truncate("abc", toWidth: 3) == "abc")
    #expect(DisplayWidth.of(DisplayWidth.truncate("華氏（°F）華氏", toWidth: 9)) <= 9)
  }

  @Test func padFillsToTheWidth() {
    #expect(DisplayWidth.pad("温度", toWidth: 6) == "温度  ")
    #expect(DisplayWidth.pad("abcdef", toWidth: 3) == "abcdef")
  }
}

@Suite struct TerminalTextTests {
  @Test func controlCharactersAreEscaped() {
    #expect(TerminalText.sanitize("a\u{1B}[31mb") == "a\\u{1B}[31mb")
    #expect(TerminalText.sanitize("bell\u{07}") == "bell\\u{7}")
    #expect(TerminalText.sanitize("c1\u{9B}x") == "c1\\u{9B}x")
    #expect(TerminalText.sanitize("rtl\u{202E}x") == "rtl\\u{202E}x")
    #expect(TerminalText.sanitize("line\nbreak") == "line\\u{A}break")
  }

  @Test func invisibleCharactersAreShown() {
    #expect(TerminalText.sanitize("a\u{200B}b") == "a\\u{200B}b")
    #expect(TerminalText.sanitize("\u{FEFF}key\u{2060}") == "\\u{FEFF}key\\u{2060}")
    #expect(TerminalText.sanitize("a\u{200C}b\u{200D}c") == "a\\u{200C}b\\u{200D}c")
    #expect(TerminalText.sanitize("key\u{200E}\u{200F}\u{61C}") == "key\\u{200E}\\u{200F}\\u{61C}")
    #expect(TerminalText.sanitize("line\u{2028}para\u{2029}") == "line\\u{2028}para\\u{2029}")
    #expect(TerminalText.sanitize("tag\u{E0041}\u{E007F}") == "tag\\u{E0041}\\u{E007F}")
  }

  @Test func invisibleCharactersThatBelongToTheTextAreKept() {
    let kept = [
      "👩\u{200D}💻", "👍🏽\u{200D}🔥", "❤\u{FE0F}\u{200D}🔥",  // emoji sequences
      "می\u{200C}خواهم",  // Persian
      "עברית\u{200F} (°C)", "\u{200E}שלום", "عربي\u{61C}1",  // marks beside RTL text
      "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",  // the flag of Scotland
    ]
    for text in kept {
      #expect(TerminalText.sanitize(text) == text)
    }
    #expect(TerminalText.sanitize("👍🏽\u{200D}x") == "👍🏽\\u{200D}x", "joins no emoji")
  }

  @Test func plainTextIsUnchanged() {
    #expect(TerminalText.sanitize("温度単位 °C ✓ ›") == "温度単位 °C ✓ ›")
  }
}

@Suite struct SimpleWidthTests {
  /// A row, a breadcrumb, a header writes text that simpleWidth measures as it is
  /// (TerminalText.line returns it at once): such text must be what line would make of it
  /// otherwise, no layout mark to remove and nothing to escape, for every scalar of the BMP
  /// and the tags block.
  @Test func textThatSimpleWidthMeasuresIsShownAsItIs() {
    var shownOtherwise: [UInt32] = []
    for value in Array(0..<0xD800) + Array(0xE000...0xFFFF) + Array(0xE0000...0xE007F) {
      guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }
      let text = "a" + String(Character(scalar)) + "b"
      let width = Array(text.utf8).withUnsafeBufferPointer(DisplayWidth.simpleWidth(utf8:))
      guard let width else { continue }
      if TerminalText.mayHoldLayoutMarks(text) || TerminalText.sanitize(text) != text
        || text.reduce(0, { $0 + DisplayWidth.of($1) }) != width
      {
        shownOtherwise.append(UInt32(value))
      }
    }
    #expect(shownOtherwise.isEmpty, "\(shownOtherwise.prefix(10).map { String($0, radix: 16) })")
  }
}
