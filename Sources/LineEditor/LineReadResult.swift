/// What one call to ``LineEditor/readLine(prompt:)`` or ``LineEditor/readSecret(prompt:)``
/// read.
public enum LineReadResult: Equatable, Sendable {
  /// A line the user entered, without the trailing newline.
  case line(String)
  /// Ctrl-C: the half-typed line was dropped; the caller prints a new prompt.
  case interrupted
  /// Ctrl-D on an empty line, or the input was closed.
  case endOfFile
}
