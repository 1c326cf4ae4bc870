import CEditLine
import Glibc
import SystemIO

/// Reads lines from the terminal with libedit: line editing, history on Up and Down, Tab
/// completion, and Ctrl-C that drops the line instead of ending the program.
///
/// Create one only for an interactive session: the initializer returns nil when standard
/// input or output is not a terminal, and the caller then reads plain lines itself.
///
/// ```swift
/// guard let editor = LineEditor(programName: "my-tool") else { return readPlainLines() }
/// try? editor.history.load(from: historyPath)
/// editor.completer = { textBeforeCursor in commands.filter { $0.hasPrefix(lastWord) } }
/// loop: while true {
///   switch editor.readLine(prompt: "my-tool> ") {
///   case .line(let line): run(line)
///   case .interrupted: continue
///   case .endOfFile: break loop
///   }
/// }
/// ```
///
/// Keys are emacs-style, and the user's `~/.editrc` applies. Creating an editor sets the
/// process's `LC_CTYPE` locale from the environment, falling back to `C.UTF-8` when that is
/// not UTF-8, so that Japanese and other non-ASCII text can be typed.
public final class LineEditor {
  /// The in-memory history that Up and Down walk through.
  ///
  /// ``readLine(prompt:)`` adds each line it returns; load and save it with
  /// ``LineHistory/load(from:)`` and ``LineHistory/save(to:)``.
  public let history: LineHistory

  /// Called on Tab with the text before the cursor; returns the candidate completions of its
  /// last word.
  ///
  /// The last word is the text after the last space. Candidates are whole words, not
  /// suffixes. One candidate replaces the word, followed by a space; several insert their
  /// longest common prefix, and when that adds nothing they are listed below the line. No
  /// candidates, or no completer, rings the bell.
  public var completer: ((_ textBeforeCursor: String) -> [String])?

  /// Called when the terminal changes size while a line is read, after the prompt and the
  /// line are cleared from the screen and before they are drawn again below whatever it
  /// writes: a front end shows its screen anew at the new size, and the line being typed
  /// stays as it was. Without it only the prompt and the line are drawn again.
  public var onResize: (() -> Void)?

  /// Called with each line ``readLine(prompt:)`` returns; `false` keeps it out of
  /// ``history`` (a line that holds a password). Without it every line is kept.
  public var keepsInHistory: ((_ line: String) -> Bool)?

  /// The libedit `EditLine *`.
  let editLine: OpaquePointer

  /// The prompt as a C string, kept alive while libedit may read it.
  private var promptText: UnsafeMutablePointer<CChar>

  /// The prompt of the current read.
  private(set) var prompt = ""

  /// Set by the read function when Ctrl-C (or a signal passed on and survived) ended a read.
  var readWasInterrupted = false

  /// The signal handlers in place during the current read, if any.
  var signalTrap: SignalTrap?

