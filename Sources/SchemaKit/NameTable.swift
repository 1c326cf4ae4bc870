import FileFormats

/// A fixed set of names, each with its value, looked up without hashing the name: a name is
/// compared only with those of the same length and the same first, third and last byte,
/// which for a specifier's keys and types is one name. Reading a big schema looks up every
/// key and type this way.
///
/// The names' bytes sit one after the other in one buffer and the entries in one array,
/// grouped by bucket, so that a look-up reads two arrays and compares bytes in place.
struct NameTable<Value>: Sendable where Value: Sendable {
  /// A name and its value: where its bytes sit in ``text``.
  private struct Entry: Sendable {
    var start: Int
    var count: Int
    var name: String
    var value: Value
  }

  /// A power of two.
  private static var bucketCount: Int { 64 }
  /// Every name's UTF-8 bytes, one after the other.
  private let text: [UInt8]
  /// The entries, those of bucket 0 first, then those of bucket 1, …
  private let entries: [Entry]
  /// Where each bucket's entries start in ``entries``, and (last) the number of entries.
  private let bucketStarts: [Int]

  init(_ pairs: [(name: String, value: Value)]) {
    var text: [UInt8] = []
    var byBucket = [[Entry]](repeating: [], count: Self.bucketCount)
    for (name, value) in pairs {
      let bytes = Array(name.utf8)
      let entry = Entry(start: text.count, count: bytes.count, name: name, value: value)
      byBucket[bytes.withUnsafeBufferPointer(Self.bucket)].append(entry)
      text += bytes
    }
    self.text = text
    entries = byBucket.flatMap { $0 }
    var starts = [0]
    for bucket in byBucket { starts.append(starts[starts.count - 1] + bucket.count) }
    bucketStarts = starts
  }

  /// The value named `name`, if it is in the table.
  subscript(name: String) -> Value? {
    let bucket = name.utf8.withContiguousStorageIfAvailable(Self.bucket) ?? 0
    for entry in entries[bucketStarts[bucket]..<bucketStarts[bucket + 1]] where entry.name == name {
      return entry.value
    }
    return nil
  }

  /// The value whose name is `bytes` in UTF-8, if it is in the table.
  subscript(bytes bytes: UnsafeBufferPointer<UInt8>) -> Value? {
    let bucket = Self.bucket(bytes)
    guard let wanted = bytes.baseAddress else { return self[""] }
    return text.withUnsafeBufferPointer { text -> Value? in
      guard let names = text.baseAddress else { return nil }
      for index in bucketStarts[bucket]..<bucketStarts[bucket + 1] {
        let entry = entries[index]
        if entry.count == bytes.count,
          (names + entry.start).hasSameBytes(as: wanted, count: entry.count)
        {
          return entry.value
        }
      }
      return nil
    }
  }

  private static func bucket(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard let first = bytes.first, let last = bytes.last else { return 0 }
    let third = bytes.count > 2 ? bytes[2] : 0
    return (bytes.count &* 7 &+ Int(first) &* 3 &+ Int(third) &* 5 &+ Int(last))
      & (bucketCount - 1)
  }
}
