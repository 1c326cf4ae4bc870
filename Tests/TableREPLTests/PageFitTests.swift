import TableKit
import Testing

@testable import TableREPL

/// Sections of a few rows, each with a header and a two-line footer, as settings pages have.
private func sectionedScreen() -> NavigationController {
  let sections = (1...30).map { section in
    StaticViewController.Section(
      header: "Group \(section)", footer: "About group \(section).\nA second line.",
      rows: (1...(section % 4 + 1)).map { .init(text: "Setting \(section).\($0)") })
  }
  let child = { StaticViewController(title: "Child", sections: sections) }
  var rootSections = sections
  rootSections[0].rows[0].next = child
  return NavigationController(
    rootViewController: StaticViewController(title: "Root", sections: rootSections))
}

@Suite("Pages fit the terminal")
struct PageFitTests {
  @Test(arguments: [(80, 12), (60, 24), (120, 40)])
  func everyPageFitsItsHeightAndShowsItsBreadcrumb(columns: Int, rows: Int) {
    let output = StringOutput()
    let commands = ["n", "n", "page 3", "1", "n", "n", "p", "back", "n", "quit"]
    let session = Session(
      navigationController: sectionedScreen(),
      reader: ScriptedLineReader(commands, echo: output, isInteractive: false), output: output,
      terminalSize: { Session.TerminalSize(columns: columns, rows: rows) })
    #expect(session.run() == .quit)
    // Each piece: the command typed (on the prompt's line), the screen, the next prompt.
    let screens = output.text.split(separator: "> ", omittingEmptySubsequences: false).dropLast()
    #expect(screens.count == commands.count)
    for screen in screens {
      let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
      let body = lines.first?.contains("Root") == true ? lines : Array(lines.dropFirst())
      #expect(body.count <= rows, "\(columns)×\(rows): \(body.count) lines:\n\(screen)")
      #expect(body.first?.hasPrefix("Root") == true, "the breadcrumb starts every page")
      // A page that continues a section repeats its header.
      let firstRow = body.firstIndex { $0.hasPrefix("   ") && $0.contains("Setting") }
      if let firstRow { #expect(body[firstRow - 1].hasPrefix("  Group")) }
    }
  }
}

@Suite struct LayoutReuseTests {
  /// The child screen of each visit: its rows, and a header that takes one line or three.
  private let visits: [(rows: Int, header: String)] = [
    (30, "Short"), (60, "Short"), (30, String(repeating: "A header that wraps. ", count: 5)),
    (30, "Short"),
  ]

  private func child(_ visit: Int) -> TableViewController {
    StaticViewController(
      title: "Child",
      sections: [
        .init(
          header: visits[visit].header,
          rows: (1...visits[visit].rows).map { .init(text: "Row \($0)") })
      ])
  }

  /// The page line of each screen of a session's output.
  private func pageLines(_ output: String) -> [String] {
    output.split(separator: "\n").filter { $0.contains("page 1/") }.map(String.init)
  }

  /// A root screen whose one row opens `open()`.
  private func root(opening open: @escaping () -> TableViewController) -> StaticViewController {
    StaticViewController(
      title: "Root", sections: [.init(rows: [.init(text: "Open", next: open)])])
  }

  /// Going into a screen again takes the layout made for it before only when its sections and
  /// lines are the same: each visit shows the pages a session that shows it first shows.
  @Test func aScreenShownAgainWithOtherSectionsIsLaidOutAgain() {
    var visit = 0
    let opening = root {
      defer { visit += 1 }
      return child(visit)
    }
    let output = sessionOutput(
      of: opening, running: ["1", "back", "1", "back", "1", "back", "1"], columns: 40, rows: 12)
    let expected = visits.indices.flatMap { index in
      pageLines(
        sessionOutput(of: root { child(index) }, running: ["1"], columns: 40, rows: 12))
    }
    #expect(expected.count == visits.count)
    #expect(Set(expected).count == 3, "the visits are laid out in three ways")
    #expect(pageLines(output) == expected)
  }
}

@Suite struct RenderedLineBreakTests {
  /// The renderer counts the line breaks of a screen as it writes them: every kind of line,
  /// in colour or not, and words of the catalog that hold line breaks of their own.
  @Test(arguments: [false, true])
  func aRenderedScreenSaysHowManyLineBreaksItHolds(usesColor: Bool) {
    var messages = SessionMessages.forLanguage("en")
    messages[.pageLine] = "page %1$@\nof %2$@ · rows %3$@–%4$@ of %5$@"
    messages[.footerCut] = "… (more:\nfooter)"
    messages[.noRowsMatch] = "none\nat all"
    let rows: [Screen.Row] = [
      .init(number: 1, text: "Plain", detailText: "On", style: .value1),
      .init(number: 2, text: "日本語", detailText: "詳細", style: .value1, accessory: .checkmark),
      .init(number: 3, text: "line\nbreak\r\nand\u{2028}more", detailText: "x\ny", style: .value2),
      .init(number: 4, text: "Title", detailText: "A subtitle\nof two lines", style: .subtitle),
      .init(number: 5, text: String(repeating: "long ", count: 40), accessory: .detailButton),
    ]
    let screens = [
      Screen(
        breadcrumb: ["Root", "a\nb"], backTitle: "Back\nhere", prompt: "Ask\nme",
        sections: [
          Screen.Section(header: "Head\nline", footer: "Foot", rows: rows),
          Screen.Section(footer: String(repeating: "A long footer. ", count: 60), rows: []),
        ], page: 1, pageCount: 3, totalRows: 40),
      Screen(breadcrumb: ["Only"], sections: [Screen.Section(rows: [])], filter: "x\ny"),
      Screen(breadcrumb: [], sections: []),
    ]
    for screen in screens {
      var renderer = Renderer(width: 40, usesColor: usesColor)
      renderer.footerLineLimit = 3
      renderer.words = Renderer.Words(messages)
      let (bytes, lineBreaks) = renderer.renderUTF8WithLineBreaks(screen)
      #expect(lineBreaks == bytes.filter { $0 == 0x0A }.count)
      #expect(bytes == renderer.renderUTF8(screen))
    }
  }
}
