import Testing

@testable import TextSafety

@Suite struct PrintableASCIITests {
  /// The first byte at or after `start` that is not printable ASCII, byte by byte.
  private func naiveEnd(_ bytes: [UInt8], from start: Int) -> Int {
    bytes[start...].firstIndex { $0 < 0x20 || $0 > 0x7E } ?? bytes.count
  }

  @Test func findsTheFirstByteThatIsNotPrintableASCIIAtAnyLengthAndPlace() {
    let odd: [UInt8] = [0x00, 0x09, 0x0A, 0x1F, 0x7F, 0x80, 0xC3, 0xE2, 0xFF]
    for length in 0...24 {
      let plain = (0..<length).map { UInt8(0x20 + ($0 * 7) % 95) }
      for start in 0...length {
        let end = plain.withUnsafeBufferPointer { PrintableASCII.end(of: $0, from: start) }
        #expect(end == length)
      }
      for place in 0..<length {
        for byte in odd {
          var bytes = plain
          bytes[place] = byte
          for start in [0, place / 2, place, min(length, place + 1)] {
            let end = bytes.withUnsafeBufferPointer { PrintableASCII.end(of: $0, from: start) }
            #expect(end == naiveEnd(bytes, from: start), "length \(length), \(byte) at \(place)")
          }
        }
      }
    }
  }
}
