/// One line of input, understood. Parsing is pure: it needs no screen and has no effects.
package enum Command: Equatable, Sendable {
  /// Select the row with this number (1-based, as shown).
  case selectRow(TypedNumber)
  /// Select the row whose title starts with this text (resolved against the screen).
  case selectTitle(String)
  /// Return to the previous screen.
  case back
  /// Return to the first screen.
  case top
  /// Save and exit.
  case quit
  /// Exit without saving (after confirming on a terminal).
  case quitWithoutSaving
  /// List the commands, or explain one.
  case help(topic: String?)
  /// Show the next page of a long screen.
  case nextPage
  /// Show the previous page of a long screen.
  case previousPage
  /// Show page K (1-based).
  case page(TypedNumber)
  /// Show only the rows whose title contains the text; `nil` shows every row again.
  case filter(String?)
  /// Show the footers of the page whole, which the page cuts to fit the terminal.
  case footers
  /// A command the application added (see ``CommandDefinition``), with the rest of the line.
  case custom(name: String, argument: String)
  /// An empty line: show the screen again.
  case empty

  /// The built-in commands, in the order `help` lists them: their names, usage, and the
  /// catalog entries of their one-line summary and long help.
  private static let builtInCommands:
    [(names: [String], usage: String, summary: SessionMessage, details: SessionMessage)] = [
      (["N"], "N", .rowSummary, .rowDetails),
      (["TEXT"], "TEXT", .titleSummary, .titleDetails),
      (["back", ".."], "back, ..", .backSummary, .backDetails),
      (["top"], "top", .topSummary, .topDetails),
      (
        ["n", "next", "p", "previous", "prev", "page"], "n, p, page K", .pagesSummary, .pagesDetails
      ),
      (["filter"], "filter [TEXT]", .filterSummary, .filterDetails),
      (["footer", "footers"], "footer", .footerSummary, .footerDetails),
      (["quit", "exit", "q"], "quit", .quitSummary, .quitDetails),
      (["quit!"], "quit!", .quitWithoutSavingSummary, .quitWithoutSavingDetails),
      (["help", "?"], "help [COMMAND]", .helpSummary, .helpDetails),
    ]

  /// The built-in commands in English, for their names.
  package static let builtIns = builtIns(saving: true)

  /// The built-in commands as `help` shows them, in the words of `messages`: `quit` saves
  /// only when the session has something that saves.
  package static func builtIns(
    saving: Bool, messages: SessionMessages = .forLanguage("en")
  ) -> [CommandDefinition.Help] {
    builtInCommands.map { command in
      let plainQuit = !saving && command.summary == .quitSummary
      return CommandDefinition.Help(
        names: command.names, usage: command.usage,
        summary: messages.text(plainQuit ? .plainQuitSummary : command.summary),
        details: messages.text(plainQuit ? .plainQuitDetails : command.details))
    }
  }

  /// A built-in command's help in the words of `messages`; an application's command's help
  /// as the application wrote it.
  package static func localized(
    _ help: CommandDefinition.Help, messages: SessionMessages, saving: Bool = true
  ) -> CommandDefinition.Help {
    guard let index = builtIns.firstIndex(where: { $0.names == help.names }) else { return help }
    return builtIns(saving: saving, messages: messages)[index]
  }

  /// The words that name built-in commands, for completion.
  package static let keywords = [
    "back", "filter", "footer", "help", "next", "page", "previous", "quit", "quit!", "top",
  ]

  /// Parses one line of input.
  ///
  /// Surrounding white space is ignored and keywords are not case-sensitive. A word that
  /// names one of `customCommands` (or a line starting with one of `customPrefixes`, like
  /// `/`) becomes ``custom(name:argument:)``. Anything else that is not a number is taken as
  /// the start of a row's title.
  package static func parse(
    _ line: some StringProtocol, customCommands: Set<String> = [],
    customPrefixes: [String: String] = [:]
  ) -> Command {
    let text = line.trimmingWhitespace()
    if text.isEmpty { return .empty }
    if let number = TypedNumber(text) { return .selectRow(number) }
    for (prefix, name) in customPrefixes where text.hasPrefix(prefix) && text.count > prefix.count {
      return .custom(
        name: name, argument: String(text.dropFirst(prefix.count)).trimmingWhitespace())
    }
    let words = text.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
    let keyword = words[0].lowercased()
    let argument = words.count > 1 ? String(words[1]).trimmingWhitespace() : nil
    switch (keyword, argument) {
    case ("back", nil), ("..", nil): return .back
    case ("top", nil): return .top
    case ("quit", nil), ("exit", nil), ("q", nil): return .quit
    case ("quit!", nil): return .quitWithoutSaving
    case ("n", nil), ("next", nil): return .nextPage
    case ("p", nil), ("previous", nil), ("prev", nil): return .previousPage
    case ("page", let number?):
      if let page = TypedNumber(number) { return .page(page) }
    case ("filter", _): return .filter(argument)
    case ("footer", nil), ("footers", nil): return .footers
    case ("help", _): return .help(topic: argument)
    case ("?", nil): return .help(topic: nil)
    default: break
    }
    if customCommands.contains(keyword) {
      return .custom(name: keyword, argument: argument ?? "")
    }
    return .selectTitle(text)
  }

  /// The long help for a built-in command, by any of its names.
  package static func helpEntry(
    for topic: String, saving: Bool = true, messages: SessionMessages = .forLanguage("en")
  ) -> String? {
    let name = topic.trimmingWhitespace()
    let entries = builtIns(saving: saving, messages: messages)
    let exact = entries.first { $0.names.contains(name) }
    return (exact ?? entries.first { $0.names.contains(name.lowercased()) })?.text
  }
}

