import Testing

@testable import TextSafety

/// The one distance every suggestion for a mistyped word is made by.
@Suite struct EditDistanceTests {
  @Test(arguments: [
    ("schema", "schema", 0), ("schema", "shema", 1), ("get", "gte", 1), ("", "abc", 3),
    ("list", "", 4), ("kitten", "sitting", 3), ("help", "hlep", 1),
    // Two swaps are two slips, where insertions and deletions would count four.
    ("PSSliderSpecifier", "PSSldierSpceifier", 2), ("ca", "abc", 3), ("温度", "度温", 1),
  ])
  func countsEachSlipOnceAndASwapOfNeighboursAsOne(a: String, b: String, expected: Int) {
    #expect(EditDistance.between(a, b) == expected)
    #expect(EditDistance.between(b, a) == expected)
  }
}
