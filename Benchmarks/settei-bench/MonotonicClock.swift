#if canImport(Glibc)
  import Glibc
#endif

/// Seconds on the monotonic clock (`clock_gettime(CLOCK_MONOTONIC)`), which no time
/// adjustment moves.
enum MonotonicClock {
  /// Now, in seconds since an arbitrary start.
  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// How long `body` takes, in seconds.
  static func measure<Failure: Error>(_ body: () throws(Failure) -> Void) throws(Failure)
    -> Double
  {
    let start = now()
    try body()
    return now() - start
  }
}
