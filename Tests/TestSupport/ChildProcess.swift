import Glibc
import SystemIO

/// A program running with its standard input, output and error on pipes, driven step by
/// step: write some input, wait for some output, send a signal, close the input, wait for
/// the exit.
///
/// ```swift
/// let child = try ChildProcess(executable: settei, arguments: ["--store", path],
///                              environment: ["HOME": home])
/// child.write("4\n2\n")
/// try child.waitForOutput("✓ Fahrenheit")
/// child.signal(SIGTERM)
/// #expect(try child.waitForExit() == 143)
/// ```
///
/// The child starts with default handling and no blocked signals, whatever the test runner's
/// thread blocks or ignores. Every wait has a timeout; on timeout the error carries the
/// output so far. The child is killed and reaped when the value goes away. Not thread-safe.
public final class ChildProcess {
  /// The child's process id.
  public let processID: pid_t
  private var input: Int32
  private var outputs: [Int32]
  private let outputDescriptor: Int32
  private var received: [Int32: [UInt8]] = [:]
  private var status: Int32?

  /// Starts `executable`.
  ///
  /// - Parameters:
  ///   - executable: The program's path.
  ///   - arguments: Its arguments, without the program name.
  ///   - environment: Its whole environment (nothing is inherited).
  /// - Throws: ``PseudoTerminalError`` when the pipes cannot be made or the program cannot
  ///   be started.
  public init(executable: String, arguments: [String], environment: [String: String]) throws {
    // Close-on-exec from the start, so that programs other tests start meanwhile do not
    // hold them open (see makeClosedOnExecPipe).
    let pipes: [(read: Int32, write: Int32)]
    do {
      pipes = try (0..<3).map { _ in try makeClosedOnExecPipe() }
    } catch {
      throw ChildProcess.failure("pipe2")
    }
    let inPipe = [pipes[0].read, pipes[0].write]
    let outPipe = [pipes[1].read, pipes[1].write]
    let errPipe = [pipes[2].read, pipes[2].write]
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    startWithDefaultSignals(&attributes, inNewProcessGroup: true)

    let argv = ([executable] + arguments).map { strdup($0) }
    let envp = environment.map { strdup("\($0.key)=\($0.value)") }
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv + [nil], envp + [nil])
    close(inPipe[0])
    close(outPipe[1])
    close(errPipe[1])
    guard spawned == 0 else {
      for descriptor in [inPipe[1], outPipe[0], errPipe[0]] { close(descriptor) }
      throw PseudoTerminalError(
        description: "cannot start \(executable): \(String(cString: strerror(spawned)))")
    }
    processID = pid
    input = inPipe[1]
    outputDescriptor = outPipe[0]
    outputs = [outPipe[0], errPipe[0]]
    for descriptor in outputs {
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
      received[descriptor] = []
    }
  }

  deinit {
    if status == nil {
      kill(processID, SIGKILL)
      var raw: Int32 = 0
      _ = SystemCall.retryingOnEINTR { waitpid(processID, &raw, 0) }
    }
    if input >= 0 { close(input) }
    for descriptor in outputs { close(descriptor) }
  }

  /// What the program wrote to standard output so far.
  public var standardOutput: String {
    String(decoding: received[outputDescriptor] ?? [], as: UTF8.self)
  }

  /// What the program wrote to standard error so far.
  public var standardError: String {
    let errors = received.filter { $0.key != outputDescriptor }.values.first ?? []
    return String(decoding: errors, as: UTF8.self)
  }

  /// Writes `text` to the program's standard input (all of it, blocking).
  ///
  /// - Parameter text: The input, e.g. `"4\n2\n"`.
  public func write(_ text: String) {
    guard input >= 0 else { return }
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let count = SystemCall.retryingOnEINTR {
        bytes[offset...].withUnsafeBytes { Glibc.write(input, $0.baseAddress, $0.count) }
      }
      guard count > 0 else { return }
      offset += count
    }
  }

  /// Closes the program's standard input: end of input, for a program reading a script.
  public func closeInput() {
    guard input >= 0 else { return }
    close(input)
    input = -1
  }

  /// Sends `signal` to the program.
  ///
  /// - Parameter signal: The signal, e.g. `SIGTERM`.
  public func signal(_ signal: Int32) {
    if status == nil { kill(processID, signal) }
  }

  /// Waits until standard output contains `text`.
  ///
  /// - Parameters:
  ///   - text: The text to wait for.
  ///   - timeout: Seconds to wait at most.
  /// - Returns: Standard output so far.
  /// - Throws: ``PseudoTerminalError`` with both outputs when it does not appear in time.
  @discardableResult
  public func waitForOutput(_ text: String, timeout: Double = testPatience) throws -> String {
    try waitUntil(timeout: timeout, "standard output contains \(String(reflecting: text))") {
      $0.contains(text)
    }
    return standardOutput
  }

  /// Waits until `condition` holds for standard output.
  ///
  /// - Parameters:
  ///   - timeout: Seconds to wait at most.
  ///   - what: The condition in words, for the error.
  ///   - condition: Called with standard output so far.
  /// - Throws: ``PseudoTerminalError`` when it does not hold in time.
  public func waitUntil(
    timeout: Double = testPatience, _ what: String, _ condition: (String) -> Bool
  ) throws {
    let deadline = ChildProcess.now() + timeout
    while !condition(standardOutput) {
      let isOpen = drain(timeout: 0.05)
      if condition(standardOutput) { return }
      let hasEnded = !isOpen && reap() != nil
      guard !hasEnded, ChildProcess.now() < deadline else {
        throw PseudoTerminalError(
          description: "\(hasEnded ? "the program ended" : "timed out") waiting until "
            + "\(what); output: \(String(reflecting: standardOutput)); errors: "
            + String(reflecting: standardError))
      }
      if !isOpen { usleep(10_000) }
    }
  }

  /// Waits for the program to end, reading its output meanwhile.
  ///
  /// - Parameter timeout: Seconds to wait at most; then the program is killed.
  /// - Returns: The exit status, or 128 plus the signal number that ended it.
  /// - Throws: ``PseudoTerminalError`` with the output so far when it does not end in time.
  public func waitForExit(timeout: Double = testPatience) throws -> Int32 {
    let deadline = ChildProcess.now() + timeout
    while true {
      let isOpen = drain(timeout: 0.05)
      if let status = reap() {
        // Collect the rest of the output, unless something the program started holds the
        // pipes open.
        let grace = ChildProcess.now() + 1
        while drain(timeout: 0.05), ChildProcess.now() < grace {}
        return status
      }
      if !isOpen { usleep(10_000) }
      guard ChildProcess.now() < deadline else {
        kill(processID, SIGKILL)
        throw PseudoTerminalError(
          description: "the program did not exit within \(timeout) s; output: "
            + "\(String(reflecting: standardOutput)); errors: "
            + String(reflecting: standardError))
      }
    }
  }

  /// Reads what is available; returns whether an output is still open.
  private func drain(timeout: Double) -> Bool {
    guard !outputs.isEmpty else { return false }
    var descriptors = outputs.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    _ = poll(&descriptors, nfds_t(descriptors.count), Int32(timeout * 1000))
    var buffer = [UInt8](repeating: 0, count: 65_536)
    for entry in descriptors where entry.revents != 0 {
      while true {
        let count = SystemCall.retryingOnEINTR {
          buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
        }
        if count > 0 {
          received[entry.fd, default: []] += buffer[..<count]
          continue
        }
        if count == 0 || errno != EAGAIN {
          outputs.removeAll { $0 == entry.fd }
          close(entry.fd)
        }
        break
      }
    }
    return !outputs.isEmpty
  }

  /// The exit status once the program has ended (reaping it), else `nil`.
  private func reap() -> Int32? {
    if let status { return status }
    var raw: Int32 = 0
    guard waitpid(processID, &raw, WNOHANG) == processID else { return nil }
    status = raw & 0x7F == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
    return status
  }

  private static func failure(_ call: String) -> PseudoTerminalError {
    PseudoTerminalError(description: "\(call): \(String(cString: strerror(errno)))")
  }

  private static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
