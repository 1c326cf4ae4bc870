import TableKit
import Testing

@testable import TableREPL

/// Two rows, and a `find` and a `?` command like a settings editor's.
private func screenWithCommands(_ lines: [String]) -> (outcome: Session.Outcome, output: String) {
  let root = StaticViewController(
    title: "Settings", sections: [.init(rows: [.init(text: "Wi-Fi"), .init(text: "Display")])])
  let output = StringOutput()
  let session = Session(
    navigationController: NavigationController(rootViewController: root),
    reader: ScriptedLineReader(lines, echo: nil, isInteractive: true), output: output,
    // Wide enough that each message is one line, as these tests look for it.
    terminalSize: { Session.TerminalSize(columns: 200, rows: 24) })
  let find = CommandDefinition.Help(
    names: ["find"], usage: "find TEXT, /TEXT", summary: "search every page", details: "Search.")
  session.register(
    CommandDefinition(help: find, prefix: "/") { _ in .done(message: "found", showScreen: false) })
  let describe = CommandDefinition.Help(
    names: ["?"], usage: "? N", summary: "describe row N", details: "Describe row N.")
  session.register(
    CommandDefinition(help: describe) { _ in .done(message: "described", showScreen: false) })
  return (session.run(), output.text)
}

@Suite("Forgiving mistyped commands")
struct SuggestionTests {
  @Test(arguments: [("hlep", "help"), ("qiut", "quit"), ("bakc", "back"), ("fnid", "find")])
  func aTypoOfACommandSuggestsIt(typed: String, meant: String) {
    let result = screenWithCommands([typed, "quit"])
    #expect(result.output.contains("Unknown command or row '\(typed)'. Did you mean \(meant)?"))
  }

  @Test func aTitleThatMatchesNoRowPointsToFind() {
    let result = screenWithCommands(["Bluetooth", "quit"])
    #expect(
      result.output.contains(
        "Unknown command or row 'Bluetooth'. No title here starts with it; to search every page, type find Bluetooth."
      ))
    #expect(!result.output.contains("Did you mean"))
  }

  @Test func aCommandWithoutWhatItNeedsGetsItsUsage() {
    let result = screenWithCommands(["page", "/", "?4", "back now", "quit"])
    #expect(
      result.output.contains(
        "n, p, page K: show the next, the previous, or the K-th page. Type help page for more."))
    #expect(result.output.contains("find TEXT, /TEXT: search every page. Type help find for more."))
    #expect(result.output.contains("? N: describe row N. Type help ? for more."))
    #expect(result.output.contains("back, ..: return to the previous screen."))
    #expect(!result.output.contains("Unknown command"))
  }

  @Test func helpForAPrefixARowNumberOrATypo() {
    let result = screenWithCommands(["help /", "help 4", "help qiut", "quit"])
    #expect(result.output.contains("find TEXT, /TEXT\n    Search."))
    #expect(
      result.output.contains(
        "help explains a command, not a row. ? 4 describes row 4; 4 alone selects it."))
    #expect(result.output.contains("No help for 'qiut'. Did you mean help quit?"))
  }

  @Test func aRowTitleIsNotTakenForATypo() {
    // A word far from every command is a title that matches no row, not a typo.
    let result = screenWithCommands(["Displya", "quit"])
    #expect(result.output.contains("Unknown command or row 'Displya'. No title here"))
    #expect(!result.output.contains("Did you mean"))
  }
}

@Suite("help says what quit does")
struct QuitHelpTests {
  private func help(_ lines: [String], saving: Bool) -> String {
    let root = StaticViewController(title: "S", sections: [.init(rows: [.init(text: "A")])])
    let output = StringOutput()
    let session = Session(
      navigationController: NavigationController(rootViewController: root),
      reader: ScriptedLineReader(lines, echo: nil, isInteractive: true), output: output)
    if saving { session.quitHandler = { .done(message: nil) } }
    _ = session.run()
    return output.text
  }

  @Test func aSessionThatSavesNothingDoesNotPromiseToSave() {
    let plain = help(["help", "help quit"], saving: false)
    #expect(plain.contains("  quit            exit (Ctrl-D too)\n"))
    #expect(plain.contains("quit\n    Exit (also: exit, q, Ctrl-D on an empty line)."))
    #expect(!plain.contains("save changes"))
    let saving = help(["help"], saving: true)
    #expect(saving.contains("save changes and exit (Ctrl-D too)"))
  }
}
