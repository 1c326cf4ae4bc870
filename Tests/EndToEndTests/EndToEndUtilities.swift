import Glibc
import TestSupport

/// The built `settei` binary, beside the test bundle in the build folder.
let setteiPath = BuildProducts.settei ?? "settei-not-built"

/// The environment for a run of settei: a private HOME and XDG folders, a fixed language.
func testEnvironment(home: String, language: String = "C.UTF-8", extra: [String: String] = [:])
  -> [String: String]
{
  var environment = [
    "HOME": home, "XDG_CONFIG_HOME": home + "/config", "XDG_STATE_HOME": home + "/state",
    "LANG": language, "PATH": "/usr/bin:/bin", "TERM": "xterm-256color",
  ]
  environment.merge(extra) { $1 }
  return environment
}

/// Runs settei with a script on standard input.
func settei(
  _ arguments: [String], script: String, home: String, language: String = "C.UTF-8",
  extra: [String: String] = [:]
) throws -> ProcessResult {
  try runProcess(
    setteiPath, arguments, input: Array(script.utf8),
    environment: testEnvironment(home: home, language: language, extra: extra))
}

/// The bytes of a file, or `nil` if it cannot be read.
func contents(of path: String) -> [UInt8]? {
  let fd = open(path, O_RDONLY)
  guard fd >= 0 else { return nil }
  defer { close(fd) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65536)
  while true {
    let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    if count <= 0 { break }
    bytes += buffer[0..<count]
  }
  return bytes
}

/// Writes bytes to a file, replacing it.
func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600) {
  let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode)
  guard fd >= 0 else { return }
  _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
  close(fd)
}

/// The permission bits of a file, or `nil` if it does not exist.
func mode(of path: String) -> mode_t? {
  var info = stat()
  guard stat(path, &info) == 0 else { return nil }
  return info.st_mode & 0o7777
}

extension String {
  /// The text split at a separator, keeping empty pieces.
  func pieces(_ separator: String) -> [String] {
    split(separator: separator, omittingEmptySubsequences: false).map(String.init)
  }
}
