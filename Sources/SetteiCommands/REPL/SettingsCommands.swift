import SettingsKit
import TableKit
import TableREPL

/// The REPL commands that need to know about settings: `go`, `find`, `?`, `changes`, `undo`,
/// `reset`, `lang`, `get` and `set`. SettingsKit does the work; this file only turns lines
/// into calls and results into words.
struct SettingsCommands {
  let model: SettingsModel
  let index: SettingsIndex
  let navigationController: NavigationController
  /// `rollback` and `compare`, when the store's earlier saves can be kept.
  var rollback: Rollback?

  /// settei's words in the language the screens are shown in (`lang` changes it).
  var messages: ProgramMessages { .forLanguage(model.language) }

  /// The help of a command, in the words of `messages`.
  private static func help(
    _ names: [String], _ usage: String, _ summary: ProgramMessage, _ details: ProgramMessage,
    _ messages: ProgramMessages
  ) -> CommandDefinition.Help {
    CommandDefinition.Help(
      names: names, usage: usage, summary: messages.text(summary),
      details: messages.text(details))
  }

  /// Registers every command with a session, with its help in the session's language; run
  /// again after `lang`, it replaces them with their help in the new language.
  func register(with session: Session) {
    let messages = self.messages
    let keys = { (prefix: String) in
      self.index.keys.filter { $0.lowercased().hasPrefix(prefix.lowercased()) }
    }
    func help(
      _ names: [String], _ usage: String, _ summary: ProgramMessage, _ details: ProgramMessage
    )
      -> CommandDefinition.Help
    {
      Self.help(names, usage, summary, details, messages)
    }
    session.register(
      CommandDefinition(
        help: help(["go"], "go PATH", .goSummary, .goDetails), completeArgument: keys
      ) { go($0) })
    session.register(
      CommandDefinition(
        help: help(["find"], "find TEXT, /TEXT", .findSummary, .findDetails), prefix: "/"
      ) { find($0) })
    session.register(
      CommandDefinition(help: help(["?"], "? N", .describeSummary, .describeDetails)) {
        describe($0)
      })
    session.register(
      CommandDefinition(help: help(["changes"], "changes", .changesSummary, .changesDetails)) {
        _ in changes()
      })
    session.register(
      CommandDefinition(help: help(["undo"], "undo", .undoSummary, .undoDetails)) { _ in undo() })
    session.register(
      CommandDefinition(
        help: help(["reset"], "reset N, reset all", .resetSummary, .resetDetails),
        completeArgument: { "all".hasPrefix($0) ? ["all"] : [] }
      ) {
        reset($0)
      })
    session.register(
      CommandDefinition(
        help: help(["lang"], "lang [CODE]", .langSummary, .langDetails),
        completeArgument: { prefix in
          (["en"] + model.schema.strings.languages).filter { $0.hasPrefix(prefix) }
        }
      ) { [unowned session] code in
        let result = lang(code)
        // The session's own words and the commands' help follow the screens' language.
        session.messages = .forLanguage(model.language)
        register(with: session)
        return result
      })
    session.register(
      CommandDefinition(
        help: help(["get"], "get KEY", .getSummary, .getDetails), completeArgument: keys
      ) {
        get($0)
      })
    session.register(
      CommandDefinition(
        help: help(["set"], "set KEY VALUE", .setSummary, .setDetails),
        completeArgument: completeSet,
        holdsSecret: setsSecureField
      ) { set($0) })
    rollback?.register(with: session)
  }

  /// Whether `set`'s argument gives a secure field its value, so that the line is not kept
  /// in the history.
  func setsSecureField(_ argument: String) -> Bool {
    guard let key = argument.split(separator: " ", maxSplits: 1).first else { return false }
    return index.byKey[String(key)]?.specifier.isSecure == true
  }

  /// Whether a line holds the value of a secure field, typed where it did not belong: such a
  /// line is not kept in the history either.
  func revealsSecret(_ line: String) -> Bool {
    model.containsSecret(line)
  }
}
