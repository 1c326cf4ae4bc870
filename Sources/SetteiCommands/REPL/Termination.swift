import Glibc
import Synchronization
import TableREPL

/// The first SIGTERM, SIGHUP or SIGQUIT that arrived, or 0.
private let receivedSignal = Atomic<Int32>(0)
/// Whether a SIGINT arrived while a command ran (``Termination/installInterrupt()``).
private let receivedInterrupt = Atomic<Bool>(false)
/// A descriptor of `/dev/null` that the handler puts in place of standard input, or -1.
private let replacementInput = Atomic<Int32>(-1)

/// SIGTERM, SIGHUP and SIGQUIT (`kill`, a closed terminal window, Ctrl-\): the run ends, and
/// edits that were not saved go to the recovery file instead of being lost or saved
/// half-checked. SIGINT (Ctrl-C) on a terminal stops the command under way instead
/// (``installInterrupt()``).
///
/// The handler only notes the signal, and, while ``interruptsInput`` is on, puts
/// `/dev/null` in place of standard input (`dup2` is async-signal-safe), so that a blocking
/// `read` on a pipe, which the plain reader retries after `EINTR`, sees end of input. On a
/// terminal, LineEditor traps the signal while it reads, restores the terminal and passes
/// the signal on to this handler, and its read ends as interrupted. Either way
/// ``TerminationAwareReader`` drops what the read returned and reports end of input from
/// then on, the session calls its quit handler, and the quit handler looks at ``signal``
/// first. A terminal that was closed counts as SIGHUP whether or not one comes
/// (``noteHangupIfTerminalClosed()``).
enum Termination {
  /// The signals that end the run.
  static let endingSignals = [SIGTERM, SIGHUP, SIGQUIT]

  /// Installs the handler for ``endingSignals``, unless the process ignores them (as under
  /// `nohup`).
  static func install() {
    for signal in endingSignals where !isIgnored(signal) {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { signal in
        _ = receivedSignal.compareExchange(
          expected: 0, desired: signal, ordering: .sequentiallyConsistent)
        let input = replacementInput.load(ordering: .sequentiallyConsistent)
        if input >= 0 { dup2(input, 0) }
      }
      sigemptyset(&action.sa_mask)
      for other in endingSignals { sigaddset(&action.sa_mask, other) }
      action.sa_flags = 0  // no SA_RESTART: a blocked read must end
      sigaction(signal, &action, nil)
    }
  }

  /// Makes SIGINT (Ctrl-C) stop the command under way instead of the process: the handler
  /// only notes it (``interrupted``); a wait for the store's lock ends at once (the save
  /// blocks the signal and looks for it, see `FileLock`), any other command runs to its
  /// end, and the session goes back to its prompt with the edits kept. For the REPL on a
  /// terminal, once the recovery question is answered; LineEditor puts its own trap in place
  /// while it reads a line, as before. `SA_RESTART`: a file being read or written meanwhile
  /// goes on.
  static func installInterrupt() {
    guard !isIgnored(SIGINT) else { return }
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in
      receivedInterrupt.store(true, ordering: .sequentiallyConsistent)
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_RESTART
    sigaction(SIGINT, &action, nil)
  }

  /// Whether the process ignores `signal` (`SIG_IGN`, as under `nohup`), or it cannot be
  /// told: such a signal is left alone.
  private static func isIgnored(_ signal: Int32) -> Bool {
    var old = sigaction()
    return sigaction(signal, nil, &old) != 0
      || unsafeBitCast(old.__sigaction_handler.sa_handler, to: Int.self)
        == unsafeBitCast(SIG_IGN, to: Int.self)
  }

  /// Whether Ctrl-C was pressed since the last read of a command.
  static var interrupted: Bool { receivedInterrupt.load(ordering: .sequentiallyConsistent) }

  /// Forgets a Ctrl-C: a new command begins.
  static func clearInterrupt() {
    receivedInterrupt.store(false, ordering: .sequentiallyConsistent)
  }

  /// The signal that asked the run to end, if one did.
  static var signal: Int32? {
    let value = receivedSignal.load(ordering: .sequentiallyConsistent)
    return value == 0 ? nil : value
  }

