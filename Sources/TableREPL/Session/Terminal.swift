#if canImport(Glibc)
  import Glibc
#endif

/// Facts about the process's terminal, asked of the C library.
package enum Terminal {
  /// Whether a file descriptor is a terminal.
  package static func isTerminal(_ descriptor: Int32) -> Bool {
    isatty(descriptor) == 1
  }

  /// The size of the terminal on a descriptor, or `nil` if it is not a terminal.
  package static func size(of descriptor: Int32 = 1) -> Session.TerminalSize? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Session.TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
  }

  /// The size to lay screens out for: the terminal's, else `COLUMNS`/`LINES`, else 80
  /// columns by 100 rows (a transcript of a pipe has no height to fit, but a page still
  /// bounds the work per command).
  package static func layoutSize(environment: [String: String]) -> Session.TerminalSize {
    if let size = size(of: 1) { return size }
    let columns = dimension("COLUMNS", in: environment)
    let rows = dimension("LINES", in: environment)
    return Session.TerminalSize(columns: columns ?? 80, rows: rows ?? 100)
  }

  /// The largest `COLUMNS` or `LINES` taken: no terminal is wider or taller, and a screen
  /// laid out for more would only cost memory.
  package static let largestDimension = 10_000

  /// `COLUMNS` or `LINES` as a size: a whole number from 1 to ``largestDimension``, else
  /// `nil` (unset, not a number, 0, negative, or beyond any terminal: ignored).
  static func dimension(_ name: String, in environment: [String: String]) -> Int? {
    guard let number = environment[name].flatMap(TypedNumber.init),
      (1...largestDimension).contains(number.value)
    else { return nil }
    return number.value
  }

  /// The width to wrap help, messages and errors to (``Session/messageWidth``): the
  /// terminal's, else `COLUMNS`, else `nil`: a pipe's transcript is not wrapped unless
  /// `COLUMNS` says how wide it is.
  package static func messageWidth(environment: [String: String]) -> Int? {
    if let size = size(of: 1) { return size.columns }
    return dimension("COLUMNS", in: environment)
  }

  /// Whether to use colour: on a terminal, unless `NO_COLOR` is set or `TERM` is `dumb`.
  package static func usesColor(environment: [String: String], disabled: Bool) -> Bool {
    guard !disabled, isTerminal(1) else { return false }
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
    return environment["TERM"] != "dumb"
  }
}
