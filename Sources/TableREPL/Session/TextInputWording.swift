import TableKit
import TextSafety

extension MessageCatalog where Key == SessionMessage {
  /// The lines shown before a text request is asked: the screen's own message, then what the
  /// request describes (the current value, what to type, how to keep it or answer it) in the
  /// catalog's words. `isEdited` when the line starts with the current text, where an empty
  /// answer clears it rather than keeping it.
  func lines(describing request: TextInputRequest, isEdited: Bool = false) -> [String] {
    var lines: [String] = []
    if let message = request.message, !message.isEmpty {
      lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
    var sentences: [String] = []
    switch request.kind {
    case .value:
      if request.isMultiline, case .text(let value) = request.current, !value.isEmpty {
        lines.append(text(.nowLines))
        lines += value.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      } else if let current = request.current {
        sentences.append(now(current))
      }
      if let expected = request.expected { sentences.append(text(.typeExpected, expected)) }
      // A request with a value to keep says how: an empty answer keeps it, unless the line
      // started with the text, where it clears it.
      if isEdited {
        sentences.append(text(.editHint))
      } else if request.current != nil {
        sentences.append(text(.keepHint))
      }
    case .listItem(let number, let isEditable, let removal):
      if let number {
        let item: String
        switch request.current {
        case .value(let shown), .text(let shown): item = shown
        default: item = ""
        }
        sentences.append(text(.itemNow, String(number), item))
      } else {
        sentences.append(text(.newItem, request.title))
      }
      switch (isEditable, removal) {
      case (true, let removal?) where number != nil:
        sentences.append(text(.itemTypeValueOrRemoval, removal))
      case (true, _) where number != nil: sentences.append(text(.itemTypeValue))
      case (false, let removal?): sentences.append(text(.itemTypeRemoval, removal))
      default: break
      }
      if let expected = request.expected { sentences.append(text(.allowed, expected)) }
      // The line starts with the item's text: an empty line clears it.
      if isEdited { sentences.append(text(.editHint)) }
    case .confirmation(let confirm, let deny):
      sentences.append(text(.confirmAnswers, confirm, deny))
    }
    if !sentences.isEmpty { lines.append(Self.joined(sentences)) }
    return lines
  }

  /// Sentences as one line: a space after each, except after a full-width stop (。), which
  /// Japanese follows with no space.
  private static func joined(_ sentences: [String]) -> String {
    var line = ""
    for sentence in sentences {
      if let last = line.last, last != "。" { line += " " }
      line += sentence
    }
    return line
  }

  /// The current value as one sentence: "Now 8.", "Now 'Anna'.", "Now empty (e.g. +1 555)."
  private func now(_ current: TextInputRequest.CurrentValue) -> String {
    switch current {
    case .none: text(.nowNone)
    case .empty(let example?): text(.nowEmptyExample, example)
    case .empty(nil), .text(""): text(.nowEmpty)
    case .hidden: text(.nowHidden)
    case .value(let value): text(.nowValue, value)
    case .text(let value): text(.nowText, value)
    }
  }

  /// Whether `answer` answers a confirmation yes (`true`), no (`false`), or neither (`nil`):
  /// y, yes or the confirm title; n, no or the deny title (not case-sensitive).
  func confirmationAnswer(_ answer: String, confirm: String, deny: String) -> Bool? {
    let lowered = answer.lowercased()
    if ["y", "yes", confirm.lowercased()].contains(lowered) { return true }
    if ["n", "no", deny.lowercased()].contains(lowered) { return false }
    return nil
  }
}
