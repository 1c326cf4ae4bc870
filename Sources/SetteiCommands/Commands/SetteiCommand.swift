import TableREPL

/// A command of settei's command line (`settei get KEY`, `settei lint PATH`, the REPL when
/// none is named): everything parsing, help, completion and running need to know of it.
///
/// A new command is a file of its own with a type that conforms, and an entry in
/// ``CommandTable``; its help and usage go to settei's catalog (Messages/settei) and its
/// section to docs/commands.md.
protocol SetteiCommand: Sendable {
  /// What its words after the name parse into (`get`'s key, `diff`'s two stores).
  associatedtype Arguments: Equatable & Sendable

  /// The word typed for it (`get`).
  static var name: String { get }
  /// The options it takes, as its help lists them (every one takes `--help` too).
  static var options: [String] { get }
  /// What `--format` takes, when it takes `--format`.
  static var formats: [String] { get }
  /// Its help, which `settei NAME --help` and `settei help NAME` show.
  static var help: ProgramMessage { get }

  /// Its arguments from the words after its name (`words`) and the options that shape them
  /// (`--json`, `--all`, `--format`); a usage error says what to type instead.
  static func parse(
    _ words: [String], _ flags: CommandFlags, messages: ProgramMessages
  ) throws(Options.UsageError) -> Arguments

  /// Does what it was asked; what went wrong is thrown, and ``ExitStatus/init(_:)`` gives
  /// the status.
  static func run(_ arguments: Arguments, in context: CommandContext) throws(Failure)
}

extension SetteiCommand {
  static var formats: [String] { [] }

  /// The command with its arguments, as parsing hands it to the program.
  static func with(_ arguments: Arguments) -> ParsedCommand {
    ParsedCommand(
      name: name, arguments: arguments,
      sameArguments: { ($0 as? Arguments) == arguments },
      run: { context throws(Failure) in try run(arguments, in: context) })
  }

  /// Parses `words` as ``parse(_:_:messages:)`` does, into a command ready to run.
  static func parsedCommand(
    _ words: [String], _ flags: CommandFlags, _ messages: ProgramMessages
  ) throws(Options.UsageError) -> ParsedCommand {
    with(try parse(words, flags, messages: messages))
  }

  /// The one word a command takes (`get KEY`, `lint PATH`), else a usage error with the
  /// usage `usage` says.
  static func single(
    _ words: [String], _ usage: ProgramMessage, _ messages: ProgramMessages
  ) throws(Options.UsageError) -> String {
    try expect(1, words, usage, messages)
    return words[0]
  }

  /// Refuses `words` unless there are `count` of them, with the usage `usage` says.
  static func expect(
    _ count: Int, _ words: [String], _ usage: ProgramMessage, _ messages: ProgramMessages
  ) throws(Options.UsageError) {
    guard words.count == count else {
      throw Options.UsageError(message: messages.text(.takes, name, messages.text(usage)))
    }
  }
}

/// The options that shape a command's arguments rather than the whole run.
struct CommandFlags: Equatable {
  /// `--json`
  var json = false
  /// `--all`
  var all = false
  /// `--format`'s value, if given.
  var format: String?
  /// `--save`'s value (diff's earlier save), if given.
  var save: String?

  /// Whether any of them was given.
  var any: Bool { json || all || format != nil || save != nil }
}

/// A command named on the command line with its arguments, ready to run.
struct ParsedCommand: Equatable, Sendable {
  let name: String
  let arguments: any Equatable & Sendable
  fileprivate let sameArguments: @Sendable (Any) -> Bool
  let run: @Sendable (CommandContext) throws(Failure) -> Void

  static func == (a: ParsedCommand, b: ParsedCommand) -> Bool {
    a.name == b.name && a.sameArguments(b.arguments)
  }

  /// Whether it is the command `type`.
  func `is`(_ type: any SetteiCommand.Type) -> Bool { name == type.name }
}

/// What a command runs with: the options, and the program (its environment, outputs, words,
/// and the loading of a schema and a store as the options name them), whose properties it
/// reads as its own (`context.standardOutput`, `context.messages`).
@dynamicMemberLookup
struct CommandContext {
  let options: Options
  let program: Program

  subscript<Value>(dynamicMember keyPath: KeyPath<Program, Value>) -> Value {
    program[keyPath: keyPath]
  }
}

/// The one table of commands: parsing, `--help`, `settei help COMMAND`, shell completion
/// and (by tests) the general help, both completion scripts and docs/commands.md follow it.
enum CommandTable {
  /// The commands a user types, in the order the help lists them.
  static let listed: [any SetteiCommand.Type] = [
    GetCommand.self, SetCommand.self, ListCommand.self, ExportCommand.self, ImportCommand.self,
    ResetCommand.self, SavesCommand.self, RollbackCommand.self, LintCommand.self,
    DefaultsCommand.self, DiffCommand.self, RenderCommand.self,
  ]
  /// What runs when no command is named.
  static let unnamed: any SetteiCommand.Type = REPLCommand.self
  /// Commands listed nowhere, which take every word after them as they are: what the shell
  /// completion scripts call.
  static let hidden: [any SetteiCommand.Type] = [CompleteCommand.self]

  /// The options of the commands that read a schema and its store.
  static let storeOptions = ["--schema", "--store", "--lang", "--idiom"]

  /// The options that shape the whole run, which every command takes: the help, the words'
  /// language, colour, and which schema and store (a command that reads no settings
  /// ignores these).
  static let runOptions = [
    "--help", "--version", "--lang", "--no-color", "--schema", "--store", "--idiom", "--in-app",
    "--title", "--gsettings",
  ]

  /// Refuses an option given to a command that does not take it (`get --json`,
  /// `import --changed`), naming the commands that do: one rule from each command's
  /// ``SetteiCommand/options``, for every option and command.
  static func check(
    _ given: [String], for command: any SetteiCommand.Type, messages: ProgramMessages
  ) throws(Options.UsageError) {
    for option in given where !runOptions.contains(option) && !command.options.contains(option) {
      let takers = (listed + [unnamed]).filter { $0.options.contains(option) }
      // An option no command takes was refused as unknown while the line was read.
      guard let first = takers.first else { continue }
      throw Options.UsageError(
        message: messages.text(
          .optionOfOtherCommands, option, invocation(of: command),
          takers.map(invocation(of:)).joined(separator: ", "), invocation(of: first)))
    }
  }

  /// How a command is typed: `settei get`, or `settei` for the REPL.
  static func invocation(of command: any SetteiCommand.Type) -> String {
    command == unnamed ? "settei" : ["settei", command.name].joined(separator: " ")
  }

  /// The names of the listed commands.
  static var names: [String] { listed.map { $0.name } }

  /// The listed command called `name`, if there is one.
  static func command(named name: String) -> (any SetteiCommand.Type)? {
    listed.first { $0.name == name }
  }
}

/// The help of each command, shown by `settei COMMAND --help` and `settei help COMMAND`, from
/// settei's catalog (Messages/settei/<language>.strings). docs/commands.md holds each
/// English text as it is.
enum CommandHelp {
  /// Every command with its own help: all of them.
  static var commands: [String] { CommandTable.names }

  /// The help of a command in `messages`' language (English by default), or `nil` when there
  /// is no such command.
  static func text(
    for command: String, messages: ProgramMessages = .forLanguage("en")
  ) -> String? {
    CommandTable.command(named: command).map { messages.text($0.help) }
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
