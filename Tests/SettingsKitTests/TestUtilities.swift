import Glibc
import TestSupport
import Testing

/// A failure of a test helper, with the call and `strerror`.
struct TestFailure: Error, CustomStringConvertible {
  var description: String

  init(_ call: String, _ code: Int32 = errno) {
    description = "\(call): \(String(cString: strerror(code)))"
  }
}

/// The bytes of the file at `path`.
func readBytes(_ path: String) throws -> [UInt8] {
  let descriptor = open(path, O_RDONLY | O_CLOEXEC)
  guard descriptor >= 0 else { throw TestFailure("open \(path)") }
  defer { close(descriptor) }
  var result: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65_536)
  while true {
    let count = read(descriptor, &buffer, buffer.count)
    if count < 0, errno == EINTR { continue }
    guard count >= 0 else { throw TestFailure("read \(path)") }
    if count == 0 { return result }
    result += buffer[..<count]
  }
}

/// The text of the file at `path`.
func readText(_ path: String) throws -> String {
  String(decoding: try readBytes(path), as: UTF8.self)
}

/// Writes `bytes` to `path` (created 0644 or truncated).
func writeBytes(_ bytes: [UInt8], to path: String) throws {
  let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
  guard descriptor >= 0 else { throw TestFailure("open \(path)") }
  defer { close(descriptor) }
  guard write(descriptor, bytes, bytes.count) == bytes.count else {
    throw TestFailure("write \(path)")
  }
}

/// Writes `text` to `path` (created 0644 or truncated).
func writeText(_ text: String, to path: String) throws {
  try writeBytes(Array(text.utf8), to: path)
}

/// `lstat` of `path`, or `nil` if it does not exist.
func fileStatus(_ path: String) -> stat? {
  var info = stat()
  return lstat(path, &info) == 0 ? info : nil
}

/// The permission bits of `path`.
func mode(_ path: String) -> mode_t? {
  fileStatus(path).map { $0.st_mode & 0o7777 }
}

/// The names in the folder at `path`, sorted.
func folderEntries(_ path: String) -> [String] {
  guard let folder = opendir(path) else { return [] }
  defer { closedir(folder) }
  var names: [String] = []
  while let entry = readdir(folder) {
    let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    if name != ".", name != ".." { names.append(name) }
  }
  return names.sorted()
}

/// Runs a program (no shell, empty environment) and returns its exit status and its
/// standard output and error together: TestSupport's runner, shaped for `plutil -lint`.
func runProcess(_ arguments: [String]) throws -> (status: Int32, output: String) {
  let run = try TestSupport.runProcess(
    arguments[0], Array(arguments.dropFirst()), environment: [:])
  return (run.status, run.standardOutput + run.standardError)
}

/// Runs `body` with the file-system permissions of an unprivileged user, so that tests of
/// "permission denied" also mean something when the suite runs as root.
///
/// As root, this switches the calling thread's file-system user ID (`setfsuid`, which is
/// per thread on Linux and drops CAP_DAC_OVERRIDE with it) to `nobody` and back; `body`
/// must not suspend. As another user, it just runs `body`.
func asUnprivilegedUser<R>(_ body: () throws -> R) rethrows -> R {
  guard geteuid() == 0 else { return try body() }
  typealias SetFileSystemUserID = @convention(c) (UInt32) -> Int32
  guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "setfsuid") else {
    return try body()
  }
  let setfsuid = unsafeBitCast(symbol, to: SetFileSystemUserID.self)
  _ = setfsuid(65_534)
  defer { _ = setfsuid(0) }
  return try body()
}
