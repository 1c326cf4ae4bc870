import Glibc
import SystemIO

/// What a finished run of a program gave.
public struct ProcessResult: Sendable {
  /// The exit status, or 128 plus the number of the signal that ended the program.
  public var status: Int32
  /// Everything the program wrote to standard output, decoded as UTF-8 (when captured).
  public var standardOutput: String
  /// Everything the program wrote to standard error, decoded as UTF-8 (when captured).
  public var standardError: String
  /// Seconds from just before the program started to just after it was reaped.
  public var seconds: Double = 0
  /// The program's peak resident set size in KiB (`ru_maxrss` of `wait4`).
  public var maxResidentKiB = 0
}

/// Where a program's standard input comes from.
public enum ProcessInput: Sendable {
  /// A pipe that is fed these bytes and then closed (none: closed at once).
  case bytes([UInt8])
  /// A file, opened read-only (`/dev/null` for nothing).
  case file(String)
}

/// Where a program's standard output or error goes.
public enum ProcessOutput: Sendable {
  /// A pipe, read into the ``ProcessResult``.
  case capture
  /// `/dev/null`.
  case discard
  /// The caller's own descriptor.
  case inherit
}

/// Runs a program with its standard input, output and error on pipes, as a shell pipeline
/// would, and waits for it (killing it after `timeout` seconds).
///
/// - Parameters:
///   - executable: The program's path.
///   - arguments: Its arguments, without the program name.
///   - input: The bytes to write to its standard input, which is then closed.
///   - environment: Its whole environment (nothing is inherited).
///   - timeout: Seconds after which the program is killed.
/// - Returns: The exit status and what the program wrote.
/// - Throws: ``RunError`` when the pipes cannot be made or the program cannot be started.
public func runProcess(
  _ executable: String, _ arguments: [String], input: [UInt8] = [],
  environment: [String: String], timeout: Double = testPatience
) throws -> ProcessResult {
  try runProcess(
    executable, arguments, input: .bytes(input), environment: environment, timeout: timeout)
}

