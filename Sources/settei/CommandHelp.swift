/// The help of the commands for iOS developers' CI, shown by `settei COMMAND --help`, from
/// settei's catalog (Messages/settei/<language>.strings). docs/commands.md holds each
/// English text as it is.
enum CommandHelp {
  /// Every command with its own help.
  static let commands = ["defaults", "diff", "lint", "render"]

  /// The help of a command in `messages`' language (English by default), or `nil` when the
  /// command has only the general `--help`.
  static func text(
    for command: String, messages: ProgramMessages = .forLanguage("en")
  ) -> String? {
    switch command {
    case "defaults": messages.text(.defaultsHelp)
    case "diff": messages.text(.diffHelp)
    case "lint": messages.text(.lintHelp)
    case "render": messages.text(.renderHelp)
    default: nil
    }
  }
}