/// A command an application adds to the REPL beside the built-in ones, such as `go`, `find`,
/// `changes` or `undo` in a settings editor.
public struct CommandDefinition {
  /// What `help` says of a command.
  public struct Help: Sendable, Equatable {
    /// The words that invoke the command.
    public var names: [String]
    /// How to type it: `go PATH`.
    public var usage: String
    /// One line for the list of commands.
    public var summary: String
    /// The explanation `help COMMAND` prints.
    public var details: String

    /// Creates the help of a command.
    public init(names: [String], usage: String, summary: String, details: String) {
      self.names = names
      self.usage = usage
      self.summary = summary
      self.details = details
    }

    /// The long help as printed: the usage, then the explanation indented under it.
    public var text: String {
      let indent = String(repeating: " ", count: 4)
      let body = details.split(separator: "\n", omittingEmptySubsequences: false)
        .map { indent + $0 }.joined(separator: "\n")
      return usage + "\n" + body
    }
  }

  /// What running a command did.
  public enum Result {
    /// Done: print the message (if any), then the screen (if `showScreen`).
    case done(message: String?, showScreen: Bool)
    /// Failed: the message says why and what to type instead.
    case failed(String)
    /// Ask first, as `quit!` does: on a terminal, print the message and ask the question
    /// with `[y/N]`; `then` runs on yes (in a script, at once), and anything else cancels.
    indirect case confirm(message: String, question: String, then: () -> Result)
  }

  /// The words that invoke the command: its help's names, known without making its help.
  public private(set) var names: [String]
  /// The command's help, made when something asks for it (`help`, the suggestions for a
  /// mistyped name): most sessions never do, so help worded from a catalog costs a start
  /// nothing.
  public var help: Help {
    get {
      var help = makeHelp()
      help.names = names
      return help
    }
    set {
      names = newValue.names
      makeHelp = { newValue }
    }
  }
  private var makeHelp: () -> Help
  /// A prefix that runs the command with the rest of the line, like `/` for `find`.
  public var prefix: String?
  /// Candidates for the argument typed so far, for Tab.
  public var completeArgument: ((String) -> [String])?
  /// Whether an argument holds a secret, such as a password: the line is then never kept
  /// in the history.
  public var holdsSecret: ((String) -> Bool)?
  /// Runs the command with the rest of the line (empty when there is none).
  public var run: (String) -> Result

  /// Creates a command from its help, an optional prefix, argument completion, what tells a
  /// secret argument, and what it does.
  public init(
    help: Help, prefix: String? = nil, completeArgument: ((String) -> [String])? = nil,
    holdsSecret: ((String) -> Bool)? = nil, run: @escaping (String) -> Result
  ) {
    self.init(
      names: help.names, help: { help }, prefix: prefix, completeArgument: completeArgument,
      holdsSecret: holdsSecret, run: run)
  }

  /// Creates a command from its names and what makes its help when it is asked for (the
  /// help's own names are these), an optional prefix, argument completion, what tells a
  /// secret argument, and what it does.
  public init(
    names: [String], help: @escaping () -> Help, prefix: String? = nil,
    completeArgument: ((String) -> [String])? = nil, holdsSecret: ((String) -> Bool)? = nil,
    run: @escaping (String) -> Result
  ) {
    self.names = names
    self.makeHelp = help
    self.prefix = prefix
    self.completeArgument = completeArgument
    self.holdsSecret = holdsSecret
    self.run = run
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces, tabs and newlines.
  package func trimmingWhitespace() -> String {
    // Most lines have nothing to trim: two byte checks instead of walking characters.
    let isSpaceByte: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    let text = String(self)
    if let first = text.utf8.first, let last = text.utf8.last, !isSpaceByte(first),
      !isSpaceByte(last)
    {
      return text
    }
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard let start = firstIndex(where: { !isSpace($0) }),
      let end = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[start...end])
  }
}
