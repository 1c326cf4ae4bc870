import FoundationEssentials
import TestSupport
import Testing

@testable import FileFormats

private func parse(_ text: String) throws(SourceError) -> PropertyListValue {
  try PropertyListReader.parse(Array(text.utf8), source: "test.plist")
}

private func failure(_ text: String) -> SourceError? {
  do {
    _ = try PropertyListReader.parse(Array(text.utf8), source: "test.plist")
    return nil
  } catch {
    return error
  }
}

@Suite struct PropertyListReaderTests {
  /// Plain ASCII text is taken from the input as it stands up to the first `<`, `&` or byte
  /// outside ASCII: what follows it at any place is still decoded, checked or refused.
  @Test func decodesWhatFollowsPlainTextAtEveryPlace() throws {
    // Past two words of eight bytes, which the reader scans at once.
    let plain = "abcdefghijklmnopqrs"
    for place in 0...plain.count {
      let head = String(plain.prefix(place))
      let tail = String(plain.dropFirst(place))
      let inner = [
        ("&amp;", "&"), ("é", "é"), ("<![CDATA[<x>]]>", "<x>"), ("<!-- c -->", ""),
        ("\u{1}", "\u{1}"),
      ]
      for (written, read) in inner {
        let document = plistDocument("<dict><key>\(head)\(written)\(tail)</key><string/></dict>")
        #expect(try parse(document) == ["\(head)\(read)\(tail)": ""])
      }
      let error = failure(plistDocument("<string>\(head)<b>\(tail)</string>"))
      #expect(error?.message.hasPrefix("expected text or </string> inside <string>") == true)
    }
  }

  /// An end tag is compared with its name byte by byte: a longer or shorter name, or space
  /// before `>`, is still read as before.
  @Test func endTagsThatAlmostMatch() throws {
    #expect(try parse(plistDocument("<array><string>a</string  ></array >")) == ["a"])
    for wrong in ["</strings>", "</strin>", "</string/>"] {
      let error = failure(plistDocument("<array><string>a\(wrong)</array>"))
      #expect(error?.message.hasPrefix("expected </string> to close <string> from line") == true)
    }
  }

