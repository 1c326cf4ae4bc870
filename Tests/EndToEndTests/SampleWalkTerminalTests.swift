import TestSupport
import Testing

/// Every screen of the InAppSettingsKit sample, walked on a terminal that was resized to
/// 40×16, 80×12 and 120×40, in Japanese and English: no line is wider than the terminal,
/// and each screen fits its height with its breadcrumb on top.
// Serialized: each test blocks a thread while it waits for the terminal.
@Suite("every sample screen fits a resized terminal", .serialized)
struct SampleWalkTerminalTests {
  /// One screen shown in answer to a command: its lines, the prompt's line last (up to the
  /// prompt's `> `), and the prompt's text.
  struct Reply {
    var lines: [String]
    var prompt: String
  }

  /// settei on the sample bundle on a terminal, answering one command at a time.
  final class Session {
    let settei: TerminalTests.Running
    /// The prompts shown so far.
    private var prompts = 0

    init(language: String, home: TemporaryFolder, columns: Int, rows: Int) throws {
      settei = try TerminalTests.Running(
        [
          "--schema", PackagePaths.sampleBundle, "--lang", language, "--store", home.file("s.json"),
        ],
        home: home.path, columns: columns, rows: rows)
      _ = try shownAgain()
    }

    /// The screen shown again (after a resize) up to the next prompt: the line of the prompt
    /// before it is cleared for it, so its first line is its own.
    func shownAgain() throws -> Reply {
      prompts += 1
      return Self.reply(try settei.waitFor("> ", count: prompts), prompt: prompts, typed: false)
    }

    /// Runs `command` and returns the screen it shows.
    func run(_ command: String) throws -> Reply {
      prompts += 1
      let text = try settei.typeThroughPauses(command, until: "> ", count: prompts)
      return Self.reply(text, prompt: prompts)
    }

    /// The lines between prompt `number - 1` and prompt `number` of `text`, without the
    /// command's own line when a command was `typed`.
    private static func reply(_ text: String, prompt number: Int, typed: Bool = true) -> Reply {
      let pieces = text.pieces("> ")
      let piece = pieces[number - 1]
      var lines = piece.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      if typed, number > 1 { lines.removeFirst() }
      return Reply(lines: lines, prompt: lines.last ?? "")
    }

    func quit() throws {
      settei.type("quit!")
      _ = try settei.terminal.waitForExit()
    }
  }

  /// The numbers of the rows of a screen that open another one (they end with `›`).
  static func openingRows(of reply: Reply) -> [Int] {
    reply.lines.compactMap { line in
      guard line.hasSuffix("›") else { return nil }
      let text = line.drop { $0 == " " || $0 == "*" }
      let digits = text.prefix { $0.isNumber }
      guard !digits.isEmpty, text.dropFirst(digits.count).hasPrefix("  ") else { return nil }
      return Int(digits)
    }
  }

  /// The commands that open every screen reachable from the root by rows that end with `›`
  /// (child panes and lists of choices), depth first, each followed by `back`, with the
  /// breadcrumb each screen shows: found on a terminal tall and wide enough to show every
  /// screen whole.
  static func walk(language: String) throws -> [(command: String, breadcrumb: String)] {
    let home = try TemporaryFolder()
    let session = try Session(language: language, home: home, columns: 160, rows: 400)
    var steps: [(command: String, breadcrumb: String)] = []
    let root = try session.run("")
    func visit(_ screen: Reply, depth: Int) throws {
      guard depth < 6 else { return }
      for number in openingRows(of: screen) {
        let opened = try session.run(String(number))
        // A row whose screen cannot be shown leaves the same screen.
        guard opened.prompt != screen.prompt else { continue }
        steps.append((String(number), opened.lines.first ?? ""))
        try visit(opened, depth: depth + 1)
        _ = try session.run("back")
        steps.append(("back", screen.lines.first ?? ""))
      }
    }
    try visit(root, depth: 0)
    try session.quit()
    return steps
  }

  /// Whether `line` shows `breadcrumb`: whole, or its end after `…` where it was cut.
  static func shows(_ breadcrumb: String, in line: String) -> Bool {
    line == breadcrumb || (line.hasPrefix("…") && breadcrumb.hasSuffix(line.dropFirst()))
  }

  @Test(arguments: ["ja", "en"])
  func everyScreenFitsAfterAResize(language: String) throws {
    let steps = try Self.walk(language: language)
    #expect(steps.count >= 20, "the sample has many screens: \(steps.map(\.command))")
    for (columns, rows) in [(40, 16), (80, 12), (120, 40)] {
      let home = try TemporaryFolder()
      // Started at another size, then resized: the size that counts is the new one.
      let session = try Session(
        language: language, home: home, columns: columns == 80 ? 100 : 80, rows: 24)
      session.settei.terminal.resize(columns: columns, rows: rows)
      // The screen is shown again at the new size.
      // The walk ends back on the root, whose breadcrumb its last step names.
      let rootBreadcrumb = steps.last?.breadcrumb ?? ""
      var replies = [("resize", rootBreadcrumb, try session.shownAgain())]
      for step in steps {
        replies.append((step.command, step.breadcrumb, try session.run(step.command)))
      }
      try session.quit()
      for (index, (command, breadcrumb, reply)) in replies.enumerated() {
        let place = "\(columns)×\(rows) \(language), step \(index) (\(command))"
        let screen = reply.lines.joined(separator: "\n")
        for line in reply.lines {
          #expect(displayWidth(line) <= columns, "\(place): too wide: \(line)\n\(screen)")
        }
        #expect(reply.lines.count <= rows, "\(place): \(reply.lines.count) lines:\n\(screen)")
        #expect(
          Self.shows(breadcrumb, in: reply.lines.first ?? ""),
          "\(place): not under its breadcrumb \(breadcrumb):\n\(screen)")
      }
    }
  }
}
