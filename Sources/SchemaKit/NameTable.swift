/// A fixed set of names, each with its value, looked up without hashing the name: a name is
/// compared only with those of the same length and the same first, third and last byte,
/// which for a specifier's keys and types is one name. Reading a big schema looks up every
/// key and type this way.
struct NameTable<Value>: Sendable where Value: Sendable {
  private var buckets: [[(name: String, value: Value)]]

  init(_ entries: [(name: String, value: Value)]) {
    buckets = Array(repeating: [], count: 64)
    for entry in entries { buckets[Self.bucket(entry.name)].append(entry) }
  }

  /// The value named `name`, if it is in the table.
  subscript(name: String) -> Value? {
    for entry in buckets[Self.bucket(name)] where entry.name == name { return entry.value }
    return nil
  }

  private static func bucket(_ name: String) -> Int {
    let hash = name.utf8.withContiguousStorageIfAvailable { bytes -> Int in
      guard let first = bytes.first, let last = bytes.last else { return 0 }
      let third = bytes.count > 2 ? bytes[2] : 0
      return bytes.count &* 7 &+ Int(first) &* 3 &+ Int(third) &* 5 &+ Int(last)
    }
    return (hash ?? 0) & 63
  }
}
