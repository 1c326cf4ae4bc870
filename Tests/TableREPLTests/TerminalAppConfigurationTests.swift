import TableKit
import Testing

@testable import TableREPL

/// `TerminalApp.run(_:configuration:)`: the hooks a program adds run where the runner says,
/// around one session it sets up.
@Suite struct TerminalAppConfigurationTests {
  final class Events {
    var list: [String] = []
  }

  func run(
    _ lines: [String], interactive: Bool = false,
    _ change: (inout TerminalApp.Configuration, Events) -> Void
  ) -> (Session.Outcome, events: [String], output: String, errors: String) {
    let screen = StaticViewController(
      title: "Root", sections: [.init(rows: [.init(text: "One"), .init(text: "Two")])])
    let navigation = NavigationController(rootViewController: screen)
    let output = StringOutput()
    let errors = StringOutput()
    let events = Events()
    var configuration = TerminalApp.Configuration(programName: "probe")
    configuration.reader = ScriptedLineReader(lines, isInteractive: interactive)
    configuration.output = output
    configuration.errorOutput = errors
    configuration.environment = ["COLUMNS": "60", "LINES": "20"]
    change(&configuration, events)
    let outcome = TerminalApp.run(navigation, configuration: configuration)
    return (outcome, events.list, output.text, errors.text)
  }

  @Test func theHooksRunAroundTheSessionInOrder() {
    let (outcome, events, output, _) = run(["hello", "quit"]) { configuration, events in
      configuration.wrapReader = { reader in
        events.list.append("wrap")
        return reader
      }
      configuration.prepareSession = { session in
        events.list.append("prepare")
        session.register(
          CommandDefinition(
            help: .init(names: ["hello"], usage: "hello", summary: "greet", details: "Greets.")
          ) { _ in .done(message: "Hi there.", showScreen: false) })
      }
      configuration.beforeEachCommand = {
        events.list.append("before")
        return events.list.filter { $0 == "before" }.count == 1 ? ["Changed meanwhile."] : nil
      }
      configuration.quitHandler = {
        events.list.append("quit")
        return .done(message: nil)
      }
      configuration.afterRun = { events.list.append("after \($0)") }
    }
    #expect(outcome == .quit)
    #expect(events.first == "wrap" && events.dropFirst().first == "prepare")
    #expect(events.contains("before"))
    #expect(events.suffix(2) == ["quit", "after quit"])
    #expect(output.contains("Hi there."), "a command registered in prepareSession ran")
    #expect(output.contains("Changed meanwhile."), "beforeEachCommand's lines are shown")
  }

  @Test func quitWithoutSavingListsTheUnsavedChanges() {
    let (outcome, _, output, _) = run(["quit!", "y"], interactive: true) { configuration, _ in
      configuration.unsavedChanges = { ["Volume: 3 → 5"] }
    }
    #expect(outcome == .discarded)
    #expect(output.contains("Volume: 3 → 5"))
  }

  @Test func aFailingPipedCommandEndsTheRunAndTheProgramSeesHow() {
    let (outcome, events, _, errors) = run(["bogus-command"]) { configuration, events in
      configuration.afterRun = { events.list.append("after \($0)") }
    }
    guard case .scriptFailed = outcome else {
      Issue.record("outcome \(outcome)")
      return
    }
    #expect(events.count == 1 && events[0].hasPrefix("after scriptFailed"))
    #expect(errors.hasPrefix("probe: "), "the program's name starts its errors: \(errors)")
  }
}
