import TestSupport
import Testing

@testable import FileFormats

/// The layout `JSONReader` finds in `text`, or `nil` when the text has another shape.
private func layout(of text: String) throws -> JSONObjectLayout? {
  try JSONReader.parseObjectWithLayout(Array(text.utf8), source: "t.json").layout
}

/// A random key: mostly ASCII, sometimes Japanese, sometimes sharing a prefix with others.
private func randomKey(_ random: inout SplitMix64) -> PropertyListKey {
  // "A\u{308}pfel" is "Äpfel" decomposed: another key, as a store tells keys by bytes.
  let stems = ["unit", "unit.temperature", "温度", "a", "zeta", "\u{C4}pfel", "A\u{308}pfel", "key"]
  return PropertyListKey(
    stems[Int(random.next() % UInt64(stems.count))] + String(random.next() % 40))
}

/// A random store value, nested now and then.
private func randomValue(_ random: inout SplitMix64, depth: Int = 0) -> PropertyListValue {
  switch random.next() % (depth < 2 ? 7 : 5) {
  case 0: .string("text \(random.next() % 100) \"quoted\"\n摂氏")
  case 1: .integer(Int(truncatingIfNeeded: random.next()) >> 8)
  case 2: .real(Double(random.next() % 10_000) / 8)
  case 3: .bool(random.next() % 2 == 0)
  case 4: .string("")
  case 5: .array((0..<Int(random.next() % 3)).map { _ in randomValue(&random, depth: depth + 1) })
  default:
    .dictionary(
      Dictionary(
        (0..<Int(random.next() % 3)).map { _ in
          (randomKey(&random), randomValue(&random, depth: depth + 1))
        }, uniquingKeysWith: { first, _ in first }))
  }
}

@Suite struct JSONObjectLayoutTests {
  @Test func writesWhatJSONWriterWrites() throws {
    var random = SplitMix64(seed: 0x1A70)
    for count in [0, 1, 2, 7, 40] {
      let members = Dictionary(
        (0..<count).map { _ in (randomKey(&random), randomValue(&random)) },
        uniquingKeysWith: { first, _ in first })
      let written = JSONObjectLayout.write(members)
      #expect(written.bytes == Array(JSONWriter.serialize(.dictionary(members)).utf8))
      // The reader finds the same layout in those bytes.
      let read = try JSONReader.parseObjectWithLayout(written.bytes, source: "t.json")
      #expect(read.members == members)
      #expect(read.layout == written.layout)
      #expect(written.layout.keys.count == members.count)
    }
  }

  /// Many rounds of random changes, each made on the bytes the previous round left: the
  /// result is always what writing the whole object gives, and the layout always the one
  /// the reader finds.
  @Test func changesGiveTheBytesOfAWholeWrite() throws {
    var random = SplitMix64(seed: 0x5A7E)
    var members: [PropertyListKey: PropertyListValue] = [:]
    var (bytes, layout) = JSONObjectLayout.write(members)
    for _ in 0..<300 {
      var changes: [PropertyListKey: PropertyListValue?] = [:]
      for _ in 0..<Int(1 + random.next() % 4) {
        let existing = members.keys.sorted()
        let key =
          !existing.isEmpty && random.next() % 3 != 0
          ? existing[Int(random.next() % UInt64(existing.count))] : randomKey(&random)
        changes[key] = random.next() % 4 == 0 ? .none : .some(randomValue(&random))
      }
      let list = changes.map { (key: $0.key, value: $0.value) }
      let before = members
      let changed = try #require(layout.apply(list, to: bytes) { before[$0] != nil })
      for (key, value) in changes { members[key] = value }
      #expect(changed == Array(JSONWriter.serialize(.dictionary(members)).utf8))
      let read = try JSONReader.parseObjectWithLayout(changed, source: "t.json")
      #expect(read.members == members)
      #expect(read.layout == layout)
      bytes = changed
    }
    #expect(!members.isEmpty)
  }

