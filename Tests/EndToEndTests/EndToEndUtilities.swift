import Glibc
import TestSupport

/// The built `settei` binary, beside the test bundle in the build folder.
let setteiPath = BuildProducts.settei ?? "settei-not-built"

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
