import CEditLine
import Glibc
import Synchronization

/// Signals that arrived while a trap was installed, one bit per signal number.
///
/// The handler only sets a bit: everything else happens in the reading code, outside the
/// handler, where it is safe to call libedit and stdio.
private let pendingSignals = Atomic<UInt64>(0)

/// The signal handlers that are in place while a line is being read.
///
/// Signals that the process ignores (`SIG_IGN`) are left alone. The trapped ones are blocked
/// in the reading thread while the trap is installed, and let in only while
/// ``waitForInput(_:timeout:)`` waits (`ppoll` swaps the mask atomically): a signal that
/// arrives after the reader last looked at ``takePending()`` and before it waits then ends
/// the wait at once. With a plain blocking `read`, such a signal (a resize, a Ctrl-C) would
/// wait for the next key. ``restore()`` puts back the handlers and the mask found on
/// installation.
struct SignalTrap {
  /// Ctrl-C: the read ends and the half-typed line is dropped.
  static let interrupt = SIGINT
  /// The terminal changed size: the line is redrawn.
  static let resize = SIGWINCH
  /// Signals passed on to the process's own handler (or the default action) with the
  /// terminal restored first: Ctrl-Z stops the process in cooked mode, SIGTERM and SIGHUP end
  /// it without leaving the terminal raw.
  static let passedOn: [Int32] = [SIGTSTP, SIGTERM, SIGHUP, SIGQUIT]

  /// The handlers found on installation, by signal.
  private var previous: [Int32: sigaction] = [:]
  /// The reading thread's signal mask found on installation, which ``restore()`` puts back.
  private var maskBefore = sigset_t()
  /// The mask while waiting: ``maskBefore`` without the trapped signals, which the trap lets
  /// in even where the program was started with them blocked (Ctrl-C must end a wait).
  private var maskWhileWaiting = sigset_t()

  /// Installs the trap for SIGINT, SIGWINCH and ``passedOn``, and blocks those signals
  /// outside ``waitForInput(_:timeout:)``.
  init() {
    pendingSignals.store(0, ordering: .sequentiallyConsistent)
    var trapped = sigset_t()
    sigemptyset(&trapped)
    for signal in [SignalTrap.interrupt, SignalTrap.resize] + SignalTrap.passedOn {
      var old = sigaction()
      guard sigaction(signal, nil, &old) == 0, !SignalTrap.isIgnored(old) else { continue }
      if SignalTrap.install(signal, saving: &old) {
        previous[signal] = old
        sigaddset(&trapped, signal)
      }
    }
    pthread_sigmask(SIG_BLOCK, &trapped, &maskBefore)
    maskWhileWaiting = maskBefore
    for signal in previous.keys { sigdelset(&maskWhileWaiting, signal) }
  }

  /// What ``waitForInput(_:timeout:)`` found.
  enum Wait: Equatable {
    /// The descriptor can be read without blocking (or is at its end, or failed).
    case ready
    /// A trapped signal arrived, before the wait or during it: ``takePending()`` says which.
    case interrupted
    /// The time given ran out.
    case timedOut
  }

  /// Waits until `descriptor` can be read or a trapped signal arrives, with the trapped
  /// signals let in for the wait only.
  ///
  /// - Parameters:
  ///   - descriptor: The file descriptor to wait for.
  ///   - timeout: Seconds to wait at most; `nil` waits as long as it takes.
  /// - Returns: Whether the descriptor is ready, a signal came, or the time ran out.
  func waitForInput(_ descriptor: Int32, timeout: Double? = nil) -> Wait {
    var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    var mask = maskWhileWaiting
    var limit = timespec()
    if let timeout {
      limit.tv_sec = Int(timeout)
      limit.tv_nsec = Int((timeout - Double(Int(timeout))) * 1e9)
    }
    let result =
      timeout == nil
      ? ceditline_ppoll(&watched, 1, nil, &mask) : ceditline_ppoll(&watched, 1, &limit, &mask)
    if result > 0 { return .ready }
    if result == 0 { return .timedOut }
    // EINTR is a signal; any other failure is left to the read that follows to report.
    return errno == EINTR ? .interrupted : .ready
  }

  /// Takes the set of signals that arrived since the last call, as a bit mask by number.
  static func takePending() -> UInt64 {
    pendingSignals.exchange(0, ordering: .sequentiallyConsistent)
  }

  /// Whether `signal` is in a mask returned by ``takePending()``.
  static func mask(_ mask: UInt64, contains signal: Int32) -> Bool {
    mask & (1 << UInt64(signal)) != 0
  }

  /// Runs the handler that was there before the trap for `signal` (or its default action),
  /// then reinstalls the trap.
  ///
  /// For SIGTSTP this returns once the process is continued; for a default SIGTERM it does
  /// not return.
  func passOn(_ signal: Int32) {
    guard var old = previous[signal] else { return }
    var ours = sigaction()
    guard sigaction(signal, &old, &ours) == 0 else { return }
    var only = sigset_t()
    sigemptyset(&only)
    sigaddset(&only, signal)
    pthread_sigmask(SIG_UNBLOCK, &only, nil)
    raise(signal)
    pthread_sigmask(SIG_BLOCK, &only, nil)
    sigaction(signal, &ours, nil)
  }

  /// Puts back the mask and the handlers found on installation, then raises again the
  /// passed-on signals that arrived after the reader last looked (a late SIGINT or SIGWINCH
  /// is dropped). The mask goes first, so that a signal still blocked reaches the trap's
  /// handler, not the one put back.
  func restore() {
    var mask = maskBefore
    pthread_sigmask(SIG_SETMASK, &mask, nil)
    for (signal, action) in previous {
      var action = action
      sigaction(signal, &action, nil)
    }
    let late = SignalTrap.takePending()
    for signal in SignalTrap.passedOn where SignalTrap.mask(late, contains: signal) {
      raise(signal)
    }
  }

  /// Whether `action` is `SIG_IGN` (C function pointers are not `Equatable` in Swift).
  private static func isIgnored(_ action: sigaction) -> Bool {
    unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
      == unsafeBitCast(SIG_IGN, to: Int.self)
  }

  /// Installs the bit-setting handler for `signal`, storing the old action in `old`.
  private static func install(_ signal: Int32, saving old: inout sigaction) -> Bool {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { signal in
      _ = pendingSignals.bitwiseOr(1 << UInt64(signal), ordering: .sequentiallyConsistent)
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0  // no SA_RESTART: a blocked read must fail with EINTR
    return sigaction(signal, &action, &old) == 0
  }
}
