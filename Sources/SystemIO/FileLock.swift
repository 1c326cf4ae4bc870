import Glibc

/// The lock of a file that is about to be replaced, which is also the temporary file that
/// becomes the file's next version: `<file>.lock`, as git does it for its config.
///
/// Taking the lock creates `<file>.lock` with `O_EXCL` and holds `flock` on it for as long as
/// the lock is held. The `flock` is what lets a later process tell a live lock from a stale
/// one: the kernel drops it when its owner dies, however it dies (SIGKILL included), so an
/// existing lock file whose `flock` can be taken was left by a dead process and is taken
/// over (reused, truncated) instead of blocking every save for ever.
///
/// Who owns the lock: the one process that holds `flock` on the file that is *linked at*
/// `<file>.lock` right now. Every path here checks, after getting the `flock`, that the file
/// it holds is still the one at that name (a lock file may be renamed over the target or
/// unlinked between `open` and `flock`); only the owner renames or unlinks the lock file.
/// So two processes can never both believe they own it:
/// - A creator that finds its brand-new file already `flock`ed by a process that took it for
///   stale simply closes it and waits; it has written nothing.
/// - The owner renames the lock over the target *before* it closes its descriptor, so the
///   `flock` is held until the file is no longer a lock file.
package final class FileLock {
  /// The file the lock protects, e.g. the store.
  package let target: String
  /// `<target>.lock`.
  package let path: String
  /// Whether an abandoned lock file was taken over.
  package let tookOverStaleLock: Bool
  private var descriptor: Int32
  private var isCommitted = false

  private init(target: String, path: String, descriptor: Int32, tookOverStaleLock: Bool) {
    self.target = target
    self.path = path
    self.descriptor = descriptor
    self.tookOverStaleLock = tookOverStaleLock
  }

  deinit {
    release()
  }

  /// The process holding a lock, as `/proc` tells it.
  package struct Holder: Sendable, Equatable {
    package var pid: Int32
    /// Its command name (`/proc/PID/comm`), where it can be read.
    package var name: String?

    package init(pid: Int32, name: String?) {
      self.pid = pid
      self.name = name
    }

    /// `process 4242 (settei)`, in the catalog's language.
    package func worded(in messages: SystemMessages) -> String {
      name.map { messages.text(.holderProcessNamed, String(pid), $0) }
        ?? messages.text(.holderProcess, String(pid))
    }
  }

  /// Why the lock could not be taken.
  package enum Failure: Error {
    /// Another live process holds the lock; `holder` says which where known.
    case held(path: String, holder: Holder?)
    /// One of the signals the wait ends on arrived (blocked, so pending) while another live
    /// process held the lock; `holder` as for ``held(path:holder:)``.
    case interrupted(path: String, holder: Holder?)
    /// A system call failed.
    case system(SystemCallError)
  }

  /// Takes the lock of `target`, waiting up to `seconds` for a live owner to let go.
  ///
  /// - Parameters:
  ///   - target: The file to protect; its folder must exist.
  ///   - seconds: How long to retry while another live process holds the lock.
  ///   - signals: Signals that end the wait early when one is pending: the caller blocks
  ///     them (``TerminationSignals/blocked(_:)``), so that Ctrl-C stops a wait for another
  ///     program without leaving a lock behind, and acts once they are unblocked.
  /// - Returns: The lock, held.
  /// - Throws: ``Failure/held(path:holder:)`` when a live process still holds it after
  ///   `seconds`; ``Failure/interrupted(path:holder:)`` when one of `signals` came while
  ///   waiting; ``Failure/system(_:)`` when the lock file cannot be created or opened.
  package static func acquire(
    for target: String, waitingUpTo seconds: Double, endingEarlyOn signals: [Int32] = []
  ) throws(Failure) -> FileLock {
    let path = target + ".lock"
    let deadline = monotonicSeconds() + seconds
    var immediateRetries = 0
    while true {
      let attempt: Attempt
      do {
        attempt = try tryAcquire(target: target, path: path)
      } catch {
        throw .system(error)
      }
      switch attempt {
      case .acquired(let lock):
        return lock
      case .retryNow where immediateRetries < 100:
        immediateRetries += 1
        continue
      case .retryNow, .wait:
        guard !TerminationSignals.isPending(any: signals) else {
          throw .interrupted(path: path, holder: holder(of: path))
        }
        guard monotonicSeconds() < deadline else {
          throw .held(path: path, holder: holder(of: path))
        }
        SystemCall.sleep(seconds: 0.02)
      }
    }
  }

  private enum Attempt {
    case acquired(FileLock)
    /// The lock file went away between two calls: try again at once.
    case retryNow
    /// A live process holds the lock.
    case wait
  }

  private static func tryAcquire(target: String, path: String) throws(SystemCallError)
    -> Attempt
  {
    let flags = O_WRONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK
    let created = open(path, flags | O_CREAT | O_EXCL, 0o600)
    if created >= 0 {
      switch lockExclusively(created) {
      case .locked where isLinked(created, at: path), .unsupported:
        // Without flock support the O_EXCL file alone is the lock, as in git.
        return .acquired(
          FileLock(target: target, path: path, descriptor: created, tookOverStaleLock: false))
      case .locked, .busy:
        // Taken over as stale in the instant between our open and our flock: it is theirs.
        close(created)
        return .wait
      }
    }
    guard errno == EEXIST else {
      throw SystemCallError(.createLockFile, path: path, code: errno)
    }
    let existing = open(path, flags)
    guard existing >= 0 else {
      if errno == ENOENT { return .retryNow }
      throw SystemCallError(.openLockFile, path: path, code: errno)
    }
    guard lockExclusively(existing) == .locked else {
      close(existing)
      return .wait
    }
    guard isLinked(existing, at: path) else {
      // Renamed over the target or removed by its owner meanwhile: not a lock any more.
      close(existing)
      return .retryNow
    }
    // Nobody holds the flock of the file at <target>.lock: its owner died while saving.
    // Reuse the file: it is ours now, and whatever half-written content it has goes.
    guard ftruncate(existing, 0) == 0 else {
      let code = errno
      close(existing)
      throw SystemCallError(.reuseStaleLockFile, path: path, code: code)
    }
    return .acquired(
      FileLock(target: target, path: path, descriptor: existing, tookOverStaleLock: true))
  }

  private enum FlockResult {
    case locked
    case busy
    case unsupported
  }

  private static func lockExclusively(_ descriptor: Int32) -> FlockResult {
    if SystemCall.retryingOnEINTR({ flock(descriptor, LOCK_EX | LOCK_NB) }) == 0 { return .locked }
    return errno == EWOULDBLOCK ? .busy : .unsupported
  }

  /// Whether the open file `descriptor` is the regular file linked at `path` now.
  private static func isLinked(_ descriptor: Int32, at path: String) -> Bool {
    var open = stat()
    var linked = stat()
    guard fstat(descriptor, &open) == 0, lstat(path, &linked) == 0 else { return false }
    return open.st_mode & S_IFMT == S_IFREG && open.st_nlink > 0
      && open.st_dev == linked.st_dev && open.st_ino == linked.st_ino
  }

  /// Makes `bytes` the new contents of ``target``: writes them into the lock file, gives it
  /// `mode` (and `owner`, when running with the right to), `fsync`s and closes it, checking
  /// every result, renames it over ``target`` and `fsync`s the folder.
  ///
  /// The `flock` is kept (through a duplicate descriptor) until the rename is done, so that
  /// no one can take the lock file for stale while it is being made the target. After a
  /// failure ``target`` is untouched and the lock is still held: ``release()`` removes it.
  ///
  /// - Parameters:
  ///   - bytes: The new contents.
  ///   - mode: The permission bits the new file gets.
  ///   - owner: The user and group to give the file, or `nil` to leave them ours.
  /// - Throws: ``SystemCallError`` naming the failed step and the file.
  package func commit(_ bytes: [UInt8], mode: UInt32, owner: (UInt32, UInt32)?)
    throws(SystemCallError)
  {
    if let owner, owner.0 != geteuid() || owner.1 != getegid() {
      _ = fchown(descriptor, owner.0, owner.1)  // best effort: only root may give files away
    }
    try FileSystem.writeAll(bytes, to: descriptor, path: path)
    try FileSystem.finishNewFile(descriptor, mode: mode, path: path)
    // Close and check (NFS reports some write errors only there) while a duplicate keeps
    // the flock, which belongs to the open file, not to this descriptor.
    let keeper = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
    guard keeper >= 0 else {
      throw SystemCallError(.duplicateDescriptor, path: path, code: errno)
    }
    let closeError = SystemCall.close(descriptor)
    descriptor = keeper
    guard closeError == 0 else {
      throw SystemCallError(.close, path: path, code: closeError)
    }
    guard rename(path, target) == 0 else {
      throw SystemCallError(.replace, path: target, code: errno)
    }
    isCommitted = true
    FileSystem.syncFolder(FileSystem.parentFolder(of: target))
    close(descriptor)
    descriptor = -1
  }

  /// Lets go of the lock: removes the lock file if it is still ours (not yet renamed over
  /// the target, and still linked at ``path``), then closes it. Safe to call twice.
  package func release() {
    guard descriptor >= 0 else { return }
    if !isCommitted, FileLock.isLinked(descriptor, at: path) {
      unlink(path)
    }
    close(descriptor)
    descriptor = -1
  }

  /// Who holds the `flock` of the file at `path`, from `/proc/locks`, or `nil` where that
  /// cannot be told.
  static func holder(of path: String) -> Holder? {
    var info = stat()
    guard lstat(path, &info) == 0,
      let locks = try? FileSystem.readFile("/proc/locks", limit: 16 << 20)
    else { return nil }
    let device = UInt64(info.st_dev)
    let major = ((device >> 8) & 0xFFF) | ((device >> 32) & ~0xFFF)
    let minor = (device & 0xFF) | ((device >> 12) & ~0xFF)
    let identity =
      hex(major) + ":" + hex(minor) + ":" + String(UInt64(info.st_ino))
    for line in String(decoding: locks.bytes, as: UTF8.self).split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count >= 6, fields[1] == "FLOCK", fields[5] == identity,
        let pid = Int32(fields[4])
      else { continue }
      let name = (try? FileSystem.readFile("/proc/\(pid)/comm", limit: 4096)).map {
        String(decoding: $0.bytes, as: UTF8.self).filter { $0 != "\n" }
      }
      return Holder(pid: pid, name: name)
    }
    return nil
  }

  private static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return digits.count < 2 ? "0" + digits : digits
  }

  private static func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }
}

/// The signals that end a run from outside: Ctrl-C, Ctrl-\, `kill`, a closed terminal.
package enum TerminationSignals {
  /// SIGINT, SIGTERM, SIGHUP and SIGQUIT.
  package static let all = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

  /// Runs `body` with ``all`` blocked in the calling thread, so that a lock is never left
  /// behind and a file is never half replaced because of them; a signal that arrives
  /// meanwhile is delivered when `body` returns.
  package static func blocked<Result, Failure: Error>(_ body: () throws(Failure) -> Result)
    throws(Failure) -> Result
  {
    var signals = sigset_t()
    sigemptyset(&signals)
    for signal in all { sigaddset(&signals, signal) }
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &signals, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    return try body()
  }

  /// Whether one of `signals` is pending: blocked in this thread and arrived meanwhile.
  package static func isPending(any signals: [Int32]) -> Bool {
    guard !signals.isEmpty else { return false }
    var pending = sigset_t()
    guard sigpending(&pending) == 0 else { return false }
    return signals.contains { sigismember(&pending, $0) == 1 }
  }
}
