/// The help of each command, shown by `settei COMMAND --help` and `settei help COMMAND`, from
/// settei's catalog (Messages/settei/<language>.strings). docs/commands.md holds each
/// English text as it is.
enum CommandHelp {
  /// Every command with its own help: all of them.
  static var commands: [String] { Options.subcommands }

  /// The help of a command in `messages`' language (English by default), or `nil` when there
  /// is no such command.
  static func text(
    for command: String, messages: ProgramMessages = .forLanguage("en")
  ) -> String? {
    Options.verb(named: command).map { messages.text($0.help) }
  }

  /// What ends a usage error of `command`: the usage lines its help starts with, and where
  /// the rest of its help is.
  static func usage(
    of command: String, messages: ProgramMessages = .forLanguage("en")
  ) -> String? {
    guard let help = text(for: command, messages: messages) else { return nil }
    let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
      .prefix { !$0.isEmpty }
    return lines.joined(separator: "\n") + "\n" + messages.text(.seeCommandHelp, command)
  }
}
