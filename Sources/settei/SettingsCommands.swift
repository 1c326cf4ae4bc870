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

  static let goHelp = CommandDefinition.Help(
    names: ["go"], usage: "go PATH", summary: "jump to a setting by title path or key",
    details: """
      Go to the screen that holds a setting. PATH is a title path such as
      言語と地域/温度単位 or Temperature Unit, or a setting key such as temperatureUnit.
      Tab completes keys.
      """)
  static let findHelp = CommandDefinition.Help(
    names: ["find"], usage: "find TEXT, /TEXT", summary: "search every page",
    details: """
      Search every page for TEXT (not case-sensitive): titles, current values, choices,
      footer texts and keys, in this language and the schema's other languages. Each
      setting is listed once, numbered, with its full breadcrumb; choose one to open the
      screen it is on, and back returns to the results. A new find replaces them.
      """)
  static let describeHelp = CommandDefinition.Help(
    names: ["?"], usage: "? N", summary: "describe row N",
    details: """
      Describe row N: its key, type, allowed values or range, default, current value and
      footer text.
      """)
  static let changesHelp = CommandDefinition.Help(
    names: ["changes"], usage: "changes", summary: "list what this session changed",
    details: """
      List what this session changed, as Page › Title: old → new. A setting changed and
      changed back to its stored value is no change, and is not saved.
      """)
  static let undoHelp = CommandDefinition.Help(
    names: ["undo"], usage: "undo", summary: "revert the last change",
    details: "Revert the last change of this session. Repeat to go further back.")
  static let resetHelp = CommandDefinition.Help(
    names: ["reset"], usage: "reset N, reset all", summary: "restore defaults",
    details: """
      reset N restores row N's default value. reset all lists the settings that differ
      from their default and, once you answer y, restores them all; one undo brings them
      back.
      """)
  static let langHelp = CommandDefinition.Help(
    names: ["lang"], usage: "lang [CODE]", summary: "switch the language (ja, en, …)",
    details: """
      Show the screens in another language, e.g. lang en, lang ja or lang zh_TW, on the spot.
      A region or script is matched as iOS matches it (zh_TW is served by zh-Hant.lproj, pt-BR
      by pt.lproj: see schema.md); a language the schema has no text in is refused with the
      list of those it has. lang alone shows the language and the others the schema has.
      """)
  static let getHelp = CommandDefinition.Help(
    names: ["get"], usage: "get KEY", summary: "show a setting's value",
    details: "Show the value of the setting KEY, its default, and where it is.")
  static let setHelp = CommandDefinition.Help(
    names: ["set"], usage: "set KEY VALUE", summary: "change a setting by key",
    details: """
      Change the setting KEY to VALUE. VALUE may be the stored value or a choice's title in
      any language (set temperatureUnit 華氏（°F）); it is checked like a screen checks it:
      type, range, choice. Tab completes keys, then choices.
      """)

  /// Registers every command with a session.
  func register(with session: Session) {
    let keys = { (prefix: String) in
      self.index.keys.filter { $0.lowercased().hasPrefix(prefix.lowercased()) }
    }
    session.register(CommandDefinition(help: Self.goHelp, completeArgument: keys) { go($0) })
    session.register(CommandDefinition(help: Self.findHelp, prefix: "/") { find($0) })
    session.register(CommandDefinition(help: Self.describeHelp) { describe($0) })
    session.register(CommandDefinition(help: Self.changesHelp) { _ in changes() })
    session.register(CommandDefinition(help: Self.undoHelp) { _ in undo() })
    session.register(
      CommandDefinition(
        help: Self.resetHelp, completeArgument: { "all".hasPrefix($0) ? ["all"] : [] }
      ) {
        reset($0)
      })
    session.register(
      CommandDefinition(
        help: Self.langHelp,
        completeArgument: { prefix in
          (["en"] + model.schema.strings.languages).filter { $0.hasPrefix(prefix) }
        }
      ) { lang($0) })
    session.register(CommandDefinition(help: Self.getHelp, completeArgument: keys) { get($0) })
    session.register(
      CommandDefinition(
        help: Self.setHelp, completeArgument: completeSet, holdsSecret: setsSecureField
      ) { set($0) })
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
    model.secureKeys.contains { key in
      guard let secret = model.value(forKey: key)?.stringValue, !secret.isEmpty else {
        return false
      }
      return line.contains(secret)
    }
  }
}
