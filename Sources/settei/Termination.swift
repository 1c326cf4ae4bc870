import Glibc
import Synchronization
import TableREPL

/// The first SIGTERM or SIGHUP that arrived, or 0.
private let receivedSignal = Atomic<Int32>(0)
/// A descriptor of `/dev/null` that the handler puts in place of standard input, or -1.
private let replacementInput = Atomic<Int32>(-1)

/// SIGTERM and SIGHUP (`kill`, a closed terminal window): the run ends, and edits that were
/// not saved go to the recovery file instead of being lost or saved half-checked.
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
  /// Installs the handler for SIGTERM and SIGHUP, unless the process ignores them (as under
  /// `nohup`).
  static func install() {
    for signal in [SIGTERM, SIGHUP] {
      var old = sigaction()
      guard sigaction(signal, nil, &old) == 0,
        unsafeBitCast(old.__sigaction_handler.sa_handler, to: Int.self)
          != unsafeBitCast(SIG_IGN, to: Int.self)
      else { continue }
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { signal in
        _ = receivedSignal.compareExchange(
          expected: 0, desired: signal, ordering: .sequentiallyConsistent)
        let input = replacementInput.load(ordering: .sequentiallyConsistent)
        if input >= 0 { dup2(input, 0) }
      }
      sigemptyset(&action.sa_mask)
      sigaddset(&action.sa_mask, SIGTERM)
      sigaddset(&action.sa_mask, SIGHUP)
      action.sa_flags = 0  // no SA_RESTART: a blocked read must end
      sigaction(signal, &action, nil)
    }
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

  /// The exit status for the signal that arrived: 128 + its number.
  static var exitStatus: ExitStatus? {
    signal.map { $0 == SIGHUP ? .hangup : .terminated }
  }

  /// `SIGTERM`, `SIGHUP`, or `signal N`.
  static func name(of signal: Int32) -> String {
    switch signal {
    case SIGTERM: "SIGTERM"
    case SIGHUP: "SIGHUP"
    default: "signal \(signal)"
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

  private func read(_ body: (any LineReading) -> ReadResult) -> ReadResult {
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
