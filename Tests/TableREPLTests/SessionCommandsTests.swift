import TableKit
import Testing

@testable import TableREPL

/// A two-level stack of static screens for navigation tests.
private func stack() -> NavigationController {
  let leaf = { StaticViewController(title: "Leaf", sections: [.init(rows: [.init(text: "x")])]) }
  let middle = {
    StaticViewController(
      title: "Middle", sections: [.init(rows: [.init(text: "Leaf", next: leaf)])])
  }
  let root = StaticViewController(
    title: "Root",
    sections: [
      .init(rows: [
        .init(text: "Middle", next: middle), .init(text: "Temperature"), .init(text: "Tempo"),
        .init(text: "Language"),
      ])
    ])
  return NavigationController(rootViewController: root)
}

private func session(
  _ lines: [String], interactive: Bool, navigation: NavigationController = stack()
) -> (Session, StringOutput, StringOutput) {
  let output = StringOutput()
  let errors = StringOutput()
  let reader = ScriptedLineReader(
    lines, echo: interactive ? nil : output, isInteractive: interactive)
  let session = Session(
    navigationController: navigation, reader: reader, output: output, errorOutput: errors)
  return (session, output, errors)
}

@Suite struct SessionCommandsTests {
  @Test func topReturnsToTheFirstScreenFromDeepDown() {
    let navigation = stack()
    let (session, _, _) = session(["1", "1", "top"], interactive: true, navigation: navigation)
    #expect(session.run() == .quit)
    #expect(navigation.viewControllers.count == 1)
  }

  @Test func quitWithoutSavingNeverCallsTheQuitHandler() {
    let (session, _, _) = session(["quit!"], interactive: false)
    var saved = false
    session.quitHandler = {
      saved = true
      return .done(message: nil)
    }
    #expect(session.run() == .discarded)
    #expect(!saved)
  }

  @Test func quitWithoutSavingOnATerminalListsTheLossAndAsks() {
    let (session, output, _) = session(["quit!", "n", "quit!", "y"], interactive: true)
    session.unsavedChanges = { ["Root › Temperature: Celsius → Fahrenheit"] }
    #expect(session.run() == .discarded)
    #expect(output.text.contains("This change will be lost:\n"))
    #expect(output.text.contains("  Root › Temperature: Celsius → Fahrenheit"))
    #expect(output.text.contains("Kept; nothing was discarded."))
  }

  @Test func filterNarrowsAndKeepsRowNumbers() {
    let (session, output, _) = session(["filter temp", "3", "filter"], interactive: true)
    #expect(session.run() == .quit)
    #expect(output.text.contains("   2  Temperature"))
    #expect(output.text.contains("   3  Tempo"))
    #expect(output.text.contains("filter “temp”: 2 rows"))
    let screens = output.text.split(separator: "Root\n", omittingEmptySubsequences: false)
    let afterFilter = screens[2]
    #expect(!afterFilter.contains("Middle"), "the filtered screen hides other rows")
    #expect(screens.last?.contains("Middle") == true, "filter alone shows every row again")
  }

  @Test func applicationCommandsAreParsedRunListedAndExplained() {
    let (session, output, _) = session(
      ["hello world", "/again", "help", "help hello"], interactive: true)
    var arguments: [String] = []
    session.register(
      CommandDefinition(
        help: .init(
          names: ["hello"], usage: "hello NAME", summary: "greet", details: "Greets NAME."),
        prefix: "/"
      ) { argument in
        arguments.append(argument)
        return .done(message: "Hello, \(argument)!", showScreen: false)
      })
    #expect(session.run() == .quit)
    #expect(arguments == ["world", "again"])
    #expect(output.text.contains("Hello, world!\n"))
    #expect(output.text.contains("  hello NAME"))
    #expect(output.text.contains("hello NAME\n    Greets NAME."))
  }

  @Test func aCommandsHelpIsMadeOnlyWhenSomethingAsksForIt() {
    final class Count { var made = 0 }
    let count = Count()
    func command(_ lines: [String]) -> (Session, StringOutput) {
      let (session, output, _) = session(lines, interactive: true)
      session.register(
        CommandDefinition(
          names: ["hello"],
          help: {
            count.made += 1
            return .init(
              names: ["ignored"], usage: "hello NAME", summary: "greet", details: "Greets NAME.")
          }
        ) { .done(message: "Hello, \($0)!", showScreen: false) })
      return (session, output)
    }
    // Registering, running it, rows and back: no help is made.
    let (working, workingOutput) = command(["hello world", "1", "back"])
    #expect(working.run() == .quit)
    #expect(workingOutput.text.contains("Hello, world!"))
    #expect(count.made == 0)
    // `help hello` makes it, under the names the command was registered with.
    let (asking, askingOutput) = command(["help hello", "help"])
    #expect(asking.run() == .quit)
    #expect(count.made > 0)
    #expect(askingOutput.text.contains("hello NAME\n    Greets NAME."))
    #expect(!askingOutput.text.contains("ignored"))
    #expect(asking.completions(for: "hel").contains("hello"))
  }

