#if canImport(Glibc)
  import Glibc
#endif

/// A failure of the benchmark itself (a program that cannot be started, a file that cannot
/// be written), with what to do about it.
struct BenchError: Error, CustomStringConvertible {
  var description: String

  init(_ description: String) {
    self.description = description
  }
}

/// Runs a program to its end with `posix_spawn` and `wait4`, timing it from just before the
/// spawn to just after the wait and reading its peak resident set size from the kernel.
struct ChildProcess {
  /// Where the child's standard input comes from.
  enum Input {
    /// `/dev/null`.
    case null
    /// A file, opened read-only.
    case file(String)
    /// A pipe holding these bytes, then end of file (at most a pipe's capacity, 64 KiB).
    case pipe([UInt8])
  }

  /// Where the child's standard output or error goes.
  enum Output {
    /// `/dev/null`.
    case null
    /// The benchmark's own descriptor.
    case inherit
    /// Read into ``Result/output``.
    case capture
  }

  /// How a run ended.
  struct Result {
    /// The exit status, or 128 plus the signal that ended the child.
    var status: Int32
    /// Seconds from just before `posix_spawn` to just after `wait4`.
    var seconds: Double
    /// The child's peak resident set size in KiB (`ru_maxrss` of `wait4`).
    var maxResidentKiB: Int
    /// What the child wrote to a captured standard output (and standard error when it is
    /// captured too).
    var output: String
  }

  var executable: String
  var arguments: [String]
  /// The child's whole environment; nothing else is inherited.
  var environment: [String: String]
  var input = Input.null
  var output = Output.null
  var errorOutput = Output.inherit
  /// The exit status that counts as success (0 unless said otherwise).
  var expectedStatus: Int32 = 0

  /// Starts the program, waits for it, and returns how it ended.
  ///
  /// - Throws: ``BenchError`` if the program cannot be started.
  func run() throws(BenchError) -> Result {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var toClose: [Int32] = []
    defer { for descriptor in toClose { close(descriptor) } }

    switch input {
    case .null:
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    case .file(let path):
      posix_spawn_file_actions_addopen(&actions, 0, path, O_RDONLY, 0)
    case .pipe(let bytes):
      guard bytes.count <= 65536 else {
        throw BenchError("a piped input holds at most 64 KiB; use a file for more")
      }
      let ends = try Self.makePipe()
      toClose.append(ends.read)
      posix_spawn_file_actions_adddup2(&actions, ends.read, 0)
      defer { close(ends.write) }
      try Self.writeAll(bytes, to: ends.write)
    }

    var captureReader: Int32 = -1
    if output == .capture || errorOutput == .capture {
      let ends = try Self.makePipe()
      captureReader = ends.read
      toClose.append(ends.write)
      if output == .capture { posix_spawn_file_actions_adddup2(&actions, ends.write, 1) }
      if errorOutput == .capture { posix_spawn_file_actions_adddup2(&actions, ends.write, 2) }
    }
    if output == .null {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    if errorOutput == .null {
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    }

    let argv = ([executable] + arguments).map { strdup($0) }
    let envp = environment.map { strdup("\($0.key)=\($0.value)") }
    defer { for pointer in argv + envp { free(pointer) } }

    var processID: pid_t = 0
    let start = MonotonicClock.now()
    let spawned = posix_spawn(&processID, executable, &actions, nil, argv + [nil], envp + [nil])
    guard spawned == 0 else {
      if captureReader >= 0 { close(captureReader) }
      throw BenchError("cannot start \(executable): \(String(cString: strerror(spawned)))")
    }
    var captured: [UInt8] = []
    if captureReader >= 0 {
      for descriptor in toClose { close(descriptor) }
      toClose = []
      captured = Self.readAll(captureReader)
      close(captureReader)
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(processID, &status, 0, &usage) < 0, errno == EINTR {}
    let seconds = MonotonicClock.now() - start
    let signal = status & 0x7F
    return Result(
      status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal, seconds: seconds,
      maxResidentKiB: Int(usage.ru_maxrss), output: String(decoding: captured, as: UTF8.self))
  }

  /// Runs the program and fails unless it exits 0.
  ///
  /// - Throws: ``BenchError`` naming the command and its status.
  @discardableResult
  func runChecked() throws(BenchError) -> Result {
    let result = try run()
    guard result.status == expectedStatus else {
      throw BenchError(
        "\(commandLine) exited with status \(result.status)"
          + (result.output.isEmpty ? "" : ":\n" + result.output))
    }
    return result
  }

  /// The command as a person would type it, for messages and the report.
  var commandLine: String {
    ([executable] + arguments).map(Shell.quote).joined(separator: " ")
  }

  private static func makePipe() throws(BenchError) -> (read: Int32, write: Int32) {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else {
      throw BenchError("pipe: \(String(cString: strerror(errno)))")
    }
    // Only the child's descriptors 0, 1 and 2 (made by dup2) stay open across exec.
    _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
    return (ends[0], ends[1])
  }

  static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(BenchError) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      }
      if written > 0 {
        offset += written
      } else if written < 0, errno == EINTR {
        continue
      } else {
        throw BenchError("write: \(String(cString: strerror(errno)))")
      }
    }
  }

  static func readAll(_ descriptor: Int32) -> [UInt8] {
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        result += buffer[..<count]
      } else if count < 0, errno == EINTR {
        continue
      } else {
        return result
      }
    }
  }
}

/// Quoting for the commands shown in the report.
enum Shell {
  /// `word` as a POSIX shell reads it back: bare when it is safe, else in single quotes.
  static func quote(_ word: String) -> String {
    let safe = word.utf8.allSatisfy { byte in
      (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
        || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
        || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        || "-_./=:,+@%".utf8.contains(byte)
    }
    if safe && !word.isEmpty { return word }
    return "'"
      + word.split(separator: "'", omittingEmptySubsequences: false)
      .joined(separator: #"'\''"#) + "'"
  }
}
