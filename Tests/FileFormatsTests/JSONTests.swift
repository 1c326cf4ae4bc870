import FoundationEssentials
import TestSupport
import Testing

@testable import FileFormats

private func parse(_ text: String) throws(SourceError) -> PropertyListValue {
  try JSONReader.parse(Array(text.utf8), source: "test.json")
}

/// The error `text` fails with, or `nil` if it parses.
private func failure(_ text: String) -> SourceError? {
  failure(Array(text.utf8))
}

private func failure(_ bytes: [UInt8]) -> SourceError? {
  do {
    _ = try JSONReader.parse(bytes, source: "test.json")
    return nil
  } catch {
    return error
  }
}

@Suite struct JSONReaderTests {
  /// Plain string content is scanned eight bytes at a time: a byte that ends it, at any
  /// place in a long string, is still seen (an escape decoded, a bad byte refused where it is).
  @Test func seesWhatEndsPlainTextAtEveryPlace() throws {
    let plain = Array("abcdefghijklmnopqrstuvwx".utf8)
    for place in 0...plain.count {
      let head = String(decoding: plain[..<place], as: UTF8.self)
      let tail = String(decoding: plain[place...], as: UTF8.self)
      #expect(try parse("\"\(head)\\n\(tail)\"") == .string(head + "\n" + tail))
      #expect(try parse("\"\(head)é\(tail)\"") == .string(head + "é" + tail))
      #expect(try parse("[\"\(head)\", \"\(tail)\"]") == .array([.string(head), .string(tail)]))
      // A byte just past one that ends the text can be flagged too (the borrow of a word's
      // subtraction): the first is still the one seen.
      #expect(try parse("\"\(head)\\\\]\(tail)\"") == .string(head + "\\]" + tail))
      #expect(failure("\"\(head)\u{1F} \(tail)\"")?.column == place + 2)
      let control = failure("\"\(head)\u{01}\(tail)\"")
      #expect(control?.column == place + 2)
      #expect(control?.message.hasPrefix("control character") == true)
      var invalid = Array("\"\(head)".utf8) + [0xFF] + Array("\(tail)\"".utf8)
      #expect(failure(invalid)?.column == place + 2)
      invalid.removeLast()
      #expect(failure(invalid)?.message.hasPrefix("invalid UTF-8") == true)
    }
  }

  @Test func readsEveryKind() throws {
    let value = try parse(
      #"{"s": "text", "i": 42, "r": 1.5, "t": true, "f": false, "a": [1, "x", []], "o": {"k": {}}}"#
    )
    #expect(
      value
        == [
          "s": "text", "i": 42, "r": 1.5, "t": true, "f": false, "a": [1, "x", []],
          "o": ["k": [:]],
        ])
  }

  @Test func topLevelScalarsAndWhitespace() throws {
    #expect(try parse(" \t\r\n 7 \n") == 7)
    #expect(try parse(#""x""#) == "x")
    #expect(try parse("[]") == [])
  }

  @Test(arguments: [
    ("0", PropertyListValue.integer(0)),
    ("-0", .integer(0)),
    ("42", .integer(42)),
    ("-17", .integer(-17)),
    ("9223372036854775807", .integer(Int.max)),
    ("-9223372036854775808", .integer(Int.min)),
    ("9223372036854775808", .unsignedInteger(1 << 63)),
    ("18446744073709551615", .unsignedInteger(UInt64.max)),
    ("18446744073709551616", .real(0x1p64)),
    ("-9223372036854775809", .real(-0x1p63)),
    ("1.0", .real(1)),
    ("1e2", .real(100)),
    ("1E+2", .real(100)),
    ("2.5e-3", .real(0.0025)),
    ("-0.0", .real(-0.0)),
    ("0.1", .real(0.1)),
    ("true", .bool(true)),
    ("false", .bool(false)),
  ])
  func numbersKeepTheirKind(text: String, expected: PropertyListValue) throws {
    let value = try parse(text)
    #expect(value == expected)
    #expect(value.typeName == expected.typeName)
  }

  @Test func escapes() throws {
    #expect(try parse(#""\" \\ \/ \b \f \n \r \t""#) == "\" \\ / \u{8} \u{C} \n \r \t")
    #expect(try parse(#""\u0041\u00e9\u3042\u0000""#) == "Aé\u{3042}\u{0}")
    #expect(try parse(#""\uD83D\uDE00 \ud83c\udf63""#) == "😀 🍣")
    #expect(try parse(#""plain then \n escape""#) == "plain then \n escape")
  }

  @Test func japaneseText() throws {
    let value = try parse(#"{"言語": "日本語", "地域": "日本 🇯🇵"}"#)
    #expect(value["言語"] == "日本語")
    #expect(value["地域"] == "日本 🇯🇵")
  }

  @Test func byteOrderMarkIsSkipped() throws {
    #expect(try JSONReader.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8), source: "x") == [1])
    let error = failure([0xEF, 0xBB, 0xBF] + Array("[1,]".utf8))
    #expect(error?.line == 1)
    #expect(error?.column == 4)
  }

  @Test func utf16IsRefusedWithAHint() {
    let error = failure([0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00])
    #expect(error?.message.contains("save it as UTF-8") == true)
  }

  @Test func parsesFromNonContiguousCollections() throws {
    let bytes = Array("[1, 2]".utf8)
    #expect(try JSONReader.parse(bytes.lazy.map { $0 }, source: "x") == [1, 2])
    #expect(try JSONReader.parse(bytes[...], source: "x") == [1, 2])
  }

  @Test func parseObjectRequiresAnObject() throws {
    #expect(try JSONReader.parseObject(Array(#"{"a": 1}"#.utf8), source: "s") == ["a": 1])
    #expect(
      throws: SourceError(
        source: "s", line: 2, column: 3,
        message: "expected an object at the top level, found an array")
    ) {
      try JSONReader.parseObject(Array("\n  [1]".utf8), source: "s")
    }
    #expect(
      throws: SourceError(
        source: "s", line: 1, column: 1,
        message: "expected an object at the top level, found a string")
    ) {
      try JSONReader.parseObject(Array(#""x""#.utf8), source: "s")
    }
  }
}