  /// Creates an editor on standard input and output, or nil when standard input or output is
  /// not a terminal or libedit cannot be set up.
  ///
  /// - Parameter programName: The name `~/.editrc` lines may be prefixed with to apply to
  ///   this program only.
  public init?(programName: String) {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return nil }
    LineEditor.useUTF8CharacterType()
    guard let promptText = strdup(""),
      let editLine = LineEditor.withPlainTerminalName({
        el_init(programName, ceditline_stdin(), ceditline_stdout(), ceditline_stderr())
      })
    else { return nil }
    self.promptText = promptText
    self.editLine = editLine
    history = LineHistory()
    // From here on, returning nil runs deinit, which calls el_end.
    guard configure() else { return nil }
  }

  /// Runs `body` (libedit's set-up) with a `TERM` that is a plain terminal name: libedit
  /// puts the name in its "No entry for terminal type" message as it is, so a `TERM`
  /// holding an escape sequence would reach the terminal raw. Any other `TERM` is unset
  /// while `body` runs, and libedit takes the dumb terminal, as for no `TERM`.
  static func withPlainTerminalName<Result>(_ body: () -> Result) -> Result {
    guard let value = getenv("TERM") else { return body() }
    let name = String(cString: value)
    guard !isPlainTerminalName(name) else { return body() }
    unsetenv("TERM")
    defer { setenv("TERM", name, 1) }
    return body()
  }

  /// Whether `name` is what terminfo names a terminal: up to 128 of `A–Z a–z 0–9 . _ + -`.
  static func isPlainTerminalName(_ name: String) -> Bool {
    !name.isEmpty && name.utf8.count <= 128
      && name.utf8.allSatisfy { byte in
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
          || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
          || [UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "-")]
            .contains(byte)
      }
  }

  deinit {
    el_end(editLine)
    free(promptText)
  }

  /// Reads one line, showing `prompt` before it.
  ///
  /// A line that is not blank is added to ``history`` (unless `addsToHistory` is `false` or
  /// ``keepsInHistory`` refuses it). Ctrl-C drops the half-typed line and
  /// returns ``LineReadResult/interrupted`` after moving to a fresh line; Ctrl-D on an empty
  /// line returns ``LineReadResult/endOfFile``. The terminal is back in its normal mode when
  /// this returns. While it waits, Ctrl-Z suspends the program with the terminal restored,
  /// and a resized terminal gets the line redrawn. A SIGTERM or SIGHUP goes to the handler
  /// the program had (with the terminal restored first); if the program survives it, the
  /// read returns ``LineReadResult/interrupted``. Keys typed while the program ran since the
  /// last read come first, as if typed now: a line is read as typed, and a Ctrl-D on an empty
  /// line ends the input.
  ///
  /// - Parameters:
  ///   - prompt: The prompt, which may contain any UTF-8 text but no escape sequences.
  ///   - initialText: Text the line starts with, to edit or keep with Enter (a field's
  ///     current value); left out when ``startsLine(with:)`` says it cannot be.
  ///   - addsToHistory: Whether the line goes into ``history``: `false` for an answer to a
  ///     question (a field's value, a yes), which is no command to recall.
  /// - Returns: The line without its newline, or why there is none.
  public func readLine(
    prompt: String, initialText: String = "", addsToHistory: Bool = true
  ) -> LineReadResult {
    setPrompt(prompt)
    fflush(ceditline_stdout())
    switch LineEditor.takeTypedAhead() {
    case .endOfInput?:
      LineEditor.write(prompt + "\n")
      return .endOfFile
    case .text(let text)?:
      // Read as if typed now, before the keyboard (and before the field's text).
      el_wpush(editLine, text.nulTerminatedWideCharacters)
    case nil:
      break
    }
    if startsLine(with: initialText) {
      // libedit reads pushed text before the keyboard, as if typed: the line starts with it.
      el_wpush(editLine, initialText.nulTerminatedWideCharacters)
    }
    readWasInterrupted = false
    signalTrap = SignalTrap()
    // el_wgets shows the prompt before it sets the terminal up, and a Ctrl-D typed in that
    // moment would be eaten by the cooked-mode line discipline: go raw first.
    _ = ceditline_el_prep_terminal(editLine, 1)
    var count: Int32 = 0
    let text = el_wgets(editLine, &count)
    signalTrap?.restore()
    signalTrap = nil
    if let text, count > 0 {
      var line = String(wideCharacters: text, count: Int(count))
      if line.hasSuffix("\n") { line.removeLast() }
      // A line with bytes that were not UTF-8 (U+FFFD) is not worth recalling.
      if addsToHistory, !line.unicodeScalars.contains("\u{FFFD}"), keepsInHistory?(line) ?? true {
        history.add(line)
      }
      return .line(line)
    }
    // Either way the cursor is still on the prompt's line; leave it for the caller's output.
    LineEditor.write("\n")
    return readWasInterrupted ? .interrupted : .endOfFile
  }

  /// What was typed while the program ran between two reads, which the terminal's line
  /// discipline holds in its cooked mode.
  enum TypedAhead: Equatable {
    /// A Ctrl-D on an empty line (or the terminal is gone).
    case endOfInput
    /// A line, with its newline, or text that a Ctrl-D ended without one.
    case text(String)
  }

  /// Takes what was typed ahead, if anything, while the terminal is still in its cooked mode.
  /// Switched to libedit's raw mode first, a Ctrl-D typed on an empty line while a command
  /// ran (right after the Enter that started it) would be lost: the line discipline holds it
  /// as end of input, which a read in raw mode never sees. Text without a newline is not
  /// available yet and stays for libedit, which reads it as typed.
  static func takeTypedAhead() -> TypedAhead? {
    var watched = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    guard poll(&watched, 1, 0) == 1, watched.revents != 0 else { return nil }
    // Cooked, a read returns at most one line, or nothing for a Ctrl-D on an empty line.
    var bytes = [UInt8](repeating: 0, count: 4096)
    let count = SystemCall.retryingOnEINTR {
      bytes.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
    }
    if count < 0 { return errno == EAGAIN ? nil : .endOfInput }
    if count == 0 { return .endOfInput }
    return .text(String(decoding: bytes[..<count], as: UTF8.self))
  }

  /// Whether ``readLine(prompt:initialText:addsToHistory:)`` starts the line with `text`:
  /// not when it is empty, nor when it holds a control character, which libedit would take
  /// as a key.
  public func startsLine(with text: String) -> Bool {
    !text.isEmpty
      && !text.unicodeScalars.contains(where: {
        $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
      })
  }

  /// Sets libedit up: emacs keys, the prompt and read callbacks, Tab, history, `~/.editrc`.
  private func configure() -> Bool {
    let editLine = editLine
    guard ceditline_el_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque()) == 0,
      ceditline_el_set_editor(editLine, "emacs") == 0,
      // libedit's own handlers (EL_SIGNAL) change the terminal inside the handler, re-send
      // the signal to the whole process group with kill(0, sig), and re-arm only from
      // libedit's built-in read function, which we replace: SignalTrap does this instead.
      ceditline_el_set_signal(editLine, 0) == 0,
      ceditline_el_set_prompt(
        editLine,
        { editLine in
          guard let editor = LineEditor.owner(of: editLine) else { return nil }
          return UnsafePointer(editor.promptText)
        }) == 0,
      ceditline_el_set_read_char(
        editLine,
        { editLine, character in
          guard let editor = LineEditor.owner(of: editLine), let character else { return -1 }
          return editor.readCharacter(into: character)
        }) == 0,
      ceditline_el_addfn(
        editLine, "line-editor-complete", HistoryMessages.forLanguage("en")[.completeHelp],
        { editLine, _ in
          guard let editor = LineEditor.owner(of: editLine) else { return UInt8(CC_ERROR) }
          return editor.complete()
        }) == 0,
      ceditline_el_bind(editLine, "^I", "line-editor-complete") == 0,
      ceditline_el_set_history(editLine, history.handle) == 0
    else { return false }
    // Fails when there is no ~/.editrc, which is normal; libedit reports bad lines itself.
    _ = el_source(editLine, nil)
    return true
  }

  /// The editor whose `EditLine *` is `editLine`, from its client data.
  private static func owner(of editLine: OpaquePointer?) -> LineEditor? {
    guard let editLine, let data = ceditline_el_get_clientdata(editLine) else { return nil }
    return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue()
  }

  /// Replaces the prompt libedit shows.
  private func setPrompt(_ prompt: String) {
    guard let copy = strdup(prompt) else { return }
    free(promptText)
    promptText = copy
    self.prompt = prompt
  }

  /// Writes `text` to standard output through the same buffer libedit uses, and flushes it.
  static func write(_ text: String) {
    fputs(text, ceditline_stdout())
    fflush(ceditline_stdout())
  }

  /// Sets `LC_CTYPE` from the environment, or to `C.UTF-8` if that is not UTF-8, so that
  /// libedit decodes and measures non-ASCII characters.
  private static func useUTF8CharacterType() {
    if setlocale(LC_CTYPE, "") != nil, characterTypeIsUTF8 { return }
    for fallback in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] where setlocale(LC_CTYPE, fallback) != nil
    {
      return
    }
  }

  /// Whether the current `LC_CTYPE` encodes characters as UTF-8.
  private static var characterTypeIsUTF8: Bool {
    guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
    let name = String(cString: codeset).lowercased()
    return name == "utf-8" || name == "utf8"
  }
}
