import TextSafety

/// The one presenter of lines on standard error: every error, warning and note a program
/// built on TableREPL writes there goes through ``write(_:kind:)``, which starts it with the
/// program's name and the kind's word from the catalog (`settei: warning: …`,
/// `settei: 警告: …` under Japanese) and escapes every line with the one escaper, so that a
/// file name or value quoted in a message can neither move the cursor nor reorder the line.
/// A message of several lines keeps its line breaks: a save error names the file on one line
/// and says what to do on the next.
package struct Diagnostics {
  /// What a line is: an error has no word after the program's name.
  package enum Kind: Sendable {
    case error, warning, note
  }

  /// The name that starts every line.
  package var programName: String
  /// Where the lines go: standard error.
  package var output: any TextOutput
  /// Where the words `warning` and `note` come from.
  package var messages: SessionMessages

  package init(
    programName: String, output: any TextOutput,
    messages: SessionMessages = .forLanguage("en")
  ) {
    self.programName = programName
    self.output = output
    self.messages = messages
  }

  /// Writes `message` as one diagnostic, ended by a line break.
  package func write(_ message: String, kind: Kind = .error) {
    output.write(Self.text(message, kind: kind, programName: programName, messages: messages))
  }

  /// The text ``write(_:kind:)`` writes: `program: [kind: ]message`, every line escaped and
  /// ended by a line break.
  package static func text(
    _ message: String, kind: Kind, programName: String, messages: SessionMessages
  ) -> String {
    let word: String? =
      switch kind {
      case .error: nil
      case .warning: messages.text(.warning)
      case .note: messages.text(.note)
      }
    return programName + ": " + (word.map { $0 + ": " } ?? "") + Escaper.escapedLines(message)
      + "\n"
  }
}
