import Testing

@testable import LineEditor

@Suite struct CompletionTests {
  @Test func theLastWordIsTheTextAfterTheLastSpace() {
    #expect(Completion.lastWord(of: "set 温") == "温")
    #expect(Completion.lastWord(of: "back") == "back")
    #expect(Completion.lastWord(of: "a b ") == "")
    #expect(Completion.lastWord(of: "") == "")
  }

  @Test func oneCandidateReplacesTheWordAndAddsASpace() {
    #expect(Completion.action(word: "b", candidates: ["back"]) == .replaceWord("back "))
    #expect(Completion.action(word: "b", candidates: ["back", "back"]) == .replaceWord("back "))
  }

  @Test func severalCandidatesInsertTheirCommonPrefixThenList() {
    let candidates = ["温度単位", "温度"]
    #expect(Completion.action(word: "温", candidates: candidates) == .replaceWord("温度"))
    #expect(Completion.action(word: "温度", candidates: candidates) == .list(candidates))
  }

  @Test func noCandidatesRingTheBell() {
    #expect(Completion.action(word: "x", candidates: []) == Completion.Action.none)
    #expect(Completion.action(word: "x", candidates: [""]) == Completion.Action.none)
  }

  @Test func candidatesThatDoNotExtendTheWordAreListed() {
    let candidates = ["alpha", "beta"]
    #expect(Completion.action(word: "x", candidates: candidates) == .list(candidates))
  }

  @Test func theCommonPrefixIsMeasuredInCharacters() {
    // "é" as e + combining acute is one Character; it must not be split.
    #expect(Completion.commonPrefix(["e\u{301}a", "e\u{301}b"]) == "e\u{301}")
    #expect(Completion.commonPrefix(["e\u{301}", "e"]) == "")
    #expect(Completion.commonPrefix(["温度単位", "温度", "温かい"]) == "温")
  }

  @Test func candidatesAreLaidOutInColumnsDownThenAcross() {
    let table = Completion.columns(["a", "bb", "ccc", "d"], width: 12)
    #expect(table == ["a    ccc", "bb   d"])
    #expect(Completion.columns(["one", "two"], width: 4) == ["one", "two"])
  }
}
