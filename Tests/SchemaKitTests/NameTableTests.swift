import Testing

@testable import SchemaKit

/// A name table finds each of its names, from a `String` or from bytes, and nothing else.
@Suite struct NameTableTests {
  private func lookUp(_ table: NameTable<Int>, bytesOf name: String) -> Int? {
    Array(name.utf8).withUnsafeBufferPointer { table[bytes: $0] }
  }

  @Test func everyNameIsFoundBothWaysAndNoOther() {
    // Names of every length the comparison treats apart (none, under 2, 4 and 8 bytes, more),
    // names that share a bucket (same length, first, third and last byte), and text.
    let names = [
      "", "a", "ab", "abc", "abcd", "abcdefg", "abcdefgh", "abcdefghijklmnopq", "aXcYe",
      "aZcWe", "日本", "PSToggleSwitchSpecifier", "PSTextFieldSpecifier",
    ]
    let table = NameTable(names.enumerated().map { ($1, $0) })
    for (value, name) in names.enumerated() {
      #expect(table[name] == value, "\(name)")
      #expect(lookUp(table, bytesOf: name) == value, "\(name)")
    }
    let others = ["b", "ba", "abce", "abcdefgi", "abcdefghijklmnopr", "aXcZe", "日", "Abcd"]
    for other in others {
      #expect(table[other] == nil, "\(other)")
      #expect(lookUp(table, bytesOf: other) == nil, "\(other)")
    }
    let withoutEmpty = NameTable([("a", 1)])
    #expect(withoutEmpty[""] == nil)
    #expect(lookUp(withoutEmpty, bytesOf: "") == nil)
  }
}
