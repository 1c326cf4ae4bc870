import SystemIO
import TableKit
import TextSafety

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a navigation controller as a terminal program, in one call.
///
/// ```swift
/// import Glibc
/// import TableKit
/// import TableREPL
///
/// let navigationController = NavigationController(rootViewController: MyViewController())
/// exit(TerminalApp.run(navigationController, programName: "my-tool"))
/// ```
///
/// ``run(_:programName:historyFile:messages:quitHandler:)`` wires the pieces a program would
/// otherwise wire itself:
///
/// - On a terminal (standard input *and* output are terminals): an ``EditLineReader`` with
///   line editing, Tab completion of commands and row titles, and history kept in
///   `$XDG_STATE_HOME/<programName>/history` (default
///   `~/.local/state/<programName>/history`).
/// - On a pipe: a ``PlainLineReader`` that echoes each prompt and command to standard
///   output, so the output reads as a transcript; no escape codes, no history; the first
///   failing command ends the run with status 1.
/// - Colour on a terminal unless `NO_COLOR` is set or `TERM` is `dumb`; screens laid out for
///   the terminal's size, asked before every screen so that a resize is picked up (on a pipe:
///   `COLUMNS` and `LINES`, else 80 columns).
/// - `SIGPIPE` ignored, so that `my-tool | head -1` ends cleanly.
///
/// The type is called `TerminalApp` rather than `TableREPL` (for a `TableREPL.run(_:)` call)
/// because a type named like its module hides the module: with an `enum TableREPL` inside
/// module `TableREPL`, a client's `TableREPL.Session` would look for `Session` inside the
/// enum and fail, so every qualified name would break.
public enum TerminalApp {
  /// Runs the navigation controller in the process's terminal (or on its pipes) until the
  /// user quits, the input ends, or a piped command fails.
  ///
  /// - Parameters:
  ///   - navigationController: The screens to show; its top controller is shown first.
  ///   - programName: The program's name: the folder of its history file, the prefix of its
  ///     warnings, and the name `~/.editrc` lines can select.
  ///   - historyFile: Where to keep the command history instead of
  ///     `$XDG_STATE_HOME/<programName>/history`.
  ///   - messages: The session's own words (help, errors, questions, the page line):
  ///     `SessionMessages.forLanguage("ja")` for Japanese; English by default.
  ///   - quitHandler: Called on `quit` and at the end of the input, to save what the user
  ///     changed; `nil` when there is nothing to save.
  /// - Returns: The exit status to pass to `exit`: 0 when the user quit or the input ended,
  ///   1 when a piped command failed or the quit handler failed at the end of the input.
  public static func run(
    _ navigationController: NavigationController,
    programName: String,
    historyFile: String? = nil,
    messages: SessionMessages = .forLanguage("en"),
    quitHandler: (() -> Session.QuitResult)? = nil
  ) -> Int32 {
    var configuration = Configuration(programName: programName)
    configuration.historyFile = historyFile
    configuration.messages = messages
    configuration.quitHandler = quitHandler
    switch run(navigationController, configuration: configuration) {
    case .quit, .discarded: return 0
    case .scriptFailed, .quitFailed: return 1
    case .outputClosed: return 141
    }
  }

  /// Runs the navigation controller as ``run(_:programName:historyFile:messages:quitHandler:)``
  /// does, with what `configuration` adds or changes, and says how the session ended (the
  /// program chooses its exit status from that).
  public static func run(
    _ navigationController: NavigationController, configuration: Configuration
  ) -> Session.Outcome {
    signal(SIGPIPE, SIG_IGN)
    let programName = configuration.programName
    let messages = configuration.messages
    let environment = configuration.environment ?? currentEnvironment()
    let standardOutput = configuration.output ?? FileOutput(descriptor: 1)
    let standardError = configuration.errorOutput ?? FileOutput(descriptor: 2)
    let warnings = OneWarning(
      Diagnostics(programName: programName, output: standardError, messages: messages))

    var editReader: EditLineReader?
    if configuration.reader == nil, Terminal.isTerminal(0) && Terminal.isTerminal(1) {
      let path =
        configuration.historyFile ?? defaultHistoryPath(programName: programName, environment)
      if path == nil { warnings.warn(messages.text(.noHome)) }
      editReader = EditLineReader(
        programName: programName, historyPath: path, messages: messages, warn: warnings.warn)
    }
    let plainReader: any LineReading =
      configuration.reader ?? editReader ?? PlainLineReader(transcript: standardOutput)
    let reader = configuration.wrapReader?(plainReader) ?? plainReader

    // Output to a pipe or a file has no size to change: worked out once, not per command.
    let pipeSize = Terminal.isTerminal(1) ? nil : Terminal.layoutSize(environment: environment)
    let pipeWidth = Terminal.messageWidth(environment: environment)
    let session = Session(
      navigationController: navigationController, reader: reader, output: standardOutput,
      errorOutput: standardError,
      usesColor: Terminal.usesColor(
        environment: environment, disabled: configuration.colorDisabled),
      terminalSize: { pipeSize ?? Terminal.layoutSize(environment: environment) })
    session.quitHandler = configuration.quitHandler
    session.programName = programName
    session.messageWidth = {
      pipeSize != nil ? pipeWidth : Terminal.messageWidth(environment: environment)
    }
    session.messages = messages
    if let reservesCheckmarkColumn = configuration.reservesCheckmarkColumn {
      session.reservesCheckmarkColumn = reservesCheckmarkColumn
    }
    session.unsavedChanges = configuration.unsavedChanges
    session.beforeEachCommand = configuration.beforeEachCommand
    let moreCompletions = configuration.moreCompletions
    editReader?.completer = { [unowned session] text in
      session.completions(for: text) + (moreCompletions?(text) ?? [])
    }
    let keepsInHistory = configuration.keepsInHistory
    editReader?.historyFilter = { [unowned session] line in
      session.mayKeepInHistory(line) && keepsInHistory?(line) != false
    }
    configuration.prepareSession?(session)

    let outcome = session.run()
    configuration.afterRun?(outcome)
    if let editReader {
      do {
        try editReader.saveHistory()
      } catch {
        warnings.warn(messages.text(.historyNotSaved, error.message(language: messages.language)))
      }
    }
    return outcome
  }

