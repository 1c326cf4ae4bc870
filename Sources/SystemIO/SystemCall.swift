import Glibc

/// The one loop around a system call that a signal can interrupt, as swift-nio's `syscall`
/// helper is: a handler installed without `SA_RESTART` (settei's SIGTERM and SIGHUP,
/// LineEditor's Ctrl-C trap) makes a blocked `read`, `write`, `flock` or `nanosleep` fail
/// with `EINTR`, and the call is made again.
package enum SystemCall {
  /// Makes `call` (a system call that returns -1 and sets `errno` when it fails) again for
  /// as long as it fails with `EINTR`, and returns what it returned last; `errno` is then
  /// the last call's.
  ///
  /// - Parameters:
  ///   - stops: Asked after each interruption, before the call is made again (`errno` is
  ///     kept across it): `true` ends the loop there, and the interrupted failure (-1,
  ///     `EINTR`) is returned, so that a reader can act on the signal that arrived. By
  ///     default every interruption is retried.
  ///   - call: The system call.
  /// - Returns: What the last call returned.
  @inlinable
  package static func retryingOnEINTR<Result: BinaryInteger>(
    stoppingWhen stops: () -> Bool = { false }, _ call: () -> Result
  ) -> Result {
    while true {
      let result = call()
      guard result == -1, errno == EINTR else { return result }
      let interrupted = errno
      let stop = stops()
      errno = interrupted
      if stop { return result }
    }
  }

  /// Closes `descriptor`; returns 0, or the `errno` of a close that failed (a write error
  /// that a network disk reports only then). `EINTR` counts as closed: on Linux the
  /// descriptor is gone either way, and closing it again could close a file opened meanwhile.
  package static func close(_ descriptor: Int32) -> Int32 {
    Glibc.close(descriptor) == 0 || errno == EINTR ? 0 : errno
  }

  /// Sleeps for `seconds`, all of them: a sleep that a signal interrupts goes on for the
  /// time it had left.
  package static func sleep(seconds: Double) {
    let whole = Int(seconds)
    var pause = timespec(tv_sec: whole, tv_nsec: Int((seconds - Double(whole)) * 1e9))
    var remaining = timespec()
    _ = retryingOnEINTR(
      stoppingWhen: {
        pause = remaining
        return false
      },
      { nanosleep(&pause, &remaining) })
  }
}