  /// A tag of a known element without attributes or space is read from its bytes; any other
  /// tag is still read, or refused, as before.
  @Test func tagsOfEveryShape() throws {
    #expect(
      try parse("<dict ><key >a</key><true /><key>b</key><false  /></dict >") == [
        "a": true, "b": false,
      ])
    #expect(try parse("<dict x=\"1\"><key>k</key><string y='2'>v</string></dict>") == ["k": "v"])
    #expect(
      try parse("<plist version=\"1.0\"><array><string/><array/></array></plist>") == [
        "", [],
      ])
    for (text, message) in [
      ("<Dict/>", "unknown element <Dict>"), ("<dict2/>", "unknown element <dict2>"),
      ("<true/ >", "expected '>' after '/' in <true/>, found a space"),
      ("<array></arrays>", "expected </array> to close <array> from line 1, found </arrays>"),
      ("<array></Array>", "expected </array> to close <array> from line 1, found </Array>"),
    ] {
      #expect(failure(text)?.message.hasPrefix(message) == true, "\(text)")
    }
  }

  /// The tags a reader expects are compared a word at a time, and byte by byte near the end
  /// of the input: found exactly where their bytes are, at every place and in every length
  /// of input.
  @Test func expectedTagsAreFoundWhereTheirBytesAre() {
    let document = Array("<dict><key>a</key>\n<string>bcdefghijklmnop</string></dict>".utf8)
    let markups: [(Markup, String)] = [
      (.keyStart, "<key>"), (.keyEnd, "</key>"), (.stringStart, "<string>"),
      (.stringEnd, "</string>"), (.dictionaryStart, "<dict>"), (.dictionaryEnd, "</dict>"),
      (Markup("<"), "<"), (Markup("0123456789abcdef"), "0123456789abcdef"), (Markup(""), ""),
    ]
    // The constants are what their text makes.
    #expect(Markup.keyStart == Markup("<key>") && Markup.keyEnd == Markup("</key>"))
    #expect(Markup.stringStart == Markup("<string>") && Markup.stringEnd == Markup("</string>"))
    #expect(Markup.dictionaryStart == Markup("<dict>") && Markup.dictionaryEnd == Markup("</dict>"))
    #expect(Markup.stringEnd != Markup("</strinG>"))
    for (markup, written) in markups {
      #expect(markup.count == written.utf8.count)
      for length in 0...document.count {
        let bytes = Array(document[..<length])
        bytes.withUnsafeBufferPointer { buffer in
          for offset in 0...length + 1 {
            let isThere = offset <= length && bytes[offset...].starts(with: written.utf8)
            #expect(markup.isAt(offset, in: buffer) == isThere, "\(written) at \(offset)")
          }
        }
      }
    }
  }

  /// Comments and processing instructions between elements are still skipped where a tag
  /// is expected.
  @Test func skipsMarkupBetweenElements() throws {
    let value = try parse(
      plistDocument("<dict><!-- a --><key>k</key><?pi x?><array><!--b--><true/></array></dict>"))
    #expect(value == ["k": [true]])
  }

  @Test func readsEveryKind() throws {
    let value = try parse(
      plistDocument(
        """
        <dict>
        \t<key>string</key>\t<string>Tokyo &amp; Ōsaka &lt;&gt;&quot;&apos;&#x41;&#66;</string>
        \t<key>empty</key><string/>
        \t<key>empty2</key><string></string>
        \t<key>integer</key><integer> -42 </integer>
        \t<key>hex</key><integer>0x1F</integer>
        \t<key>real</key><real>2</real>
        \t<key>fraction</key><real>-0.5e-3</real>
        \t<key>nan</key><real>nan</real>
        \t<key>infinity</key><real>+infinity</real>
        \t<key>true</key><true/>
        \t<key>false</key><false/>
        \t<key>date</key><date>2026-11-30T00:00:00Z</date>
        \t<key>data</key><data>
        \t\tAAEC
        \t\t/w==
        \t</data>
        \t<key>array</key><array><integer>1</integer><array/><dict/></array>
        \t<!-- a comment between members -->
        \t<key>cdata</key><string><![CDATA[<raw & text>]]> tail</string>
        \t<key>日本語</key><string>設定 🇯🇵</string>
        </dict>
        """))
    let expected: PropertyListValue = [
      "string": "Tokyo & Ōsaka <>\"'AB", "empty": "", "empty2": "", "integer": -42, "hex": 31,
      "real": .real(2), "fraction": -0.0005, "nan": .real(.nan), "infinity": .real(.infinity),
      "true": true, "false": false,
      "date": .date(PropertyListDate(secondsSince1970: 1_795_996_800)),
      "data": .data([0, 1, 2, 255]),
      "array": [1, [], [:]], "cdata": "<raw & text> tail", "日本語": "設定 🇯🇵",
    ]
    #expect(value == expected)
    #expect(value["real"]?.typeName == "real")
  }

  @Test func acceptsABareValueAndNoDeclaration() throws {
    #expect(try parse("<array><true/></array>") == [true])
    #expect(try parse("<plist><string>x</string></plist>") == "x")
    #expect(try parse("\u{FEFF}<plist><integer>1</integer></plist>") == 1)
  }

  @Test func keepsTextExactly() throws {
    #expect(try parse("<string>  two\n lines\t</string>") == "  two\n lines\t")
    #expect(try parse("<string>a\u{1B}[31mb</string>") == "a\u{1B}[31mb")
  }

  @Test func integersAreKeptExactlyUpToUnsigned64Bits() throws {
    #expect(try parse("<integer>9223372036854775807</integer>") == .integer(Int.max))
    #expect(try parse("<integer>-9223372036854775808</integer>") == .integer(Int.min))
    #expect(try parse("<integer>9223372036854775808</integer>") == .unsignedInteger(1 << 63))
    #expect(try parse("<integer>18446744073709551615</integer>") == .unsignedInteger(UInt64.max))
    #expect(try parse("<integer>0xFFFFFFFFFFFFFFFF</integer>") == .unsignedInteger(UInt64.max))
    // Beyond 64 bits, or below Int64.min, there is no integer to keep: a real.
    #expect(try parse("<integer>18446744073709551616</integer>") == .real(0x1p64))
    #expect(try parse("<integer>-9223372036854775809</integer>") == .real(-0x1p63))
  }

  @Test func parseDictionaryRequiresADictionary() throws {
    #expect(
      try PropertyListReader.parseDictionary(Array(plistDocument("<dict/>").utf8), source: "s")
        == [:])
    #expect(
      throws: SourceError(
        source: "s", line: 4, column: 1,
        message: "expected a <dict> at the top level, found <array>")
    ) {
      try PropertyListReader.parseDictionary(Array(plistDocument("<array/>").utf8), source: "s")
    }
  }

  @Test(arguments: [
    ("", 1, 1, "expected a property list, found an empty file"),
    (
      "{\"a\": 1}", 1, 1, "expected '<?xml' or '<plist>' at the start of a property list, found '{'"
    ),
    (
      "<plist>\n<dict>\n\t<key>a</key>\n\t<strin>x</strin>\n</dict>\n</plist>", 4, 2,
      "unknown element <strin>; expected <dict>, <array>, <string>, <integer>, <real>, <true/>, <false/>, <date> or <data>"
    ),
    (
      "<plist>\n<dict>\n\t<key>a</key>\n\t<string>x</key>\n</dict>\n</plist>", 4, 11,
      "expected </string> to close <string> from line 4, found </key>"
    ),
    (
      "<plist><dict><key>a</key></dict></plist>", 1, 26,
      "expected a value after <key>a</key>, found '</dict>'"
    ),
    (
      "<dict>\n<key>a</key><true/>\n<key>a</key><false/>\n</dict>", 3, 1,
      "duplicate key \"a\" in one <dict>; keep only one of them"
    ),
    ("<dict><string>x</string></dict>", 1, 7, "expected <key> or </dict>, found <string>"),
    (
      "<dict> text </dict>", 1, 8,
      "unexpected text inside <dict>, found 't'; text belongs in <string> or <key>"
    ),
    (
      "<array><key>a</key></array>", 1, 8,
      "expected a value, found <key>; <key> belongs inside <dict>"
    ),
    ("<plist>\n  <string>abc", 2, 3, "unterminated <string>: the file ends before </string>"),
    (
      "<string>a <b> c</string>", 1, 11,
      "expected text or </string> inside <string>, found '<b>'; use &lt; for a literal '<'"
    ),
    (
      "<string>fish & chips</string>", 1, 14,
      "expected an entity such as &amp; or &#38;; write &amp; for a literal '&'"
    ),
    (
      "<string>&nbsp;</string>", 1, 9,
      "unknown entity &nbsp;; use &lt; &gt; &amp; &quot; &apos; or &#NN;"
    ),
    ("<integer>12a</integer>", 1, 1, "expected an integer in <integer>, found \"12a\""),
    ("<integer></integer>", 1, 1, "expected an integer in <integer>, found \"\""),
    (
      "<integer>0x10000000000000000</integer>", 1, 1,
      "the integer \"0x10000000000000000\" does not fit in 64 bits"
    ),
    ("<real>one</real>", 1, 1, "expected a number in <real>, found \"one\""),
    (
      "<date>2026-02-30T00:00:00Z</date>", 1, 1,
      "expected a date such as 2026-11-30T00:00:00Z in <date>, found \"2026-02-30T00:00:00Z\""
    ),
    ("<data>***</data>", 1, 1, "expected Base64 text in <data>"),
    ("<true>x</true>", 1, 7, "expected </true> in <true>; write <true/>, found 'x'"),
    (
      "<plist><true/></plist> trailing", 1, 24,
      "expected the end of the file after the property list, found 't'"
    ),
    (
      "<plist><true/><false/></plist>", 1, 15,
      "expected </plist> after the top-level value, found '<false>'"
    ),
    ("<plist/>", 1, 1, "expected a value inside <plist>, found <plist/>"),
    ("<dict", 1, 6, "expected '>' to close the <dict> tag, found the end of the file"),
    ("<!-- open", 1, 1, "unterminated comment: the file ends before '-->'"),
    (
      "<?xml version=\"1.0\" encoding=\"UTF-16\"?><plist/>", 1, 1,
      "encoding \"utf-16\" is not supported; save the file as UTF-8"
    ),
  ])
  func reportsLineColumnAndExpectation(input: String, line: Int, column: Int, message: String) {
    #expect(
      failure(input)
        == SourceError(source: "test.plist", line: line, column: column, message: message))
  }

  /// The declaration's encoding is read whatever its case and quotes; a file without one, or
  /// in UTF-8 or ASCII, is read.
  @Test(
    arguments: [
      ("<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist><true/></plist>", nil),
      ("<?xml version='1.0' ENCODING = 'us-ascii'?><plist><true/></plist>", nil),
      ("<?xml version=\"1.0\"?><plist><true/></plist>", nil),
      ("<?xml version=\"1.0\" Encoding=\"Shift_JIS\"?><plist><true/></plist>", "shift_jis"),
      ("<?xml encoding=\"latin1\" ?><plist><true/></plist>", "latin1"),
    ] as [(String, String?)])
  func theDeclarationsEncodingIsChecked(input: String, refused: String?) {
    if let refused {
      #expect(failure(input)?.message.contains("encoding \"\(refused)\" is not supported") == true)
    } else {
      #expect(throws: Never.self) { try PropertyListReader.parse(Array(input.utf8), source: "x") }
    }
  }

  /// Delimiters are found where they first stand, across a text of any length.
  @Test func aDelimiterIsFoundWhereItFirstStands() {
    let text = Array("a?b?>c-->d?>".utf8)
    text.withUnsafeBufferPointer { bytes in
      #expect(XMLPropertyListParser.offset(of: "?>", in: bytes, from: 0) == 3)
      #expect(XMLPropertyListParser.offset(of: "?>", in: bytes, from: 4) == 10)
      #expect(XMLPropertyListParser.offset(of: "-->", in: bytes, from: 0) == 6)
      #expect(XMLPropertyListParser.offset(of: "-->", in: bytes, from: 7) == nil)
      #expect(XMLPropertyListParser.offset(of: "d?>", in: bytes, from: 0) == 9)
      #expect(XMLPropertyListParser.offset(of: "x", in: bytes, from: 0) == nil)
      #expect(XMLPropertyListParser.offset(of: "?>", in: bytes, from: 11) == nil)
    }
  }

  @Test func invalidUTF8IsRefused() {
    let bytes = Array("<plist><string>ab".utf8) + [0xFF] + Array("</string></plist>".utf8)
    #expect(throws: SourceError.self) { try PropertyListReader.parse(bytes, source: "x") }
    do {
      _ = try PropertyListReader.parse(bytes, source: "x")
    } catch {
      #expect(error.column == 18)
      #expect(error.message.contains("invalid UTF-8 byte 0xFF"))
    }
  }

  @Test func nestingIsLimited() throws {
    let depth = JSONReader.maximumDepth
    let ok =
      String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
    #expect(throws: Never.self) { try parse(ok) }
    let deep = String(repeating: "<array>", count: depth + 1)
    #expect(failure(deep)?.message == "<dict> and <array> nest deeper than 512 levels")
  }

  @Test
  func readsEveryFixtureAsFoundationDoes() throws {
    var checked = 0
    for folder in PackagePaths.bundles {
      let bundle = folder.split(separator: "/").last.map(String.init) ?? folder
      for name in folderEntries(folder) where name.hasSuffix(".plist") {
        let bytes = try readBytes(folder + "/" + name)
        let ours = try PropertyListReader.parse(bytes, source: name)
        let theirs = try PropertyListDecoder().decode(LooseValue.self, from: Data(bytes))
        #expect(LooseValue(ours) == theirs, "\(bundle)/\(name)")
        checked += 1
      }
    }
    #expect(checked >= 10)
  }

  @Test func mutatedInputNeverCrashes() throws {
    var random = SplitMix64(seed: 0xB1157)
    let seed = Array(
      plistDocument(
        "<dict><key>a</key><array><integer>1</integer><real>2.5</real><true/><date>2026-11-30T00:00:00Z</date></array><key>b</key><data>AAEC</data><key>c</key><string>x&amp;y<![CDATA[z]]></string></dict>"
      ).utf8)
    let interesting = Array("<>/!?-[]&;#x\"'= \nabcdeiklnrst".utf8) + [0, 0x80, 0xE3, 0xFF]
    for _ in 0..<3000 {
      var bytes = seed
      for _ in 0..<(1 + random.next() % 4) where !bytes.isEmpty {
        let position = Int(random.next() % UInt64(bytes.count))
        switch random.next() % 3 {
        case 0: bytes[position] = interesting[Int(random.next() % UInt64(interesting.count))]
        case 1: bytes.remove(at: position)
        default: bytes = Array(bytes.prefix(position))
        }
      }
      do {
        let value = try PropertyListReader.parse(bytes, source: "fuzz")
        #expect(try parse(PropertyListWriter.serialize(value)) == value)
      } catch {
        #expect(error.line >= 1)
      }
    }
  }
}

