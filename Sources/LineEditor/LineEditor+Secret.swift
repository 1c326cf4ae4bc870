import CEditLine
import Glibc
import SystemIO

// Reading a password: the terminal's own line editing with echo off, never libedit (which
// echoes by redrawing the line itself) and never the history.
extension LineEditor {
  /// Reads a line without showing what is typed, for passwords; it is not added to
  /// ``history``.
  ///
  /// The terminal's echo is turned off for the read and restored on every path, Ctrl-C
  /// included; a newline is printed afterwards, since the user's Enter was not echoed.
  /// Backspace and Ctrl-U work as in any cooked-mode read; libedit keys do not, and the
  /// escape sequences of arrow and function keys are dropped (see ``typedText(_:)``).
  ///
  /// - Parameter prompt: The prompt, which may contain any UTF-8 text.
  /// - Returns: The line without its newline, ``LineReadResult/interrupted`` on Ctrl-C, or
  ///   ``LineReadResult/endOfFile`` on Ctrl-D on an empty line or when input is closed.
  public func readSecret(prompt: String) -> LineReadResult {
    var saved = termios()
    guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return .endOfFile }
    var quiet = saved
    quiet.c_lflag &= ~tcflag_t(ECHO | ECHONL)
    quiet.c_lflag |= tcflag_t(ICANON | ISIG)
    guard tcsetattr(STDIN_FILENO, TCSANOW, &quiet) == 0 else { return .endOfFile }
    // Trap Ctrl-C before the prompt appears, so a key typed right after it is caught.
    let trap = SignalTrap()
    defer {
      _ = tcsetattr(STDIN_FILENO, TCSANOW, &saved)
      trap.restore()
      LineEditor.write("\n")
    }
    // The prompt only once echo is off, so nothing typed after it is shown.
    LineEditor.write(prompt)
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 256)
    // Whether a signal that arrived ends the read (Ctrl-C, or a signal passed on whose
    // handler returned); after Ctrl-Z and `fg` the prompt is shown again.
    var interrupted = false
    func signalsEndTheRead() -> Bool {
      let pending = SignalTrap.takePending()
      if SignalTrap.mask(pending, contains: SignalTrap.interrupt) { interrupted = true }
      for signal in SignalTrap.passedOn
      where !interrupted && SignalTrap.mask(pending, contains: signal) {
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &saved)
        trap.passOn(signal)
        guard signal == SIGTSTP else {
          interrupted = true
          break
        }
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
        LineEditor.write(prompt)
      }
      return interrupted
    }
    while true {
      if signalsEndTheRead() { return .interrupted }
      if trap.waitForInput(STDIN_FILENO) == .interrupted { continue }
      let count = SystemCall.retryingOnEINTR(stoppingWhen: signalsEndTheRead) {
        chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
      }
      if interrupted { return .interrupted }
      if count < 0 { return .endOfFile }
      if count == 0 {
        // Ctrl-D on an empty line (or a second one after text), or the terminal is gone.
        return bytes.isEmpty ? .endOfFile : .line(LineEditor.typedText(bytes[...]))
      }
      bytes += chunk[..<count]
      if let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) {
        return .line(LineEditor.typedText(bytes[..<newline]))
      }
    }
  }

  /// The text of a line read in the terminal's cooked mode, without the keys the terminal
  /// passed on as they are: an arrow key arrives as `ESC [ D`, a function key as `ESC O P`
  /// or `ESC [ 1 5 ~`, Ctrl-V makes any control character literal. Those are dropped, with
  /// every other control character (C0, DEL, C1), so that a secret never holds one; what is
  /// left is the text typed (cooked mode has already applied Backspace and Ctrl-U).
  ///
  /// - Parameter bytes: The line as read, without its newline.
  /// - Returns: The text, its escape sequences and control characters removed.
  static func typedText(_ bytes: ArraySlice<UInt8>) -> String {
    var scalars = String(decoding: bytes, as: UTF8.self).unicodeScalars.makeIterator()
    var text = String.UnicodeScalarView()
    while let scalar = scalars.next() {
      switch scalar.value {
      case 0x1B:  // ESC [ parameters final, ESC O final, or ESC and one character
        switch scalars.next() {
        case "[": skipControlSequence(&scalars)
        case "O": _ = scalars.next()
        default: break
        }
      case 0x9B:  // the one-character CSI
        skipControlSequence(&scalars)
      case 0..<0x20, 0x7F...0x9F:
        break
      default:
        text.append(scalar)
      }
    }
    return String(text)
  }

  /// Skips a control sequence's parameters and intermediates up to its final character
  /// (`@`…`~`).
  private static func skipControlSequence(_ scalars: inout String.UnicodeScalarView.Iterator) {
    while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
  }
}
