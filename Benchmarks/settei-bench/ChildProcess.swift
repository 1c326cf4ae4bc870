import TestSupport

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

/// A program to run to its end, with where its input comes from and its outputs go: TestSupport's
/// ``TestSupport/runProcess(_:_:input:environment:standardOutput:standardError:timeout:)``
/// runs it, timing it from just before the spawn to just after the wait and reading its peak
/// resident set size from the kernel.
struct ChildProcess {
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
  var input = ProcessInput.file("/dev/null")
  var output = ProcessOutput.discard
  var errorOutput = ProcessOutput.inherit
  /// The exit status that counts as success (0 unless said otherwise).
  var expectedStatus: Int32 = 0

  /// Starts the program, waits for it, and returns how it ended.
  ///
  /// - Throws: ``BenchError`` if the program cannot be started.
  func run() throws(BenchError) -> Result {
    do {
      let result = try runProcess(
        executable, arguments, input: input, environment: environment,
        standardOutput: output, standardError: errorOutput,
        timeout: .infinity)
      return Result(
        status: result.status, seconds: result.seconds, maxResidentKiB: result.maxResidentKiB,
        output: result.standardOutput + result.standardError)
    } catch {
      throw BenchError("cannot start \(executable): \(error)")
    }
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
