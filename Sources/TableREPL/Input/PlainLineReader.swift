import SystemIO

#if canImport(Glibc)
  import Glibc
#endif

/// Reads lines from a pipe or file with `read(2)`: no line editing, no history, no escape
/// codes.
///
/// Each line it returns is echoed after its prompt to the transcript, so that the output of a
/// piped run reads like the session it was. Invalid UTF-8 and lines longer than
/// ``maximumLineLength`` are rejected with a reason instead of being returned.
public final class PlainLineReader: LineReading {
  /// The longest line accepted, in bytes.
  public static let maximumLineLength = 64 * 1024

  private let descriptor: Int32
  private let transcript: (any TextOutput)?
  private var buffer: [UInt8] = []
  private var start = 0
  private var atEnd = false
  /// Always `false`: the lines come from a script, so a failing command ends the session.
  public var isInteractive: Bool { false }

  /// Creates a reader of a file descriptor (standard input by default) that echoes to
  /// `transcript`.
  public init(descriptor: Int32 = 0, transcript: (any TextOutput)?) {
    self.descriptor = descriptor
    self.transcript = transcript
  }

  /// Reads a line like ``readLine(prompt:)`` but writes it to the transcript masked.
  public func readSecret(prompt: String) -> ReadResult {
    read(prompt: prompt, isSecret: true)
  }

  /// Reads the next line and writes the prompt and the line to the transcript.
  public func readLine(prompt: String) -> ReadResult {
    read(prompt: prompt, isSecret: false)
  }

  private func read(prompt: String, isSecret: Bool) -> ReadResult {
    let bytes: ArraySlice<UInt8>
    switch nextLine() {
    case nil: return .endOfInput
    case .tooLong:
      transcript?.write(prompt + "\n")
      return .rejected(.tooLong(maximumBytes: Self.maximumLineLength))
    case .bytes(let line): bytes = line
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      transcript?.write(prompt + "\n")
      return .rejected(.invalidUTF8)
    }
    transcript?.write(prompt + (isSecret ? "(hidden)" : TerminalText.sanitize(text)) + "\n")
    return .line(text)
  }

  private enum Line {
    case bytes(ArraySlice<UInt8>)
    case tooLong
  }

  /// The next line's bytes without its newline (and without a `\r` before it), or `nil` at
  /// the end of input.
  private func nextLine() -> Line? {
    var searchFrom = start
    while true {
      if let newline = buffer[searchFrom...].firstIndex(of: UInt8(ascii: "\n")) {
        var end = newline
        if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let line = buffer[start..<end]
        start = newline + 1
        return line.count > Self.maximumLineLength ? .tooLong : .bytes(line)
      }
      if atEnd {
        guard start < buffer.count else { return nil }
        let line = buffer[start...]
        start = buffer.count
        return line.count > Self.maximumLineLength ? .tooLong : .bytes(line)
      }
      let pending = buffer.count - start
      if pending > Self.maximumLineLength {
        // Too long: drop what was read so far, remember that, and skip to the newline.
        discardRestOfLine()
        return .tooLong
      }
      fill()
      searchFrom = start + pending
    }
  }

  private func discardRestOfLine() {
    buffer.removeAll(keepingCapacity: true)
    start = 0
    while !atEnd {
      fill()
      if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        buffer.removeSubrange(...newline)
        return
      }
      buffer.removeAll(keepingCapacity: true)
    }
  }

  private func fill() {
    if start > 0, start == buffer.count {
      buffer.removeAll(keepingCapacity: true)
      start = 0
    } else if start > 4096 {
      buffer.removeSubrange(..<start)
      start = 0
    }
    let chunk = 16 * 1024
    let old = buffer.count
    buffer.append(contentsOf: repeatElement(0, count: chunk))
    let count = SystemCall.retryingOnEINTR {
      buffer.withUnsafeMutableBufferPointer { pointer in
        Glibc.read(descriptor, pointer.baseAddress.map { $0 + old }, chunk)
      }
    }
    buffer.removeLast(chunk - max(0, count))
    if count <= 0 { atEnd = true }
  }
}
