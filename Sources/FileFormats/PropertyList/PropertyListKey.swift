/// A dictionary key of a property list or a store: a string compared by its UTF-8 bytes.
///
/// `NSUserDefaults` and `CFPreferences` compare keys code unit by code unit, without Unicode
/// normalisation, so `café` written with U+00E9 (NFC) and `cafe\u{301}` written with an `e`
/// and a combining acute accent (NFD) are two keys there, each with its own value. Swift's
/// `String` compares by canonical equivalence and would make them one, losing a value. This
/// type keeps them apart: equality, hashing and ordering all use the bytes. The order is the
/// one ``JSONWriter`` and ``PropertyListWriter`` write keys in.
///
/// Hashing the bytes is also cheaper than hashing a `String`, which normalises non-ASCII text
/// first.
package struct PropertyListKey: Sendable {
  /// The key as text.
  package let string: String

  /// The key spelled `string`, byte for byte.
  package init(_ string: String) {
    self.string = string
  }

  /// The key spelled `text`, byte for byte.
  package init(_ text: Substring) {
    self.string = String(text)
  }
}

extension PropertyListKey: Hashable {
  /// Whether both keys have the same UTF-8 bytes.
  package static func == (lhs: PropertyListKey, rhs: PropertyListKey) -> Bool {
    let left = lhs.string.utf8
    let right = rhs.string.utf8
    guard left.count == right.count else { return false }
    let compared = left.withContiguousStorageIfAvailable { leftBytes in
      right.withContiguousStorageIfAvailable { rightBytes in
        var index = 0
        while index < leftBytes.count {
          if leftBytes[index] != rightBytes[index] { return false }
          index += 1
        }
        return true
      }
    }
    if let compared = compared ?? nil { return compared }
    return left.elementsEqual(right)
  }

  /// Hashes the UTF-8 bytes, with a terminator no UTF-8 text holds.
  package func hash(into hasher: inout Hasher) {
    let hashed: Void? = string.utf8.withContiguousStorageIfAvailable { bytes in
      hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
    }
    if hashed == nil {
      for byte in string.utf8 { hasher.combine(byte) }
    }
    hasher.combine(0xFF as UInt8)
  }
}

extension PropertyListKey: Comparable {
  /// Whether `lhs` sorts before `rhs` by UTF-8 bytes, the order writers put keys in.
  package static func < (lhs: PropertyListKey, rhs: PropertyListKey) -> Bool {
    JSONWriter.utf8Precedes(lhs.string, rhs.string)
  }
}

extension PropertyListKey: ExpressibleByStringLiteral, CustomStringConvertible,
  CustomDebugStringConvertible
{
  /// The key spelled as the literal.
  package init(stringLiteral value: String) {
    self.string = value
  }

  /// The key as text.
  package var description: String { string }

  /// The key as a JSON string literal, so that two spellings look different when escaped.
  package var debugDescription: String { JSONWriter.quoted(string) }
}

extension Dictionary where Key == PropertyListKey {
  /// The value under the key spelled `key`, byte for byte.
  package subscript(_ key: String) -> Value? {
    get { self[PropertyListKey(key)] }
    set { self[PropertyListKey(key)] = newValue }
  }
}

extension Set where Element == PropertyListKey {
  /// Whether the set holds the key spelled `key`, byte for byte.
  package func contains(_ key: String) -> Bool {
    contains(PropertyListKey(key))
  }
}
