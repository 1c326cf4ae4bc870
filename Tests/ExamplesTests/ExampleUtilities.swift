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
      environment: exampleEnvironment(home: home, extra: extra), timeout: 60)
  }
}

/// A private HOME and XDG folders, a UTF-8 locale, and `extra`.
func exampleEnvironment(home: String, extra: [String: String] = [:]) -> [String: String] {
  var environment = [
    "HOME": home, "XDG_STATE_HOME": home + "/state", "LANG": "C.UTF-8",
    "PATH": "/usr/bin:/bin", "TERM": "xterm-256color",
  ]
  environment.merge(extra) { $1 }
  return environment
}

/// The package's root folder.
let packageRoot = PackagePaths.root

/// The text of a file, or `nil` if it cannot be read.
func readText(_ path: String) -> String? {
  let descriptor = open(path, O_RDONLY | O_CLOEXEC)
  guard descriptor >= 0 else { return nil }
  defer { close(descriptor) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65536)
  while true {
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if count <= 0 { break }
    bytes += buffer[0..<count]
  }
  return String(decoding: bytes, as: UTF8.self)
}

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
