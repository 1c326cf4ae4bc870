import Glibc
import Synchronization

/// Signals that arrived while a trap was installed, one bit per signal number.
///
/// The handler only sets a bit: everything else happens in the reading code, outside the
/// handler, where it is safe to call libedit and stdio.
private let pendingSignals = Atomic<UInt64>(0)

/// The signal handlers that are in place while a line is being read.
///
/// Each handler is installed without `SA_RESTART`, so a `read` blocked on the terminal fails
/// with `EINTR` and the reader can look at ``takePending()``. Signals that the process
/// ignores (`SIG_IGN`) are left alone. ``restore()`` puts back the handlers found on
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

  /// Installs the trap for SIGINT, SIGWINCH and ``passedOn``.
  init() {
    pendingSignals.store(0, ordering: .sequentiallyConsistent)
    for signal in [SignalTrap.interrupt, SignalTrap.resize] + SignalTrap.passedOn {
      var old = sigaction()
      guard sigaction(signal, nil, &old) == 0, !SignalTrap.isIgnored(old) else { continue }
      if SignalTrap.install(signal, saving: &old) {
        previous[signal] = old
      }
    }
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
    var unblock = sigset_t()
    sigemptyset(&unblock)
    sigaddset(&unblock, signal)
    sigprocmask(SIG_UNBLOCK, &unblock, nil)
    raise(signal)
    sigaction(signal, &ours, nil)
  }

  /// Puts back the handlers found on installation, then raises again the passed-on signals
  /// that arrived after the reader last looked (a late SIGINT or SIGWINCH is dropped).
  func restore() {
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
