import Testing

@testable import TextSafety

/// The one escaper: what reaches a terminal shows every control and hidden character, and
/// leaves text that is written with such characters (emoji sequences, flags, joiners of
/// Indic scripts, right-to-left marks) as it is; a key shows every hidden character.
@Suite struct EscaperTests {
  @Test(arguments: [
    ("plain ASCII, kept", "Temperature Unit", "Temperature Unit"),
    ("Japanese, kept", "温度単位（°C）", "温度単位（°C）"),
    ("ESC of a colour sequence", "a\u{1B}[31mb", "a\\u{1B}[31mb"),
    ("BEL and NUL", "x\u{07}y\u{00}", "x\\u{7}y\\u{0}"),
    ("DEL", "a\u{7F}", "a\\u{7F}"),
    ("the C1 CSI", "a\u{9B}2J", "a\\u{9B}2J"),
    ("line feed", "one\ntwo", "one\\u{A}two"),
    ("a tab, as spaces", "one\ttwo", "one    two"),
    ("a right-to-left override in Latin text", "abc\u{202E}txt.exe", "abc\\u{202E}txt.exe"),
    ("a bidi isolate around Latin text", "\u{2066}x\u{2069}", "\\u{2066}x\\u{2069}"),
    ("a right-to-left mark in Latin text", "abc\u{200F}", "abc\\u{200F}"),
    ("a zero-width space between Latin letters", "pass\u{200B}word", "pass\\u{200B}word"),
    ("a zero-width space at the end", "word\u{200B}", "word\\u{200B}"),
    ("a byte order mark", "\u{FEFF}key", "\\u{FEFF}key"),
    ("a word joiner", "a\u{2060}b", "a\\u{2060}b"),
    ("an invisible separator", "a\u{2063}b", "a\\u{2063}b"),
    ("a function application", "f\u{2061}x", "f\\u{2061}x"),
    ("a Hangul filler alone", "\u{3164}", "\\u{3164}"),
    ("a Hangul choseong filler alone", "a\u{115F}b", "a\\u{115F}b"),
    ("a variation selector after a Latin letter", "a\u{FE0F}", "a\\u{FE0F}"),
    ("an ideographic variation selector after a Latin letter", "a\u{E0100}", "a\\u{E0100}"),
    ("a line separator", "a\u{2028}b", "a\\u{2028}b"),
    ("a zero-width joiner between Latin letters", "a\u{200D}b", "a\\u{200D}b"),
    ("a soft hyphen before a space", "a\u{AD} b", "a\\u{AD} b"),
  ])
  func prose(_ case: (name: String, text: String, shown: String)) {
    #expect(Escaper.escaped(`case`.text) == `case`.shown, "\(`case`.name)")
  }

