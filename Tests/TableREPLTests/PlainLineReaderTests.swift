import Glibc
import TestSupport
import Testing

@testable import TableREPL

/// Reads every result from a pipe that holds `bytes`.
private func readAll(_ bytes: [UInt8]) -> (results: [ReadResult], transcript: String) {
  // Close-on-exec, so that programs other tests start meanwhile do not keep the writer open.
  guard let ends = try? makeClosedOnExecPipe() else { return ([], "") }
  let fds = [ends.read, ends.write]
  let writer = fds[1]
  // Write from another thread so that inputs larger than the pipe buffer do not block.
  var thread = pthread_t()
  final class Payload {
    let bytes: [UInt8]
    let fd: Int32
    init(bytes: [UInt8], fd: Int32) {
      self.bytes = bytes
      self.fd = fd
    }
  }
  let payload = Unmanaged.passRetained(Payload(bytes: bytes, fd: writer))
  pthread_create(
    &thread, nil,
    { raw in
      guard let raw else { return nil }
      let payload = Unmanaged<Payload>.fromOpaque(raw).takeRetainedValue()
      payload.bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
          guard let base = buffer.baseAddress else { break }
          let written = write(payload.fd, base + offset, buffer.count - offset)
          if written <= 0 { break }
          offset += written
        }
      }
      close(payload.fd)
      return nil
    }, payload.toOpaque())
  let transcript = StringOutput()
  let reader = PlainLineReader(descriptor: fds[0], transcript: transcript)
  var results: [ReadResult] = []
  while true {
    let result = reader.readLine(prompt: "> ")
    results.append(result)
    if result == .endOfInput { break }
  }
  pthread_join(thread, nil)
  close(fds[0])
  return (results, transcript.text)
}

@Suite struct PlainLineReaderTests {
  @Test func splitsLinesAndAcceptsCRLFAndAMissingFinalNewline() {
    let (results, transcript) = readAll(Array("1\r\n温度単位\n\nback".utf8))
    #expect(results == [.line("1"), .line("温度単位"), .line(""), .line("back"), .endOfInput])
    #expect(transcript == "> 1\n> 温度単位\n> \n> back\n")
  }

  @Test func invalidUTF8IsRejectedAndTheNextLineStillRuns() {
    let (results, _) = readAll([0x31, 0x0A, 0xFF, 0xFE, 0x0A, 0x32, 0x0A])
    #expect(results.count == 4)
    #expect(results[0] == .line("1"))
    guard case .rejected(let reason) = results[1] else {
      Issue.record("expected a rejected line, got \(results[1])")
      return
    }
    #expect(reason == .invalidUTF8)
    #expect(reason.text(.forLanguage("en")) == "the line is not valid UTF-8; it was skipped")
    #expect(reason.text(.forLanguage("ja")) == "行が正しい UTF-8 ではありません。この行は飛ばしました")
    #expect(results[2] == .line("2"))
  }

  @Test func aOneMebibyteLineIsRejectedAsTooLongWithoutHanging() {
    var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
    bytes += Array("\nquit\n".utf8)
    let (results, _) = readAll(bytes)
    #expect(results.count == 3)
    guard case .rejected(let reason) = results[0] else {
      Issue.record("expected a rejected line, got \(results[0])")
      return
    }
    #expect(reason == .tooLong(maximumBytes: PlainLineReader.maximumLineLength))
    #expect(reason.text(.forLanguage("en")).hasPrefix("line too long (over "))
    #expect(results[1] == .line("quit"))
  }

  @Test func controlCharactersAreNotEchoedRaw() {
    let (_, transcript) = readAll(Array("a\u{1B}[2Jb\n".utf8))
    #expect(transcript == "> a\\u{1B}[2Jb\n")
  }
}
