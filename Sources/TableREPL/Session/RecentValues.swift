/// The last few values a session made (prompts, layouts, rendered screens), oldest first, so
/// that one asked for again is found instead of made again: going into a page and back
/// shows the same few in turn. Past ``limit`` values, the oldest goes.
struct RecentValues<Value> {
  /// How many values are kept.
  let limit: Int
  /// The values, oldest first.
  private(set) var values: [Value] = []

  init(limit: Int) {
    self.limit = limit
  }

  /// The newest value that `matches`.
  func newest(where matches: (Value) -> Bool) -> Value? {
    values.last(where: matches)
  }

  /// Keeps a value made, letting the oldest go when ``limit`` are kept.
  mutating func add(_ value: Value) {
    if values.count == limit { values.removeFirst() }
    values.append(value)
  }

  /// Forgets every value.
  mutating func removeAll() {
    values.removeAll()
  }
}
