import Glibc

/// Runs `body` on a thread of its own, SIGUSR1 having a handler that does not restart
/// calls (as settei's SIGTERM and SIGHUP handlers and LineEditor's trap do not), so that a
/// call blocked in `body` fails with `EINTR`, and sends that thread SIGUSR1 every 10 ms until
/// `isDone` says so (a signal that comes before the call has started changes nothing), a few
/// hundred times at most. Then runs `unblock` (which writes what ends a blocked read, say)
/// and waits for the thread.
///
/// - Parameters:
///   - body: What runs on the thread: the blocking call.
///   - isDone: Whether to stop signalling: the call was interrupted, or it ended.
///   - unblock: What lets the call end, once signalling has stopped.
public func interruptingWithSIGUSR1(
  _ body: @escaping @Sendable () -> Void, until isDone: () -> Bool, then unblock: () -> Void
) {
  _ = harmlessSIGUSR1
  let box = Unmanaged.passRetained(ThreadBody(body))
  var thread = pthread_t()
  pthread_create(
    &thread, nil,
    { raw in
      guard let raw else { return nil }
      let body = Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue()
      // The thread that made this one may block signals: this one takes SIGUSR1.
      var taken = sigset_t()
      sigemptyset(&taken)
      sigaddset(&taken, SIGUSR1)
      pthread_sigmask(SIG_UNBLOCK, &taken, nil)
      body.run()
      return nil
    }, box.toOpaque())
  var signals = 0
  while !isDone(), signals < 300 {
    pthread_kill(thread, SIGUSR1)
    signals += 1
    var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
    nanosleep(&pause, nil)
  }
  unblock()
  pthread_join(thread, nil)
}

/// SIGUSR1's handler in the test process: one that does nothing and does not restart calls,
/// installed once and never taken away. Tests run in parallel: a test that put the old
/// action back while another was still signalling its thread left that signal's default
/// action, which ends the whole test process.
private let harmlessSIGUSR1: Void = {
  var action = sigaction()
  action.__sigaction_handler.sa_handler = { _ in }
  sigemptyset(&action.sa_mask)
  action.sa_flags = 0
  sigaction(SIGUSR1, &action, nil)
}()

/// A thread's body, handed to `pthread_create`.
private final class ThreadBody {
  let run: @Sendable () -> Void

  init(_ run: @escaping @Sendable () -> Void) {
    self.run = run
  }
}
