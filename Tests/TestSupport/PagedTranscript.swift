/// The pages of a REPL transcript in English (a script's echoed prompts, lines and screens),
/// for tests of how rows are paged: which rows each page shows, its page line, its height.
public struct PagedTranscript {
  /// One screen with a page line.
  public struct Page: Equatable {
    /// The page number and the page count of its page line (1-based).
    public var number: Int
    public var count: Int
    /// The first and last row and the rows in all, as the page line says them.
    public var firstRow: Int
    public var lastRow: Int
    public var totalRows: Int
    /// The numbers of the rows shown, top to bottom.
    public var rows: [Int]
    /// The lines of the screen, the prompt's included.
    public var height: Int
  }

  /// The screens of the transcript that have a page line, in order.
  public var pages: [Page] = []

  /// Reads a transcript whose prompts end with `promptEnd` (each screen is followed by one).
  public init(_ text: String, promptEnd: String = "> ") {
    // Each piece: the rest of a prompt's line (the command typed; the first piece has none),
    // the screen, and the start of the next prompt's line.
    for (index, piece) in text.split(separator: promptEnd, omittingEmptySubsequences: false)
      .enumerated()
    {
      let lines = piece.split(separator: "\n", omittingEmptySubsequences: false)
        .dropFirst(index == 0 ? 0 : 1)
      guard
        let pageLine = lines.first(where: { $0.contains(" · rows ") || $0.contains(" · row ") })
      else { continue }
      // "page K/N · rows A–B of T", or "page K/N · row A of T" for a page of one row.
      var numbers = pageLine.split { !$0.isNumber }.compactMap { Int($0) }
      if numbers.count == 4, pageLine.contains(" · row ") { numbers.insert(numbers[2], at: 3) }
      guard numbers.count == 5 else { continue }
      let rows = lines.compactMap { line -> Int? in
        // "  12  Title": a row starts with its right-aligned number and two spaces.
        let text = line.drop { $0 == " " }
        let digits = text.prefix { $0.isNumber }
        guard !digits.isEmpty, text.dropFirst(digits.count).hasPrefix("  ") else { return nil }
        return Int(digits)
      }
      pages.append(
        Page(
          number: numbers[0], count: numbers[1], firstRow: numbers[2], lastRow: numbers[3],
          totalRows: numbers[4], rows: rows, height: lines.count))
    }
  }

  /// What is wrong with the pages of a walk from the first page to the last with `n` and
  /// back with `p` over `totalRows` rows on a terminal of `height` lines: a page taller than
  /// the terminal, a row skipped or shown twice going on, a page that shows other rows coming
  /// back, a page line that does not say what the page shows. Empty when all is right.
  public func tilingProblems(totalRows: Int, height: Int) -> [String] {
    var problems: [String] = []
    // Going on: pages 1, 2, … to the last (an `n` more shows nothing new).
    var forward: [Page] = []
    for page in pages where page.number == forward.count + 1 { forward.append(page) }
    if forward.count < 2 { problems.append("one page only") }
    let shown = forward.flatMap(\.rows)
    if shown != Array(1...max(1, totalRows)) {
      problems.append("going on shows rows \(shown), not 1 to \(totalRows) once each")
    }
    if forward.last?.count != forward.count {
      problems.append("\(forward.count) pages, the last page line says \(forward.last?.count ?? 0)")
    }
    for page in pages {
      let name = "page \(page.number)"
      if page.height > height { problems.append("\(name) is \(page.height) lines") }
      if page.rows.first != page.firstRow || page.rows.last != page.lastRow
        || page.totalRows != totalRows
      {
        problems.append("\(name) shows \(page.rows), its page line says otherwise")
      }
      if forward.indices.contains(page.number - 1), page.rows != forward[page.number - 1].rows {
        problems.append("\(name) shows \(page.rows) going back")
      }
    }
    if pages.last?.number != 1 {
      problems.append("going back ends on page \(pages.last?.number ?? 0)")
    }
    return problems
  }
}