  @Test func aFailingApplicationCommandFailsTheScript() {
    let (session, _, errors) = session(["oops"], interactive: false)
    session.register(
      CommandDefinition(
        help: .init(names: ["oops"], usage: "oops", summary: "fail", details: "Fails.")
      ) { _ in .failed("It failed; try again.") })
    #expect(session.run() == .scriptFailed(line: 1, message: "It failed; try again."))
    #expect(errors.text.contains("It failed; try again."))
  }

  @Test func aFailureQuotingTheLineShowsItsEscapesAsText() {
    for interactive in [true, false] {
      let (session, output, errors) = session(
        ["go \u{1B}]52;c;aGk=\u{07}\u{0}"], interactive: interactive)
      session.register(
        CommandDefinition(
          help: .init(names: ["go"], usage: "go PATH", summary: "go", details: "Goes.")
        ) { .failed("Nothing is at '\($0)'.\nTry again.") })
      _ = session.run()
      let shown = interactive ? output.text : errors.text
      #expect(shown.contains("Nothing is at '\\u{1B}]52;c;aGk=\\u{7}\\u{0}'.\nTry again."))
      #expect(
        !(output.text + errors.text).unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }
  }

  @Test func aLineGivingASecretIsNotKeptInHistory() {
    let (session, _, _) = session([], interactive: true)
    session.register(
      CommandDefinition(
        help: .init(names: ["set"], usage: "set KEY VALUE", summary: "s", details: "d"),
        holdsSecret: { $0.hasPrefix("password ") }
      ) { _ in .done(message: nil, showScreen: false) })
    #expect(!session.mayKeepInHistory("set password hunter2"))
    #expect(!session.mayKeepInHistory("SET password hunter2"))
    #expect(session.mayKeepInHistory("set user ada"))
    #expect(session.mayKeepInHistory("3"))
  }

  @Test func argumentCandidatesThatCannotBeShownAsTheyAreAreLeftOut() {
    let (session, _, _) = session([], interactive: true)
    session.register(
      CommandDefinition(
        help: .init(names: ["get"], usage: "get KEY", summary: "g", details: "d"),
        completeArgument: { _ in ["evil\u{1B}[2J", "zero\u{200B}width", "plain"] }
      ) { _ in .done(message: nil, showScreen: false) })
    #expect(session.completions(for: "get ") == ["get plain"])
  }

  @Test func completionOffersCommandsTitlesAndArguments() {
    let (session, _, _) = session([], interactive: true)
    session.register(
      CommandDefinition(
        help: .init(names: ["set"], usage: "set KEY", summary: "s", details: "d"),
        completeArgument: { prefix in
          ["temperatureUnit", "timeZone"].filter { $0.hasPrefix(prefix) }
        }
      ) { _ in .done(message: nil, showScreen: false) })
    #expect(session.completions(for: "Temp") == ["Temperature", "Tempo"])
    #expect(session.completions(for: "to") == ["top"])
    #expect(session.completions(for: "set t") == ["set temperatureUnit", "set timeZone"])
    #expect(session.completions(for: "set te") == ["set temperatureUnit"])
    #expect(session.completions(for: "help ba") == ["help back"])
  }
}

@Suite struct TitleSearchTests {
  @Test func aTitleOnAnotherPageIsFound() {
    let controller = StaticViewController(
      title: "Zones",
      sections: [.init(rows: (1...99).map { .init(text: "Zone \($0)") } + [.init(text: "Tokyo")])])
    let output = StringOutput()
    let reader = ScriptedLineReader(["tokyo"], isInteractive: true)
    let session = Session(
      navigationController: NavigationController(rootViewController: controller), reader: reader,
      output: output, terminalSize: { Session.TerminalSize(columns: 80, rows: 24) })
    #expect(session.run() == .quit)
    #expect(controller.selections == [IndexPath(row: 99, section: 0)])
    #expect(output.text.contains("page 6/6"), "the page of the chosen row is shown")
  }

  @Test func aTitleWithAnInvisibleCharacterIsChosenAsItIsShown() {
    let controller = StaticViewController(
      title: "Keys", sections: [.init(rows: [.init(text: "Token"), .init(text: "Token\u{2060}")])])
    let reader = ScriptedLineReader(["token\\u{2060}", "token"], isInteractive: true)
    let session = Session(
      navigationController: NavigationController(rootViewController: controller), reader: reader,
      output: StringOutput())
    #expect(session.completions(for: "Tok") == ["Token", "Token\\u{2060}"])
    #expect(session.run() == .quit)
    #expect(
      controller.selections == [IndexPath(row: 1, section: 0), IndexPath(row: 0, section: 0)])
  }
}
