import FoundationEssentials
import TestSupport
import Testing

@testable import FileFormats

@Suite struct Base64Tests {
  /// RFC 4648, section 10.
  @Test(arguments: [
    ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
    ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
  ])
  func encodesAndDecodesTheRFCVectors(bytes: String, text: String) {
    #expect(Base64.encode(Array(bytes.utf8)) == text)
    #expect(Base64.decode(Array(text.utf8)) == Array(bytes.utf8))
  }

  @Test func everyByteValueAndLengthRoundTripsAsFoundationWritesIt() {
    for length in 0..<8 {
      for first in 0...255 {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: first &* 31 &+ $0 &* 97) }
        let text = Base64.encode(bytes)
        #expect(text == Data(bytes).base64EncodedString())
        #expect(Base64.decode(Array(text.utf8)) == bytes)
      }
    }
  }

  /// `<data>` in XML property lists wraps its text over lines and indents it.
  @Test func skipsWhitespaceAnywhere() {
    let text = "\n\t\tZm9v\r\n\t\tYm E=\n\t"
    #expect(Base64.decode(Array(text.utf8)) == Array("fooba".utf8))
    #expect(Base64.decode(Array("  \n".utf8)) == [])
  }

  @Test(arguments: [
    "Zg", "Zg=", "Zm9vY", "Z===", "====", "=Zg=", "Zg=a", "Zg==Zg==", "Zg==a", "Zm9v!",
    "Zm9v-_==", "Zm9vYmE=\u{0}", "Zm9v\u{0B}", "Zm9vÿ", "Zm9vYmE==", "Zm9vY===",
  ])
  func refusesWhatIsNotBase64(text: String) {
    #expect(Base64.decode(Array(text.utf8)) == nil)
  }

  /// Random text of the alphabet, `=` and spaces. Where it is whole groups of 4 with `=` only
  /// at the end (spaces taken out, as the XML reader does), it decodes as Foundation decodes
  /// it; anything else is refused, where Foundation also takes some misplaced `=` (`JSCh=`,
  /// `9R=O`).
  @Test func decodesPaddedTextAsFoundationDoesAndRefusesTheRest() {
    let characters = Array(
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/== ".utf8)
    var generator = SplitMix64(seed: 4648)
    var decoded = 0
    for _ in 0..<20_000 {
      let length = Int.random(in: 0...12, using: &generator)
      let text = (0..<length).map { _ in characters.randomElement(using: &generator)! }
      let compact = text.filter { $0 != UInt8(ascii: " ") }
      let unpadded = compact.reversed().drop { $0 == UInt8(ascii: "=") }
      let padded =
        compact.count % 4 == 0 && compact.count - unpadded.count <= 2
        && !unpadded.contains(UInt8(ascii: "="))
      let ours = Base64.decode(text)
      let shown = String(decoding: text, as: UTF8.self)
      if padded {
        #expect(ours == Data(base64Encoded: Data(compact)).map { Array($0) }, "\(shown)")
        decoded += 1
      } else {
        #expect(ours == nil, "\(shown)")
      }
    }
    #expect(decoded > 1_000)
  }
}
