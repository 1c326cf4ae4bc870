import Glibc
import SystemIO

/// A failure of a test helper, with the call and `strerror`.
public struct TestFailure: Error, CustomStringConvertible {
  public var description: String

  public init(_ call: String, _ code: Int32 = errno) {
    description = "\(call): \(String(cString: strerror(code)))"
  }
}

/// The bytes of the file at `path`.
public func readBytes(_ path: String) throws -> [UInt8] {
  let descriptor = open(path, O_RDONLY | O_CLOEXEC)
  guard descriptor >= 0 else { throw TestFailure("open \(path)") }
  defer { close(descriptor) }
  var result: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65_536)
  while true {
    let count = SystemCall.retryingOnEINTR { read(descriptor, &buffer, buffer.count) }
    guard count >= 0 else { throw TestFailure("read \(path)") }
    if count == 0 { return result }
    result += buffer[..<count]
  }
}

/// The text of the file at `path`.
@_disfavoredOverload
public func readText(_ path: String) throws -> String {
  String(decoding: try readBytes(path), as: UTF8.self)
}

/// The bytes of the file at `path`, or `nil` if it cannot be read.
public func contents(of path: String) -> [UInt8]? { try? readBytes(path) }

/// The text of the file at `path`, or `""` if it cannot be read.
public func text(of path: String) -> String {
  String(decoding: contents(of: path) ?? [], as: UTF8.self)
}

/// Writes `bytes` to `path` (created 0644 or truncated).
public func writeBytes(_ bytes: [UInt8], to path: String) throws {
  let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
  guard descriptor >= 0 else { throw TestFailure("open \(path)") }
  defer { close(descriptor) }
  guard write(descriptor, bytes, bytes.count) == bytes.count else {
    throw TestFailure("write \(path)")
  }
}

/// Writes `text` to `path` (created 0644 or truncated).
@_disfavoredOverload
public func writeText(_ text: String, to path: String) throws {
  try writeBytes(Array(text.utf8), to: path)
}

/// `lstat` of `path`, or `nil` if it does not exist.
public func fileStatus(_ path: String) -> stat? {
  var info = stat()
  return lstat(path, &info) == 0 ? info : nil
}

/// The permission bits of `path`.
public func mode(_ path: String) -> mode_t? {
  fileStatus(path).map { $0.st_mode & 0o7777 }
}

/// The names in the folder at `path`, sorted; none when it cannot be listed.
public func folderEntries(_ path: String) -> [String] {
  (try? FileSystem.folderEntries(path)) ?? []
}

/// Runs a program (no shell, empty environment) and returns its exit status and its
/// standard output and error together: TestSupport's runner, shaped for `plutil -lint`.
public func runProcess(_ arguments: [String]) throws -> (status: Int32, output: String) {
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
public func asUnprivilegedUser<R>(_ body: () throws -> R) rethrows -> R {
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

/// `body` wrapped in the XML declaration, DOCTYPE and `<plist>`, as Xcode writes it.
public func plistDocument(_ body: String) -> String {
  """
  <?xml version="1.0" encoding="UTF-8"?>
  <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
  <plist version="1.0">
  \(body)
  </plist>

  """
}

/// The InAppSettingsKit sample bundle in Tests/Fixtures.
public let sampleBundle = PackagePaths.sampleBundle
/// InAppSettingsKit's test bundle in Tests/Fixtures, with a malformed page.
public let testsBundle = PackagePaths.testsBundle

/// The `plutil` that ships with the toolchain, if this machine has it.
public let plutil = "/opt/swift/usr/bin/plutil"

/// `text` as UTF-16 bytes with a byte-order mark.
public func utf16Bytes(_ text: String, bigEndian: Bool, byteOrderMark: Bool = true) -> [UInt8] {
  var bytes: [UInt8] = byteOrderMark ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
  for unit in text.utf16 {
    let high = UInt8(unit >> 8)
    let low = UInt8(unit & 0xFF)
    bytes += bigEndian ? [high, low] : [low, high]
  }
  return bytes
}

/// `path` without its last component.
private func parentFolder(_ path: String) -> String {
  guard let slash = path.lastIndex(of: "/") else { return "." }
  return String(path[..<slash])
}
