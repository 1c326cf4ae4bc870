import CPseudoTerminal
import Glibc
import SystemIO

/// A failure of the pseudo-terminal harness, with what the program printed so far.
public struct PseudoTerminalError: Error, CustomStringConvertible {
  /// What went wrong, followed by the output read until then.
  public let description: String
}

/// A program running on a pseudo-terminal of its own, driven like a person at a keyboard.
///
/// The program is a session leader whose controlling terminal is the pseudo-terminal, so
/// Ctrl-C (`"\u{03}"`) sends it SIGINT and ``resize(columns:rows:)`` sends it SIGWINCH, just
/// as a real terminal would.
///
/// ```swift
/// let terminal = try PseudoTerminal(
///   executable: probe, arguments: [historyPath], environment: ["TERM": "xterm"])
/// try terminal.waitFor("probe> ")
/// terminal.send("hello\r")
/// try terminal.waitFor("got: hello")
/// ```
///
/// Every wait has a timeout; on timeout the error carries the output so far. The output is
/// kept as the program wrote it; ``plainText(_:)`` strips escape sequences for assertions.
/// Not thread-safe: drive each instance from one task.
public final class PseudoTerminal {
  /// The program's process id.
  public let processID: pid_t

  /// The master side of the pseudo-terminal, non-blocking; -1 once ``hangUp()`` closed it.
  private var master: Int32

  /// Everything read from the program so far.
  private var received: [UInt8] = []

  /// The exit status, once the program has been reaped.
  private var exitStatus: Int32?

  /// glibc's `POSIX_SPAWN_SETSID`, which Swift's Glibc module does not import (it is
  /// declared only under `_GNU_SOURCE`).
  private static let spawnSetSessionID: Int32 = 0x80

  /// Starts `executable` on a new pseudo-terminal of the given size.
  ///
  /// - Parameters:
  ///   - executable: The program's path.
  ///   - arguments: Its arguments, without the program name.
  ///   - environment: Its whole environment (nothing is inherited).
  ///   - columns: The terminal's width.
  ///   - rows: The terminal's height.
  ///   - controllingTerminal: Whether the program leads a session of its own whose
  ///     controlling terminal this is (so that Ctrl-C sends SIGINT and ``hangUp()`` sends
  ///     SIGHUP), or runs in the test's session with the terminal only as its standard
  ///     input and output, as a job of a shell that does not pass SIGHUP on.
  /// - Throws: ``PseudoTerminalError`` when the terminal cannot be made or the program
  ///   cannot be started.
  public init(
    executable: String, arguments: [String], environment: [String: String],
    columns: Int = 80, rows: Int = 24, controllingTerminal: Bool = true
  ) throws {
    let master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard master >= 0 else { throw PseudoTerminal.failure("posix_openpt") }
    var name = [CChar](repeating: 0, count: 256)
    guard grantpt(master) == 0, unlockpt(master) == 0,
      ptsname_r(master, &name, name.count) == 0
    else {
      let error = PseudoTerminal.failure("grantpt/unlockpt/ptsname_r")
      close(master)
      throw error
    }
    PseudoTerminal.setWindowSize(master, columns: columns, rows: rows)
    do {
      processID = try PseudoTerminal.spawn(
        executable, arguments: arguments, environment: environment, terminal: name,
        newSession: controllingTerminal)
    } catch {
      close(master)
      throw error
    }
    self.master = master
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
  }

  deinit {
    if exitStatus == nil {
      kill(processID, SIGKILL)
      var status: Int32 = 0
      _ = SystemCall.retryingOnEINTR { waitpid(processID, &status, 0) }
    }
    if master >= 0 { close(master) }
  }

  /// Everything the program wrote so far, escape sequences included.
  public var output: String {
    String(decoding: received, as: UTF8.self)
  }

  /// Types `text` as raw bytes: `"\r"` is Enter, `"\u{03}"` Ctrl-C, `"\u{04}"` Ctrl-D,
  /// `"\u{1B}[A"` Up, `"\t"` Tab.
  ///
  /// - Parameter text: The keys to send.
  public func send(_ text: String) {
    sendBytes(Array(text.utf8))
  }

