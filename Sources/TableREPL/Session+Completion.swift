extension Session {
  /// What Tab offers for the text before the cursor: whole-line candidates, each of which
  /// starts with that text (ignoring case).
  ///
  /// On the first word: the commands, and the titles of the rows on the screen. After
  /// `help`: the commands.
  public func completions(for text: String) -> [String] {
    let lowered = text.lowercased()
    if lowered.hasPrefix("help ") {
      let word = String(lowered.dropFirst(5))
      return Command.keywords.filter { $0.hasPrefix(word) }.map { "help " + $0 }
    }
    var candidates: [String] = []
    if !lowered.contains(" ") {
      candidates += Command.keywords.filter { $0.hasPrefix(lowered) }
    }
    let screen = visibleScreen()
    for section in screen.sections {
      for row in section.rows where row.isEnabled {
        let title = TerminalText.sanitize(row.text)
        if title.lowercased().hasPrefix(lowered), !candidates.contains(title) {
          candidates.append(title)
        }
      }
    }
    return candidates
  }
}