@Suite struct JSONReaderErrorTests {
  /// Each case: input, line, column, message.
  @Test(arguments: [
    ("", 1, 1, "expected a JSON value, found an empty file"),
    ("  \n ", 2, 2, "expected a JSON value, found an empty file"),
    ("{\n  \"a\": 1\n  \"b\": 2\n}", 3, 3, "expected ',' or '}' after object member, found '\"'"),
    ("[1,\n 2\n 3]", 3, 2, "expected ',' or ']' after array element, found '3'"),
    ("{\"a\": 1,}", 1, 9, "expected a key after ','; JSON does not allow a comma before '}'"),
    ("[1, ]", 1, 5, "expected a value after ','; JSON does not allow a comma before ']'"),
    ("{a: 1}", 1, 2, "expected a key in double quotes or '}', found 'a'"),
    ("{\"a\" 1}", 1, 6, "expected ':' after object key, found '1'"),
    (
      "{\"a\": }", 1, 7,
      "expected a value (object, array, string, number, true or false), found '}'"
    ),
    ("[\"abc", 1, 2, "unterminated string: the file ends before the closing '\"'"),
    (
      "{\n  \"a\": \"abc\n}", 2, 8,
      "unterminated string: the line ends before the closing '\"' (write \\n for a line break)"
    ),
    ("\"a\tb\"", 1, 3, "control character U+0009 in a string must be escaped (\\t, \\u00XX)"),
    (
      "\"\\x\"", 1, 2,
      "invalid escape \\x in a string; valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX"
    ),
    ("\"\\u12G4\"", 1, 2, "expected 4 hexadecimal digits after \\u, found 'G'"),
    (
      "\"\\uD83D\"", 1, 2,
      "unpaired UTF-16 surrogate \\uD83D; a character above U+FFFF is written as a pair such as \\uD83D\\uDE00"
    ),
    (
      "\"\\uDE00\\uD83D\"", 1, 2,
      "unpaired UTF-16 surrogate \\uDE00; a character above U+FFFF is written as a pair such as \\uD83D\\uDE00"
    ),
    ("{\"k\": null}", 1, 7, "null is not a property-list value; remove the key or give it a value"),
    ("[tru]", 1, 2, "expected 'true', found 'tru'"),
    ("[nul]", 1, 2, "expected 'null', found 'nul'"),
    ("01", 1, 1, "leading zeros are not allowed in numbers"),
    ("-", 1, 2, "expected a digit after '-', found the end of the file"),
    ("1.", 1, 3, "expected a digit after the decimal point, found the end of the file"),
    ("1e+", 1, 4, "expected a digit in the exponent, found the end of the file"),
    ("1e400", 1, 1, "the number 1e400 is too large for a 64-bit real"),
    ("[1] x", 1, 5, "expected the end of the file after the top-level value, found 'x'"),
    ("{} {}", 1, 4, "expected the end of the file after the top-level value, found '{'"),
    ("// c\n{}", 1, 1, "expected a value, found '/'; JSON does not allow comments"),
    (
      "[\u{7}]", 1, 2,
      "expected a value (object, array, string, number, true or false), found control character U+0007"
    ),
    (
      "[\"日本\", 語]", 1, 8,
      "expected a value (object, array, string, number, true or false), found '語'"
    ),
    ("{\n\"a\": 1,\n\"a\": 2}", 3, 1, "duplicate key \"a\" in one object; keep only one of them"),
  ])
  func reportsLineColumnAndExpectation(
    input: String, line: Int, column: Int, message: String
  ) {
    #expect(
      failure(input)
        == SourceError(source: "test.json", line: line, column: column, message: message))
  }

  @Test func descriptionIsCompilerStyle() {
    let error = failure("{\n  \"a\": 1\n  \"b\": 2\n}")
    #expect(
      error?.description
        == "test.json:3:3: expected ',' or '}' after object member, found '\"'")
  }

  @Test func duplicateKeyNamesAreEscapedForTheTerminal() {
    let error = failure("{\"\\u001b[31m\": 1, \"\\u001b[31m\": 2}")
    #expect(error?.message.contains("\\u001B[31m") == true)
    #expect(error?.message.contains("\u{1B}") == false)
  }

  @Test func invalidUTF8InAString() {
    let error = failure([UInt8(ascii: "["), UInt8(ascii: "\""), 0x61, 0xFF, 0x22, 0x5D])
    #expect(error?.line == 1)
    #expect(error?.column == 4)
    #expect(error?.message.contains("invalid UTF-8 byte 0xFF") == true)
  }

  @Test(
    arguments: [
      [0xC0, 0x80],  // overlong NUL
      [0xE0, 0x80, 0x80],  // overlong
      [0xED, 0xA0, 0x80],  // UTF-16 surrogate
      [0xF4, 0x90, 0x80, 0x80],  // above U+10FFFF
      [0x80],  // stray continuation byte
      [0xE3, 0x81],  // cut off
    ] as [[UInt8]])
  func invalidUTF8SequencesAreRefused(sequence: [UInt8]) {
    let error = failure([0x22] + sequence + [0x22])
    #expect(error?.message.contains("invalid UTF-8") == true)
    #expect(error?.column == 2)
  }

  @Test func invalidUTF8OutsideStrings() {
    let error = failure([0x5B, 0xFE, 0x5D])
    #expect(error?.message.hasSuffix("found invalid UTF-8 byte 0xFE") == true)
  }

  @Test func nestingUpToTheLimitIsAccepted() throws {
    let depth = JSONReader.maximumDepth
    let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    var value = try parse(text)
    for _ in 1..<depth { value = value.arrayValue?.first ?? .integer(0) }
    #expect(value == [])
  }

  @Test func nestingBeyondTheLimitIsRefused() {
    let depth = JSONReader.maximumDepth + 1
    let error = failure(String(repeating: "{\"a\":[", count: depth / 2 + 1))
    #expect(error?.message == "arrays and objects nest deeper than 512 levels")
    let deep = failure(String(repeating: "[", count: 100_000))
    #expect(deep?.column == depth)
  }

  @Test func columnsCountCharactersNotBytes() {
    let error = failure("{\"日本語\": 1 x}")
    #expect(error?.column == 11)
  }
}

