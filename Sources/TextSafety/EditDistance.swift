/// How far apart two words are, for the suggestions made for a mistyped one (an option, a
/// command, a key, a specifier's `Type`).
package enum EditDistance {
  /// The optimal string alignment distance between two strings, by characters: a letter
  /// inserted, deleted or replaced, or two neighbouring letters swapped, each count one
  /// (`gte` is one from `get`, `kitten` three from `sitting`).
  package static func between(_ first: String, _ second: String) -> Int {
    let a = Array(first)
    let b = Array(second)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    // Three rows of the table: the one being filled and the two before it (for swaps).
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], beforePrevious[j - 2] + 1)
        }
      }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
  }
}
