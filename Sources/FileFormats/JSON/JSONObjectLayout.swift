/// Where each member of a store file's top-level JSON object sits in the file's bytes, so
/// that a save writes the members it changed and copies the others as they are.
///
/// A layout exists only for bytes in the shape ``JSONWriter`` gives an object at the top
/// level: `{` and a line break, each member on a line of its own after two spaces, `,` and
/// a line break between members, keys in increasing UTF-8 order, then a line break, `}`
/// and a line break (`{}` and a line break when there are no members). Inside a member,
/// anything JSON allows is kept byte for byte. A file of any other shape is written whole
/// by ``write(_:)``, which gives it this shape.
///
/// With 10,000 keys, changing one this way costs a copy of the file's bytes instead of
/// sorting and writing every member again (docs/performance.md, figure 4).
package struct JSONObjectLayout: Equatable, Sendable {
  /// The members' keys, in increasing UTF-8 order.
  private(set) var keys: [String]
  /// Where each member sits: from its key's opening quote to the end of its value.
  private(set) var ranges: [Range<Int>]

  private static let opening = Array("{\n  ".utf8)
  private static let separator = Array(",\n  ".utf8)
  private static let closing = Array("\n}\n".utf8)
  private static let empty = Array("{}\n".utf8)

  /// The layout of `bytes`, whose top-level members have `keys` at `ranges` (in the order
  /// they appear), or `nil` if the bytes do not have the shape described above.
  init?(bytes: [UInt8], keys: [String], ranges: [Range<Int>]) {
    guard keys.count == ranges.count else { return nil }
    guard let first = ranges.first, let last = ranges.last else {
      guard bytes == Self.empty else { return nil }
      self.init(keys: [], ranges: [])
      return
    }
    guard Self.bytes(bytes, in: 0..<first.lowerBound, are: Self.opening),
      Self.bytes(bytes, in: last.upperBound..<bytes.count, are: Self.closing)
    else { return nil }
    for index in ranges.indices.dropFirst() {
      let between = ranges[index - 1].upperBound..<ranges[index].lowerBound
      guard Self.bytes(bytes, in: between, are: Self.separator),
        JSONWriter.utf8Precedes(keys[index - 1], keys[index])
      else { return nil }
    }
    self.init(keys: keys, ranges: ranges)
  }

  private init(keys: [String], ranges: [Range<Int>]) {
    self.keys = keys
    self.ranges = ranges
  }

  /// Where the top-level members of bytes *not* in the shape above sit (a file edited by
  /// hand): from each key's opening quote to the end of its value, in file order.
  package struct Members: Equatable, Sendable {
    package var keys: [String]
    package var ranges: [Range<Int>]
  }

  /// `source`, whose members sit at `members`, in the shape above: the members sorted,
  /// each copied byte for byte (spacing inside a value, escapes, and numbers that no
  /// ``PropertyListValue`` holds exactly, such as integers wider than 64 bits, all stay),
  /// with the layout of the result.
  package static func reshape(_ source: [UInt8], members: Members) -> (
    bytes: [UInt8], layout: JSONObjectLayout
  ) {
    let order = members.keys.indices.sorted {
      JSONWriter.utf8Precedes(members.keys[$0], members.keys[$1])
    }
    var output = Output(capacity: source.count + 16, members: order.count)
    for index in order {
      output.copy(members: index..<index + 1, of: members.ranges, from: source)
    }
    let layout = JSONObjectLayout(keys: order.map { members.keys[$0] }, ranges: output.ranges)
    return (output.finish(), layout)
  }

  /// `members` as ``JSONWriter/serialize(_:pretty:)`` writes them (the same bytes), with
  /// their layout.
  package static func write(
    _ members: [PropertyListKey: PropertyListValue],
    numbers: JSONWrittenNumbers = JSONWrittenNumbers()
  ) -> (bytes: [UInt8], layout: JSONObjectLayout) {
    let sorted = JSONWriter.sortedMembers(members)
    var output = Output(capacity: members.count * 32, members: members.count)
    for member in sorted {
      output.write(member.key.string, member.value, numbers: numbers)
    }
    let layout = JSONObjectLayout(keys: sorted.map(\.key.string), ranges: output.ranges)
    return (output.finish(), layout)
  }

  /// Makes `changes` in `source`, the bytes this layout describes — a key with a value is
  /// set, a key with `nil` removed — and returns the new bytes, which the layout then
  /// describes. Members not changed are copied as they are, and the layout is updated in
  /// place: no key is copied.
  ///
  /// - Parameters:
  ///   - changes: The keys to set or remove, each once, in any order.
  ///   - source: The bytes this layout describes.
  ///   - numbers: Numbers no value holds exactly, to write as written in the changed members.
  ///   - isMember: Whether the object has a member for a key.
  /// - Returns: The new bytes; `nil`, with the layout unchanged, if `isMember` and the
  ///   layout disagree on a key: the caller then writes the whole object.
  package mutating func apply(
    _ changes: [(key: PropertyListKey, value: PropertyListValue?)], to source: [UInt8],
    numbers: JSONWrittenNumbers = JSONWrittenNumbers(), isMember: (PropertyListKey) -> Bool
  ) -> [UInt8]? {
    let sorted = changes.sorted { $0.key < $1.key }
    // Where each change goes among the members as they are, all checked before anything
    // changes.
    var places: [(index: Int, isMember: Bool)] = []
    places.reserveCapacity(sorted.count)
    var searchStart = 0
    for change in sorted {
      let index = insertionPoint(of: change.key.string, from: searchStart)
      let found = index < keys.count && PropertyListKey(keys[index]) == change.key
      guard found == isMember(change.key) else { return nil }
      places.append((index, found))
      searchStart = found ? index + 1 : index
    }

    var output = Output(capacity: source.count + 256, members: ranges.count + changes.count)
    var next = 0
    for (change, place) in zip(sorted, places) {
      output.copy(members: next..<place.index, of: ranges, from: source)
      next = place.isMember ? place.index + 1 : place.index
      if let value = change.value { output.write(change.key.string, value, numbers: numbers) }
    }
    output.copy(members: next..<ranges.count, of: ranges, from: source)

    // From the last change back, so that the indices of earlier ones stay right.
    for (change, place) in zip(sorted, places).reversed() {
      switch (place.isMember, change.value != nil) {
      case (true, false): keys.remove(at: place.index)
      case (false, true): keys.insert(change.key.string, at: place.index)
      default: break  // a member given a new value keeps its key; a removed non-member
      }
    }
    ranges = output.ranges
    return output.finish()
  }

  /// The first index at or after `start` whose key does not sort before `key`.
  private func insertionPoint(of key: String, from start: Int) -> Int {
    var low = start
    var high = keys.count
    while low < high {
      let middle = low + (high - low) / 2
      if JSONWriter.utf8Precedes(keys[middle], key) {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low
  }

  private static func bytes(_ bytes: [UInt8], in range: Range<Int>, are expected: [UInt8])
    -> Bool
  {
    range.count == expected.count && bytes[range].elementsEqual(expected)
  }

  /// An object's bytes, built member by member, and where each member went.
  private struct Output {
    var bytes: [UInt8] = []
    var ranges: [Range<Int>] = []

    init(capacity: Int, members: Int) {
      bytes.reserveCapacity(capacity)
      ranges.reserveCapacity(members)
    }

    private mutating func beginMember() {
      bytes.append(
        contentsOf: ranges.isEmpty ? JSONObjectLayout.opening : JSONObjectLayout.separator)
    }

    /// Writes the member `"key": value`, the `numbers` inside it as written.
    mutating func write(_ key: String, _ value: PropertyListValue, numbers: JSONWrittenNumbers) {
      beginMember()
      let start = bytes.count
      JSONWriter.writeString(key, into: &bytes)
      bytes.append(contentsOf: ": ".utf8)
      if numbers.texts.isEmpty {
        JSONWriter.write(value, into: &bytes, indent: 2)
      } else {
        JSONWriter.write(
          value, into: &bytes, indent: 2, numbers: numbers, path: [.key(PropertyListKey(key))])
      }
      ranges.append(start..<bytes.count)
    }

    /// Copies `members`, which sit at `memberRanges` in `source`, with the separators
    /// between them, in one piece.
    mutating func copy(
      members: Range<Int>, of memberRanges: [Range<Int>], from source: [UInt8]
    ) {
      guard let first = members.first, let last = members.last else { return }
      beginMember()
      let sourceStart = memberRanges[first].lowerBound
      let shift = bytes.count - sourceStart
      bytes.append(contentsOf: source[sourceStart..<memberRanges[last].upperBound])
      for range in memberRanges[members] {
        ranges.append((range.lowerBound + shift)..<(range.upperBound + shift))
      }
    }

    /// The bytes, closed.
    consuming func finish() -> [UInt8] {
      bytes.append(contentsOf: ranges.isEmpty ? JSONObjectLayout.empty : JSONObjectLayout.closing)
      return bytes
    }
  }
}
