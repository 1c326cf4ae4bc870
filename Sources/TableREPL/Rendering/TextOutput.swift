import SystemIO

#if canImport(Glibc)
  import Glibc
#endif

/// Where a session writes what the user sees.
public protocol TextOutput: AnyObject {
  /// Writes text as it is.
  func write(_ text: String)
  /// Whether the reader of the output went away (a closed pipe), so that nothing written
  /// is seen any more.
  var isClosed: Bool { get }
  /// Writes text given as UTF-8 bytes, such as a rendered screen, as it is.
  func write(utf8 bytes: [UInt8])
}

extension TextOutput {
  /// Outputs that cannot be closed say `false`.
  public var isClosed: Bool { false }

  /// Writes the text of the bytes with ``write(_:)``.
  public func write(utf8 bytes: [UInt8]) {
    write(String(decoding: bytes, as: UTF8.self))
  }
}

/// Collects everything written, for tests.
public final class StringOutput: TextOutput {
  /// Everything written so far.
  public private(set) var text = ""

  /// Creates an empty output.
  public init() {}

  /// Appends `text` to ``text``.
  public func write(_ text: String) { self.text += text }
}

/// Writes to a file descriptor (standard output by default) with `write(2)`, retrying on
/// EINTR and short writes.
///
/// A closed pipe (EPIPE) is remembered in ``isClosed`` and later writes are dropped, so that
/// `my-tool … | head -1` ends cleanly instead of dying of SIGPIPE. Any other failure (a full
/// disk: ENOSPC) ends the output the same way, and ``failure`` keeps its `errno`, so that a
/// program can tell its user that what it wrote did not all arrive.
public final class FileOutput: TextOutput {
  private let descriptor: Int32
  /// Whether the reader of the output went away, or a write failed.
  public private(set) var isClosed = false
  /// The `errno` of the first write (or of ``close()``) that failed: `EPIPE` for a closed
  /// pipe, `ENOSPC` for a full disk; `nil` while everything was written.
  public private(set) var failure: Int32?

  /// Creates an output writing to a file descriptor.
  public init(descriptor: Int32 = 1) {
    self.descriptor = descriptor
  }

  /// Writes all of `text`, or drops it once the reader of the output went away.
  public func write(_ text: String) {
    guard !isClosed else { return }
    var text = text
    text.withUTF8(writeAll)
  }

  /// Writes the bytes as they are: a screen goes out without being made a String first.
  public func write(utf8 bytes: [UInt8]) {
    guard !isClosed else { return }
    bytes.withUnsafeBufferPointer(writeAll)
  }

  private func writeAll(_ buffer: UnsafeBufferPointer<UInt8>) {
    guard let base = buffer.baseAddress else { return }
    var offset = 0
    while offset < buffer.count {
      let written = SystemCall.retryingOnEINTR {
        Glibc.write(descriptor, base + offset, buffer.count - offset)
      }
      if written > 0 {
        offset += written
      } else {
        isClosed = true
        failure = failure ?? (written < 0 ? errno : EIO)
        return
      }
    }
  }

  /// Closes the descriptor, so that an error the system reports only then (a file on a
  /// network disk) is seen too.
  ///
  /// - Returns: ``failure``: the first error of any write or of the close, or `nil`.
  public func close() -> Int32? {
    let closeError = SystemCall.close(descriptor)
    if closeError != 0, failure == nil { failure = closeError }
    isClosed = true
    return failure
  }
}
