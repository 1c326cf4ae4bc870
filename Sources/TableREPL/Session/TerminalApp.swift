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
    signal(SIGPIPE, SIG_IGN)
    let environment = currentEnvironment()
    let standardOutput = FileOutput(descriptor: 1)
    let standardError = FileOutput(descriptor: 2)
    let warnings = OneWarning(
      Diagnostics(programName: programName, output: standardError, messages: messages))

    var editReader: EditLineReader?
    if Terminal.isTerminal(0) && Terminal.isTerminal(1) {
      let path = historyFile ?? defaultHistoryPath(programName: programName, environment)
      if path == nil { warnings.warn(messages.text(.noHome)) }
      editReader = EditLineReader(
        programName: programName, historyPath: path, messages: messages, warn: warnings.warn)
    }
    let reader: any LineReading = editReader ?? PlainLineReader(transcript: standardOutput)

    let session = Session(
      navigationController: navigationController, reader: reader, output: standardOutput,
      errorOutput: standardError,
      usesColor: Terminal.usesColor(environment: environment, disabled: false),
      terminalSize: { Terminal.layoutSize(environment: environment) })
    session.quitHandler = quitHandler
    session.programName = programName
    session.messageWidth = { Terminal.messageWidth(environment: environment) }
    session.messages = messages
    editReader?.completer = { [unowned session] in session.completions(for: $0) }
    editReader?.historyFilter = { [unowned session] in session.mayKeepInHistory($0) }

    let outcome = session.run()
    if let editReader {
      do {
        try editReader.saveHistory()
      } catch {
        warnings.warn(messages.text(.historyNotSaved, "\(error)"))
      }
    }
    switch outcome {
    case .quit, .discarded: return 0
    case .scriptFailed, .quitFailed: return 1
    case .outputClosed: return 141
    }
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
