import TableKit
import Testing

@testable import TableREPL

/// A screen with one row that asks for text when selected, and records the answers.
private final class AskingViewController: TableViewController {
  var answers: [TextInputRequest.Result] = []
  let isSecure: Bool
  let isMultiline: Bool

  init(isSecure: Bool = false, isMultiline: Bool = false) {
    self.isSecure = isSecure
    self.isMultiline = isMultiline
    super.init()
    title = "Form"
  }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 1 }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    TableViewCell(text: "Age")
  }

  override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    requestTextInput(
      TextInputRequest(
        title: "Age", message: "Now 30.", isSecure: isSecure, isMultiline: isMultiline,
        validate: { [isMultiline] in
          isMultiline || Int($0) != nil ? nil : "'\($0)' is not a whole number."
        },
        completion: { [weak self] in self?.answers.append($0) }))
  }
}

private func run(_ lines: [String], _ controller: AskingViewController, interactive: Bool)
  -> (Session.Outcome, String, String)
{
  let output = StringOutput()
  let errors = StringOutput()
  let reader = ScriptedLineReader(
    lines, echo: interactive ? nil : output, isInteractive: interactive)
  let session = Session(
    navigationController: NavigationController(rootViewController: controller), reader: reader,
    output: output, errorOutput: errors)
  return (session.run(), output.text, errors.text)
}

@Suite struct SessionTextInputTests {
  @Test func theAnswerIsAskedAfterTheSelectionAndHandedBack() {
    let controller = AskingViewController()
    let (outcome, output, _) = run(["1", "42"], controller, interactive: false)
    #expect(outcome == .quit)
    #expect(controller.answers == [.entered("42")])
    #expect(output.contains("  Now 30.\nAge: 42\n"))
  }

  @Test func anEmptyAnswerKeepsTheValue() {
    let controller = AskingViewController()
    let (_, output, _) = run(["1", ""], controller, interactive: false)
    #expect(controller.answers == [.cancelled])
    #expect(output.contains("Unchanged."))
  }

  @Test func onATerminalAnInvalidAnswerIsAskedAgain() {
    let controller = AskingViewController()
    let (outcome, output, _) = run(["1", "old", "31"], controller, interactive: true)
    #expect(outcome == .quit)
    #expect(output.contains("'old' is not a whole number."))
    #expect(controller.answers == [.entered("31")])
  }

  @Test func inAScriptAnInvalidAnswerFailsTheRun() {
    let controller = AskingViewController()
    let (outcome, _, errors) = run(["1", "old", "31"], controller, interactive: false)
    #expect(outcome == .scriptFailed(line: 2, message: "'old' is not a whole number."))
    #expect(errors.contains("input line 2"))
    #expect(controller.answers.isEmpty)
  }

  @Test func ctrlCCancelsTheQuestion() {
    let controller = AskingViewController()
    let reader = ScriptedLineReader(results: [.line("1"), .interrupted], isInteractive: true)
    let output = StringOutput()
    let session = Session(
      navigationController: NavigationController(rootViewController: controller), reader: reader,
      output: output)
    #expect(session.run() == .quit)
    #expect(controller.answers == [.cancelled])
    #expect(output.text.contains("Cancelled; nothing changed."))
  }

  @Test func aSecretAnswerIsNeverEchoed() {
    let controller = AskingViewController(isSecure: true)
    let (_, output, _) = run(["1", "12345"], controller, interactive: false)
    #expect(controller.answers == [.entered("12345")])
    #expect(output.contains("Age: (hidden)"))
    #expect(!output.contains("12345"))
  }

  @Test func aRefusedSecretIsNotRepeatedInTheReason() {
    for interactive in [true, false] {
      let controller = AskingViewController(isSecure: true)
      let (_, output, errors) = run(["1", "hunter2"], controller, interactive: interactive)
      #expect((output + errors).contains("'••••••' is not a whole number."))
      #expect(!(output + errors).contains("hunter2"))
    }
  }

  @Test func aHiddenAnswerWithAControlCharacterIsNeverStored() {
    let controller = AskingViewController(isSecure: true)
    let (_, output, _) = run(["1", "12\u{1B}[D34", "1234"], controller, interactive: true)
    #expect(output.contains("The hidden answer holds a control character; type it again."))
    #expect(controller.answers == [.entered("1234")])
    let script = AskingViewController(isSecure: true)
    let (outcome, _, errors) = run(["1", "12\u{1B}[D34"], script, interactive: false)
    #expect(
      outcome
        == .scriptFailed(
          line: 2, message: "The hidden answer holds a control character; type it again."))
    #expect(errors.contains("input line 2") && script.answers.isEmpty)
  }

  @Test func aMultiLineAnswerEndsAtASingleDot() {
    let controller = AskingViewController(isMultiline: true)
    let (_, _, _) = run(["1", "first", "", "third", ".", "quit"], controller, interactive: false)
    #expect(controller.answers == [.entered("first\n\nthird")])
  }
}