  @Test func keepsWhatAScriptOrAnEmojiIsWrittenWith() {
    let kept = [
      "👩\u{200D}💻",  // a zero-width joiner inside an emoji sequence
      "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",  // the flag of Scotland
      "می\u{200C}خواهم",  // a zero-width non-joiner between Persian letters
      "\u{200F}שלום",  // a right-to-left mark beside Hebrew
      "ශ්\u{200D}රව්\u{200D}ය",  // Sinhala: a joiner after the virama (ශ්‍රව්‍ය)
      "ക്\u{200D}",  // Malayalam: a joiner after the virama at the end of a word (a chillu)
      "ន\u{200B}ការ",  // Khmer: a zero-width space where a line may break
      "ภาษา\u{200B}ไทย",  // Thai
      "\u{202B}שלום\u{202C}",  // a right-to-left embedding around Hebrew
      "\u{2067}مرحبا\u{2069}",  // a right-to-left isolate around Arabic
      "\u{202B}\u{200F}שלום",  // an embedding, a mark, then Hebrew
      "افتح \u{2068}Wi-Fi\u{2069} الآن",  // an isolate around a Latin word in Arabic
      "葛\u{E0100}飾",  // an ideographic variation selector after a kanji
      "❤\u{FE0F}",  // an emoji presentation selector
      "1\u{FE0F}\u{20E3}",  // a keycap
      "ᠠ\u{180B}",  // a Mongolian free variation selector
      "Benachrichti\u{AD}gungen",  // a soft hyphen where a German word may break
    ]
    for text in kept { #expect(Escaper.escaped(text) == text, "\(Array(text.unicodeScalars))") }
  }

  @Test func aTagCharacterOutsideAFlagIsShown() {
    #expect(Escaper.escaped("a\u{E0041}b") == "a\\u{E0041}b")
    #expect(Escaper.escaped("a\u{E0041}b", as: .identifier) == "a\\u{E0041}b")
  }

  /// A key shows every hidden character, even those prose keeps, so that two keys that
  /// differ by one never look the same.
  @Test func anIdentifierShowsEveryHiddenCharacter() {
    let cases: [(String, String)] = [
      ("ශ්\u{200D}ර", "ශ්\\u{200D}ර"),
      ("pass\u{200B}word", "pass\\u{200B}word"),
      ("sound\u{AD}Level", "sound\\u{AD}Level"),
      ("👩\u{200D}💻", "👩\\u{200D}💻"),
      ("key\tname", "key\\u{9}name"),
      ("葛\u{E0100}", "葛\\u{E0100}"),
      ("\u{200F}שלום", "\\u{200F}שלום"),
    ]
    for (key, shown) in cases {
      #expect(Escaper.escaped(key, as: .identifier) == shown, "\(Array(key.unicodeScalars))")
    }
  }

  /// Every code point, checked against Unicode's own tables (the standard library's
  /// `Default_Ignorable_Code_Point` and general categories): in a key, a scalar between two
  /// letters is escaped exactly when it is a control, a bidi control, a line or paragraph
  /// separator, or default-ignorable; in prose, exactly the same set is escaped or kept by a
  /// rule, and nothing else is touched.
  @Test func everyCodePointFollowsTheUnicodeTables() {
    var wrongInKeys: [UInt32] = []
    var wrongInProse: [UInt32] = []
    for value in UInt32(0)...0x10_FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let text = "a" + String(scalar) + "b"
      let hidden =
        value < 0x20 || (0x7F...0x9F).contains(value) || (0x2028...0x202E).contains(value)
        || scalar.properties.isDefaultIgnorableCodePoint
      let escaped = "a\\u{" + String(value, radix: 16, uppercase: true) + "}b"
      if Escaper.escaped(text, as: .identifier) != (hidden ? escaped : text) {
        wrongInKeys.append(value)
      }
      let prose = Escaper.escaped(text)
      if !hidden && prose != text { wrongInProse.append(value) }
      if hidden && prose != escaped && prose != text && value != 0x09 { wrongInProse.append(value) }
    }
    #expect(wrongInKeys.isEmpty, "\(wrongInKeys.prefix(10).map { String($0, radix: 16) })")
    #expect(wrongInProse.isEmpty, "\(wrongInProse.prefix(10).map { String($0, radix: 16) })")
  }

  /// The byte scan that lets clean text through without decoding must never miss a
  /// character the escaper would change: every code point, alone and between letters, in
  /// both modes, agrees with the full check.
  @Test func theQuickScanNeverMissesWhatTheEscaperChanges() {
    var missed: [UInt32] = []
    for value in UInt32(0)...0x10_FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      for text in ["ab" + String(scalar) + "cd", String(scalar)] {
        let changed =
          Escaper.escaped(text) != text || Escaper.escaped(text, as: .identifier) != text
        if changed, !Escaper.mayHoldUnsafe(text) { missed.append(value) }
      }
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

/// Messages of several lines (a save error names the file on one line and says what to do
/// on the next) keep their line breaks, and every line is escaped as a line of its own.
@Suite struct EscapedLinesTests {
  @Test(arguments: [
    ("one\ntwo", "one\ntwo"),
    ("a\u{1B}[31m\nb\tc\n", "a\\u{1B}[31m\nb    c\n"),
    ("\n\n", "\n\n"),
    // A carriage return and line feed are one character, escaped as one: no break.
    ("x\r\ny", "x\\u{D}\\u{A}y"),
  ])
  func eachLineIsEscapedAndTheBreaksStay(text: String, shown: String) {
    #expect(Escaper.escapedLines(text) == shown)
    #expect(
      Escaper.escapedLines(text)
        == text.split(separator: "\n", omittingEmptySubsequences: false)
        .map { Escaper.escaped(String($0)) }.joined(separator: "\n"))
  }

  @Test func aKeyOnALineShowsEveryHiddenCharacter() {
    #expect(Escaper.escapedLines("a\u{200D}b\nc", as: .identifier) == "a\\u{200D}b\nc")
  }
}
