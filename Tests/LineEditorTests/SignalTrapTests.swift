import Glibc
import TestSupport
import Testing

@testable import LineEditor

/// The wait a line read makes between keys: a signal that arrives just before it (after the
/// reader last looked at the signals, before it blocks) must end it at once. Raised in the
/// test's own thread while the trap blocks it, the signal is pending exactly as one that
/// arrives in that moment is.
@Suite(.serialized) struct SignalTrapTests {
  @Test("a resize or Ctrl-C that arrives just before the wait ends it at once, not at the next key")
  func aSignalJustBeforeTheWaitEndsIt() throws {
    let pipe = try makeClosedOnExecPipe()
    defer { Self.closeBoth(pipe) }
    for signal in [SignalTrap.resize, SignalTrap.interrupt] {
      // The test's thread may block signals (settei's reading thread does not): let them in
      // first, so that the signal is pending only because the trap blocks it.
      Self.withTrappedSignalsUnblocked {
        let trap = SignalTrap()
        defer { trap.restore() }
        raise(signal)
        #expect(trap.waitForInput(pipe.read, timeout: 10) == .interrupted)
        #expect(SignalTrap.mask(SignalTrap.takePending(), contains: signal))
      }
    }
  }

  @Test("the wait ends when there is input, or when its time runs out")
  func theWaitEndsWithInputOrItsTime() throws {
    let pipe = try makeClosedOnExecPipe()
    defer { Self.closeBoth(pipe) }
    let trap = SignalTrap()
    defer { trap.restore() }
    #expect(trap.waitForInput(pipe.read, timeout: 0.05) == .timedOut)
    #expect(write(pipe.write, "x", 1) == 1)
    #expect(trap.waitForInput(pipe.read, timeout: 10) == .ready)
  }

  @Test("outside the wait the trapped signals are blocked, and restoring puts the mask back")
  func theSignalsAreBlockedOnlyWhileTheTrapIsInstalled() {
    let before = Self.blockedSignals()
    let trap = SignalTrap()
    let during = Self.blockedSignals()
    trap.restore()
    let after = Self.blockedSignals()
    #expect(during.contains(SignalTrap.interrupt) && during.contains(SignalTrap.resize))
    #expect(after == before)
  }

  /// Runs `body` with the signals the trap handles unblocked in the calling thread, then
  /// puts the thread's mask back.
  static func withTrappedSignalsUnblocked(_ body: () -> Void) {
    var trapped = sigset_t()
    sigemptyset(&trapped)
    for signal in [SignalTrap.interrupt, SignalTrap.resize] + SignalTrap.passedOn {
      sigaddset(&trapped, signal)
    }
    var before = sigset_t()
    pthread_sigmask(SIG_UNBLOCK, &trapped, &before)
    defer { pthread_sigmask(SIG_SETMASK, &before, nil) }
    body()
  }

  /// The signals the calling thread blocks, among those the trap handles.
  static func blockedSignals() -> [Int32] {
    var mask = sigset_t()
    pthread_sigmask(SIG_BLOCK, nil, &mask)
    return ([SignalTrap.interrupt, SignalTrap.resize] + SignalTrap.passedOn).filter {
      sigismember(&mask, $0) == 1
    }
  }

  /// Closes both ends of a pipe.
  static func closeBoth(_ pipe: (read: Int32, write: Int32)) {
    close(pipe.read)
    close(pipe.write)
  }
}
