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

/// A fresh folder under the system temp folder, removed with everything in it on `remove()`.
struct TemporaryFolder: ~Copyable {
  let path: String

  init() throws {
    var template = Array("/tmp/settei-test.XXXXXX".utf8CString)
    guard let created = mkdtemp(&template) else { throw TestFailure("mkdtemp") }
    path = String(cString: created)
  }

  /// `path/name`.
  func file(_ name: String) -> String { path + "/" + name }

  deinit {
    removeTree(path)
  }
}

/// Removes `path` and, for a folder, everything under it; makes folders writable first.
func removeTree(_ path: String) {
  var info = stat()
  guard lstat(path, &info) == 0 else { return }
  if info.st_mode & S_IFMT == S_IFDIR {
    chmod(path, 0o700)
    for name in folderEntries(path) { removeTree(path + "/" + name) }
    rmdir(path)
  } else {
    unlink(path)
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
/// standard output and error together.
func runProcess(_ arguments: [String]) throws -> (status: Int32, output: String) {
  // Close-on-exec from the start, so that programs other tests spawn meanwhile do not hold
  // the pipe open.
  let ends = try makeClosedOnExecPipe()
  let pipe = [ends.read, ends.write]
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
  posix_spawn_file_actions_adddup2(&actions, pipe[1], 2)
  let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
  defer { argv.forEach { free($0) } }
  let environment: [UnsafeMutablePointer<CChar>?] = [nil]
  var pid: pid_t = 0
  let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environment)
  close(pipe[1])
  defer { close(pipe[0]) }
  guard spawned == 0 else { throw TestFailure("posix_spawn \(arguments[0])", spawned) }
  var output: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 4096)
  while true {
    let count = read(pipe[0], &buffer, buffer.count)
    if count < 0, errno == EINTR { continue }
    if count <= 0 { break }
    output += buffer[..<count]
  }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 {
    guard errno == EINTR else { throw TestFailure("waitpid") }
  }
  let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  return (exitStatus, String(decoding: output, as: UTF8.self))
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
