import Glibc
import TestSupport
import Testing

@testable import SystemIO

@Suite struct FileLockTests {
  @Test func theLockIsAPrivateFileBesideTheTargetAndGoesOnRelease() throws {
    let folder = try TemporaryFolder()
    let target = folder.file("settings.json")
    let lock = try FileLock.acquire(for: target, waitingUpTo: 0)
    #expect(lock.path == target + ".lock")
    #expect(mode(lock.path) == 0o600)
    #expect(!lock.tookOverStaleLock)
    lock.release()
    lock.release()
    #expect(folderEntries(folder.path).isEmpty)
  }

  /// flock belongs to an open file, so a second open in the same process is locked out just
  /// as another process would be.
  @Test func aHeldLockIsWaitedForThenReportedWithItsHolder() throws {
    let folder = try TemporaryFolder()
    let target = folder.file("settings.json")
    let held = try FileLock.acquire(for: target, waitingUpTo: 0)
    let started = monotonicNow()
    var failure: FileLock.Failure?
    do {
      _ = try FileLock.acquire(for: target, waitingUpTo: 0.3)
    } catch {
      failure = error
    }
    #expect(monotonicNow() - started >= 0.3)
    guard case .held(let path, let holder) = failure else {
      Issue.record("expected .held, got \(String(describing: failure))")
      return
    }
    #expect(path == target + ".lock")
    #expect(holder?.pid == getpid())
    let worded = holder.map { $0.worded(in: .forLanguage("en")) } ?? "nil"
    #expect(worded.hasPrefix("process \(getpid())"), "\(worded)")
    #expect(holder.map { $0.worded(in: .forLanguage("ja")) }?.hasPrefix("プロセス ") == true)
    held.release()
    #expect(try FileLock.acquire(for: target, waitingUpTo: 0).tookOverStaleLock == false)
  }

  @Test func aLockFileNobodyHoldsIsTakenOverAndEmptied() throws {
    let folder = try TemporaryFolder()
    let target = folder.file("settings.json")
    try writeText("half of a new sto", to: target + ".lock")
    let lock = try FileLock.acquire(for: target, waitingUpTo: 0)
    #expect(lock.tookOverStaleLock)
    #expect(try readText(lock.path).isEmpty)
    try lock.commit(Array("{}\n".utf8), mode: 0o640, owner: nil)
    #expect(try readText(target) == "{}\n")
    #expect(mode(target) == 0o640)
    #expect(folderEntries(folder.path) == ["settings.json"])
  }

  @Test func releaseAfterCommitLeavesTheNewFileAlone() throws {
    let folder = try TemporaryFolder()
    let target = folder.file("f")
    let lock = try FileLock.acquire(for: target, waitingUpTo: 0)
    try lock.commit([1, 2, 3], mode: 0o600, owner: nil)
    lock.release()
    #expect(try readBytes(target) == [1, 2, 3])
    #expect(folderEntries(folder.path) == ["f"])
  }

  @Test func aLockPathThatIsAFolderIsAnErrorNamingIt() throws {
    let folder = try TemporaryFolder()
    let target = folder.file("settings.json")
    mkdir(target + ".lock", 0o700)
    var failure: FileLock.Failure?
    do {
      _ = try FileLock.acquire(for: target, waitingUpTo: 0)
    } catch {
      failure = error
    }
    guard case .system(let error) = failure else {
      Issue.record("expected .system, got \(String(describing: failure))")
      return
    }
    #expect(error.path == target + ".lock")
    #expect(error.code == EISDIR)
  }

  /// The test runner's threads may block some signals already: the mask must come back as
  /// it was.
  @Test func signalsAreBlockedInsideTheBlockAndTheMaskRestored() {
    func isBlocked(_ signal: Int32) -> Bool {
      var current = sigset_t()
      pthread_sigmask(SIG_BLOCK, nil, &current)
      return sigismember(&current, signal) == 1
    }
    let before = [SIGINT, SIGTERM, SIGHUP].map(isBlocked)
    let inside = TerminationSignals.blocked {
      [SIGINT, SIGTERM, SIGHUP].map(isBlocked)
    }
    #expect(inside == [true, true, true])
    #expect([SIGINT, SIGTERM, SIGHUP].map(isBlocked) == before)
  }
}

private func monotonicNow() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