  /// Types raw bytes, which need not be UTF-8 (to test what invalid input does).
  ///
  /// - Parameter bytes: The bytes to send.
  public func sendBytes(_ bytes: [UInt8]) {
    var bytes = bytes
    var offset = 0
    var attempts = 0
    while offset < bytes.count, attempts < 1000 {
      let written = bytes.withUnsafeMutableBytes { buffer in
        write(master, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      }
      if written > 0 {
        offset += written
      } else {
        // The terminal's input queue is full (EAGAIN) or a signal interrupted the write.
        attempts += 1
        drain(timeout: 0.01)
      }
    }
  }

  /// Reads until the output contains `text`, and returns all output so far.
  ///
  /// - Parameters:
  ///   - text: The text to wait for, matched in the raw output.
  ///   - timeout: Seconds to wait at most.
  /// - Returns: ``output`` at the moment `text` appeared.
  /// - Throws: ``PseudoTerminalError`` with the output so far when `text` does not appear in
  ///   time or the program closes the terminal first.
  @discardableResult
  public func waitFor(_ text: String, timeout: Double = testPatience) throws -> String {
    try waitUntil("output containing \(String(reflecting: text))", timeout: timeout) {
      $0.contains(text)
    }
  }

  /// Reads until `isComplete` accepts the output, and returns all output so far.
  ///
  /// - Parameters:
  ///   - what: What is awaited, for the error message.
  ///   - timeout: Seconds to wait at most.
  ///   - isComplete: Called with the raw output so far after each read.
  /// - Returns: ``output`` at the moment `isComplete` returned true.
  /// - Throws: ``PseudoTerminalError`` with the output so far when that does not happen in
  ///   time or the program closes the terminal first.
  @discardableResult
  public func waitUntil(
    _ what: String, timeout: Double = testPatience, _ isComplete: (String) -> Bool
  ) throws -> String {
    let deadline = PseudoTerminal.now() + timeout
    while true {
      let current = output
      if isComplete(current) { return current }
      let remaining = deadline - PseudoTerminal.now()
      guard remaining > 0 else {
        throw PseudoTerminalError(
          description: "timed out after \(timeout) s waiting for \(what); "
            + "output so far: \(String(reflecting: current))")
      }
      if !drain(timeout: min(remaining, 0.1)), exited() {
        drain(timeout: 0)
        if isComplete(output) { return output }
        throw PseudoTerminalError(
          description: "the program ended while waiting for \(what); "
            + "output: \(String(reflecting: output))")
      }
    }
  }

  /// Closes the master side, as closing a terminal window does: the program's reads end
  /// (end of input or `EIO`), its writes fail, and if it leads the terminal's session the
  /// kernel sends it SIGHUP. Output written afterwards is lost; ``waitForExit(timeout:)``
  /// still reaps the program.
  public func hangUp() {
    drain(timeout: 0)
    close(master)
    master = -1
  }

  /// Changes the terminal's size; the kernel then sends SIGWINCH to the program.
  ///
  /// - Parameters:
  ///   - columns: The new width.
  ///   - rows: The new height.
  public func resize(columns: Int, rows: Int) {
    PseudoTerminal.setWindowSize(master, columns: columns, rows: rows)
  }

  /// Waits for the program to end, reading its output meanwhile.
  ///
  /// - Parameter timeout: Seconds to wait at most.
  /// - Returns: The exit status, or 128 plus the signal number that ended it.
  /// - Throws: ``PseudoTerminalError`` with the output so far when it does not end in time.
  public func waitForExit(timeout: Double = testPatience) throws -> Int32 {
    let deadline = PseudoTerminal.now() + timeout
    while !exited() {
      guard PseudoTerminal.now() < deadline else {
        throw PseudoTerminalError(
          description: "the program did not exit within \(timeout) s; "
            + "output so far: \(String(reflecting: output))")
      }
      drain(timeout: 0.05)
    }
    drain(timeout: 0)
    return exitStatus ?? -1
  }

  /// `text` without ANSI escape sequences (CSI, OSC and two-character ones) and carriage
  /// returns, for assertions about what a person would read.
  ///
  /// - Parameter text: Raw terminal output.
  /// - Returns: The printable text and newlines.
  public static func plainText(_ text: String) -> String {
    var result = ""
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      switch scalar {
      case "\r", "\u{07}":
        continue
      case "\u{1B}":
        guard let kind = scalars.next() else { break }
        if kind == "[" {  // CSI: parameters, then a final byte in @...~
          while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
        } else if kind == "]" {  // OSC: up to BEL or ESC \
          while let next = scalars.next(), next != "\u{07}", next != "\u{1B}" {}
        }
      default:
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Reads what is available within `timeout` seconds.
  ///
  /// - Returns: Whether anything was read.
  @discardableResult
  private func drain(timeout: Double) -> Bool {
    guard master >= 0 else {
      if timeout > 0 { poll(nil, 0, Int32(timeout * 1000)) }
      return false
    }
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    let ready = poll(&descriptor, 1, Int32(max(0, timeout) * 1000))
    guard ready > 0 else { return false }
    var readAny = false
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = SystemCall.retryingOnEINTR {
        buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
      }
      if count > 0 {
        received += buffer[..<count]
        readAny = true
      } else {
        // EAGAIN: nothing more now; EIO: the program closed the terminal.
        return readAny
      }
    }
  }

  /// Reaps the program if it has ended.
  private func exited() -> Bool {
    if exitStatus != nil { return true }
    var status: Int32 = 0
    let result = waitpid(processID, &status, WNOHANG)
    guard result == processID else { return false }
    let signal = status & 0x7F
    exitStatus = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    return true
  }

  /// Spawns the program as a session leader with the terminal `name` as fds 0, 1 and 2.
  private static func spawn(
    _ executable: String, arguments: [String], environment: [String: String],
    terminal name: [CChar], newSession: Bool
  ) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Opened after setsid() by a session leader without O_NOCTTY, the terminal becomes the
    // controlling terminal; without a new session it must not become the test's.
    let openFlags = newSession ? O_RDWR : O_RDWR | O_NOCTTY
    guard posix_spawn_file_actions_addopen(&actions, 0, name, openFlags, 0) == 0,
      posix_spawn_file_actions_adddup2(&actions, 0, 1) == 0,
      posix_spawn_file_actions_adddup2(&actions, 0, 2) == 0
    else { throw failure("posix_spawn_file_actions") }

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // Start from default signal handling, whatever the test runner blocks or ignores.
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU, SIGWINCH, SIGTERM, SIGHUP, SIGPIPE] {
      sigaddset(&defaults, signal)
    }
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    let flags =
      (newSession ? spawnSetSessionID : 0) | Int32(POSIX_SPAWN_SETSIGDEF)
      | Int32(POSIX_SPAWN_SETSIGMASK)
    guard posix_spawnattr_setflags(&attributes, Int16(flags)) == 0,
      posix_spawnattr_setsigdefault(&attributes, &defaults) == 0,
      posix_spawnattr_setsigmask(&attributes, &unblocked) == 0
    else { throw failure("posix_spawnattr") }

    let argv = ([executable] + arguments).map { strdup($0) }
    let envp = environment.map { strdup("\($0.key)=\($0.value)") }
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var processID: pid_t = 0
    let status = posix_spawn(
      &processID, executable, &actions, &attributes, argv + [nil], envp + [nil])
    guard status == 0 else {
      throw PseudoTerminalError(
        description: "cannot start \(executable): \(String(cString: strerror(status)))")
    }
    return processID
  }

  /// Sets the terminal's size on the master side.
  private static func setWindowSize(_ master: Int32, columns: Int, rows: Int) {
    var size = winsize(
      ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns), ws_xpixel: 0,
      ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
  }

  /// An error for a failed call, with the system's reason.
  private static func failure(_ call: String) -> PseudoTerminalError {
    PseudoTerminalError(description: "\(call): \(String(cString: strerror(errno)))")
  }

  /// Seconds on a monotonic clock.
  private static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
