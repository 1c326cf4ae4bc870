/// A fixed set of names, each with its value, looked up without hashing the name: a name is
/// compared only with those of the same length and the same first, third and last byte,
/// which for a specifier's keys and types is one name. Reading a big schema looks up every
/// key and type this way.
struct NameTable<Value>: Sendable where Value: Sendable {
  private var buckets: [[(name: String, bytes: [UInt8], value: Value)]]

  init(_ entries: [(name: String, value: Value)]) {
    buckets = Array(repeating: [], count: 64)
    for entry in entries {
      let bytes = Array(entry.name.utf8)
      buckets[bytes.withUnsafeBufferPointer(Self.bucket)].append((entry.name, bytes, entry.value))
    }
  }

  /// The value named `name`, if it is in the table.
  subscript(name: String) -> Value? {
    let bucket = name.utf8.withContiguousStorageIfAvailable(Self.bucket) ?? 0
    for entry in buckets[bucket] where entry.name == name { return entry.value }
    return nil
  }

  /// The value whose name is `bytes` in UTF-8, if it is in the table.
  subscript(bytes bytes: UnsafeBufferPointer<UInt8>) -> Value? {
    for entry in buckets[Self.bucket(bytes)] where entry.bytes.count == bytes.count {
      let same = entry.bytes.withUnsafeBufferPointer { name in
        name.indices.allSatisfy { name[$0] == bytes[$0] }
      }
      if same { return entry.value }
    }
    return nil
  }

  private static func bucket(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard let first = bytes.first, let last = bytes.last else { return 0 }
    let third = bytes.count > 2 ? bytes[2] : 0
    return (bytes.count &* 7 &+ Int(first) &* 3 &+ Int(third) &* 5 &+ Int(last)) & 63
  }
}
