import FoundationEssentials
import TestSupport
import Testing

@testable import FileFormats

@Suite struct PropertyListWriterTests {
  static let sample: PropertyListValue = [
    "text": "Tokyo & <Ōsaka>", "japanese": "日本語", "integer": -3, "real": 1.0, "fraction": 0.1,
    "flag": false, "date": .date(PropertyListDate(secondsSince1970: 1_795_996_800)),
    "data": .data([0, 1, 2]), "list": [1, "two", []], "nested": ["b": [:], "a": true],
  ]

  @Test func writesWhatXcodeWrites() {
    #expect(
      PropertyListWriter.serialize(["b": [1, 2.5], "a": ["x": [], "y": [:]], "c": "&"])
        == plistDocument(
          """
          <dict>
          \t<key>a</key>
          \t<dict>
          \t\t<key>x</key>
          \t\t<array/>
          \t\t<key>y</key>
          \t\t<dict/>
          \t</dict>
          \t<key>b</key>
          \t<array>
          \t\t<integer>1</integer>
          \t\t<real>2.5</real>
          \t</array>
          \t<key>c</key>
          \t<string>&amp;</string>
          </dict>
          """))
  }

  @Test(arguments: [
    (1.0, "1"), (0.1, "0.1"), (-0.0, "-0"), (1e300, "1e+300"), (.nan, "nan"),
    (.infinity, "+infinity"), (-.infinity, "-infinity"),
  ])
  func realsAsAppleWritesThem(number: Double, text: String) {
    #expect(PropertyListWriter.realText(number) == text)
  }

  @Test func roundTripsExactly() throws {
    let text = PropertyListWriter.serialize(Self.sample)
    let back = try PropertyListReader.parse(Array(text.utf8), source: "w")
    #expect(back == Self.sample)
    #expect(back["real"]?.typeName == "real")
    #expect(PropertyListWriter.serialize(back) == text)
  }

  @Test func controlAndInvisibleCharactersAreReferencesAndReadBack() throws {
    let value: PropertyListValue = ["k\u{200B}": "a\rb\u{9B}c\u{202E}d\u{7F}<&> 日本 \u{E0041}"]
    let text = PropertyListWriter.serialize(value)
    #expect(text.contains("<key>k&#x200B;</key>"))
    #expect(
      text.contains("<string>a&#xD;b&#x9B;c&#x202E;d&#x7F;&lt;&amp;&gt; 日本 &#xE0041;</string>"))
    #expect(try PropertyListReader.parse(Array(text.utf8), source: "w") == value)
    #expect(PropertyListWriter.characterXMLCannotHold(in: value) == nil)
  }

  @Test func aCharacterXMLCannotHoldIsFoundWithItsKey() {
    let value: PropertyListValue = ["fine": "ok\t\n", "list": ["x", ["bad": "a\u{1B}[2J"]]]
    let found = PropertyListWriter.characterXMLCannotHold(in: value)
    #expect(found?.path == "list[1].bad" && found?.character == "\u{1B}")
    #expect(PropertyListWriter.characterXMLCannotHold(in: ["k\u{0}": 1])?.path == "k\u{0}")
  }

  @Test func datesAreWrittenToTheSecond() throws {
    let text = PropertyListWriter.serialize(.date(PropertyListDate(secondsSince1970: 1.75)))
    #expect(text.contains("<date>1970-01-01T00:00:01Z</date>"))
  }

  @Test func foundationReadsWhatWeWrite() throws {
    let text = PropertyListWriter.serialize(Self.sample)
    let theirs = try PropertyListDecoder().decode(LooseValue.self, from: Data(text.utf8))
    #expect(theirs == LooseValue(Self.sample))
  }

  @Test(.enabled(if: fileStatus(plutil) != nil, "the toolchain's plutil is not installed"))
  func plutilLintAcceptsWhatWeWrite() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("sample.plist")
    try writeText(PropertyListWriter.serialize(Self.sample), to: path)
    let (status, output) = try runProcess([plutil, "-lint", path])
    #expect(status == 0, "\(output)")
    #expect(output.contains("OK"))
    // And plutil is a real check: it refuses a broken file.
    try writeText(plistDocument("<dict><key>a</key></dict>"), to: path)
    #expect(try runProcess([plutil, "-lint", path]).status != 0)
  }
}
