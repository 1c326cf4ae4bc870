import FileFormats

/// A fixed set of names, each with its value, looked up without hashing the name: a name is
/// compared only with those of the same length and the same first, third and last byte,
/// which for a specifier's keys and types is one name. Reading a big schema looks up every
/// key and type this way.
///
/// The names' bytes sit one after the other in one buffer, and where each sits in an array
/// of plain numbers grouped by bucket, so that a look-up compares bytes in place and copies
/// (retains) nothing but the value it finds.
struct NameTable<Value>: Sendable where Value: Sendable {
  /// A power of two.
  private static var bucketCount: Int { 64 }
  /// Every name's UTF-8 bytes, one after the other.
  private let text: [UInt8]
  /// Where each name's bytes sit in ``text``: the names of bucket 0 first, then those of
  /// bucket 1, …
  private let places: [(start: Int, count: Int)]
  /// The names, in the order of ``places``.
  private let names: [String]
  /// Their values, in the same order.
  private let values: [Value]
  /// Where each bucket's names start in ``places``, and (last) the number of names.
  private let bucketStarts: [Int]

  init(_ pairs: [(name: String, value: Value)]) {
    var byBucket = [[(name: String, value: Value)]](repeating: [], count: Self.bucketCount)
    for pair in pairs {
      byBucket[Array(pair.name.utf8).withUnsafeBufferPointer(Self.bucket)].append(pair)
    }
    let grouped = byBucket.flatMap { $0 }
    var text: [UInt8] = []
    var places: [(start: Int, count: Int)] = []
    for (name, _) in grouped {
      places.append((text.count, name.utf8.count))
      text += name.utf8
    }
    self.text = text
    self.places = places
    names = grouped.map(\.name)
    values = grouped.map(\.value)
    var starts = [0]
    for bucket in byBucket { starts.append(starts[starts.count - 1] + bucket.count) }
    bucketStarts = starts
  }

  /// The value named `name`, if it is in the table.
  subscript(name: String) -> Value? {
    let bucket = name.utf8.withContiguousStorageIfAvailable(Self.bucket) ?? 0
    for index in bucketStarts[bucket]..<bucketStarts[bucket + 1] where names[index] == name {
      return values[index]
    }
    return nil
  }

  /// The value whose name is `bytes` in UTF-8, if it is in the table.
  subscript(bytes bytes: UnsafeBufferPointer<UInt8>) -> Value? {
    let bucket = Self.bucket(bytes)
    let found = text.withUnsafeBufferPointer { text -> Int? in
      for index in bucketStarts[bucket]..<bucketStarts[bucket + 1] {
        let place = places[index]
        guard place.count == bytes.count else { continue }
        // Only an empty name, which has no bytes to compare, may have no address.
        guard let names = text.baseAddress, let wanted = bytes.baseAddress else { return index }
        if (names + place.start).hasSameBytes(as: wanted, count: place.count) { return index }
      }
      return nil
    }
    return found.map { values[$0] }
  }

  private static func bucket(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard let first = bytes.first, let last = bytes.last else { return 0 }
    let third = bytes.count > 2 ? bytes[2] : 0
    return (bytes.count &* 7 &+ Int(first) &* 3 &+ Int(third) &* 5 &+ Int(last))
      & (bucketCount - 1)
  }
}
