#if canImport(Glibc)
  import Glibc
#endif

/// Counts the instructions a program executes with `valgrind --tool=callgrind`: a figure
/// that does not depend on what else the machine is doing.
struct Callgrind {
  /// The `valgrind` executable.
  var valgrind: String
  /// Where the profiles go; each run writes `<name>.callgrind` there, for
  /// `callgrind_annotate`.
  var folder: String

  /// Runs `process` under callgrind and returns the instructions it executed (Ir).
  ///
  /// - Parameters:
  ///   - process: The program, its arguments, environment and input.
  ///   - name: The profile's file name, without extension.
  /// - Returns: The instruction count and the command that produced it.
  /// - Throws: ``BenchError`` if valgrind fails or writes no total.
  func instructions(of process: ChildProcess, name: String) throws(BenchError) -> (
    count: Int, command: String
  ) {
    let profile = folder + "/" + name + ".callgrind"
    var wrapped = process
    wrapped.executable = valgrind
    wrapped.arguments =
      ["--tool=callgrind", "--callgrind-out-file=" + profile, process.executable]
      + process.arguments
    wrapped.errorOutput = .capture
    // Swift seeds its hash function randomly per process, which moves dictionary probes and
    // so instruction counts by a fraction of a percent from run to run; a fixed seed makes
    // the count repeatable.
    wrapped.environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
    let result = try wrapped.run()
    guard result.status == 0 || result.status == process.expectedStatus else {
      throw BenchError("\(wrapped.commandLine) exited with \(result.status):\n\(result.output)")
    }
    guard let count = Self.total(inProfile: profile) else {
      throw BenchError("no instruction total in \(profile)")
    }
    return (count, wrapped.commandLine)
  }

  /// The `summary:` (or `totals:`) line of a callgrind profile.
  static func total(inProfile path: String) -> Int? {
    guard let text = try? TextFile.read(path) else { return nil }
    var total: Int?
    for line in text.split(separator: "\n") {
      if line.hasPrefix("summary:") || (total == nil && line.hasPrefix("totals:")) {
        total = line.split(separator: " ").last.flatMap { Int($0) }
      }
    }
    return total
  }
}
