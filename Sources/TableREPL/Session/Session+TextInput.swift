import TableKit

extension Session {
  /// Asks a controller's pending text request, if there is one; returns an outcome when the
  /// session must end (a script's answer was invalid).
  func answerPendingTextInput() -> Outcome? {
    guard let request = navigationController.takePresentedTextInput() else { return nil }
    // The field's text to edit, as iOS shows it in the field; after a refused answer, that
    // answer, to correct. A secure field's line starts empty.
    var initialText = ""
    var isText = false
    if !request.isSecure, !request.isMultiline, case .text(let current)? = request.current {
      (initialText, isText) = (current, request.editsText)
    }
    let isEdited = isText && reader.startsLine(with: initialText)
    for line in messages.lines(describing: request, isEdited: isEdited) {
      output.write("  " + TerminalText.sanitize(line) + "\n")
    }
    let title = TerminalText.sanitize(request.title)
    while true {
      let answer: ReadResult
      // Whether an empty answer is what was left of the text: it clears a text field.
      var emptyClears = false
      if request.isMultiline {
        output.write("  " + messages.text(.multilineHint) + "\n")
        answer = readLines(prompt: title + ": ")
      } else if request.isSecure {
        answer = reader.readSecret(prompt: title + ": ")
      } else {
        emptyClears = isText && reader.startsLine(with: initialText)
        answer = reader.readLine(prompt: title + ": ", initialText: initialText)
      }
      switch answer {
      case .interrupted, .endOfInput:
        request.completion(.cancelled)
        output.write(messages.text(.cancelled) + "\n")
        return nil
      case .rejected(let reason):
        linesRead += 1
        if let outcome = fail(reason.text(messages)) { return outcome }
      case .line(let text):
        linesRead += 1
        if text.isEmpty, !emptyClears {
          request.completion(.cancelled)
          output.write(messages.text(.unchanged) + "\n")
          return nil
        }
        if request.isSecure, text.unicodeScalars.contains(where: TerminalText.isUnsafe) {
          // A terminal's reader drops what cursor keys send; a script's line keeps it.
          if let outcome = fail(messages.text(.hiddenAnswerControl)) {
            return outcome
          }
          continue
        }
        if case .confirmation(let confirm, let deny) = request.kind {
          switch messages.confirmationAnswer(text, confirm: confirm, deny: deny) {
          case true?: request.completion(.entered(text))
          case false?: request.completion(.cancelled)
          case nil:
            let answers = messages.text(.confirmAnswers, confirm, deny)
            if let outcome = fail(messages.text(.notAnAnswer, text, answers)) { return outcome }
            continue
          }
          return nil
        }
        if var problem = request.validate(text) {
          // A hidden answer is never shown, not even in the reason it was refused.
          if request.isSecure {
            problem = problem.replacingText(text, with: "••••••")
          } else {
            initialText = text
          }
          if let outcome = fail(problem) { return outcome }
          continue
        }
        request.completion(.entered(text))
        return nil
      }
    }
  }

  /// Reads lines up to one holding a single ".", joined with newlines.
  private func readLines(prompt: String) -> ReadResult {
    var lines: [String] = []
    var linePrompt = prompt
    while true {
      // Each line is part of an answer, not a command: none goes into the history.
      switch reader.readLine(prompt: linePrompt, initialText: "") {
      case .line(let line):
        if line == "." { return .line(lines.joined(separator: "\n")) }
        lines.append(line)
        linesRead += 1
        linePrompt = String(repeating: " ", count: max(0, DisplayWidth.of(prompt) - 2)) + "… "
      case .endOfInput:
        return lines.isEmpty ? .endOfInput : .line(lines.joined(separator: "\n"))
      case let other:
        return other
      }
    }
  }
}

extension TextInputRequest {
  /// Whether the answer is the text left in the line, empty included: a value's text, and
  /// a list item's (a new item's empty answer adds nothing).
  var editsText: Bool {
    switch kind {
    case .value: true
    case .listItem(let number, let isEditable, _): number != nil && isEditable
    case .confirmation: false
    }
  }
}
