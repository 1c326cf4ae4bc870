import Glibc
import Testing

@testable import TextSafety

@Suite struct ByteBufferTests {
  @Test func numbersAreWrittenAsStringWritesThem() {
    for value in [0, 7, 9, 10, 99, 100, 12_345, -1, -10, -987, Int.max, Int.min] {
      var bytes = ByteBuffer(capacity: 0)
      bytes.appendDecimal(value)
      #expect(String(decoding: bytes.finish(), as: UTF8.self) == String(value))
      #expect(ByteBuffer.decimalDigits(of: value) == String(value).count)
    }
  }

  /// Bytes written in the room asked for count only once committed: a writer that drops
  /// what it wrote (a text the index holds already) leaves the buffer as it was.
  @Test func roomCountsOnlyWhatIsCommitted() {
    var bytes = ByteBuffer(capacity: 4)
    for round in 0..<100 {
      let room = bytes.room(for: 3)
      room[0] = UInt8(ascii: "a")
      room[1] = UInt8(ascii: "b")
      room[2] = UInt8(ascii: "c")
      bytes.commit(round.isMultiple(of: 2) ? 2 : 0)
    }
    #expect(bytes.count == 100)
    #expect(bytes.finish() == Array(repeating: Array("ab".utf8), count: 50).flatMap { $0 })
    #expect(memcmp(bytes.bytes(from: 98), "ab", 2) == 0)
  }

  @Test func theBufferGrowsPastWhatItWasMadeFor() {
    var bytes = ByteBuffer(capacity: 1)
    var expected = ""
    for round in 0..<200 {
      bytes.appendSpaces(round % 7)
      bytes.appendUTF8("言語\(round)")
      bytes.append(UInt8(ascii: "|"))
      bytes.append("\u{1B}[0m")
      bytes.appendSpaces(-3)
      expected += String(repeating: " ", count: round % 7) + "言語\(round)|\u{1B}[0m"
    }
    // A long string, stored out of line, is read in place too.
    let long = String(repeating: "設定 settings ", count: 40)
    bytes.appendUTF8(long)
    expected += long
    #expect(bytes.count == expected.utf8.count)
    #expect(String(decoding: bytes.finish(), as: UTF8.self) == expected)
  }
}

@Suite struct LineBreakCountTests {
  @Test(arguments: [
    "", "a", "\n", "a\nb\n", "\n\n\n", "日本\n語\nx", String(repeating: "ab\n", count: 1000),
  ])
  func countsWhatAScanCounts(text: String) {
    let bytes = Array(text.utf8)
    let expected = bytes.filter { $0 == 0x0A }.count
    #expect(bytes.withUnsafeBufferPointer(ByteBuffer.lineBreaks(in:)) == expected)
    #expect(ByteBuffer.lineBreaks(in: text) == expected)
  }
}
