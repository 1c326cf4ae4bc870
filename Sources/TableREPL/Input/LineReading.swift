/// What a line reader returned.
public enum ReadResult: Equatable, Sendable {
  /// A line, without its newline.
  case line(String)
  /// The user pressed Ctrl-C: the half-typed line was dropped.
  case interrupted
  /// No more input: Ctrl-D on an empty line, or the end of a piped script.
  case endOfInput
  /// A line that could not be taken, with the reason (invalid UTF-8, too long).
  case rejected(LineRejection)
}

/// Why a line reader could not take a line; the session says it in its language.
public enum LineRejection: Equatable, Sendable {
  /// The line is longer than `maximumBytes`; it was skipped.
  case tooLong(maximumBytes: Int)
  /// The line is not valid UTF-8; it was skipped.
  case invalidUTF8
  /// The line editor read bytes that are not valid UTF-8 (shown as U+FFFD); it was not run.
  case invalidUTF8NotRun

  /// The reason in the words of `messages`.
  public func text(_ messages: SessionMessages) -> String {
    switch self {
    case .tooLong(let maximumBytes): messages.text(.lineTooLong, String(maximumBytes))
    case .invalidUTF8: messages.text(.lineNotUTF8)
    case .invalidUTF8NotRun: messages.text(.lineNotUTF8NotRun)
    }
  }
}

/// A source of command lines: libedit on a terminal, plain reads on a pipe, or a script in
/// tests.
public protocol LineReading: AnyObject {
  /// Whether a person is typing, so that errors leave the session running and nothing is
  /// echoed.
  var isInteractive: Bool { get }
  /// Reads one line after showing `prompt`.
  func readLine(prompt: String) -> ReadResult
  /// Reads one line without echoing it and without keeping it in history.
  func readSecret(prompt: String) -> ReadResult
  /// Reads the answer to a question (a field's value, a yes or no): one line that starts with
  /// `initialText` already typed, to edit or keep, if ``startsLine(with:)`` says so. An
  /// answer is no command: it is never kept in the history.
  func readLine(prompt: String, initialText: String) -> ReadResult
  /// Whether ``readLine(prompt:initialText:)`` shows `text` in the line to edit, so that an
  /// empty answer means the user deleted it.
  func startsLine(with text: String) -> Bool
  /// Sets what runs when the terminal changes size while a line is read, before the line is
  /// drawn again below what it writes (`nil`: nothing), so that a session can show its
  /// screen at the new size without losing the line being typed.
  func setResizeHandler(_ handler: (() -> Void)?)
}

extension LineReading {
  /// Reads the line with ``readLine(prompt:)``: a reader that cannot show text to edit (a
  /// pipe, a script) reads the answer as it comes.
  public func readLine(prompt: String, initialText: String) -> ReadResult {
    readLine(prompt: prompt)
  }

  /// `false`: a reader that cannot show text to edit reads the answer as it comes.
  public func startsLine(with text: String) -> Bool { false }
  /// Nothing: a reader that is no terminal never changes size.
  public func setResizeHandler(_ handler: (() -> Void)?) {}

  /// Reads the line with ``readLine(prompt:)``: a reader that cannot hide input shows it.
  public func readSecret(prompt: String) -> ReadResult { readLine(prompt: prompt) }
}

/// A reader that returns the lines it was given, for tests and examples. It echoes each
/// prompt and line to an output, as a piped run does.
public final class ScriptedLineReader: LineReading {
  private var lines: [ReadResult]
  private var next = 0
  private let echo: (any TextOutput)?
  /// Whether the session treats the script as typed by a person (failing commands do not
  /// end it) or as a pipe (the first failing command ends it).
  public let isInteractive: Bool

  /// Creates a reader that will return `lines`, then end of input.
  public convenience init(
    _ lines: [String], echo: (any TextOutput)? = nil, isInteractive: Bool = false
  ) {
    self.init(results: lines.map(ReadResult.line), echo: echo, isInteractive: isInteractive)
  }

  /// Creates a reader that will return `results`, then end of input.
  public init(results: [ReadResult], echo: (any TextOutput)? = nil, isInteractive: Bool = false) {
    self.lines = results
    self.echo = echo
    self.isInteractive = isInteractive
  }

  /// Returns the next line, echoing the prompt and the line; ``ReadResult/endOfInput`` once
  /// the lines are used up.
  public func readLine(prompt: String) -> ReadResult {
    read(prompt: prompt, isSecret: false)
  }

  /// Returns the next line like ``readLine(prompt:)``, echoing it masked.
  public func readSecret(prompt: String) -> ReadResult {
    read(prompt: prompt, isSecret: true)
  }

  private func read(prompt: String, isSecret: Bool) -> ReadResult {
    guard next < lines.count else { return .endOfInput }
    let result = lines[next]
    next += 1
    if case .line(let text) = result {
      echo?.write(prompt + (isSecret ? "(hidden)" : TerminalText.sanitize(text)) + "\n")
    }
    return result
  }
}
