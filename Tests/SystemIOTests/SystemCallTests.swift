import Glibc
import Synchronization
import TestSupport
import Testing

@testable import SystemIO

/// The one loop around an interruptible system call: a read blocked on a pipe that a signal
/// interrupts (a handler without `SA_RESTART`, as settei's and LineEditor's are) is made
/// again, unless the caller's check says the signal ends it.
@Suite struct SystemCallTests {
  @Test func anInterruptedReadIsMadeAgainAndGetsWhatComesLater() throws {
    let read = try blockedRead(stopping: false)
    #expect(read.result == 1)
    #expect(read.byte == UInt8(ascii: "x"))
    #expect(read.calls >= 2, "the read was interrupted at least once and made again")
  }

  @Test func aCheckThatSaysStopEndsTheReadWithEINTR() throws {
    let read = try blockedRead(stopping: true)
    #expect(read.result == -1)
    #expect(read.error == EINTR)
    #expect(read.calls == 1)
    #expect(read.checks == 1)
  }

  @Test func aCallThatIsNotInterruptedIsMadeOnce() {
    var calls = 0
    var checks = 0
    errno = 0
    let failed = SystemCall.retryingOnEINTR(
      stoppingWhen: {
        checks += 1
        return false
      },
      {
        calls += 1
        return close(-1)
      })
    #expect(failed == -1)
    #expect(errno == EBADF)
    #expect((calls, checks) == (1, 0))
  }

  @Test func aSleepThatSignalsInterruptGoesOnForTheTimeItHadLeft() {
    let sleep = InterruptedSleep()
    interruptingWithSIGUSR1(
      { sleep.run(seconds: 0.3) },
      until: { sleep.finished.load(ordering: .sequentiallyConsistent) }, then: {})
    #expect(sleep.elapsed >= 0.3)
  }

  @Test func aCloseReportsWhatFailedAndNothingOtherwise() {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    #expect(SystemCall.close(ends[0]) == 0)
    #expect(SystemCall.close(ends[1]) == 0)
    #expect(SystemCall.close(ends[1]) == EBADF)
  }

  /// Reads a byte from a pipe on a thread of its own through ``SystemCall``, signalled
  /// until the read has been interrupted (or has ended); then writes the byte.
  private func blockedRead(stopping: Bool) throws -> BlockedRead {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer { close(ends[0]) }
    let read = BlockedRead(descriptor: ends[0], stopping: stopping)
    interruptingWithSIGUSR1(
      { read.run() },
      until: {
        read.finished.load(ordering: .sequentiallyConsistent) || read.calls >= 2
          || read.checks >= 1
      },
      then: {
        _ = write(ends[1], "x", 1)
        close(ends[1])
      })
    return read
  }
}

/// A read of one byte from a pipe on a thread of its own, and how it ended.
private final class BlockedRead: @unchecked Sendable {
  let descriptor: Int32
  let stopping: Bool
  let finished = Atomic<Bool>(false)
  let callCount = Atomic<Int>(0)
  let checkCount = Atomic<Int>(0)
  var result = 0
  var error: Int32 = 0
  var byte: UInt8 = 0

  var calls: Int { callCount.load(ordering: .sequentiallyConsistent) }
  var checks: Int { checkCount.load(ordering: .sequentiallyConsistent) }

  init(descriptor: Int32, stopping: Bool) {
    self.descriptor = descriptor
    self.stopping = stopping
  }

  func run() {
    var byte: UInt8 = 0
    result = SystemCall.retryingOnEINTR(
      stoppingWhen: {
        checkCount.add(1, ordering: .sequentiallyConsistent)
        return stopping
      },
      {
        callCount.add(1, ordering: .sequentiallyConsistent)
        return Glibc.read(descriptor, &byte, 1)
      })
    error = errno
    self.byte = byte
    finished.store(true, ordering: .sequentiallyConsistent)
  }
}

/// A sleep on a thread of its own, and how long it took.
private final class InterruptedSleep: @unchecked Sendable {
  let finished = Atomic<Bool>(false)
  var elapsed = 0.0

  func run(seconds: Double) {
    let start = Self.now()
    SystemCall.sleep(seconds: seconds)
    elapsed = Self.now() - start
    finished.store(true, ordering: .sequentiallyConsistent)
  }

  private static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
