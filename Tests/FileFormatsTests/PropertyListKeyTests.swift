import TestSupport
import Testing

@testable import FileFormats

/// `café` composed (U+00E9, NFC) and decomposed (`e` and U+0301, NFD): one key to `String`,
/// two keys to `NSUserDefaults` and to settei, which compare keys by their bytes.
private let composed = "caf\u{E9}"
private let decomposed = "cafe\u{301}"

/// A binary property list of one dictionary: `café` (NFC) → 1 and `café` (NFD) → 2.
private func binaryPlistWithBothSpellings() -> [UInt8] {
  // Text beyond ASCII is held in UTF-16, big-endian.
  let nfc = utf16Bytes(composed, bigEndian: true, byteOrderMark: false)
  let nfd = utf16Bytes(decomposed, bigEndian: true, byteOrderMark: false)
  let objects: [[UInt8]] = [
    [0xD2, 1, 2, 3, 4],  // a dictionary: keys 1 and 2, values 3 and 4
    [0x60 | UInt8(nfc.count / 2)] + nfc,
    [0x60 | UInt8(nfd.count / 2)] + nfd,
    [0x10, 1],
    [0x10, 2],
  ]
  return binaryPlist(objects)
}

/// The keys of a dictionary value as bytes, sorted.
private func keyBytes(_ value: PropertyListValue?) -> [[UInt8]] {
  (value?.dictionaryValue?.keys.map { Array($0.string.utf8) } ?? []).sorted {
    $0.lexicographicallyPrecedes($1)
  }
}

@Suite struct PropertyListKeyTests {
  @Test func keysAreEqualOnlyWithTheSameBytes() {
    #expect(composed == decomposed)  // what `String` says
    #expect(PropertyListKey(composed) != PropertyListKey(decomposed))
    #expect(PropertyListKey(composed) == PropertyListKey("caf" + "\u{E9}"))
    #expect(Set([PropertyListKey(composed), PropertyListKey(decomposed)]).count == 2)
    let members: [PropertyListKey: PropertyListValue] = [
      PropertyListKey(composed): 1, PropertyListKey(decomposed): 2,
    ]
    #expect(members.count == 2)
    #expect(members[composed] == 1)
    #expect(members[decomposed] == 2)
    #expect(PropertyListValue.dictionary(members)[decomposed] == 2)
  }

  @Test func keysSortByTheirBytesAsWritersWriteThem() {
    let keys: [PropertyListKey] = ["b", "a", "B", "Äpfel", "z", PropertyListKey(composed)]
    let sorted = keys.sorted().map(\.string)
    let byBytes = keys.map(\.string).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    #expect(sorted == byBytes)
    #expect(PropertyListKey(decomposed) < PropertyListKey(composed))  // "e" is 0x65, "é" 0xC3…
  }

  @Test func everyReaderKeepsBothSpellingsOfAKey() throws {
    let xml = plistDocument(
      "<dict><key>\(composed)</key><integer>1</integer>"
        + "<key>\(decomposed)</key><integer>2</integer></dict>")
    let json = "{\"\(composed)\": 1, \"\(decomposed)\": 2}"
    let escapedJSON = #"{"caf\u00e9": 1, "cafe\u0301": 2}"#
    let read = [
      try PropertyListReader.parse(Array(xml.utf8), source: "s.plist"),
      try PropertyListReader.parse(binaryPlistWithBothSpellings(), source: "s.plist"),
      try JSONReader.parse(Array(json.utf8), source: "s.json"),
      try JSONReader.parse(Array(escapedJSON.utf8), source: "s.json"),
    ]
    for value in read {
      #expect(value.dictionaryValue?.count == 2)
      #expect(value[composed] == 1)
      #expect(value[decomposed] == 2)
    }
  }

  @Test func writersWriteBothSpellingsBackByteForByte() throws {
    let value: PropertyListValue = .dictionary([
      PropertyListKey(composed): 1, PropertyListKey(decomposed): 2,
    ])
    let json = JSONWriter.serialize(value)
    #expect(Array(json.utf8) == Array("{\n  \"\(decomposed)\": 2,\n  \"\(composed)\": 1\n}\n".utf8))
    let xml = PropertyListWriter.serialize(value)
    #expect(
      Array(xml.utf8).contains(Array("<key>\(decomposed)</key>\n\t<integer>2</integer>".utf8)))
    #expect(Array(xml.utf8).contains(Array("<key>\(composed)</key>\n\t<integer>1</integer>".utf8)))
    for reread in [
      try JSONReader.parse(Array(json.utf8), source: "s.json"),
      try PropertyListReader.parse(Array(xml.utf8), source: "s.plist"),
    ] {
      #expect(reread == value)
      #expect(keyBytes(reread) == keyBytes(value))
    }
  }

  /// A number no value holds exactly is written back under its own spelling of the key.
  @Test func numbersWrittenAsWrittenStayWithTheirSpellingOfTheKey() throws {
    let text = "{\"\(composed)\": 1e-400, \"\(decomposed)\": 123456789012345678901234567890}"
    let bytes = Array(text.utf8)
    let value = try JSONReader.parse(bytes, source: "s.json")
    let numbers = try JSONReader.writtenNumbers(in: bytes, source: "s.json")
    #expect(numbers.texts.count == 2)
    let written = JSONWriter.serialize(value, numbers: numbers)
    let expected =
      "{\n  \"\(decomposed)\": 123456789012345678901234567890,\n  \"\(composed)\": 1e-400\n}\n"
    #expect(Array(written.utf8) == Array(expected.utf8))
  }
}
