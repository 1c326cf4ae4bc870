import LineEditor

/// Reads lines on a terminal through libedit: emacs keys, history, Tab completion, Ctrl-C
/// that drops the line, Ctrl-D that ends the session.
///
/// History is loaded from a file at start and merged back into it by ``saveHistory()``; a
/// history file that cannot be read is reported once and never overwritten.
public final class EditLineReader: LineReading {
  private let editor: LineEditor
  private let historyPath: String?
  private var historyLoaded = false
  /// Called on Tab with the text before the cursor; returns whole-line candidates that start
  /// with it (as ``Session/completions(for:)`` does).
  public var completer: ((String) -> [String])? {
    didSet {
      guard let completer else {
        editor.completer = nil
        return
      }
      // libedit completes the last word: keep what each candidate adds after the text up to
      // the last space.
      editor.completer = { text in
        let head =
          text.lastIndex(of: " ").map { text.distance(from: text.startIndex, to: $0) + 1 } ?? 0
        return completer(text).map { String($0.dropFirst(head)) }
      }
    }
  }
  /// Called with each line read; `false` keeps it out of the history, as
  /// ``Session/mayKeepInHistory(_:)`` says of a line that sets a password.
  public var historyFilter: ((String) -> Bool)? {
    get { editor.keepsInHistory }
    set { editor.keepsInHistory = newValue }
  }
  /// Always `true`: a person is typing.
  public var isInteractive: Bool { true }

  /// Creates a reader for the process's terminal, or `nil` when standard input or output is
  /// not a terminal.
  ///
  /// - Parameters:
  ///   - programName: The name libedit gives the program, which `~/.editrc` lines can
  ///     start with (`files:bind -v`) to apply to this program only.
  ///   - historyPath: The history file, or `nil` for no history on disk.
  ///   - messages: The words of the warning.
  ///   - warn: Receives a one-line warning when the history file cannot be loaded.
  public init?(
    programName: String, historyPath: String?,
    messages: SessionMessages = .forLanguage("en"), warn: (String) -> Void
  ) {
    guard let editor = LineEditor(programName: programName) else { return nil }
    self.editor = editor
    self.historyPath = historyPath
    if let historyPath {
      do {
        try editor.history.load(from: historyPath)
        historyLoaded = true
      } catch {
        warn(messages.text(.historyNotLoaded, error.message(language: messages.language)))
      }
    }
  }

  /// Reads one line with libedit after showing `prompt`, and adds it to the history.
  public func readLine(prompt: String) -> ReadResult {
    convert(editor.readLine(prompt: prompt))
  }

  /// Reads an answer: one line that starts holding `initialText`, which the user edits
  /// (Ctrl-U clears it) or keeps with Enter. It is not added to the history.
  public func readLine(prompt: String, initialText: String) -> ReadResult {
    convert(editor.readLine(prompt: prompt, initialText: initialText, addsToHistory: false))
  }

  /// Whether the line of ``readLine(prompt:initialText:)`` starts with `text`: when it is
  /// not empty and holds no control character.
  public func startsLine(with text: String) -> Bool {
    editor.startsLine(with: text)
  }

  /// Shows `handler`'s output, then the line again, when the terminal changes size.
  public func setResizeHandler(_ handler: (() -> Void)?) {
    editor.onResize = handler
  }

  /// Reads one line without echoing it and without adding it to the history.
  public func readSecret(prompt: String) -> ReadResult {
    convert(editor.readSecret(prompt: prompt))
  }

  /// Merges this session's lines into the history file.
  ///
  /// - Throws: The reason the file could not be written, for a one-line warning.
  public func saveHistory() throws(HistoryFileError) {
    guard let historyPath, historyLoaded else { return }
    try editor.history.save(to: historyPath)
  }

  private func convert(_ result: LineReadResult) -> ReadResult {
    switch result {
    case .line(let line):
      if line.unicodeScalars.contains("\u{FFFD}") {
        return .rejected(.invalidUTF8NotRun)
      }
      return .line(line)
    case .interrupted:
      return .interrupted
    case .endOfFile:
      return .endOfInput
    }
  }
}
