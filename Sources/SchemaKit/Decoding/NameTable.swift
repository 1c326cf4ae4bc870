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
  /// Where each name's bytes start in ``text``: the names of bucket 0 first, then those of
  /// bucket 1, …
  private let starts: [Int]
  /// How many bytes each name has, in the order of ``starts``.
  private let lengths: [Int]
  /// The names, in the order of ``starts``.
  private let names: [String]
  /// Their values, in the same order.
  private let values: [Value]
  /// Where each bucket's names start in ``starts``, and (last) the number of names.
  private let bucketStarts: [Int]

  init(_ pairs: [(name: String, value: Value)]) {
    // The names are sorted by bucket, each bucket's in the order given, by counting: one
    // array of numbers, not an array of names for each of the 64 buckets (whose making and
    // freeing was most of the 100,000 instructions a table cost at every schema's load).
    var bucketOfPair: [Int] = []
    bucketOfPair.reserveCapacity(pairs.count)
    var bucketStarts = [Int](repeating: 0, count: Self.bucketCount + 1)
    for index in pairs.indices {
      let bucket = Self.bucket(of: pairs[index].name)
      bucketOfPair.append(bucket)
      bucketStarts[bucket + 1] += 1
    }
    for bucket in 0..<Self.bucketCount { bucketStarts[bucket + 1] += bucketStarts[bucket] }
    var order = [Int](repeating: 0, count: pairs.count)
    var nextPlace = bucketStarts
    for index in pairs.indices {
      let bucket = bucketOfPair[index]
      order[nextPlace[bucket]] = index
      nextPlace[bucket] += 1
    }
    var text: [UInt8] = []
    var starts: [Int] = []
    var lengths: [Int] = []
    var names: [String] = []
    var values: [Value] = []
    starts.reserveCapacity(pairs.count)
    lengths.reserveCapacity(pairs.count)
    names.reserveCapacity(pairs.count)
    values.reserveCapacity(pairs.count)
    for index in order {
      let name = pairs[index].name
      starts.append(text.count)
      lengths.append(name.utf8.count)
      text += name.utf8
      names.append(name)
      values.append(pairs[index].value)
    }
    self.text = text
    self.starts = starts
    self.lengths = lengths
    self.names = names
    self.values = values
    self.bucketStarts = bucketStarts
  }

  /// The value named `name`, if it is in the table.
  subscript(name: String) -> Value? {
    let bucket = Self.bucket(of: name)
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
        let count = lengths[index]
        guard count == bytes.count else { continue }
        // Only an empty name, which has no bytes to compare, may have no address.
        guard let names = text.baseAddress, let wanted = bytes.baseAddress else { return index }
        if (names + starts[index]).hasSameBytes(as: wanted, count: count) { return index }
      }
      return nil
    }
    return found.map { values[$0] }
  }

  /// The bucket of a name: that of its UTF-8 bytes.
  private static func bucket(of name: String) -> Int {
    name.utf8.withContiguousStorageIfAvailable(bucket)
      ?? Array(name.utf8).withUnsafeBufferPointer(bucket)
  }

  private static func bucket(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard let first = bytes.first, let last = bytes.last else { return 0 }
    let third = bytes.count > 2 ? bytes[2] : 0
    return (bytes.count &* 7 &+ Int(first) &* 3 &+ Int(third) &* 5 &+ Int(last))
      & (bucketCount - 1)
  }
}