  /// Whether a termination signal also ends a blocking read of standard input by putting
  /// `/dev/null` in its place. Turn it on while reading with plain `read` (a pipe, or the
  /// recovery question); never while LineEditor owns the terminal.
  static var interruptsInput: Bool {
    get { replacementInput.load(ordering: .sequentiallyConsistent) >= 0 }
    set {
      let current = replacementInput.load(ordering: .sequentiallyConsistent)
      if newValue, current < 0 {
        replacementInput.store(
          open("/dev/null", O_RDONLY | O_CLOEXEC), ordering: .sequentiallyConsistent)
      } else if !newValue, current >= 0 {
        replacementInput.store(-1, ordering: .sequentiallyConsistent)
        close(current)
      }
    }
  }

  /// Takes a closed terminal for the SIGHUP it stands for, when standard input is a
  /// terminal whose other side is gone.
  ///
  /// Closing a terminal window shows up in a read as end of input or `EIO`, often before
  /// the kernel's SIGHUP and sometimes with none at all (when settei does not lead the
  /// terminal's session and the shell does not pass it on). A Ctrl-D looks the same to the
  /// read, so the terminal itself is asked: `poll` reports `POLLHUP` on a terminal whose
  /// master side was closed, and never for a Ctrl-D.
  ///
  /// - Returns: Whether the terminal hung up; the run then ends as after SIGHUP.
  @discardableResult
  static func noteHangupIfTerminalClosed() -> Bool {
    var input = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
    guard poll(&input, 1, 0) > 0, input.revents & Int16(POLLHUP | POLLNVAL) != 0 else {
      return false
    }
    noteHangup()
    return true
  }

  /// Ends the run as after SIGHUP (unless a signal came first): the terminal is gone.
  static func noteHangup() {
    _ = receivedSignal.compareExchange(
      expected: 0, desired: SIGHUP, ordering: .sequentiallyConsistent)
  }

  /// `SIGTERM`, `SIGHUP`, `SIGQUIT`, or `signal N` in the language of `messages`.
  static func name(of signal: Int32, in messages: ProgramMessages) -> String {
    switch signal {
    case SIGTERM: "SIGTERM"
    case SIGHUP: "SIGHUP"
    case SIGQUIT: "SIGQUIT"
    default: messages.text(.signalNumber, String(signal))
    }
  }
}

/// A line reader that reports end of input once a termination signal has arrived, so that
/// the session stops reading and calls its quit handler.
///
/// A read that a signal or a closed terminal ended returns ``ReadResult/interrupted``, as
/// Ctrl-C does, so that whatever prompt it was (a text field, a multi-line text, the `quit!`
/// question) drops what was half typed instead of taking it; the next read returns end of
/// input. An interactive read also asks whether the terminal hung up
/// (``Termination/noteHangupIfTerminalClosed()``), so that a closed terminal is never taken
/// for a Ctrl-D that saves.
final class TerminationAwareReader: LineReading {
  private let reader: any LineReading
  /// Whether the last read returned end of input.
  private(set) var inputEnded = false

  init(_ reader: any LineReading) {
    self.reader = reader
  }

  var isInteractive: Bool { reader.isInteractive }

  func readLine(prompt: String) -> ReadResult {
    read { $0.readLine(prompt: prompt) }
  }

  func readLine(prompt: String, initialText: String) -> ReadResult {
    read { $0.readLine(prompt: prompt, initialText: initialText) }
  }

  func readSecret(prompt: String) -> ReadResult {
    read { $0.readSecret(prompt: prompt) }
  }

  func startsLine(with text: String) -> Bool { reader.startsLine(with: text) }

  func setResizeHandler(_ handler: (() -> Void)?) { reader.setResizeHandler(handler) }

  private func read(_ body: (any LineReading) -> ReadResult) -> ReadResult {
    Termination.clearInterrupt()
    guard Termination.signal == nil else {
      inputEnded = true
      return .endOfInput
    }
    let result = body(reader)
    if reader.isInteractive { Termination.noteHangupIfTerminalClosed() }
    inputEnded = Termination.signal == nil && result == .endOfInput
    return Termination.signal == nil ? result : .interrupted
  }
}
