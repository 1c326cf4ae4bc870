import TableKit

extension Session {
  // MARK: Help

  func showHelp(_ topic: String?) -> Outcome? {
    let all =
      Command.builtIns(saving: quitHandler != nil, messages: messages)
      + customCommandOrder.map(\.help)
    guard let topic else {
      var text = messages.text(.helpHeading) + "\n"
      let width = all.map { DisplayWidth.of($0.usage) }.max() ?? 0
      for entry in all {
        // A summary that does not fit goes on under itself, not under the command.
        let line = "  " + DisplayWidth.pad(entry.usage, toWidth: width) + "  " + entry.summary
        text +=
          TextWrapping.lines(line, width: wrapWidth ?? .max, continuationIndent: width + 4)
          .joined(separator: "\n") + "\n"
      }
      text += messages.text(.helpFooter) + "\n"
      writePaged(text)
      return nil
    }
    let entry =
      customCommand(topic.lowercased().trimmingWhitespace())?.help.text
      ?? Command.helpEntry(for: topic, saving: quitHandler != nil, messages: messages)
    let unknown: (entry: String?, failure: String?) =
      entry == nil ? helpMessage(forUnknownTopic: topic) : (nil, nil)
    if let failure = unknown.failure { return fail(failure) }
    guard let entry = entry ?? unknown.entry else {
      let names = (Command.keywords + customCommandOrder.compactMap(\.names.first)).sorted()
      return fail(
        messages.text(
          .helpUnknownTopic, TerminalText.sanitize(topic), names.joined(separator: ", ")))
    }
    writePaged(reflowed(entry) + "\n")
    return nil
  }

  /// Writes `text` (whole lines, each ending with a newline); on a terminal, a screenful at a
  /// time, as `more` does: when it is taller than the terminal, each screenful ends with a
  /// question (Enter shows the next, `q` or Ctrl-C stops), so that its top never scrolls
  /// away unread.
  func writePaged(_ text: String) {
    let size = currentTerminalSize()
    let height = size.rows - 1
    guard reader.isInteractive, height >= 2 else { return output.write(text) }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }
    // The rows each line takes on the terminal, long ones wrapped by it.
    let rows = lines.map { max(1, (DisplayWidth.of($0) + size.columns - 1) / max(1, size.columns)) }
    guard rows.reduce(0, +) > height else { return output.write(text) }
    var start = 0
    while start < lines.count {
      var end = start
      var used = 0
      while end < lines.count, end == start || used + rows[end] <= height {
        used += rows[end]
        end += 1
      }
      output.write(lines[start..<end].joined(separator: "\n") + "\n")
      start = end
      guard start < lines.count else { break }
      let answer = reader.readLine(
        prompt: messages.text(.morePrompt, String(start), String(lines.count)), initialText: "")
      guard case .line(let typed) = answer, typed.trimmingWhitespace().lowercased() != "q" else {
        break
      }
    }
  }

  /// A command's long help laid out for the terminal: its explanation, written in lines of
  /// about 90 columns, is joined into paragraphs (at empty lines) and wrapped to the width
  /// instead of each line being wrapped on its own; on a pipe it stays as written.
  private func reflowed(_ entry: String) -> String {
    guard let width = wrapWidth else { return entry }
    var lines: [String] = []
    var paragraph = ""
    var indentation = ""
    func flush() {
      if !paragraph.isEmpty {
        lines += TextWrapping.lines(
          indentation + paragraph, width: width, continuationIndent: indentation.count)
      }
      paragraph = ""
    }
    for line in entry.split(separator: "\n", omittingEmptySubsequences: false) {
      let text = line.trimmingWhitespace()
      let leading = String(line.prefix { $0 == " " })
      if text.isEmpty || leading.isEmpty || leading != indentation {
        flush()
        indentation = leading
        if text.isEmpty || leading.isEmpty {
          lines.append(String(line))
          continue
        }
      }
      // Lines of Japanese join without a space; words of other text with one.
      let joinsTight =
        paragraph.last.map(TextWrapping.isEastAsian) == true
        || text.first.map(TextWrapping.isEastAsian) == true
      paragraph += (paragraph.isEmpty || joinsTight ? "" : " ") + text
    }
    flush()
    return lines.joined(separator: "\n")
  }

  /// `footer`: the footers of the page shown, whole, wrapped and indented as on the page.
  func showFooters() {
    let width = max(20, currentTerminalSize().columns)
    let footers = currentScreen().sections.compactMap(\.footer).filter { !$0.isEmpty }
    guard !footers.isEmpty else {
      output.write(messages.text(.noFooters) + "\n")
      return
    }
    var text = ""
    for footer in footers {
      for line in ScreenText.paragraphLines(footer, width: width) {
        text += line.isEmpty ? "\n" : "  " + line + "\n"
      }
    }
    output.write(text)
  }
}