/// Runs a program to its end: the one process runner of the tests and the benchmarks. Its
/// input is fed and its captured outputs are drained together, so that neither side blocks
/// the other; the time and peak memory of the run come back with its status.
///
/// - Parameters:
///   - executable: The program's path.
///   - arguments: Its arguments, without the program name.
///   - input: Its standard input.
///   - environment: Its whole environment (nothing is inherited).
///   - standardOutput: Where its standard output goes.
///   - standardError: Where its standard error goes.
///   - timeout: Seconds after which the program is killed while its outputs are read (a run
///     that captures nothing and reads a file is waited for however long it takes).
/// - Returns: The exit status, what the program wrote to captured outputs, its time and
///   its peak memory.
/// - Throws: ``RunError`` when the pipes cannot be made or the program cannot be started.
public func runProcess(
  _ executable: String, _ arguments: [String], input: ProcessInput,
  environment: [String: String], standardOutput: ProcessOutput = .capture,
  standardError: ProcessOutput = .capture, timeout: Double = testPatience
) throws -> ProcessResult {
  // A program that ends before reading all its input (a script stopped at a failing line)
  // must make `write` fail with EPIPE, not kill the whole test process with SIGPIPE.
  signal(SIGPIPE, SIG_IGN)
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  // Descriptors the child gets, closed here once it started; close-on-exec from the start,
  // so that programs other tests start meanwhile do not hold them open
  // (see makeClosedOnExecPipe).
  var childEnds: [Int32] = []
  var inputWriter: Int32 = -1
  var readers: [Int32: Int] = [:]  // descriptor: 1 (output) or 2 (error)
  func closeAll() {
    for fd in childEnds + Array(readers.keys) { close(fd) }
    if inputWriter >= 0 { close(inputWriter) }
  }
  switch input {
  case .file(let path):
    posix_spawn_file_actions_addopen(&actions, 0, path, O_RDONLY, 0)
  case .bytes:
    let ends = try makeClosedOnExecPipe()
    childEnds.append(ends.read)
    inputWriter = ends.write
    posix_spawn_file_actions_adddup2(&actions, ends.read, 0)
  }
  for (descriptor, output) in [(Int32(1), standardOutput), (2, standardError)] {
    switch output {
    case .capture:
      let ends: (read: Int32, write: Int32)
      do {
        ends = try makeClosedOnExecPipe()
      } catch {
        closeAll()
        throw error
      }
      childEnds.append(ends.write)
      readers[ends.read] = Int(descriptor)
      posix_spawn_file_actions_adddup2(&actions, ends.write, descriptor)
    case .discard:
      posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_WRONLY, 0)
    case .inherit:
      break
    }
  }

  let argv = ([executable] + arguments).map { strdup($0) } + [nil]
  let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer {
    for pointer in argv + envp { free(pointer) }
  }
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  startWithDefaultSignals(&attributes, inNewProcessGroup: false)
  var pid = pid_t()
  let start = monotonicSeconds()
  let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
  for fd in childEnds { close(fd) }
  childEnds = []
  guard spawned == 0 else {
    closeAll()
    throw RunError("cannot run \(executable): \(String(cString: strerror(spawned)))")
  }

  var captured: [Int: [UInt8]] = [1: [], 2: []]
  var pending: [UInt8] = []
  if case .bytes(let bytes) = input { pending = bytes }
  var inputOffset = 0
  if inputWriter >= 0 && pending.isEmpty {
    close(inputWriter)
    inputWriter = -1
  } else if inputWriter >= 0 {
    _ = fcntl(inputWriter, F_SETFL, O_NONBLOCK)
  }
  let deadline = monotonicSeconds() + timeout
  var buffer = [UInt8](repeating: 0, count: 65536)
  while !readers.isEmpty || inputWriter >= 0 {
    guard monotonicSeconds() < deadline else {
      kill(pid, SIGKILL)
      break
    }
    var fds = readers.keys.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    if inputWriter >= 0 { fds.append(pollfd(fd: inputWriter, events: Int16(POLLOUT), revents: 0)) }
    _ = poll(&fds, nfds_t(fds.count), 100)
    for entry in fds where entry.revents != 0 {
      if entry.fd == inputWriter {
        let written = pending[inputOffset...].withUnsafeBytes {
          write(inputWriter, $0.baseAddress, $0.count)
        }
        if written > 0 { inputOffset += written }
        if written < 0 && errno != EAGAIN || inputOffset == pending.count {
          close(inputWriter)
          inputWriter = -1
        }
        continue
      }
      let count = SystemCall.retryingOnEINTR {
        buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
      }
      if count > 0 {
        captured[readers[entry.fd] ?? 1, default: []] += buffer[0..<count]
      } else {
        close(entry.fd)
        readers[entry.fd] = nil
      }
    }
  }
  closeAll()
  var status: Int32 = 0
  var usage = rusage()
  _ = SystemCall.retryingOnEINTR { wait4(pid, &status, 0, &usage) }
  let seconds = monotonicSeconds() - start
  let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  return ProcessResult(
    status: exitStatus, standardOutput: String(decoding: captured[1] ?? [], as: UTF8.self),
    standardError: String(decoding: captured[2] ?? [], as: UTF8.self), seconds: seconds,
    maxResidentKiB: Int(usage.ru_maxrss))
}

/// Sets spawn attributes so that the program starts with default handling of the signals
/// tests send and none blocked, whatever the test runner's thread blocks or ignores; in a
/// process group of its own when asked (so that a signal can reach what it starts too).
func startWithDefaultSignals(_ attributes: inout posix_spawnattr_t, inNewProcessGroup: Bool) {
  var defaults = sigset_t()
  sigemptyset(&defaults)
  for signal in [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaults, signal) }
  var unblocked = sigset_t()
  sigemptyset(&unblocked)
  let group = inNewProcessGroup ? POSIX_SPAWN_SETPGROUP : 0
  posix_spawnattr_setflags(
    &attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | group))
  posix_spawnattr_setsigdefault(&attributes, &defaults)
  posix_spawnattr_setsigmask(&attributes, &unblocked)
  if inNewProcessGroup { posix_spawnattr_setpgroup(&attributes, 0) }
}

/// A program that could not be run, and why.
public struct RunError: Error, CustomStringConvertible {
  /// What went wrong.
  public var description: String

  /// Creates an error with a message.
  public init(_ description: String) { self.description = description }
}

/// Seconds on the monotonic clock, for deadlines.
public func monotonicSeconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
