import CEditLine
import Glibc
import SystemIO

// libedit's read function (EL_GETCFN). The built-in one cannot tell which signal interrupted
// it, and whether it gives up on EINTR depends on the libedit version (Debian's 3.1-20221030
// does; releases whose read__fixio() treats EINTR as "retry" need a second Ctrl-C). This one
// waits for the terminal itself (SignalTrap.waitForInput) and, each time a wait is
// interrupted, acts on the signals that arrived: outside the signal handler, where calling
// libedit and stdio is safe.
extension LineEditor {
  /// Reads one character from the terminal into `character`.
  ///
  /// - Returns: 1 for a character, 0 at end of input, -1 (with `errno` set) when the read
  ///   must end: Ctrl-C, or an error.
  func readCharacter(into character: UnsafeMutablePointer<wchar_t>) -> Int32 {
    character.pointee = 0
    var bytes: [CChar] = []
    while true {
      if handlePendingSignals() {
        errno = EINTR
        return -1
      }
      // The trapped signals are let in only while waiting, so that one that arrived since
      // the look above ends the wait at once; the read after it does not block.
      if let signalTrap, signalTrap.waitForInput(STDIN_FILENO) == .interrupted { continue }
      var byte: CChar = 0
      // An interrupted read ends when a signal that arrived ends it (errno stays EINTR).
      let count = SystemCall.retryingOnEINTR(stoppingWhen: handlePendingSignals) {
        read(STDIN_FILENO, &byte, 1)
      }
      if count < 0 { return -1 }
      if count == 0 { return 0 }
      bytes.append(byte)
      if let decoded = LineEditor.decodeCharacter(&bytes) {
        character.pointee = decoded
        return 1
      }
    }
  }

  /// Decodes the character in `bytes` (in the locale's encoding, UTF-8) if they hold a
  /// complete one. An invalid byte becomes U+FFFD (keeping a byte that may start the next
  /// character), so that the line shows where it was and the program can refuse the line.
  static func decodeCharacter(_ bytes: inout [CChar]) -> wchar_t? {
    while !bytes.isEmpty {
      var state = mbstate_t()
      var wide: wchar_t = 0
      let result = bytes.withUnsafeBufferPointer { buffer in
        mbrtowc(&wide, buffer.baseAddress, buffer.count, &state)
      }
      // size_t is imported as Int, so mbrtowc's (size_t)-1 and (size_t)-2 arrive as -1 and -2.
      if result == -2 {  // incomplete: read more, unless it can no longer be a character
        if bytes.count >= 8 { bytes.removeAll() }
        return nil
      }
      if result == -1 {  // invalid: stands as U+FFFD, so the caller can refuse the line
        bytes = bytes.count > 1 ? [bytes[bytes.count - 1]] : []
        return 0xFFFD
      }
      bytes.removeAll()
      return wide
    }
    return nil
  }

  /// Acts on the signals that arrived since the last look.
  ///
  /// - Returns: Whether the read must end (Ctrl-C, or a passed-on signal the program
  ///   survived other than Ctrl-Z).
  private func handlePendingSignals() -> Bool {
    let pending = SignalTrap.takePending()
    guard pending != 0 else { return readWasInterrupted }
    if SignalTrap.mask(pending, contains: SignalTrap.resize) {
      el_resize(editLine)
      redrawAfterResize(showingFirst: onResize)
    }
    for signal in SignalTrap.passedOn where SignalTrap.mask(pending, contains: signal) {
      _ = ceditline_el_prep_terminal(editLine, 0)
      signalTrap?.passOn(signal)
      // Still running: continued after Ctrl-Z, or the program's own handler returned.
      _ = ceditline_el_prep_terminal(editLine, 1)
      if signal == SIGTSTP {
        redrawLine()
      } else {
        readWasInterrupted = true
      }
    }
    if SignalTrap.mask(pending, contains: SignalTrap.interrupt) {
      readWasInterrupted = true
    }
    return readWasInterrupted
  }

  /// Draws the prompt and the line again from the start of the cursor's row.
  private func redrawLine() {
    LineEditor.write("\r")
    _ = ceditline_el_refresh(editLine)
  }

  /// Draws the prompt and the line again after the terminal changed width, below what
  /// `screen` writes first (``onResize``).
  ///
  /// Most terminals (tmux, VTE, iTerm2, kitty) re-wrap the lines on screen at the new width,
  /// so the prompt now starts as many rows above the cursor as the text before the cursor
  /// fills at the new width: go there, clear to the end of the screen, and let libedit draw.
  private func redrawAfterResize(showingFirst screen: (() -> Void)?) {
    let columns = Int(ceditline_el_get_columns(editLine))
    var rowsAbove = 0
    if columns > 0, let info = el_wline(editLine), let buffer = info.pointee.buffer,
      let cursor = info.pointee.cursor
    {
      let before = String(wideCharacters: buffer, count: cursor - buffer)
      rowsAbove = (Completion.displayWidth(prompt) + Completion.displayWidth(before)) / columns
    }
    LineEditor.write((rowsAbove > 0 ? "\u{1B}[\(rowsAbove)A" : "") + "\r\u{1B}[J")
    if let screen {
      // The screen is written in cooked mode, as any other output, then the line below it.
      _ = ceditline_el_prep_terminal(editLine, 0)
      screen()
      _ = ceditline_el_prep_terminal(editLine, 1)
    }
    _ = ceditline_el_refresh(editLine)
  }
}
