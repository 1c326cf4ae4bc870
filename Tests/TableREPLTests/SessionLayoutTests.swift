import TableKit
import Testing

@testable import TableREPL

/// A reader that answers from a script and records the text each line started with; the
/// answers are what is left in the line when Enter is pressed.
private final class EditingReader: LineReading {
  var lines: [String]
  var initialTexts: [String?] = []
  let isInteractive: Bool

  init(_ lines: [String], isInteractive: Bool = true) {
    self.lines = lines
    self.isInteractive = isInteractive
  }

  func startsLine(with text: String) -> Bool { isInteractive && !text.isEmpty }

  func readLine(prompt: String) -> ReadResult {
    initialTexts.append(nil)
    return next()
  }

  func readLine(prompt: String, initialText: String) -> ReadResult {
    initialTexts.append(initialText)
    return next()
  }

  func readSecret(prompt: String) -> ReadResult {
    initialTexts.append(nil)
    return next()
  }

  private func next() -> ReadResult {
    lines.isEmpty ? .endOfInput : .line(lines.removeFirst())
  }
}

/// One row that asks for a name, which starts as "Ann" (or a hidden password).
private final class NameViewController: TableViewController {
  var name = "Ann"
  let isSecure: Bool
  /// What the request is: a value, or an item of a list.
  var kind = TextInputRequest.Kind.value

  init(isSecure: Bool) {
    self.isSecure = isSecure
    super.init()
    title = "Profile"
  }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 1 }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    TableViewCell(style: .value1, text: "Name", detailText: isSecure ? "••••" : name)
  }

  override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    requestTextInput(
      TextInputRequest(
        title: "Name", kind: kind, current: isSecure ? .hidden : .text(name),
        isSecure: isSecure,
        validate: { $0.contains("!") ? "A name has no '!'." : nil },
        completion: { [weak self] in
          if case .entered(let text) = $0 { self?.name = text }
        }))
  }
}

/// A list of choices, one of them checked, as a settings list is.
private final class ChoicesViewController: TableViewController {
  let choices = ["Canada", "Japan", "Germany", "France", "Korea", "Italy", "Spain", "Peru"]
  var chosen = 1

  override init() {
    super.init()
    title = "Region"
  }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    choices.count
  }

  override func tableView(_ tableView: TableView, titleForFooterInSection section: Int)
    -> String?
  {
    (1...12).map { "Footer sentence number \($0) says a little more." }.joined(separator: " ")
  }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    let cell = TableViewCell(text: choices[indexPath.row])
    cell.accessoryType = indexPath.row == chosen ? .checkmark : .none
    return cell
  }

  override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    chosen = indexPath.row
    tableView.reloadData()
  }
}

@Suite struct SessionLayoutTests {
  /// Choosing, under a filter, a row the filter hides shows the list unfiltered, on the page
  /// that holds the new ✓.
  @Test func aChoiceTheFilterHidesIsShownUnfiltered() {
    let output = StringOutput()
    let controller = ChoicesViewController()
    let session = Session(
      navigationController: NavigationController(rootViewController: controller),
      reader: ScriptedLineReader(["filter an", "8", "quit"], isInteractive: true), output: output)
    #expect(session.run() == .quit)
    #expect(controller.chosen == 7)
    let last = output.text.split(separator: "Region\n", omittingEmptySubsequences: false).last ?? ""
    #expect(last.contains("   8  ✓ Peru"), "\(last)")
    #expect(!last.contains("filter “an”"))
  }

  /// A long footer takes at most a quarter of the height; `footer` shows it whole.
  @Test func aLongFooterIsCutAndFooterShowsItWhole() {
    let output = StringOutput()
    let session = Session(
      navigationController: NavigationController(rootViewController: ChoicesViewController()),
      reader: ScriptedLineReader(["footer", "quit"], isInteractive: true), output: output,
      terminalSize: { Session.TerminalSize(columns: 60, rows: 24) })
    #expect(session.run() == .quit)
    let screen = output.text.split(
      separator: "  Footer sentence number 1 ", omittingEmptySubsequences: false)[1]
    let footerLines = screen.split(separator: "\n", omittingEmptySubsequences: false)
      .prefix { !$0.isEmpty }
    #expect(footerLines.count <= 24 / 4, "\(screen)")
    #expect(footerLines.last?.contains("… (more: type footer to read it whole)") == true)
    #expect(output.text.contains("number 12 says a little more."), "footer shows the end")
    for line in output.text.split(separator: "\n") {
      #expect(DisplayWidth.of(line) <= 60, "\(line)")
    }
  }

  @Test func aTextPromptStartsWithTheFieldsText() {
    let controller = NameViewController(isSecure: false)
    let reader = EditingReader(["1", "Ann Lee", "quit"])
    let session = Session(
      navigationController: NavigationController(rootViewController: controller),
      reader: reader, output: StringOutput())
    #expect(session.run() == .quit)
    #expect(reader.initialTexts == [nil, "Ann", nil])
    #expect(controller.name == "Ann Lee")
  }

