/// The value a REPL command was given (the rest of `set KEY VALUE`), read with quotes as a
/// shell reads them, so that a value is typed the same in the REPL, in a piped script and
/// on the command line:
///
/// - `'…'` is taken as it is;
/// - in `"…"`, a backslash escapes `"` and `\`, and is kept before any other character;
/// - outside quotes, a backslash escapes the next character (one at the very end is kept);
/// - pieces that touch are joined: `'a b'"c"d` is `a bcd`, and `""` is the empty value.
///
/// Unlike a shell, the spaces between unquoted words are kept as typed, so that a choice's
/// title with spaces needs no quotes (`set region United States`); unquoted spaces before
/// and after the value are not part of it.
enum ValueArgument {
  /// A quote that was opened and not closed.
  struct UnclosedQuote: Error, Equatable {
    /// `'` or `"`.
    let quote: Character
    /// The text from the quote to the end.
    let rest: String
  }

  /// The value `text` stands for, or the quote that is not closed.
  ///
  /// Quotes and backslashes are found among Unicode scalars, so that a combining mark after
  /// one (`'\u{301}`) does not hide it.
  static func parse(_ text: String) -> Result<String, UnclosedQuote> {
    let scalars = text.unicodeScalars
    var value = String.UnicodeScalarView()
    // Unquoted spaces, kept once something follows them that is part of the value.
    var spaces = String.UnicodeScalarView()
    var started = false
    var index = scalars.startIndex
    /// The next scalar, moving past it; `nil` at the end.
    func next() -> Unicode.Scalar? {
      guard index < scalars.endIndex else { return nil }
      defer { index = scalars.index(after: index) }
      return scalars[index]
    }
    /// Starts a piece of the value, after the spaces before it.
    func startPiece() {
      if started { value.append(contentsOf: spaces) }
      spaces.removeAll()
      started = true
    }
    while index < scalars.endIndex {
      let opening = index
      guard let scalar = next() else { break }
      switch scalar {
      case " ", "\t", "\n", "\r":
        spaces.append(scalar)
      case "'", "\"":
        startPiece()
        var closed = false
        while let inner = next() {
          if inner == scalar {
            closed = true
            break
          }
          // Inside "…", a backslash escapes only " and \.
          if scalar == "\"", inner == "\\", index < scalars.endIndex,
            scalars[index] == "\"" || scalars[index] == "\\"
          {
            value.append(scalars[index])
            index = scalars.index(after: index)
          } else {
            value.append(inner)
          }
        }
        guard closed else {
          return .failure(
            UnclosedQuote(quote: Character(scalar), rest: String(scalars[opening...])))
        }
      case "\\":
        startPiece()
        value.append(next() ?? "\\")
      default:
        startPiece()
        value.append(scalar)
      }
    }
    return .success(String(value))
  }
}