  /// `historyFile` unless given: `$XDG_STATE_HOME/<programName>/history` when that variable
  /// holds an absolute path, else `$HOME/.local/state/<programName>/history`, else `nil`.
  package static func defaultHistoryPath(
    programName: String, _ environment: [String: String]
  ) -> String? {
    XDGFolders.state(of: programName, environment: environment).map { $0 + "/history" }
  }

  /// The variables the runner reads, taken once; empty values count as unset.
  private static func currentEnvironment() -> [String: String] {
    var values: [String: String] = [:]
    for name in ["HOME", "XDG_STATE_HOME", "NO_COLOR", "TERM", "COLUMNS", "LINES"] {
      if let value = getenv(name), value.pointee != 0 { values[name] = String(cString: value) }
    }
    return values
  }
}

extension TerminalApp {
  /// What ``TerminalApp/run(_:configuration:)`` is told beyond the screens: the program's
  /// name and words, and the hooks a program with a store, signals or commands of its own
  /// needs (settei runs its REPL this way). Everything but the name has a default, which is
  /// what ``TerminalApp/run(_:programName:historyFile:messages:quitHandler:)`` does.
  public struct Configuration {
    /// The folder of the history file, the prefix of warnings, the name `~/.editrc` lines
    /// can select.
    public var programName: String
    /// Where to keep the command history instead of `$XDG_STATE_HOME/<programName>/history`.
    public var historyFile: String?
    /// The session's own words: English by default.
    public var messages = SessionMessages.forLanguage("en")
    /// Called on `quit` and at the end of the input, to save what the user changed.
    public var quitHandler: (() -> Session.QuitResult)?
    /// No colour even on a terminal that has it (a `--no-color` option).
    public var colorDisabled = false
    /// The environment variables read (`HOME`, `XDG_STATE_HOME`, `NO_COLOR`, `TERM`,
    /// `COLUMNS`, `LINES`); `nil`: the process's, an empty value counting as unset.
    public var environment: [String: String]?
    /// Standard output, for a program that closes it itself and checks that everything
    /// arrived; `nil`: one made for the run.
    public var output: (any TextOutput)?
    /// Standard error; `nil`: one made for the run.
    public var errorOutput: (any TextOutput)?
    /// The lines to read instead of the terminal's or standard input's (a test's script);
    /// no history is read or kept then.
    public var reader: (any LineReading)?
    /// ``Session/beforeEachCommand``: lines to show before each command runs.
    public var beforeEachCommand: (() -> [String]?)?
    /// ``Session/unsavedChanges``: what `quit!` would throw away.
    public var unsavedChanges: (() -> [String])?
    /// ``Session/reservesCheckmarkColumn``; `nil`: no screen keeps an empty ✓ column.
    public var reservesCheckmarkColumn: ((ViewController) -> Bool)?
    /// Tab's candidates for a line, after the session's own.
    public var moreCompletions: ((String) -> [String])?
    /// Whether a line may go into the history, asked after the session's own rule (a line
    /// the session keeps out stays out): `false` keeps a line with a secret out.
    public var keepsInHistory: ((String) -> Bool)?
    /// Wraps the line reader chosen (libedit's or the plain one), for a program that must
    /// see every read: to end one on a signal, or to know when the input ended.
    public var wrapReader: ((any LineReading) -> any LineReading)?
    /// Called with the session once it is set up, before it runs: to register commands.
    public var prepareSession: ((Session) -> Void)?
    /// Called with how the session ended, before the history is saved.
    public var afterRun: ((Session.Outcome) -> Void)?

    /// A configuration for the program called `programName` (the name its diagnostics and
    /// history folder use), every other setting at its default: set those wanted, then pass
    /// it to ``TerminalApp/run(_:configuration:)``.
    public init(programName: String) {
      self.programName = programName
    }
  }
}

/// Shows at most one warning per run: history is a convenience and must not crowd out the
/// user's work.
package final class OneWarning {
  private let diagnostics: Diagnostics
  private var shown = false

  package init(_ diagnostics: Diagnostics) {
    self.diagnostics = diagnostics
  }

  package func warn(_ message: String) {
    guard !shown else { return }
    shown = true
    diagnostics.write(message, kind: .warning)
  }
}
