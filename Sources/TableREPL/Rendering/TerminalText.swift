import TextSafety

/// The gate through which text from outside (schemas, stores, user input, error messages)
/// reaches the terminal: ``sanitize(_:)`` is the one escaper, ``Escaper/escaped(_:)``, which
/// shows control characters as `\u{1B}` and never writes them raw (see `Escaper` for which
/// invisible characters it shows and which it keeps).
package enum TerminalText {
  /// The text with every control character, and every invisible character that is not part
  /// of how its text is written, replaced by a visible escape.
  package static func sanitize(_ text: String) -> String { Escaper.escaped(text) }

  /// A key, path or other name as a terminal shows it: every control character and every
  /// invisible (default-ignorable) character escaped, so that two names that differ never
  /// look the same.
  package static func identifier(_ text: String) -> String {
    Escaper.escaped(text, as: .identifier)
  }

  /// The titles of a navigation stack as a breadcrumb, joined by " › ": by hand, as the
  /// generic `joined(separator:)` costs 150,000 instructions of run-time type look-ups the
  /// first time, and the first screen and prompt each show one.
  static func breadcrumb(_ titles: [String]) -> String {
    var text = titles.first ?? ""
    for title in titles.dropFirst() { text += " › " + title }
    return text
  }

  /// Whether a scalar must not reach a terminal as it is.
  static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool { Escaper.isUnsafe(scalar) }

  /// Whether a scalar is a letter of a right-to-left script.
  static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool { Escaper.isRightToLeft(scalar) }
}
