/// One line of input, understood. Parsing is pure: it needs no screen and has no effects.
public enum Command: Equatable, Sendable {
  /// Select the row with this number (1-based, as shown).
  case selectRow(Int)
  /// Select the row whose title starts with this text (resolved against the screen).
  case selectTitle(String)
  /// Return to the previous screen.
  case back
  /// Save and exit.
  case quit
  /// List the commands, or explain one.
  case help(topic: String?)
  /// Show the next page of a long screen.
  case nextPage
  /// Show the previous page of a long screen.
  case previousPage
  /// Show page K (1-based).
  case page(Int)
  /// An empty line: show the screen again.
  case empty

  /// The commands `help` lists, with a one-line description each, in order.
  public static let summaries: [(usage: String, summary: String)] = [
    ("N", "select row N: drill in, choose it, or change it"),
    ("TEXT", "select the row whose title starts with TEXT"),
    ("back, ..", "return to the previous screen"),
    ("n, p, page K", "show the next, the previous, or the K-th page of a long screen"),
    ("quit", "save changes and exit (Ctrl-D too)"),
    ("help [COMMAND]", "list the commands, or explain one"),
  ]

  /// The words that name commands, for completion.
  public static let keywords = ["back", "help", "next", "page", "previous", "quit"]

  /// Parses one line of input.
  ///
  /// Surrounding white space is ignored and keywords are not case-sensitive. Anything that is
  /// neither a number nor a keyword is taken as the start of a row's title.
  public static func parse(_ line: some StringProtocol) -> Command {
    let text = line.trimmingWhitespace()
    if text.isEmpty { return .empty }
    if let number = Int(text), !text.hasPrefix("+") { return .selectRow(number) }
    let words = text.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
    let keyword = words[0].lowercased()
    let argument = words.count > 1 ? String(words[1]).trimmingWhitespace() : nil
    switch (keyword, argument) {
    case ("back", nil), ("..", nil): return .back
    case ("quit", nil), ("exit", nil), ("q", nil): return .quit
    case ("n", nil), ("next", nil): return .nextPage
    case ("p", nil), ("previous", nil), ("prev", nil): return .previousPage
    case ("page", let number?):
      if let page = Int(number) { return .page(page) }
      return .selectTitle(text)
    case ("help", _), ("?", nil): return .help(topic: argument)
    default: return .selectTitle(text)
    }
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces, tabs and newlines.
  func trimmingWhitespace() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard let start = firstIndex(where: { !isSpace($0) }),
      let end = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[start...end])
  }
}

extension Command {
  /// The long help for one command, by any of its names.
  public static func helpEntry(for topic: String) -> String? {
    switch topic.lowercased().trimmingWhitespace() {
    case "n", "number", "row", "select":
      return """
        N      Select row N of the screen. A row with › opens its screen; a row in a list of
               choices becomes the chosen one (✓); a switch flips.
        """
    case "text", "title":
      return """
        TEXT   Select the row whose title starts with TEXT (not case-sensitive), e.g. 温度 for
               温度単位. When several rows match, they are listed.
        """
    case "back", "..":
      return "back   Return to the previous screen (also: ..). The top screen has no back."
    case "quit", "exit", "q":
      return """
        quit   Save the changes of this session to the store and exit (also: exit, q, Ctrl-D).
               If saving fails, you stay in settei with your changes and can try again.
        """
    case "n", "next", "p", "previous", "prev", "page":
      return """
        n      Show the next page of a screen taller than the terminal (also: next).
        p      Show the previous page (also: previous).
        page K Show page K. Row numbers stay those of the whole list, so a number from
               another page selects that row too.
        """
    case "help", "?":
      return "help   List the commands; help COMMAND explains one."
    default:
      return nil
    }
  }
}
