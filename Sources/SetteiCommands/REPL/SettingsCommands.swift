import FileFormats
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
  /// The command that lists every key, which an unknown key's message names:
  /// `settei --gsettings list` in the desktop's GSettings.
  var listCommand = "settei list"
  /// How `set` reads a list group's value (GSettings: a list of texts as JSON), or why it
  /// does not fit; `nil` where a list group cannot be set by `set`.
  var listValue:
    ((_ text: String, _ key: String) -> Swift.Result<PropertyListValue, ListValueProblem>)?

  /// settei's words in the language the screens are shown in (`lang` changes it).
  var messages: ProgramMessages { .forLanguage(model.language) }

  /// Registers every command with a session, with its help in the session's language; run
  /// again after `lang`, it replaces them with their help in the new language.
  func register(with session: Session) {
    let messages = self.messages
    let keys = { (prefix: String) in
      self.index.keys.filter { $0.lowercased().hasPrefix(prefix.lowercased()) }
    }
    session.register(
      CommandDefinition(
        ["go"], "go PATH", .goSummary, .goDetails, messages, completeArgument: keys
      ) { go($0) })
    session.register(
      CommandDefinition(
        ["find"], "find TEXT, /TEXT", .findSummary, .findDetails, messages, prefix: "/"
      ) { find($0) })
    session.register(
      CommandDefinition(["?"], "? N", .describeSummary, .describeDetails, messages) {
        describe($0)
      })
    session.register(
      CommandDefinition(["changes"], "changes", .changesSummary, .changesDetails, messages) {
        _ in changes()
      })
    session.register(
      CommandDefinition(["undo"], "undo", .undoSummary, .undoDetails, messages) { _ in undo() })
    session.register(
      CommandDefinition(
        ["reset"], "reset N, reset all", .resetSummary, .resetDetails, messages,
        completeArgument: { "all".hasPrefix($0) ? ["all"] : [] }
      ) {
        reset($0)
      })
    session.register(
      CommandDefinition(
        ["lang"], "lang [CODE]", .langSummary, .langDetails, messages,
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
        ["get"], "get KEY", .getSummary, .getDetails, messages, completeArgument: keys
      ) {
        get($0)
      })
    session.register(
      CommandDefinition(
        ["set"], "set KEY VALUE", .setSummary, .setDetails, messages,
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

extension CommandDefinition {
  /// One of settei's commands, its help worded from settei's catalog in `messages` only when
  /// it is asked for (`help`, a mistyped name's suggestions), not at every start: the
  /// summaries and explanations of a dozen commands were an eighth of a first screen's
  /// instructions.
  init(
    _ names: [String], _ usage: String, _ summary: ProgramMessage, _ details: ProgramMessage,
    _ messages: ProgramMessages, detailsArguments: [String] = [], prefix: String? = nil,
    completeArgument: ((String) -> [String])? = nil, holdsSecret: ((String) -> Bool)? = nil,
    run: @escaping (String) -> Result
  ) {
    self.init(
      names: names,
      help: {
        Help(
          names: names, usage: usage, summary: messages.text(summary),
          details: messages.text(details, arguments: detailsArguments))
      }, prefix: prefix, completeArgument: completeArgument, holdsSecret: holdsSecret, run: run)
  }
}

/// Why `set` did not take a list group's value, in words (``SettingsCommands/listValue``).
struct ListValueProblem: Error {
  var text: String
}