  @Test func keepsUntouchedMembersAsWritten() throws {
    let text = "{\n  \"a\": 1.50,\n  \"b\": [ 1,2 ],\n  \"c\": \"\\u00e9\"\n}\n"
    var found = try #require(try layout(of: text))
    let changed = try #require(
      found.apply([(key: "b", value: .integer(3))], to: Array(text.utf8)) { _ in true })
    #expect(
      String(decoding: changed, as: UTF8.self)
        == "{\n  \"a\": 1.50,\n  \"b\": 3,\n  \"c\": \"\\u00e9\"\n}\n")
    #expect(try layout(of: String(decoding: changed, as: UTF8.self)) == found)
  }

  @Test(arguments: [
    "{\n    \"a\": 1\n}\n",  // another indentation
    "{\"a\": 1}\n",  // one line
    "{\n  \"b\": 1,\n  \"a\": 2\n}\n",  // keys not sorted
    "{\n  \"a\": 1\n}",  // no final line break
    "{\n  \"a\": 1 ,\n  \"b\": 2\n}\n",  // a space before the comma
    "\u{FEFF}{\n  \"a\": 1\n}\n",  // a byte-order mark
    "{ }\n",  // an empty object written otherwise
    "\n{\n  \"a\": 1\n}\n",  // a line before the object
  ])
  func otherShapesHaveNoLayout(text: String) throws {
    #expect(try layout(of: text) == nil)
  }

  @Test func emptyObjectHasALayout() throws {
    var found = try #require(try layout(of: "{}\n"))
    let changed = try #require(
      found.apply([(key: "a", value: .bool(true))], to: Array("{}\n".utf8)) { _ in false })
    #expect(String(decoding: changed, as: UTF8.self) == "{\n  \"a\": true\n}\n")
    let emptied = try #require(found.apply([(key: "a", value: nil)], to: changed) { _ in true })
    #expect(String(decoding: emptied, as: UTF8.self) == "{}\n")
  }

  /// "é" decomposed in the file and composed in the change are two keys, as a store tells
  /// keys apart by their bytes: the change adds a member and the decomposed one stays.
  @Test func aKeySpelledWithOtherBytesIsAnotherMember() throws {
    let text = "{\n  \"cafe\u{301}\": 1\n}\n"
    let parsed = try JSONReader.parseObjectWithLayout(Array(text.utf8), source: "t.json")
    var found = try #require(parsed.layout)
    #expect(parsed.members["caf\u{E9}"] == nil)
    #expect(parsed.members["cafe\u{301}"] == .integer(1))
    let result = try #require(
      found.apply([(key: "caf\u{E9}", value: .integer(2))], to: Array(text.utf8)) {
        parsed.members[$0] != nil
      })
    // By bytes, "e" (0x65) sorts before "é" (0xC3 0xA9).
    let expected = "{\n  \"cafe\u{301}\": 1,\n  \"caf\u{E9}\": 2\n}\n"
    #expect(result == Array(expected.utf8))
    #expect(
      found.keys.map { Array($0.utf8) } == [Array("cafe\u{301}".utf8), Array("caf\u{E9}".utf8)])
  }

  /// When the caller's idea of the members disagrees with the layout, the layout declines
  /// and stays as it was, so that the caller writes the whole object.
  @Test func declinesWhenTheCallerDisagreesOnAMember() throws {
    let text = "{\n  \"a\": 1\n}\n"
    var found = try #require(try layout(of: text))
    let original = found
    let result = found.apply([(key: "a", value: .integer(2))], to: Array(text.utf8)) { _ in
      false
    }
    #expect(result == nil)
    #expect(found == original)
  }

  /// A hand-edited file is put in the layout's shape with each member copied as it is:
  /// spacing inside values, escapes, and an integer no `PropertyListValue` holds exactly.
  @Test func reshapingKeepsEveryMemberByteForByte() throws {
    let text = """
      { "zeta":12345678901234567890123,
      "alpha" : [1,  2.50], "mid": "\\u00e9" }
      """
    let parsed = try JSONReader.parseObjectWithLayout(Array(text.utf8), source: "t.json")
    #expect(parsed.layout == nil)
    let loose = try #require(parsed.loose)
    let (bytes, reshaped) = JSONObjectLayout.reshape(Array(text.utf8), members: loose)
    let expected = """
      {
        "alpha" : [1,  2.50],
        "mid": "\\u00e9",
        "zeta":12345678901234567890123
      }

      """
    #expect(String(decoding: bytes, as: UTF8.self) == expected)
    let reread = try JSONReader.parseObjectWithLayout(bytes, source: "t.json")
    #expect(reread.layout == reshaped)
    #expect(reread.members == parsed.members)
  }
}

@Suite struct JSONWrittenNumbersTests {
  @Test func numbersNoValueHoldsAreFoundByWhereTheySitAndWrittenBack() throws {
    let text = #"{"a": [1, 1e-400, {"b": 123456789012345678901234567890}], "c": 0.1, "d": 1E2}"#
    let numbers = try JSONReader.writtenNumbers(in: Array(text.utf8), source: "t")
    #expect(
      numbers.texts == [
        [.key("a"), .index(1)]: "1e-400",
        [.key("a"), .index(2), .key("b")]: "123456789012345678901234567890",
      ])
    let value = try JSONReader.parse(Array(text.utf8), source: "t")
    let written = JSONWriter.serialize(value, numbers: numbers)
    #expect(written.contains("1e-400,") && written.contains(": 123456789012345678901234567890"))
    #expect(written.contains("\"c\": 0.1,") && written.contains("\"d\": 100.0"))
    #expect(try JSONReader.parse(Array(written.utf8), source: "w") == value)
    #expect(try JSONReader.writtenNumbers(in: Array(written.utf8), source: "w") == numbers)
    // A value changed since it was read is written anew, not as the old text.
    let changed = PropertyListValue.dictionary(["a": [1, 2.5, ["b": 7.0]], "c": 0.1, "d": 100.0])
    #expect(!JSONWriter.serialize(changed, numbers: numbers).contains("e-400"))
    #expect(numbers.values(inMember: "a")[[.index(1)]] == "1e-400")
    #expect(
      JSONWrittenNumbers.decimal("1.2345678901234567890123456789e29")
        == JSONWrittenNumbers.decimal("123456789012345678901234567890"))
  }
}
