import FoundationEssentials
import TestSupport
import Testing

@testable import FileFormats

/// A binary property list made by hand: `objects` are the encoded objects, in order;
/// offsets are one byte, references `referenceSize` bytes.
func binaryPlist(_ objects: [[UInt8]], top: UInt64 = 0, referenceSize: UInt8 = 1)
  -> [UInt8]
{
  var bytes = Array("bplist00".utf8)
  var offsets: [UInt8] = []
  for object in objects {
    offsets.append(UInt8(bytes.count))
    bytes += object
  }
  let table = UInt64(bytes.count)
  bytes += offsets
  func bigEndian(_ value: UInt64) -> [UInt8] {
    (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
  }
  bytes += [0, 0, 0, 0, 0, 0, 1, referenceSize]
  bytes += bigEndian(UInt64(objects.count)) + bigEndian(top) + bigEndian(table)
  return bytes
}

private func failure(_ bytes: [UInt8]) -> String? {
  do {
    _ = try PropertyListReader.parse(bytes, source: "b.plist")
    return nil
  } catch {
    #expect(error.line == 1)
    #expect(error.column == nil)
    return error.message
  }
}

/// Values that `PropertyListEncoder` writes in binary, keeping kinds exact.
private struct Sample: Encodable {
  var string = "plain"
  var japanese = "日本語の設定 😀"
  var integer = -42
  var large = Int.max
  var small: Int8 = 7
  var real = 2.0
  var float: Float = 1.5
  var flag = true
  var date = Date(timeIntervalSince1970: 1_795_996_800)
  var data = Data([0, 1, 2, 255])
  var list = (0..<20).map { "item \($0)" }
  var nested = ["a": [1, 2], "b": []]
  var empty: [String: Int] = [:]
}

@Suite struct BinaryPropertyListParserTests {
  @Test func readsWhatFoundationWritesWithExactKinds() throws {
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .binary
    let bytes = Array(try encoder.encode(Sample()))
    let value = try PropertyListReader.parseDictionary(bytes, source: "b.plist")
    let expected: [PropertyListKey: PropertyListValue] = [
      "string": "plain", "japanese": "日本語の設定 😀", "integer": -42, "large": .integer(Int.max),
      "small": 7, "real": .real(2), "float": 1.5, "flag": true,
      "date": .date(PropertyListDate(secondsSince1970: 1_795_996_800)),
      "data": .data([0, 1, 2, 255]),
      "list": .array((0..<20).map { .string("item \($0)") }), "nested": ["a": [1, 2], "b": []],
      "empty": [:],
    ]
    #expect(value == expected)
    #expect(value["real"]?.typeName == "real")
  }

  @Test func readsSharedObjectsOnce() throws {
    // An array of 14 references to one array of 14 references to one string, nested 3
    // deep: 2,744 leaves, one object each.
    var objects: [[UInt8]] = [[0x51, UInt8(ascii: "x")]]
    for level in 1...3 { objects.append([0xAE] + Array(repeating: UInt8(level - 1), count: 14)) }
    let value = try PropertyListReader.parse(binaryPlist(objects, top: 3), source: "b.plist")
    #expect(value.arrayValue?.count == 14)
    #expect(value.arrayValue?.first?.arrayValue?.first?.arrayValue?.first == "x")
  }

  /// Shared objects are counted at each use: `L = [L, L]` forty times is a file of under 300
  /// bytes that is 2⁴⁰ values to whatever walks it, and a string shared a million ways is a
  /// gigabyte. Both are refused at once, naming the file, instead of hanging later.
  @Test(arguments: [20, 40])
  func refusesAFileThatExpandsBeyondTheLimit(levels: Int) throws {
    var objects: [[UInt8]] = [[0x51, UInt8(ascii: "x")]]
    for level in 1...levels { objects.append([0xA2, UInt8(level - 1), UInt8(level - 1)]) }
    let bomb = binaryPlist(objects, top: UInt64(levels))
    #expect(bomb.count < 300)
    let message = try #require(failure(bomb))
    #expect(
      message.hasPrefix("binary property list: it expands to more than 1000000 values"),
      "\(message)")
    // Below the limit the same shape reads: 18 levels are 2^19 - 1 values.
    let fine = binaryPlist(Array(objects.prefix(19)), top: 18)
    #expect(try PropertyListReader.parse(fine, source: "b.plist").arrayValue?.count == 2)
  }

  @Test func refusesStringsThatExpandBeyondTheByteLimit() throws {
    // A 4 KiB string in an array of 256 references, that array 256 times in another: 256 MiB.
    let text = [0x5F, 0x11, 0x10, 0x00] + [UInt8](repeating: UInt8(ascii: "a"), count: 4096)
    let inner: [UInt8] = [0xAF, 0x11, 0x01, 0x00] + [UInt8](repeating: 0, count: 256)
    let outer: [UInt8] = [0xAF, 0x11, 0x01, 0x00] + [UInt8](repeating: 1, count: 256)
    var bytes = Array("bplist00".utf8)
    var offsets: [UInt64] = []
    for object in [text, inner, outer] {
      offsets.append(UInt64(bytes.count))
      bytes += object
    }
    let table = UInt64(bytes.count)
    for offset in offsets { bytes += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
    func bigEndian(_ value: UInt64) -> [UInt8] {
      (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
    bytes += [0, 0, 0, 0, 0, 0, 2, 1] + bigEndian(3) + bigEndian(2) + bigEndian(table)
    let message = try #require(failure(bytes))
    #expect(message.contains("expands to more than 67108864 bytes of text"), "\(message)")
  }

  /// A 16-byte integer above `Int.max` is an unsigned 64-bit value (as `CFBinaryPList`
  /// writes one): kept exactly.
  @Test func largeUnsignedIntegersAreKeptExactly() throws {
    let high: [UInt8] = [0x14] + Array(repeating: 0, count: 8) + Array(repeating: 0xFF, count: 8)
    #expect(
      try PropertyListReader.parse(binaryPlist([high]), source: "b")
        == .unsignedInteger(UInt64.max))
  }

  @Test(arguments: [
    ([UInt8]("bplist00".utf8), "binary property list: the file is too short; it is truncated"),
    (
      Array("bplist01".utf8) + Array(repeating: 0, count: 40),
      "binary property list: only version 00 of the binary format is supported (at byte offset 0)"
    ),
  ])
  func damagedHeaders(bytes: [UInt8], message: String) {
    #expect(failure(bytes) == message)
  }

  @Test func damagedFilesAreRefusedWithTheReason() {
    #expect(
      failure(binaryPlist([[0xA1, 0x00]])) == "binary property list: object 0 contains itself")
    #expect(
      failure(binaryPlist([[0x00]]))
        == "binary property list: null is not a property-list value (at byte offset 8)")
    #expect(failure(binaryPlist([[0x80, 0x01]]))?.contains("UIDs") == true)
    #expect(
      failure(binaryPlist([[0xC0]]))
        == "binary property list: sets are not property-list values (at byte offset 8)")
    #expect(
      failure(binaryPlist([[0xA1, 0x05]]))?.contains("reference to object 5 is out of range")
        == true)
    #expect(failure(binaryPlist([[0x5F, 0x10, 0xFF]]))?.contains("truncated") == true)
    #expect(
      failure(binaryPlist([[0xD1, 0x01, 0x01], [0x10, 0x01]]))
        == "binary property list: a dictionary key is not a string (at byte offset 11)")
    #expect(failure(binaryPlist([[0x61, 0xD8, 0x3D]]))?.contains("unpaired surrogate") == true)
    #expect(
      failure(binaryPlist([[0x70]]))
        == "binary property list: unknown object type 0x70 (at byte offset 8)")
    #expect(failure(binaryPlist([[0x09]], top: 3))?.contains("trailer is damaged") == true)
    #expect(
      failure(binaryPlist([[0x09]], referenceSize: 9))?.contains("trailer is damaged") == true)
    var truncated = binaryPlist([[0x09]])
    truncated.removeLast(4)
    #expect(failure(truncated) != nil)
  }

  @Test func topLevelMustBeADictionaryForAStore() {
    #expect(
      throws: SourceError(
        source: "b", line: 1, column: nil,
        message: "binary property list: expected a dictionary at the top level, found boolean")
    ) {
      try PropertyListReader.parseDictionary(binaryPlist([[0x09]]), source: "b")
    }
  }

  @Test func mutatedInputNeverCrashes() throws {
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .binary
    let seed = Array(try encoder.encode(Sample()))
    var random = SplitMix64(seed: 0xB1_0B)
    for _ in 0..<3000 {
      var bytes = seed
      for _ in 0..<(1 + random.next() % 3) {
        let position = 8 + Int(random.next() % UInt64(bytes.count - 8))
        bytes[position] = UInt8(truncatingIfNeeded: random.next())
      }
      if random.next() % 8 == 0 { bytes.removeLast(Int(random.next() % 40)) }
      do {
        _ = try PropertyListReader.parse(bytes, source: "fuzz")
      } catch {
        #expect(error.message.hasPrefix("binary property list: "))
      }
    }
  }
}
