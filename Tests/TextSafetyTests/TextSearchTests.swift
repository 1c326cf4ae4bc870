import Testing

@testable import TextSafety

@Suite struct TextSearchTests {
  @Test func findsTextCharacterByCharacter() {
    #expect("https://example.com".containsText("://"))
    #expect(!"settings.html".containsText("://"))
    #expect("".containsText("") && "abc".containsText(""))
    #expect(!"".containsText("a"))
    #expect("aab".containsText("ab"))
    // A decomposed é is one Character: its e is not found, the whole of it is.
    #expect(!"cafe\u{301}".containsText("cafe"))
    #expect("cafe\u{301}".containsText("caf\u{E9}"))
    #expect("言語と地域".containsText("と地"))
  }

  @Test func replacesEveryOccurrenceLeftToRight() {
    #expect("pw secret, again secret".replacingText("secret", with: "••") == "pw ••, again ••")
    #expect("aaaa".replacingText("aa", with: "b") == "bb")
    #expect("aaa".replacingText("aa", with: "b") == "ba")
    #expect("none".replacingText("x", with: "y") == "none")
    #expect("keep".replacingText("", with: "y") == "keep")
  }

  @Test func splitsKeepingEmptyPieces() {
    #expect("a · b ·  · c".splitText(separator: " · ") == ["a", "b", "", "c"])
    #expect(" · a · ".splitText(separator: " · ") == ["", "a", ""])
    #expect("".splitText(separator: " · ") == [""])
    #expect("abc".splitText(separator: "") == ["abc"])
  }

  /// The String processing module's own algorithms (imported here, as in every test) on
  /// random text of a few letters, combining marks and a two-scalar separator.
  @Test func agreesWithTheStringProcessingModule() {
    let alphabet: [String] = ["a", "b", " ", "·", "e", "\u{301}", "é", "\u{1F600}"]
    var state: UInt64 = 2026
    func random(_ count: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33) % count
    }
    for _ in 0..<5_000 {
      let text = (0..<random(10)).map { _ in alphabet[random(alphabet.count)] }.joined()
      let other = (0..<(1 + random(3))).map { _ in alphabet[random(alphabet.count)] }.joined()
      #expect(text.containsText(other) == text.contains(other), "\(text) \(other)")
      #expect(text.replacingText(other, with: "X") == text.replacing(other, with: "X"))
      #expect(
        text.splitText(separator: other)
          == text.split(separator: other, omittingEmptySubsequences: false))
    }
  }
}