@Suite struct JSONWriterTests {
  static let sample: PropertyListValue = [
    "zeta": "last", "alpha": [1, 2.5, true, "two"], "mid": ["b": [], "a": [:]],
    "japanese": "日本語", "real": 1.0, "negativeZero": -0.0, "big": .integer(Int.min),
  ]

  @Test func prettyOutputIsSortedIndentedAndEndsWithANewline() {
    let text = JSONWriter.serialize(["b": 1, "a": ["x": [1, 2], "e": []], "c": [:]])
    #expect(
      text == """
        {
          "a": {
            "e": [],
            "x": [
              1,
              2
            ]
          },
          "b": 1,
          "c": {}
        }

        """)
  }

  @Test func invisibleAndBidiCharactersAreEscapedAndReadBack() throws {
    let text = "a\u{200B}b\u{202E}c\u{FEFF}d\u{61C}e\u{2060}f\u{E0041}g 日本 👩\u{200D}💻"
    let json = JSONWriter.serialize(.string(text), pretty: false)
    #expect(
      json
        == #""a\u200Bb\u202Ec\uFEFFd\u061Ce\u2060f\uDB40\uDC41g 日本 👩\u200D💻""#)
    #expect(try parse(json) == .string(text))
  }

  @Test func compactOutput() {
    #expect(
      JSONWriter.serialize(["b": [1, "x"], "a": true], pretty: false) == #"{"a":true,"b":[1,"x"]}"#)
  }

  @Test func outputIsStable() {
    let first = JSONWriter.serialize(Self.sample)
    for _ in 0..<5 {
      let copy = Self.sample.dictionaryValue.map { PropertyListValue.dictionary($0) }
      #expect(JSONWriter.serialize(copy ?? [:]) == first)
    }
  }

  @Test func roundTripsExactly() throws {
    for pretty in [true, false] {
      let text = JSONWriter.serialize(Self.sample, pretty: pretty)
      let back = try parse(text)
      #expect(back == Self.sample)
      #expect(JSONWriter.serialize(back, pretty: pretty) == text)
    }
  }

  @Test(arguments: [
    0.1, 1.0, -0.0, 1e300, .leastNonzeroMagnitude, 1.0 / 3, 0x1.ac53a7df93d69p+66, 1e16, 2.5e-8,
    Double.greatestFiniteMagnitude, -Double.leastNormalMagnitude,
  ])
  func realsRoundTripAsReals(number: Double) throws {
    let text = JSONWriter.serialize(.real(number), pretty: false)
    let back = try parse(text)
    #expect(back == .real(number))
    #expect(back.doubleValue?.sign == number.sign)
  }

  @Test func realsAlwaysLookLikeReals() {
    #expect(JSONWriter.serialize(.real(1), pretty: false) == "1.0")
    #expect(JSONWriter.serialize(.real(1e20), pretty: false) == "1e+20")
    #expect(JSONWriter.serialize(.integer(1), pretty: false) == "1")
  }

  @Test func escapesControlCharactersButNotText() {
    let text = JSONWriter.serialize(
      .string("\"\\\u{1B}[0m\n\t\u{7F}\u{85}\u{2028}é日本😀"), pretty: false)
    #expect(text == #""\"\\\u001B[0m\n\t\u007F\u0085\u2028é日本😀""#)
  }

  @Test func whatJSONCannotHoldIsWrittenAsStrings() throws {
    let date = PropertyListDate(secondsSince1970: 1_795_996_800)
    let value: PropertyListValue = [
      "date": .date(date), "data": .data([0, 1, 2]), "nan": .real(.nan),
      "inf": .real(.infinity), "minusInf": .real(-.infinity),
    ]
    let text = JSONWriter.serialize(value, pretty: false)
    #expect(
      text
        == #"{"data":"AAEC","date":"2026-11-30T00:00:00Z","inf":"Infinity","minusInf":"-Infinity","nan":"NaN"}"#
    )
    #expect(try parse(text)["date"] == "2026-11-30T00:00:00Z")
  }

  @Test func keysSortByBytes() {
    let text = JSONWriter.serialize(
      ["b": 1, "B": 2, "ä": 3, "a": 4, "日": 5, "10": 6, "9": 7], pretty: false)
    #expect(text == #"{"10":6,"9":7,"B":2,"a":4,"b":1,"ä":3,"日":5}"#)
  }
}

