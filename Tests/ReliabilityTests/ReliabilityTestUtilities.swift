import FileFormats
import Glibc
import SystemIO
import TestSupport
import Testing

/// The built `settei` binary.
let setteiPath = BuildProducts.settei ?? "settei-not-built"
/// The built helper that saves a store in a loop or holds its lock (Tests/StoreSaveLoop).
let storeSaveLoopPath = BuildProducts.path(of: "store-save-loop") ?? "store-save-loop-not-built"

/// What a finished run gave.
struct Run {
  var status: Int32
  var output: String
  var errors: String
}

/// Starts settei on pipes (English, the embedded schema unless `arguments` say otherwise).
func startSettei(_ arguments: [String], home: String) throws -> ChildProcess {
  try ChildProcess(
    executable: setteiPath, arguments: ["--lang", "en"] + arguments,
    environment: testEnvironment(home: home))
}

/// Runs settei in English with a script on standard input and waits for it to end.
func settei(_ arguments: [String], script: String, home: String) throws -> Run {
  let run = try runSettei(["--lang", "en"] + arguments, script: script, home: home)
  return Run(status: run.status, output: run.standardOutput, errors: run.standardError)
}

/// Starts the helper `store-save-loop hold`, which takes the lock of `store` as settei does
/// and holds its flock until its standard input closes.
func holdLock(of store: String, home: String) throws -> ChildProcess {
  let holder = try ChildProcess(
    executable: storeSaveLoopPath, arguments: ["hold", store],
    environment: testEnvironment(home: home))
  try holder.waitForOutput("locked")
  return holder
}

extension PseudoTerminal {
  /// Waits until the output, without escape sequences, contains `text`.
  @discardableResult
  func waitForText(_ text: String, timeout: Double = testPatience) throws -> String {
    PseudoTerminal.plainText(
      try waitUntil(String(reflecting: text), timeout: timeout) {
        PseudoTerminal.plainText($0).contains(text)
      })
  }
}

extension PseudoTerminal {
  /// At the first screen of the English Language & Region schema, opens Temperature Unit
  /// and chooses Fahrenheit, waiting for each screen and for the prompt after it (a Ctrl-D
  /// typed before the prompt would meet the terminal in its line mode).
  func chooseFahrenheit() throws {
    try waitForText("Language & Region> ")
    send("4\r")
    try waitForText("Temperature Unit> ")
    send("2\r")
    try waitForText("✓ Fahrenheit")
    try waitForTextCount("Temperature Unit> ", 2)
  }

  /// Waits until the output, without escape sequences, holds `text` `count` times.
  @discardableResult
  func waitForTextCount(_ text: String, _ count: Int, timeout: Double = testPatience) throws
    -> String
  {
    PseudoTerminal.plainText(
      try waitUntil("\(count) × \(String(reflecting: text))", timeout: timeout) {
        PseudoTerminal.plainText($0).ranges(of: text).count >= count
      })
  }
}

/// Starts `program` with its arguments as another user (`setpriv`), on pipes.
func startAsUser(_ user: UInt32, _ program: String, _ arguments: [String], home: String) throws
  -> ChildProcess
{
  try ChildProcess(
    executable: "/usr/bin/setpriv",
    arguments: ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", program] + arguments,
    environment: testEnvironment(home: home))
}

/// Writes bytes to a file, replacing it, with `mode`.
func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600) {
  let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
  guard descriptor >= 0 else { return }
  _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
  fchmod(descriptor, mode)
  close(descriptor)
}

/// Writes text to a file, replacing it.
func write(_ text: String, to path: String, mode: mode_t = 0o600) {
  write(Array(text.utf8), to: path, mode: mode)
}

/// `lstat` of a path, or `nil`.
func status(of path: String) -> stat? {
  var info = stat()
  return lstat(path, &info) == 0 ? info : nil
}

/// The permission bits of a path.
func mode(of path: String) -> mode_t? {
  status(of: path).map { $0.st_mode & 0o7777 }
}

/// The names in a folder, sorted.
func entries(of folder: String) -> [String] { folderEntries(folder) }

/// The values of a JSON store, or `nil` if it does not parse.
func storeValues(_ path: String) -> [PropertyListKey: PropertyListValue]? {
  guard let bytes = contents(of: path) else { return nil }
  return try? JSONReader.parseObject(bytes, source: path)
}

/// Seconds on a monotonic clock.
func now() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Waits until process `pid` sleeps (`/proc/PID/syscall` names nanosleep or
/// clock_nanosleep): a save waiting for a held lock tries it and sleeps between tries, and
/// the REPL sleeps nowhere else. A signal sent then meets the wait, on a loaded machine
/// too, where a fixed pause could end before the save began.
func waitUntilSleeping(_ pid: pid_t, timeout: Double = testPatience) throws {
  let deadline = now() + timeout
  let sleeping: Set<Substring> = ["35", "230"]  // x86-64's nanosleep, clock_nanosleep
  while now() < deadline {
    if let bytes = try? readBytes("/proc/\(pid)/syscall"),
      let number = String(decoding: bytes, as: UTF8.self).split(separator: " ").first,
      sleeping.contains(number)
    {
      return
    }
    pause(0.002)
  }
  throw TimedOut(description: "process \(pid) did not start waiting in \(timeout) s")
}

/// A wait that ran out of time.
struct TimedOut: Error, CustomStringConvertible {
  var description: String
}

/// Sleeps `seconds`.
func pause(_ seconds: Double) {
  SystemCall.sleep(seconds: seconds)
}

/// A failed mount.
struct MountError: Error, CustomStringConvertible {
  var description: String
}

/// A small tmpfs mounted on a new folder for as long as the value lives, for "disk full".
final class TinyFileSystem {
  let path: String
  private let folder: TemporaryFolder

  /// Whether this machine lets the tests mount a tmpfs (root in a permissive container).
  static let isAvailable: Bool = {
    guard geteuid() == 0, let probe = try? TinyFileSystem(kilobytes: 64) else { return false }
    _ = probe
    return true
  }()

  init(kilobytes: Int) throws {
    folder = try TemporaryFolder()
    path = folder.path + "/mnt"
    mkdir(path, 0o755)
    let mount = try ChildProcess(
      executable: "/bin/mount",
      arguments: ["-t", "tmpfs", "-o", "size=\(kilobytes)k,mode=0755", "tmpfs", path],
      environment: ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin"])
    guard try mount.waitForExit() == 0 else {
      throw MountError(description: "mount -t tmpfs: \(mount.standardError)")
    }
  }

  deinit {
    if let umount = try? ChildProcess(
      executable: "/bin/umount", arguments: ["-l", path], environment: [:])
    {
      _ = try? umount.waitForExit()
    }
  }

  /// Fills the file system with a file `name` until no byte fits.
  func fill(_ name: String) {
    let descriptor = open(path + "/" + name, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    let chunk = [UInt8](repeating: 0x2E, count: 4096)
    while chunk.withUnsafeBytes({ Glibc.write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    while Glibc.write(descriptor, chunk, 1) > 0 {}
  }
}
