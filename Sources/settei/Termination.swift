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
/// ``TerminationAwareReader`` turns what the reader returns into end of input, the session
/// calls its quit handler, and the quit handler looks at ``signal`` first.
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
final class TerminationAwareReader: LineReading {
  private let reader: any LineReading

  init(_ reader: any LineReading) {
    self.reader = reader
  }

  var isInteractive: Bool { reader.isInteractive }

  func readLine(prompt: String) -> ReadResult {
    guard Termination.signal == nil else { return .endOfInput }
    let result = reader.readLine(prompt: prompt)
    return Termination.signal == nil ? result : .endOfInput
  }

  func readSecret(prompt: String) -> ReadResult {
    guard Termination.signal == nil else { return .endOfInput }
    let result = reader.readSecret(prompt: prompt)
    return Termination.signal == nil ? result : .endOfInput
  }
}