@Suite struct JSONFuzzTests {
  /// Mutates valid JSON a few thousand times: the reader must parse or throw, never crash
  /// or hang.
  @Test func mutatedInputNeverCrashes() {
    var random = SplitMix64(seed: 0x5E77_E1)
    let seeds = [
      JSONWriter.serialize(JSONWriterTests.sample),
      #"{"a": [1, -2.5e3, "\u00e9\uD83D\uDE00", {"b": [true, false, {}]}], "日本": "語"}"#,
      #"[0, 1e1, -0.0, "esc \"\\\/\b\f\n\r\t", [[[[[]]]]], {"":{"":""}}]"#,
    ].map { Array($0.utf8) }
    let interesting: [UInt8] =
      Array(#"{}[]",:\-+.eE0123456789tfnu"#.utf8) + [
        0, 0x1F, 0x7F, 0x80, 0xC3, 0xE3, 0xED, 0xF0, 0xFF, 0x0A,
      ]
    var parsed = 0
    for _ in 0..<4000 {
      var bytes = seeds[Int(random.next() % UInt64(seeds.count))]
      for _ in 0..<(1 + random.next() % 4) {
        let position = Int(random.next() % UInt64(bytes.count + 1))
        switch random.next() % 4 {
        case 0 where position < bytes.count:
          bytes[position] = interesting[Int(random.next() % UInt64(interesting.count))]
        case 1:
          bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: position)
        case 2 where position < bytes.count:
          bytes.remove(at: position)
        default:
          bytes = Array(bytes.prefix(position))
        }
      }
      do {
        let value = try JSONReader.parse(bytes, source: "fuzz")
        // Whatever parses must survive a round trip through the writer.
        #expect(try JSONReader.parse(Array(JSONWriter.serialize(value).utf8), source: "w") == value)
        parsed += 1
      } catch {
        #expect(error.line >= 1)
        #expect((error.column ?? 1) >= 1)
      }
    }
    #expect(parsed > 0)
  }
}
