/// Where a text file could not be read, and why: `settings.json:3:7: unterminated string`.
/// Why is a ``FormatReason``, worded in the session's language with ``worded(in:)``.
///
/// Lines and columns count from 1. A column counts Unicode scalars, not bytes, so that it
/// matches what an editor shows for Japanese text; a tab counts as one column.
package struct SourceError: Error, CustomStringConvertible, Equatable, Sendable {
  /// The file path, or a name such as `"<stdin>"` for text that did not come from a file.
  package let source: String
  /// The 1-based line of the problem.
  package let line: Int
  /// The 1-based column of the problem, where known.
  package let column: Int?
  /// What is wrong, saying what was expected: `expected ',' or '}' after object member`.
  package let reason: FormatReason

  /// Creates an error at a known place.
  ///
  /// - Parameters:
  ///   - source: The file path or name.
  ///   - line: The 1-based line.
  ///   - column: The 1-based column, if known.
  ///   - reason: What is wrong and what was expected.
  package init(source: String, line: Int, column: Int?, reason: FormatReason) {
    self.source = source
    self.line = line
    self.column = column
    self.reason = reason
  }

  /// Creates an error at a known place whose text is worded already: English, as a test
  /// expects it (errors compare by their English text).
  package init(source: String, line: Int, column: Int?, message: String) {
    self.init(source: source, line: line, column: column, reason: .verbatim(message))
  }

  /// What is wrong, in English.
  package var message: String { reason.description }

  /// `"<source>:<line>:<column>: <message>"`, or `"<source>:<line>: <message>"` without a
  /// column, as gcc and git print them; in English.
  package var description: String { worded(in: .english) }

  /// Two errors are the same when they name the same place and say the same, in English:
  /// an error whose text another module worded equals the typed reason that words it so.
  package static func == (left: SourceError, right: SourceError) -> Bool {
    left.source == right.source && left.line == right.line && left.column == right.column
      && left.message == right.message
  }

  /// ``description`` in the language of `catalog`.
  package func worded(in catalog: FormatMessages) -> String {
    let text = reason.worded(in: catalog)
    if let column { return "\(source):\(line):\(column): \(text)" }
    return "\(source):\(line): \(text)"
  }
}

extension SourceError {
  /// An error at a byte offset of `bytes`: computes the line and column of that offset.
  ///
  /// Only runs when something went wrong, so it may scan the input from the start.
  init(source: String, bytes: UnsafeBufferPointer<UInt8>, offset: Int, reason: FormatReason) {
    var line = 1
    var column = 1
    let end = min(max(offset, 0), bytes.count)
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? min(3, end) : 0  // a BOM takes no column
    for byte in bytes[start..<end] {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    self.init(source: source, line: line, column: column, reason: reason)
  }
}
