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
}
