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
        let names = Command.keywords + customCommandOrder.flatMap(\.names)
        return names.filter { $0.hasPrefix(argument.lowercased()) }.sorted().map { head + $0 }
      }
      if let command = customCommand(name), let complete = command.completeArgument {
        // Keys and choices come from a schema: one a terminal would act on, or that looks
        // like another, could not be typed back as Tab would show it, so it is left out.
        return complete(argument).filter { TerminalText.sanitize($0) == $0 }.map { head + $0 }
      }
    }
    var candidates: [String] = []
    if words.count == 1 {
      let names = Command.keywords + customCommandOrder.flatMap(\.names)
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

  /// Whether a line may be kept in the history: not when it is an application's command
  /// whose argument holds a secret (``CommandDefinition/holdsSecret``), such as settei's
  /// `set` of a secure text field.
  public func mayKeepInHistory(_ line: String) -> Bool {
    let command = Command.parse(
      line, customCommands: customCommandNames, customPrefixes: customPrefixes)
    guard case .custom(let name, let argument) = command,
      let holdsSecret = customCommand(name)?.holdsSecret
    else { return true }
    return !holdsSecret(argument)
  }
}