  @Test func anEmptiedLineClearsTheTextAndThePromptSaysSo() {
    let controller = NameViewController(isSecure: false)
    let output = StringOutput()
    let session = Session(
      navigationController: NavigationController(rootViewController: controller),
      reader: EditingReader(["1", "", "quit"]), output: output)
    #expect(session.run() == .quit)
    #expect(controller.name == "")
    #expect(output.text.contains("an empty line clears it"), "\(output.text)")
    #expect(!output.text.contains("Unchanged."))
  }

  /// A list item's line starts with its text too, and what is left in it is the answer.
  @Test func anEmptiedItemLineIsTheItemsAnswer() {
    let controller = NameViewController(isSecure: false)
    controller.kind = .listItem(number: 1, isEditable: true, removal: "-")
    let reader = EditingReader(["1", "", "quit"])
    let output = StringOutput()
    let session = Session(
      navigationController: NavigationController(rootViewController: controller),
      reader: reader, output: output)
    #expect(session.run() == .quit)
    #expect(reader.initialTexts == [nil, "Ann", nil])
    #expect(controller.name == "")
    #expect(output.text.contains("an empty line clears it"), "\(output.text)")
  }

  @Test func withoutTheTextInTheLineAnEmptyAnswerKeepsIt() {
    let controller = NameViewController(isSecure: false)
    let output = StringOutput()
    let session = Session(
      navigationController: NavigationController(rootViewController: controller),
      reader: EditingReader(["1", "", "quit"], isInteractive: false), output: output)
    _ = session.run()
    #expect(controller.name == "Ann")
    #expect(output.text.contains("Press Enter on an empty line to keep it"), "\(output.text)")
    #expect(output.text.contains("Unchanged."))
  }

  @Test func aRefusedAnswerStartsTheNextLine() {
    let controller = NameViewController(isSecure: false)
    let reader = EditingReader(["1", "Ann!", "Ann Lee", "quit"])
    let session = Session(
      navigationController: NavigationController(rootViewController: controller),
      reader: reader, output: StringOutput())
    #expect(session.run() == .quit)
    #expect(reader.initialTexts == [nil, "Ann", "Ann!", nil])
    #expect(controller.name == "Ann Lee")
  }

  @Test func aRefusedSecretIsAskedAgainFromEmpty() {
    let controller = NameViewController(isSecure: true)
    let reader = EditingReader(["1", "pass!", "pass", "quit"])
    let session = Session(
      navigationController: NavigationController(rootViewController: controller),
      reader: reader, output: StringOutput())
    #expect(session.run() == .quit)
    #expect(reader.initialTexts == [nil, nil, nil, nil], "read with readSecret each time")
    #expect(controller.name == "pass")
  }

  @Test func aSecurePromptStartsEmpty() {
    let controller = NameViewController(isSecure: true)
    let reader = EditingReader(["1", "s3cret", "quit"])
    let session = Session(
      navigationController: NavigationController(rootViewController: controller),
      reader: reader, output: StringOutput())
    #expect(session.run() == .quit)
    #expect(reader.initialTexts == [nil, nil, nil], "a hidden answer is read with readSecret")
    #expect(controller.name == "s3cret")
  }

  /// An error that quotes a long line is wrapped at spaces to the terminal, each later line
  /// indented, and no line is wider than the terminal.
  @Test(arguments: [30, 60])
  func messagesAreWrappedToTheTerminal(columns: Int) {
    let output = StringOutput()
    let typed = "please open the temperature unit screen and choose fahrenheit"
    let session = Session(
      navigationController: NavigationController(
        rootViewController: NameViewController(isSecure: false)),
      reader: EditingReader([typed, "help", "quit"]), output: output,
      terminalSize: { Session.TerminalSize(columns: columns, rows: 24) })
    #expect(session.run() == .quit)
    let lines = output.text.split(separator: "\n").map(String.init)
    for line in lines { #expect(DisplayWidth.of(line) <= columns, "\(columns): \(line)") }
    // Every word typed is shown whole.
    let shown = Set(lines.flatMap { $0.split(separator: " ") }.map { $0.trimmingCharacters("'.") })
    for word in typed.split(separator: " ") { #expect(shown.contains(String(word)), "\(word)") }
  }

  @Test func aPipeIsNotWrappedUnlessAWidthIsGiven() {
    let typed = String(repeating: "word ", count: 30) + "end"
    for width in [nil, 40] as [Int?] {
      let output = StringOutput()
      let errors = StringOutput()
      let session = Session(
        navigationController: NavigationController(
          rootViewController: NameViewController(isSecure: false)),
        reader: EditingReader(["help", typed], isInteractive: false), output: output,
        errorOutput: errors, terminalSize: { Session.TerminalSize(columns: 40, rows: 24) })
      session.messageWidth = { width }
      _ = session.run()
      let widest = output.text.split(separator: "\n").map { DisplayWidth.of($0) }.max() ?? 0
      if width == nil {
        #expect(widest > 40, "help as it is: \(output.text)")
      } else {
        #expect(widest <= 40, "\(output.text)")
      }
    }
  }
}

extension Substring {
  fileprivate func trimmingCharacters(_ characters: String) -> String {
    var text = self
    while let first = text.first, characters.contains(first) { text = text.dropFirst() }
    while let last = text.last, characters.contains(last) { text = text.dropLast() }
    return String(text)
  }
}
