import Glibc
import TestSupport

/// The built example programs, beside the test bundle in the build folder.
enum Example: String {
  case files, timezones, tutorial
  case tutorialUIKit = "tutorial-uikit"

  /// The executable's path (a path that does not exist when it was not built, so that a run
  /// fails with a clear message).
  var path: String { BuildProducts.path(of: rawValue) ?? "\(rawValue)-not-built" }

  /// Runs the example with `script` on its standard input, on pipes.
  func run(
    _ arguments: [String] = [], script: String, home: String, extra: [String: String] = [:]
  ) throws -> ProcessResult {
    try runProcess(
      path, arguments, input: Array(script.utf8),
      environment: testEnvironment(home: home, extra: extra), timeout: 60)
  }
}

/// The package's root folder.
let packageRoot = PackagePaths.root

/// Writes text to a file, replacing it.
func writeText(_ text: String, to path: String) {
  let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
  guard descriptor >= 0 else { return }
  _ = Array(text.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
  close(descriptor)
}

/// Sets a file's modification time, in seconds since 1970.
func setModificationTime(_ path: String, _ seconds: Int) {
  var times = [
    timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0),
  ]
  utimensat(AT_FDCWD, path, &times, 0)
}

extension String {
  /// The screens of a transcript: the text after each echoed command `> command`.
  func screen(after command: String) -> String? {
    guard let range = ranges(of: "> " + command + "\n").last else { return nil }
    return String(self[range.upperBound...])
  }
}
