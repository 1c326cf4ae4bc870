extension Session {
  /// What Tab offers for the text before the cursor: whole-line candidates, each of which
  /// starts with that text (ignoring case).
  ///
  /// On the first word: the commands, and the titles of the rows on the screen. After
  /// `help`: the commands. After an application command: what the command offers for its
  /// argument (setting keys after `go`, choices after `set KEY`, …).
  public func completions(for text: String) -> [String] {
    let lowered = text.lowercased()
    let words = lowered.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
    if words.count == 2 {
      let name = String(words[0])
      let head = String(text.prefix(name.count + 1))
      let argument = String(text.dropFirst(name.count + 1))
      if name == "help" {
        let names = Command.keywords + customCommandOrder.flatMap(\.help.names)
        return names.filter { $0.hasPrefix(argument.lowercased()) }.sorted().map { head + $0 }
      }
      if let command = customCommands[name], let complete = command.completeArgument {
        return complete(argument).map { head + $0 }
      }
    }
    var candidates: [String] = []
    if words.count == 1 {
      let names = Command.keywords + customCommandOrder.flatMap(\.help.names)
      candidates += names.filter { $0.hasPrefix(lowered) && $0.count > 1 }.sorted()
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
