import Testing

@testable import TextSafety

/// The one escaper: what reaches a terminal shows every control and hidden character, and
/// leaves text that is written with such characters (emoji sequences, flags, right-to-left
/// marks) as it is.
@Suite struct EscaperTests {
  @Test(arguments: [
    ("plain ASCII, kept", "Temperature Unit", "Temperature Unit"),
    ("Japanese, kept", "温度単位（°C）", "温度単位（°C）"),
    ("ESC of a colour sequence", "a\u{1B}[31mb", "a\\u{1B}[31mb"),
    ("BEL and NUL", "x\u{07}y\u{00}", "x\\u{7}y\\u{0}"),
    ("DEL", "a\u{7F}", "a\\u{7F}"),
    ("the C1 CSI", "a\u{9B}2J", "a\\u{9B}2J"),
    ("line feed and tab", "one\ntwo\tthree", "one\\u{A}two\\u{9}three"),
    ("a right-to-left override", "abc\u{202E}txt.exe", "abc\\u{202E}txt.exe"),
    ("a bidi isolate", "\u{2066}x\u{2069}", "\\u{2066}x\\u{2069}"),
    ("a zero-width space between Latin letters", "pass\u{200B}word", "pass\\u{200B}word"),
    ("a byte order mark", "\u{FEFF}key", "\\u{FEFF}key"),
    ("a word joiner", "a\u{2060}b", "a\\u{2060}b"),
    ("a line separator", "a\u{2028}b", "a\\u{2028}b"),
  ])
  func escapes(_ case: (name: String, text: String, shown: String)) {
    #expect(Escaper.escaped(`case`.text) == `case`.shown, "\(`case`.name)")
  }

  @Test func keepsWhatAScriptOrAnEmojiIsWrittenWith() {
    let kept = [
      "👩\u{200D}💻",  // a zero-width joiner inside an emoji sequence
      "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",  // the flag of Scotland
      "می\u{200C}خواهم",  // a zero-width non-joiner between Persian letters
      "\u{200F}שלום",  // a right-to-left mark beside Hebrew
    ]
    for text in kept { #expect(Escaper.escaped(text) == text, "\(Array(text.unicodeScalars))") }
  }

  @Test func aTagCharacterOutsideAFlagIsShown() {
    #expect(Escaper.escaped("a\u{E0041}b") == "a\\u{E0041}b")
  }

  /// The byte scan that lets clean text through without decoding must never miss a
  /// character the escaper would change: every scalar from U+0000 to U+30000, alone and
  /// between letters, agrees with the full check.
  @Test func theQuickScanNeverMissesWhatTheEscaperChanges() {
    var missed: [UInt32] = []
    for value in UInt32(0)...0x3_0000 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let text = "ab" + String(Character(scalar)) + "cd"
      if Escaper.escaped(text) != text, !Escaper.mayHoldUnsafe(text) { missed.append(value) }
    }
    for value in UInt32(0xE0000)...0xE007F {
      let text = "x" + String(Character(Unicode.Scalar(value)!))
      if Escaper.escaped(text) != text, !Escaper.mayHoldUnsafe(text) { missed.append(value) }
    }
    #expect(missed.isEmpty, "\(missed.prefix(10).map { String($0, radix: 16) })")
  }

  @Test func printableASCIIRunsEndAtTheFirstOtherByte() {
    let samples: [(String, Int)] = [
      ("", 0), ("abc", 3), ("abcdefghijkl\u{1B}", 12), ("abcdefgh~\u{7F}", 9), ("ab é", 3),
      ("0123456789abcdef0123456789abcdef\t", 32),
    ]
    for (text, end) in samples {
      let found = Array(text.utf8).withUnsafeBufferPointer { PrintableASCII.end(of: $0, from: 0) }
      #expect(found == end, "\(text.debugDescription)")
    }
  }
}
