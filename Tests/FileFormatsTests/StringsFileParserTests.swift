import TestSupport
import Testing

@testable import FileFormats

/// The error parsing `bytes` throws, or `nil` if they parse.
private func stringsFailure(bytes: [UInt8]) -> SourceError? {
  do {
    _ = try StringsFileParser.parse(bytes, source: "t.strings")
    return nil
  } catch {
    return error
  }
}

/// The error parsing `text` throws, or `nil` if it parses.
private func stringsFailure(_ text: String) -> SourceError? {
  stringsFailure(bytes: Array(text.utf8))
}

private func parse(_ text: String) throws -> [String: String] {
  try StringsFileParser.parse(Array(text.utf8), source: "t.strings")
}

@Suite struct StringsFileParserTests {
  let sample = "/* c */\n\"TITLE\" = \"Größe 日本\";\n// line\n\"B\"=\"b\" ;\n"

  /// A string without escapes is made from its text in one go, one with an escape at any
  /// place is decoded as before.
  @Test func readsEscapesAtEveryPlace() throws {
    let plain = "abcdefgh"
    for place in 0...plain.count {
      let head = String(plain.prefix(place))
      let tail = String(plain.dropFirst(place))
      #expect(try parse("\"k\" = \"\(head)\\n\(tail)\";") == ["k": head + "\n" + tail])
      #expect(try parse("\"k\" = \"\(head)é\(tail)\";") == ["k": head + "é" + tail])
      #expect(try parse("'\(head)' = '\(tail)';") == [head: tail])
      #expect(
        stringsFailure("\"k\" = \"\(head)")?.message.hasPrefix("unterminated string") == true)
    }
  }

  /// Text outside ASCII is transcoded from UTF-16 by the parser itself: the same strings as
  /// the standard library makes, surrogate pairs and all.
  @Test func transcodesTextOutsideASCIIAsTheStandardLibraryDoes() throws {
    let texts = [
      "", "a", "é", "ペイン 7", "Größe 日本", "😀", "a😀b", "\u{7FF}\u{800}\u{FFFF}\u{10000}",
      "\u{10FFFF}", "e\u{301}", "\u{0}x",
    ]
    for text in texts {
      let units = Array(text.utf16)
      #expect(units.withUnsafeBufferPointer(StringsParser.string(fromUTF16:)) == text)
      #expect(try parse("\"k\" = \"\(text)\";") == ["k": text])
      #expect(try parse("\"k\" = \"\\t\(text)\";") == ["k": "\t" + text])
    }
    for lone: [UInt16] in [[0xD83D], [0xDE00], [0x61, 0xD83D, 0x62], [0xDE00, 0xD83D]] {
      let made = lone.withUnsafeBufferPointer(StringsParser.string(fromUTF16:))
      #expect(made == String(decoding: lone, as: UTF16.self))
    }
    #expect(try parse("\"k\" = \"\\UD83D\\UDE00 \\U00E9\";") == ["k": "😀 é"])
  }

  @Test func readsUTF8WithAndWithoutByteOrderMark() throws {
    let plain = try StringsFileParser.parse(Array(sample.utf8), source: "a")
    #expect(plain == ["TITLE": "Größe 日本", "B": "b"])
    let marked = try StringsFileParser.parse([0xEF, 0xBB, 0xBF] + Array(sample.utf8), source: "a")
    #expect(marked == plain)
  }

  @Test func readsUTF16InBothByteOrders() throws {
    let expected: [String: String] = ["TITLE": "Größe 日本", "B": "b"]
    for bigEndian in [false, true] {
      let bytes = utf16Bytes(sample, bigEndian: bigEndian)
      #expect(try StringsFileParser.parse(bytes, source: "a") == expected, "\(bigEndian)")
      let unmarked = utf16Bytes(sample, bigEndian: bigEndian, byteOrderMark: false)
      #expect(try StringsFileParser.parse(unmarked, source: "a") == expected, "\(bigEndian)")
    }
  }

  @Test func skipsEveryKindOfCommentAndSpace() throws {
    let text = """
      // first
      /* block
         over lines */ "a" /* inside */ = // here
      "1"; /**/ "b" = "2";\u{2028}"c"\t=\u{2029}"3";
      """
    #expect(try parse(text) == ["a": "1", "b": "2", "c": "3"])
    #expect(try parse("") == [:])
    #expect(try parse("  // only a comment") == [:])
  }

  @Test func readsUnquotedStringsAndTheShortForm() throws {
    let text = "key_1 = value.with-dots/and:colons$;\n'single' = 'q\"uote';\n\"SAME\";"
    #expect(
      try parse(text) == [
        "key_1": "value.with-dots/and:colons$", "single": "q\"uote", "SAME": "SAME",
      ])
  }

  @Test func readsEveryEscape() throws {
    let text = #"""
      "e" = "q\" b\\ n\n t\t r\r a\a b\b f\f v\v s\' x\z";
      "u" = "\U00e9\u00E9\U41";
      "o" = "\012\101\0";
      "pair" = "\UD83D\UDE00";
      "nl" = "one\
      two";
      """#
    let entries = try parse(text)
    #expect(entries["e"] == "q\" b\\ n\n t\t r\r a\u{7} b\u{8} f\u{C} v\u{B} s' xz")
    #expect(entries["u"] == "ééA")
    #expect(entries["o"] == "\nA\u{0}")
    #expect(entries["pair"] == "😀")
    #expect(entries["nl"] == "one\ntwo")
  }

  @Test func readsTheOldStyleDictionaryForm() throws {
    #expect(try parse("{ \"a\" = \"1\"; b = 2; }") == ["a": "1", "b": "2"])
    #expect(stringsFailure("{ \"a\" = \"1\"; ")?.message.hasPrefix("expected '}'") == true)
    #expect(stringsFailure("{ } x")?.message.hasPrefix("expected the end of the file") == true)
  }

  @Test func laterDuplicatesWin() throws {
    #expect(try parse("\"a\" = \"1\"; \"a\" = \"2\";") == ["a": "2"])
  }

  @Test func errorsNameTheLineColumnAndWhatWasExpected() throws {
    let cases: [(String, Int, Int, String)] = [
      ("\"a\" = \"1\"\n\"b\" = \"2\";", 2, 1, "expected ';' after the value of \"a\", found '\"'"),
      ("\"a\" \"1\";", 1, 5, "expected '=' or ';' after the key \"a\", found '\"'"),
      ("\"a\" = ;", 1, 7, "expected a value in quotes after '=' for \"a\", found ';'"),
      ("\"a\" = (1);", 1, 7, "expected a string value for \"a\", found '('"),
      ("x\n  = \"unterminated;", 2, 5, "unterminated string"),
      ("\"a\" = \"1\"; /* open", 1, 12, "unterminated comment"),
      ("\n\n   = \"1\";", 3, 4, "expected a key in quotes"),
      ("\"a\" = \"\\Uzz\";", 1, 8, "expected one to four hex digits after \\U, found 'z'"),
      ("\"a\" = \"\\UD83D x\";", 1, 8, "first half of a surrogate pair"),
      ("\"a\" = \"\\UD83D\";", 1, 8, "first half of a surrogate pair"),
      ("\"a\" = \"\\UDE00\";", 1, 8, "second half of a surrogate pair"),
      ("\"日本\" = \"1\" x", 1, 12, "expected ';' after the value of \"日本\", found 'x'"),
      ("\"a\"", 1, 4, "expected '=' or ';' after the key \"a\", found the end of the file"),
    ]
    for (text, line, column, message) in cases {
      let error = try #require(stringsFailure(text), "\(text)")
      #expect(error.source == "t.strings")
      #expect(error.line == line, "\(text): \(error)")
      #expect(error.column == column, "\(text): \(error)")
      #expect(error.message.contains(message), "\(text): \(error)")
    }
  }

  @Test func encodingErrorsAreReported() throws {
    let invalid = Array("\"a\" = \"".utf8) + [0xFF] + Array("\";".utf8)
    #expect(throws: SourceError.self) { try StringsFileParser.parse(invalid, source: "x") }
    let odd = utf16Bytes("\"a\" = \"b\";", bigEndian: false) + [0x41]
    #expect(stringsFailure(bytes: odd)?.message.contains("odd number of bytes") == true)
    let lone =
      [0xFF, 0xFE] + utf16Bytes("\"a\" = \"", bigEndian: false, byteOrderMark: false)
      + [0x3D, 0xD8] + utf16Bytes("\";", bigEndian: false, byteOrderMark: false)
    #expect(throws: SourceError.self) { try StringsFileParser.parse(lone, source: "x") }
  }

  @Test
  func readsTheFixturesInEnglishAndGerman() throws {
    let bundle = PackagePaths.sampleBundle
    let englishBytes = try readBytes(bundle + "/en.lproj/Root.strings")
    #expect(englishBytes.starts(with: [0xFF, 0xFE]), "English is UTF-16LE with a BOM")
    let english = try StringsFileParser.parse(englishBytes, source: "en.lproj/Root.strings")
    #expect(english["TOGGLE_SWITCH"] == "Toggle Switch")
    #expect(english["MUL_VAL_11"] == "Who Knows")
    #expect(english["EMPTY"] == "")
    #expect(english["APPLICATION_INFO_TITLE"] == "Application Information")
    let german = try StringsFileParser.parse(
      try readBytes(bundle + "/de.lproj/Root.strings"), source: "de.lproj/Root.strings")
    #expect(german["TOGGLE_SWITCH"] == "Toggle Schalter")
    #expect(german["MUL_VAL_NO_TITLE_3"] == "Weiß nicht")
    #expect(german["ABOUT_TITLE"] == "Über")
    #expect(german.count > 30)
  }

  @Test func mutatedInputNeverCrashes() throws {
    var random = SplitMix64(seed: 0x57_1265)
    let seeds: [[UInt8]] = [
      Array(sample.utf8),
      utf16Bytes(sample, bigEndian: false),
      Array(#"{ "a" = "\U00e9\UD83D\UDE00\012"; b; /* c */ }"#.utf8),
    ]
    let interesting = Array("\"'\\=;{}()/*Uu0 \n".utf8) + [0, 0xD8, 0xDC, 0xFE, 0xFF, 0x80]
    for round in 0..<3000 {
      var bytes = seeds[round % seeds.count]
      for _ in 0..<(1 + random.next() % 4) where !bytes.isEmpty {
        let position = Int(random.next() % UInt64(bytes.count))
        switch random.next() % 3 {
        case 0: bytes[position] = interesting[Int(random.next() % UInt64(interesting.count))]
        case 1: bytes.remove(at: position)
        default: bytes = Array(bytes.prefix(position))
        }
      }
      do {
        _ = try StringsFileParser.parse(bytes, source: "m")
      } catch {
        #expect(error.line >= 1)
        #expect(!error.message.isEmpty)
      }
    }
  }

  @Test func keysDefinedTwiceAreNamedWithTheLineOfTheLaterDefinition() throws {
    let text = "\"a\" = \"1\";\n\"b\";\n/* again */\n\"a\" = \"2\";\n\"b\" = \"B\";\n"
    let parsed = try StringsFileParser.parseWithDuplicates(Array(text.utf8), source: "t")
    #expect(parsed.entries == ["a": "2", "b": "B"])
    #expect(parsed.duplicates.map(\.key) == ["a", "b"])
    #expect(parsed.duplicates.map(\.line) == [4, 5])
  }
}

/// `.strings` files compiled to property lists, as Xcode may ship them.
@Suite struct StringsPropertyListTests {
  @Test func readsABinaryPropertyList() throws {
    let file = PackagePaths.realWorldCasesBundle + "/zh-Hant.lproj/Root.strings"
    let bytes = try readBytes(file)
    try #require(bytes.starts(with: "bplist00".utf8))
    let table = try StringsFileParser.parse(bytes, source: file)
    #expect(table["SYNC"] == "同步處理")
    #expect(table["LICENSES"] == "授權")
    // The reader that also names keys defined twice (lint --l10n) reads it the same way.
    let withDuplicates = try StringsFileParser.parseWithDuplicates(bytes, source: file)
    #expect(withDuplicates.entries == table)
    #expect(withDuplicates.duplicates.isEmpty)
  }

  @Test func readsAnXMLPropertyListAndSkipsValuesThatAreNotText() throws {
    let text = """
      \u{FEFF}
        <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>SYNC</key><string>同步处理</string>
      <key>COUNT</key><integer>3</integer><key>LINES</key><string>a
      b</string></dict></plist>
      """
    let table = try StringsFileParser.parse(Array(text.utf8), source: "t.strings")
    #expect(table == ["SYNC": "同步处理", "LINES": "a\nb"])
  }

  @Test func aBrokenPropertyListNamesTheFile() {
    #expect(throws: SourceError.self) {
      try StringsFileParser.parse(Array("<plist><dict><key>A</key>".utf8), source: "t.strings")
    }
  }

  @Test("text of every UTF-8 length, in UTF-8 and UTF-16 files, reads as the stdlib decodes it")
  func textOfEveryLengthReadsAsTheStandardLibraryDecodesIt() throws {
    // One, two, three and four bytes of UTF-8 (a surrogate pair in UTF-16), and U+FFFF.
    let value = "a é ア 温度 😀 \u{FFFF} z"
    let text = "\"KEY\" = \"\(value)\";\n\"\(value)\" = \"x\";\n"
    var utf16 = [UInt8]([0xFF, 0xFE])
    for unit in text.utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    for bytes in [Array(text.utf8), utf16] {
      let table = try StringsFileParser.parse(bytes, source: "t.strings")
      #expect(table == ["KEY": value, value: "x"])
    }
    // Transcoding by hand agrees with the standard library, a lone surrogate (which the parser
    // never passes) included.
    let samples: [[UInt16]] = [
      Array(value.utf16), [0x41, 0xD800], [0xDC00, 0x41], [0xD83D, 0xDE00, 0x7FF, 0x800],
    ]
    for units in samples {
      let made = units.withUnsafeBufferPointer(StringsParser.string(fromUTF16:))
      #expect(made == String(decoding: units, as: UTF16.self), "\(units)")
    }
  }
}
