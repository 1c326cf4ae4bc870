/// Finding text in text, `Character` by `Character` (so `e` is not found in a decomposed
/// `é`), as the String processing module's `contains(_:)`, `replacing(_:with:)` and
/// `split(separator:)` do. Ours, so that the release binary does not link that module and
/// its regex engine (2,584 pointers relocated at every start).
extension StringProtocol {
  /// Whether `other` occurs in this text; an empty `other` always does.
  package func containsText(_ other: some StringProtocol) -> Bool {
    firstRangeOfText(other, from: startIndex) != nil
  }

  /// This text with every occurrence of `other` (a non-empty text), left to right and not
  /// overlapping, replaced by `replacement`.
  package func replacingText(_ other: some StringProtocol, with replacement: String) -> String {
    guard !other.isEmpty else { return String(self) }
    var result = ""
    var start = startIndex
    while let found = firstRangeOfText(other, from: start) {
      result += self[start..<found.lowerBound]
      result += replacement
      start = found.upperBound
    }
    result += self[start...]
    return result
  }

  /// The pieces of this text between occurrences of `separator` (a non-empty text), empty
  /// pieces included.
  package func splitText(separator: some StringProtocol) -> [SubSequence] {
    guard !separator.isEmpty else { return [self[...]] }
    var pieces: [SubSequence] = []
    var start = startIndex
    while let found = firstRangeOfText(separator, from: start) {
      pieces.append(self[start..<found.lowerBound])
      start = found.upperBound
    }
    pieces.append(self[start...])
    return pieces
  }

  private func firstRangeOfText(_ other: some StringProtocol, from start: Index)
    -> Range<Index>?
  {
    var candidate = start
    while true {
      var position = candidate
      var wanted = other.startIndex
      while wanted != other.endIndex, position != endIndex, self[position] == other[wanted] {
        formIndex(after: &position)
        other.formIndex(after: &wanted)
      }
      if wanted == other.endIndex { return candidate..<position }
      if candidate == endIndex { return nil }
      formIndex(after: &candidate)
    }
  }
}