/// A property-list value as `PropertyListDecoder` sees it through `Codable`: it cannot tell
/// an integral real from an integer, so both are `.integer` here.
enum LooseValue: Decodable, Equatable {
  case string(String), integer(Int), real(Double), bool(Bool), date(Date), data(Data)
  case array([LooseValue]), dictionary([String: LooseValue])

  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  init(_ value: PropertyListValue) {
    switch value {
    case .string(let text): self = .string(text)
    case .integer(let number): self = .integer(number)
    case .unsignedInteger(let number): self = .real(Double(number))
    case .real(let number):
      self =
        number.rounded() == number && abs(number) < 0x1p62 ? .integer(Int(number)) : .real(number)
    case .bool(let flag): self = .bool(flag)
    case .date(let date):
      self = .date(Date(timeIntervalSinceReferenceDate: date.secondsSinceReferenceDate))
    case .data(let bytes): self = .data(Data(bytes))
    case .array(let elements): self = .array(elements.map(LooseValue.init))
    case .dictionary(let members):
      // Foundation's decoder keys by `String`, which cannot hold two spellings of one key.
      self = .dictionary(
        Dictionary(
          members.map { ($0.key.string, LooseValue($0.value)) }, uniquingKeysWith: { a, _ in a }))
    }
  }

  init(from decoder: any Decoder) throws {
    if var elements = try? decoder.unkeyedContainer() {
      var result: [LooseValue] = []
      while !elements.isAtEnd { result.append(try elements.decode(LooseValue.self)) }
      self = .array(result)
    } else if let members = try? decoder.container(keyedBy: Key.self) {
      var result: [String: LooseValue] = [:]
      for key in members.allKeys {
        result[key.stringValue] = try members.decode(LooseValue.self, forKey: key)
      }
      self = .dictionary(result)
    } else {
      let single = try decoder.singleValueContainer()
      if let flag = try? single.decode(Bool.self) {
        self = .bool(flag)
      } else if let number = try? single.decode(Int.self) {
        self = .integer(number)
      } else if let number = try? single.decode(Double.self) {
        self = .real(number)
      } else if let date = try? single.decode(Date.self) {
        self = .date(date)
      } else if let data = try? single.decode(Data.self) {
        self = .data(data)
      } else {
        self = .string(try single.decode(String.self))
      }
    }
  }
}

@Suite struct PropertyListReaderSafetyTests {
  @Test func controlCharactersInNamesAreEscapedInMessages() {
    let bytes =
      Array("<plist><dict><key>a</key><x".utf8) + [0xC2, 0x9B] + Array("31m/></dict></plist>".utf8)
    do {
      _ = try PropertyListReader.parse(bytes, source: "x")
      Issue.record("parsed")
    } catch {
      #expect(error.message.hasPrefix("unknown element <x\\u{9B}31m>"))
    }
  }
}
