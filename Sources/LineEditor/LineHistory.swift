import CEditLine
import Glibc
import SystemIO

/// The in-memory list of entered lines that Up and Down walk through, kept in a file between
/// runs.
///
/// It wraps a libedit `History` (at most `capacity` entries, no two equal neighbours), so a
/// ``LineEditor`` can browse it, and it reads and writes libedit's own file format
/// (`_HiStOrY_V2_` on the first line, one `vis(3)`-encoded entry per line), so the file stays
/// compatible with other libedit programs.
///
/// ```swift
/// let history = LineHistory(capacity: 500)
/// try history.load(from: path)   // a missing file is an empty history
/// history.add("3")
/// try history.save(to: path)     // merges with what other instances saved meanwhile
/// ```
///
/// Saving never loses or corrupts the file: see ``save(to:)``.
public final class LineHistory {
  /// The libedit `History *`; ``LineEditor`` attaches it with `EL_HIST`.
  let handle: OpaquePointer

  /// The most entries kept, in memory and in the file; the oldest go first.
  public let capacity: Int

  /// Lines added since the last successful save, oldest first: what `save` appends to the
  /// file as it is on disk then.
  private var unsavedEntries: [String] = []

  /// Files that failed to load: `save` refuses to overwrite them.
  private var unloadablePaths: Set<String> = []

  /// Creates an empty history.
  ///
  /// - Parameter capacity: The most entries kept (at least 1); the oldest are dropped first.
  public init(capacity: Int = 1000) {
    self.capacity = max(1, min(capacity, Int(Int32.max)))
    handle = LineHistory.makeHandle(capacity: self.capacity)
  }

  deinit {
    history_end(handle)
  }

  /// Appends a line as the newest entry.
  ///
  /// Lines that are empty or only whitespace are skipped, and so is a line equal to the newest
  /// entry, so that pressing Up does not show the same line twice in a row.
  ///
  /// - Parameter line: The line, without its trailing newline.
  public func add(_ line: String) {
    guard !line.allSatisfy(\.isWhitespace), line != newestEntry else { return }
    var event = HistEvent()
    guard ceditline_history_enter(handle, &event, line) >= 0 else { return }
    if unsavedEntries.last != line {
      unsavedEntries.append(line)
    }
  }

  /// Every entry, oldest first.
  public var entries: [String] {
    var result: [String] = []
    var event = HistEvent()
    // libedit's "last" is the oldest entry and "prev" walks towards the newest.
    var status = ceditline_history_last(handle, &event)
    while status >= 0, let text = event.str {
      result.append(String(cString: text))
      status = ceditline_history_prev(handle, &event)
    }
    return result
  }

  /// The newest entry, or nil when the history is empty.
  private var newestEntry: String? {
    var event = HistEvent()
    guard ceditline_history_first(handle, &event) >= 0, let text = event.str else { return nil }
    return String(cString: text)
  }

  /// Reads the entries of a history file and adds them after the ones already here.
  ///
  /// A file that does not exist, or is empty, is an empty history. A file that exists but
  /// cannot be loaded (unreadable, or not in libedit's format) is reported, and from then on
  /// ``save(to:)`` refuses to overwrite it, so a user's file is never replaced by a shorter one.
  ///
  /// - Parameter path: The history file.
  /// - Throws: ``HistoryFileError`` naming the file and the reason.
  public func load(from path: String) throws(HistoryFileError) {
    do {
      try LineHistory.read(path, into: handle)
    } catch {
      unloadablePaths.insert(path)
      throw error
    }
  }

  /// Saves the history to a file, merging with what is there now.
  ///
  /// Under the lock `<path>.lock` (``FileLock``, beside the file a symbolic link at `path`
  /// points to; waited for up to ``lockWaitSeconds``), the file is read again as it is on
  /// disk at this moment (another instance may have saved since this one loaded), the lines
  /// this instance added since its last save are appended in order, the oldest are dropped
  /// beyond ``capacity``, and the result is written to `path + ".tmp.<pid>"` (mode 0600) in
  /// the same folder, flushed to disk and renamed over `path`. So instances that quit at the
  /// same moment take turns, and each finds the others' lines in the file; a crash leaves the
  /// old file or the new one, never a mix. A missing folder is created with mode 0700. On
  /// failure the temporary file is removed and `path` is left as it was.
  ///
  /// A file that exists but cannot be loaded, now or by an earlier ``load(from:)``, is never
  /// overwritten: the call throws instead.
  ///
  /// - Parameter path: The history file.
  /// - Throws: ``HistoryFileError`` naming the file and the reason.
  public func save(to path: String) throws(HistoryFileError) {
    guard !unloadablePaths.contains(path) else {
      throw HistoryFileError(path: path, .notOverwritten)
    }
    let target = LineHistory.target(of: path)
    try LineHistory.createFolder(containing: target)
    // SIGINT, SIGTERM and SIGHUP wait until the lock is gone, so that none leaves it behind.
    try TerminationSignals.blocked { () throws(HistoryFileError) in
      let lock: FileLock
      do throws(FileLock.Failure) {
        lock = try FileLock.acquire(for: target, waitingUpTo: Self.lockWaitSeconds)
      } catch {
        switch error {
        case .held(let lockPath, let holder), .interrupted(let lockPath, let holder):
          throw HistoryFileError(path: path, .held(lockPath: lockPath, holder: holder))
        case .system(let failure):
          throw HistoryFileError(path: path, .call(failure))
        }
      }
      defer { lock.release() }
      let merged = LineHistory(capacity: capacity)
      do throws(HistoryFileError) {
        try LineHistory.read(path, into: merged.handle)
      } catch {
        unloadablePaths.insert(path)
        throw error
      }
      for line in unsavedEntries {
        merged.add(line)
      }
      try LineHistory.write(merged.handle, to: path)
    }
    unsavedEntries.removeAll()
  }

  /// How long ``save(to:)`` waits for another instance to finish saving the same file.
  static let lockWaitSeconds = 5.0

  /// A new libedit history holding at most `capacity` entries, no two equal neighbours.
  private static func makeHandle(capacity: Int) -> OpaquePointer {
    guard let handle = history_init() else {
      // history_init fails only when malloc does.
      fatalError("LineHistory: history_init failed (out of memory)")
    }
    var event = HistEvent()
    if ceditline_history_setsize(handle, &event, Int32(capacity)) < 0
      || ceditline_history_setunique(handle, &event, 1) < 0
    {
      fatalError("LineHistory: libedit refused H_SETSIZE \(capacity) or H_SETUNIQUE")
    }
    return handle
  }
}
