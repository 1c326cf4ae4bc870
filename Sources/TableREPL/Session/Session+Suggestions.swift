import TextSafety

extension Session {
  /// What to say of a line that is neither a command nor the start of a row's title: the
  /// usage of the command it begins with (`page`, `/`, `?4`), the command it is a typo of
  /// (`hlep`: did you mean help?), or where else to look for the title (`find TEXT`).
  func unmatchedLineMessage(_ text: String, searchedPageOnly: Bool) -> String {
    let shown = TerminalText.sanitize(text)
    let word = String(text.split(separator: " ", maxSplits: 1).first ?? "").lowercased()
    if let help = commandBegun(by: word) {
      let name = help.names.contains(word) ? word : help.names[0]
      return messages.text(.commandUsage, help.usage, summary(of: help), name)
    }
    if let name = closestCommandName(to: word) {
      return messages.text(.unknownDidYouMean, shown, name)
    }
    let key: SessionMessage =
      searchedPageOnly
      ? .unknownLinePageOnly : customCommand("find") != nil ? .unknownLineTryFind : .unknownLine
    return messages.text(key, shown, validInputHint)
  }

  /// A command's summary in the session's language (an application's command as it wrote it).
  private func summary(of help: CommandDefinition.Help) -> String {
    Command.localized(help, messages: messages, saving: quitHandler != nil).summary
  }

  /// The command whose name `word` is, or begins with when the name is a sign such as `?`
  /// or a prefix such as `/`: the line names the command but does not use it as it needs.
  func commandBegun(by word: String) -> CommandDefinition.Help? {
    guard !word.isEmpty else { return nil }
    if let help = namedCommands.first(where: { $0.names.contains(word) }) { return help }
    for (prefix, name) in customPrefixes where word.hasPrefix(prefix) {
      return customCommand(name)?.help
    }
    return namedCommands.first { help in
      help.names.contains { name in
        name.first.map { !$0.isLetter && !$0.isNumber } == true && word.hasPrefix(name)
      }
    }
  }

  /// The name of the command `word` is most likely a typo of (one letter wrong, missing,
  /// extra, or two letters swapped; two such slips in a longer word), if any.
  func closestCommandName(to word: String) -> String? {
    guard word.count >= 3 else { return nil }
    let allowed = word.count >= 6 ? 2 : 1
    var best: (name: String, distance: Int)?
    for help in namedCommands {
      for name in help.names where name.count >= 2 {
        let distance = EditDistance.between(word, name)
        if distance <= allowed, distance < (best?.distance ?? .max) {
          best = (name, distance)
        }
      }
    }
    return best?.name
  }

  /// The application's and the built-in commands that have names to type (not `N` or
  /// `TEXT`), the application's first: its `? N` is what `?4` means.
  private var namedCommands: [CommandDefinition.Help] {
    (customCommandOrder.map(\.help) + Command.builtIns).filter { help in
      help.names.allSatisfy { $0 == $0.lowercased() }
    }
  }

  /// What `help TOPIC` says when no command is named TOPIC: help for a row number, the
  /// command a prefix (`/`) or a typo stands for, else the commands there are.
  func helpMessage(forUnknownTopic topic: String) -> (entry: String?, failure: String?) {
    let word = topic.trimmingWhitespace().lowercased()
    if let help = commandBegun(by: word) {
      return (Command.localized(help, messages: messages, saving: quitHandler != nil).text, nil)
    }
    if let number = TypedNumber(word) {
      let key: SessionMessage =
        customCommand("?") != nil ? .helpNotForRowDescribed : .helpNotForRow
      return (nil, messages.text(key, number.text))
    }
    if let name = closestCommandName(to: word) {
      return (nil, messages.text(.helpDidYouMean, TerminalText.sanitize(topic), name))
    }
    return (nil, nil)
  }
}
