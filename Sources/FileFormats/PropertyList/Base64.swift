/// Base64 text (RFC 4648, section 4: the standard alphabet, padded with `=`), as `<data>`
/// holds it in XML property lists and as JSON output writes bytes.
package enum Base64 {
  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// The text of `bytes`, padded to a multiple of 4 characters, on one line.
  package static func encode(_ bytes: some Collection<UInt8>) -> String {
    var text: [UInt8] = []
    text.reserveCapacity((bytes.count + 2) / 3 * 4)
    var iterator = bytes.makeIterator()
    while let first = iterator.next() {
      let second = iterator.next()
      let third = iterator.next()
      let group = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
      text.append(alphabet[Int(group >> 18 & 0x3F)])
      text.append(alphabet[Int(group >> 12 & 0x3F)])
      text.append(second == nil ? UInt8(ascii: "=") : alphabet[Int(group >> 6 & 0x3F)])
      text.append(third == nil ? UInt8(ascii: "=") : alphabet[Int(group & 0x3F)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// The bytes of `text`, skipping spaces, tabs and line breaks anywhere (XML property
  /// lists wrap `<data>` over lines); `nil` unless the rest is whole groups of 4 characters
  /// of the alphabet, the last group ending in at most two `=`.
  package static func decode(_ text: some Collection<UInt8>) -> [UInt8]? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.count / 4 * 3)
    var group: UInt32 = 0
    var count = 0
    var padding = 0
    for character in text {
      switch character {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        continue
      case UInt8(ascii: "="):
        // Padding only in the last two places of a group, after at least two characters.
        guard count >= 2 else { return nil }
        padding += 1
        count += 1
        group <<= 6
      default:
        guard padding == 0, let value = value(of: character) else { return nil }
        group = group << 6 | UInt32(value)
        count += 1
      }
      if count == 4 {
        bytes.append(UInt8(truncatingIfNeeded: group >> 16))
        if padding < 2 { bytes.append(UInt8(truncatingIfNeeded: group >> 8)) }
        if padding < 1 { bytes.append(UInt8(truncatingIfNeeded: group)) }
        group = 0
        count = 0
        // Nothing but whitespace may follow a padded group.
        if padding > 0 { padding = 3 }
      }
    }
    return count == 0 ? bytes : nil
  }

  private static func value(of character: UInt8) -> UInt8? {
    switch character {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A")
    case UInt8(ascii: "a")...UInt8(ascii: "z"): character - UInt8(ascii: "a") + 26
    case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0") + 52
    case UInt8(ascii: "+"): 62
    case UInt8(ascii: "/"): 63
    default: nil
    }
  }
}
