import TableKit
import Testing

@testable import TableREPL

/// A text request says what is asked as data (its kind, the current value, what may be
/// typed); the session words it from its catalog, in English or Japanese.
@Suite struct TextInputWordingTests {
  private func request(
    kind: TextInputRequest.Kind = .value, current: TextInputRequest.CurrentValue? = nil,
    expected: String? = nil, message: String? = nil, isMultiline: Bool = false
  ) -> TextInputRequest {
    TextInputRequest(
      title: "Volume", message: message, kind: kind, current: current, expected: expected,
      isMultiline: isMultiline, completion: { _ in })
  }

  private let english = SessionMessages.forLanguage("en")
  private let japanese = SessionMessages.forLanguage("ja")

  @Test func aValueSaysWhatItIsWhatToTypeAndHowToKeepIt() {
    let slider = request(current: .value("8"), expected: "a number from 2 to 40")
    #expect(
      english.lines(describing: slider)
        == [
          "Now 8. Type a number from 2 to 40. Press Enter on an empty line to keep it; Ctrl-C cancels."
        ])
    let japaneseSlider = request(current: .value("8"), expected: "2 から 40 までの数")
    #expect(
      japanese.lines(describing: japaneseSlider)
        == ["現在: 8。2 から 40 までの数を入力してください。空の行で Enter を押すとそのままです。Ctrl-C で取り消します。"])
    #expect(
      english.lines(describing: request(current: .empty(example: "+1 555")))[0].hasPrefix(
        "Now empty (e.g. +1 555)."))
    #expect(english.lines(describing: request(current: .hidden))[0].hasPrefix("Now set (hidden)."))
    #expect(english.lines(describing: request(current: .text("Anna")))[0].hasPrefix("Now 'Anna'."))
    #expect(japanese.lines(describing: request(current: .text("Anna")))[0].hasPrefix("現在: 「Anna」。"))
    #expect(
      english.lines(describing: request(current: .text("a\nb"), isMultiline: true))
        == ["Now:", "a", "b", "Press Enter on an empty line to keep it; Ctrl-C cancels."])
    // A request with no current value has nothing to keep: only its own message.
    #expect(english.lines(describing: request(message: "Now 30.")) == ["Now 30."])
  }

  /// A line that starts with the text: an empty answer clears it, and the words say so.
  @Test func aTextInTheLineSaysAnEmptyLineClearsIt() {
    let name = request(current: .text("Anna"))
    #expect(
      english.lines(describing: name, isEdited: true)
        == [
          "Now 'Anna'. Edit it in the line and press Enter; an empty line clears it (Ctrl-U empties the line); Ctrl-C cancels."
        ])
    #expect(
      japanese.lines(describing: name, isEdited: true)
        == ["現在: 「Anna」。行の中で編集して Enter を押してください。空の行にすると消去します（Ctrl-U で行を空にします）。Ctrl-C で取り消します。"])
  }

  @Test func aListItemSaysWhichItemAndHowToRemoveIt() {
    let item = request(
      kind: .listItem(number: 2, isEditable: true, removal: "-"), current: .value("Anna"),
      expected: "any text")
    #expect(
      english.lines(describing: item)
        == ["Item 2: Anna. Type its new value, or - to remove it. Allowed: any text."])
    #expect(
      japanese.lines(describing: item)
        == ["項目 2: Anna。新しい値を入力するか、- で削除します。使える値: any text。"])
    let fixed = request(
      kind: .listItem(number: 1, isEditable: false, removal: "-"), current: .value("x"))
    #expect(english.lines(describing: fixed) == ["Item 1: x. Type - to remove it."])
    let new = request(kind: .listItem(number: nil, isEditable: true, removal: nil))
    #expect(english.lines(describing: new) == ["A new item for Volume."])
    #expect(japanese.lines(describing: new) == ["Volume の新しい項目です。"])
  }

  @Test func aConfirmationNamesItsAnswers() {
    let question = request(
      kind: .confirmation(confirm: "Delete", deny: "Keep"), message: "This cannot be undone.")
    #expect(
      english.lines(describing: question)
        == ["This cannot be undone.", "Type y (Delete) to go on, or n (Keep)."])
    #expect(
      japanese.lines(describing: question)
        == ["This cannot be undone.", "続けるには y (Delete)、やめるには n (Keep) を入力してください。"])
    #expect(english.confirmationAnswer("DELETE", confirm: "Delete", deny: "Keep") == true)
    #expect(english.confirmationAnswer("n", confirm: "Delete", deny: "Keep") == false)
    #expect(english.confirmationAnswer("maybe", confirm: "Delete", deny: "Keep") == nil)
  }
}
