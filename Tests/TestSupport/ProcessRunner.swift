import Glibc

/// What a finished run of a program gave.
public struct ProcessResult: Sendable {
  /// The exit status, or 128 plus the number of the signal that ended the program.
  public var status: Int32
  /// Everything the program wrote to standard output, decoded as UTF-8.
  public var standardOutput: String
  /// Everything the program wrote to standard error, decoded as UTF-8.
  public var standardError: String
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
  environment: [String: String], timeout: Double = 30
) throws -> ProcessResult {
  // A program that ends before reading all its input (a script stopped at a failing line)
  // must make `write` fail with EPIPE, not kill the whole test process with SIGPIPE.
  signal(SIGPIPE, SIG_IGN)
  // Close-on-exec from the start, so that programs other tests start meanwhile do not hold
  // them open (see makeClosedOnExecPipe).
  let pipes = try (0..<3).map { _ in try makeClosedOnExecPipe() }
  let inPipe = [pipes[0].read, pipes[0].write]
  let outPipe = [pipes[1].read, pipes[1].write]
  let errPipe = [pipes[2].read, pipes[2].write]
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
  posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
  posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
  for fd in inPipe + outPipe + errPipe { posix_spawn_file_actions_addclose(&actions, fd) }

  let argv = ([executable] + arguments).map { strdup($0) } + [nil]
  let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer {
    for pointer in argv + envp { free(pointer) }
  }
  var pid = pid_t()
  let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
  close(inPipe[0])
  close(outPipe[1])
  close(errPipe[1])
  guard spawned == 0 else {
    close(inPipe[1])
    close(outPipe[0])
    close(errPipe[0])
    throw RunError("cannot run \(executable): \(String(cString: strerror(spawned)))")
  }

  // Feed input and drain both outputs together, so that neither side blocks the other.
  var stdout: [UInt8] = []
  var stderr: [UInt8] = []
  var inputOffset = 0
  var inputOpen = true
  if input.isEmpty {
    close(inPipe[1])
    inputOpen = false
  } else {
    _ = fcntl(inPipe[1], F_SETFL, O_NONBLOCK)
  }
  var openOutputs: Set<Int32> = [outPipe[0], errPipe[0]]
  let deadline = monotonicSeconds() + timeout
  var buffer = [UInt8](repeating: 0, count: 65536)
  while !openOutputs.isEmpty {
    guard monotonicSeconds() < deadline else {
      kill(pid, SIGKILL)
      break
    }
    var fds = openOutputs.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    if inputOpen { fds.append(pollfd(fd: inPipe[1], events: Int16(POLLOUT), revents: 0)) }
    _ = poll(&fds, nfds_t(fds.count), 100)
    for entry in fds where entry.revents != 0 {
      if entry.fd == inPipe[1] {
        let written = input[inputOffset...].withUnsafeBytes {
          write(inPipe[1], $0.baseAddress, $0.count)
        }
        if written > 0 { inputOffset += written }
        if written < 0 && errno != EAGAIN || inputOffset == input.count {
          close(inPipe[1])
          inputOpen = false
        }
        continue
      }
      let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
      if count > 0 {
        if entry.fd == outPipe[0] {
          stdout += buffer[0..<count]
        } else {
          stderr += buffer[0..<count]
        }
      } else if count == 0 || errno != EINTR {
        close(entry.fd)
        openOutputs.remove(entry.fd)
      }
    }
  }
  if inputOpen { close(inPipe[1]) }
  for fd in openOutputs { close(fd) }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  return ProcessResult(
    status: exitStatus, standardOutput: String(decoding: stdout, as: UTF8.self),
    standardError: String(decoding: stderr, as: UTF8.self))
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
