import TableKit
import Testing

@testable import TableREPL

/// A screen titled `title` of one section whose rows show a title and a value each.
private func valueScreen(_ title: String, _ rows: [(String, String)]) -> Screen {
  Screen(
    breadcrumb: [title],
    sections: [
      Screen.Section(
        rows: rows.enumerated().map {
          Screen.Row(number: $0 + 1, text: $1.0, detailText: $1.1, style: .value1)
        })
    ])
}

@Suite struct RendererTests {
  let languageScreen = Screen(
    breadcrumb: ["言語と地域"],
    sections: [
      Screen.Section(
        header: "地域",
        rows: [
          .init(
            number: 1, text: "地域", detailText: "日本", style: .value1,
            accessory: .disclosureIndicator),
          .init(
            number: 2, text: "暦法", detailText: "西暦（グレゴリオ暦）", style: .value1,
            accessory: .disclosureIndicator),
          .init(
            number: 3, text: "温度単位", detailText: "摂氏（°C）", style: .value1,
            accessory: .disclosureIndicator),
          .init(number: 4, text: "Live Text", detailText: "オン", style: .value1),
        ]),
      Screen.Section(footer: "地域の書式の例: 2026年11月30日 月曜日 ¥1,234.56", rows: []),
    ])

  @Test func japaneseScreenGolden() {
    let lines = Renderer(width: 40).lines(for: languageScreen)
    #expect(
      lines == [
        "言語と地域",
        "",
        "  地域",
        "   1  地域                       日本 ›",
        "   2  暦法       西暦（グレゴリオ暦） ›",
        "   3  温度単位             摂氏（°C） ›",
        "   4  Live Text                  オン",
        "",
        "  地域の書式の例: 2026年11月30日 月曜日",
        "  ¥1,234.56",
        "",
      ])
  }

  /// Whatever the width, detail texts end in the same column, counted in display width.
  @Test(arguments: [30, 40, 57, 80, 132])
  func detailColumnLinesUpByDisplayWidth(width: Int) {
    let lines = Renderer(width: width).lines(for: languageScreen)
    let rows = lines.filter { $0.hasPrefix("   ") }
    #expect(rows.count == 4)
    let ends = rows.map { line in
      DisplayWidth.of(line.hasSuffix(" ›") ? String(line.dropLast(2)) : line)
    }
    #expect(Set(ends).count == 1, "\(rows)")
    #expect(rows.allSatisfy { DisplayWidth.of($0) <= width - 1 })
  }

  @Test func choicesScreenShowsCheckmarkAndBackTitle() {
    let screen = Screen(
      breadcrumb: ["言語と地域", "温度単位"], backTitle: "言語と地域",
      sections: [
        Screen.Section(rows: [
          .init(number: 1, text: "摂氏（°C）", accessory: .checkmark),
          .init(number: 2, text: "華氏（°F）"),
        ])
      ])
    #expect(
      Renderer(width: 40).lines(for: screen) == [
        "言語と地域 › 温度単位",
        "",
        "   1  ✓ 摂氏（°C）",
        "   2    華氏（°F）",
        "",
        "  ‹ 言語と地域",
        "",
      ])
  }

  @Test func colourOnlyWhenAskedFor() {
    let screen = Screen(
      breadcrumb: ["A"], sections: [Screen.Section(rows: [.init(number: 1, text: "x")])])
    #expect(!Renderer(width: 40).render(screen).contains("\u{1B}"))
    let coloured = Renderer(width: 40, usesColor: true).render(screen)
    #expect(coloured.contains("\u{1B}[1mA\u{1B}[0m"))
    #expect(withoutEscapes(coloured) == Renderer(width: 40).render(screen))
  }

  @Test func lineBreaksInHeadersAndFootersAreLinesWrappedAndIndented() {
    let screen = Screen(
      breadcrumb: ["Licenses"],
      sections: [
        Screen.Section(
          header: "Two\r\nlines", footer: "First line\n\nThird line is long enough to wrap\rLast",
          rows: [.init(number: 1, text: "Row")])
      ])
    #expect(
      Renderer(width: 30).lines(for: screen) == [
        "Licenses", "", "  Two", "  lines", "   1  Row", "  First line", "",
        "  Third line is long enough to", "  wrap", "  Last", "",
      ])
  }

  @Test func rowTitlesKeepOneLineAndBidiControlsShowOnlyInRightToLeftText() {
    let screen = Screen(
      breadcrumb: ["\u{202B}אודות\u{202C}"],
      sections: [
        Screen.Section(
          footer: "\u{2067}Notes\u{2069} 1.0",
          rows: [
            .init(number: 1, text: "Two\nlines", detailText: "\u{202E}ltr", style: .value1)
          ])
      ])
    let text = Renderer(width: 30).render(screen)
    // Around Hebrew, the embedding is how the translation is written; around Latin text,
    // an override or an isolate could only make the line read otherwise, so it shows.
    #expect(text.hasPrefix("\u{202B}אודות\u{202C}\n"))
    #expect(text.contains("   1  Two lines" + String(repeating: " ", count: 3) + "\\u{202E}ltr\n"))
    #expect(text.contains("\n  \\u{2067}Notes\\u{2069} 1.0\n"))
    #expect(TerminalText.line("a\u{200E}b") == "ab")
    #expect(TerminalText.line("a\u{200F}ש") == "a\u{200F}ש")
    #expect(TerminalText.line("a\u{1B}[2Jb\r\nc") == "a\\u{1B}[2Jb c")
    for plain in ["• 8 ██░░░░░░░░", "Choice …", "a › b", "日本語", ""] {
      #expect(!TerminalText.mayHoldLayoutMarks(plain), "\(plain)")
    }
    for marked in [
      "a\nb", "\r", "\u{2028}", "\u{202E}", "\u{2066}y",
    ] {
      #expect(TerminalText.mayHoldLayoutMarks(marked), "\(marked.unicodeScalars.map(\.value))")
    }
    #expect(TerminalText.paragraphs("a\u{07}\r\n\u{9B}b") == ["a\\u{7}", "\\u{9B}b"])
  }

  @Test func controlCharactersFromTheDataSourceAreEscaped() {
    let screen = Screen(
      breadcrumb: ["T\u{1B}]0;pwned\u{07}"],
      sections: [
        Screen.Section(
          header: "h\u{1B}[2J", footer: "f\u{9B}",
          rows: [.init(number: 1, text: "a\u{1B}[31m", detailText: "\u{07}", style: .value1)])
      ])
    let text = Renderer(width: 60).render(screen)
    #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{9B}" })
    #expect(text.contains("\\u{1B}"))
  }

  @Test func longTitlesAreCutToTheWidth() {
    let screen = Screen(
      breadcrumb: ["とても長いタイトルの画面", "さらに長いタイトルのサブ画面です"],
      sections: [
        Screen.Section(rows: [
          .init(
            number: 1, text: String(repeating: "長", count: 40), detailText: "値の説明がとても長い",
            style: .value1, accessory: .disclosureIndicator)
        ])
      ])
    for width in [20, 30, 50] {
      for line in Renderer(width: width).lines(for: screen) {
        #expect(DisplayWidth.of(line) <= width, "\(line)")
      }
    }
  }

  @Test func subtitleAndValue2Styles() {
    let screen = Screen(
      breadcrumb: ["S"],
      sections: [
        Screen.Section(rows: [
          .init(number: 1, text: "Title", detailText: "below", style: .subtitle),
          .init(number: 2, text: "name", detailText: "label", style: .value2),
        ])
      ])
    let lines = Renderer(width: 30).lines(for: screen)
    #expect(lines[2] == "   1  Title")
    #expect(lines[3] == "      below")
    #expect(lines[4].hasPrefix("   2  label") && lines[4].hasSuffix("name"))
  }

  @Test func pagedScreenSaysWhereItIs() {
    let screen = Screen(
      breadcrumb: ["Rows"],
      sections: [
        Screen.Section(rows: [
          .init(number: 21, text: "Row 21"), .init(number: 22, text: "Row 22"),
        ])
      ], page: 1, pageCount: 3, totalRows: 50)
    let lines = Renderer(width: 60).lines(for: screen)
    #expect(lines.contains("  page 2/3 · rows 21–22 of 50 · n next · p previous"))
  }

  /// A page of one row names it alone ("row 11 of 11", not "rows 11–11"), in each language.
  @Test(arguments: [
    ("en", "  page 2/2 · row 11 of 11 · n next · p previous"),
    ("ja", "  2/2 ページ · 11 行中 11 行目 · n 次 · p 前"),
  ])
  func aPageOfOneRowNamesItsRow(language: String, pageLine: String) {
    let screen = Screen(
      breadcrumb: ["Rows"],
      sections: [Screen.Section(rows: [.init(number: 11, text: "Row 11")])], page: 1,
      pageCount: 2, totalRows: 11)
    var renderer = Renderer(width: 60)
    renderer.words = Renderer.Words(.forLanguage(language))
    let lines = renderer.lines(for: screen)
    #expect(lines.contains(pageLine), "\(lines)")
    var filtered = screen
    filtered.filter = "Row"
    #expect(!renderer.lines(for: filtered).contains { $0.contains("11–11") })
  }

  /// The page lines' texts are kept for the process once made: words of another catalog, or
  /// a template replaced, still say their own page line, in whatever order they are used.
  @Test func eachCatalogSaysItsOwnPageLine() {
    let screen = Screen(
      breadcrumb: ["Rows"],
      sections: [Screen.Section(rows: [.init(number: 21, text: "Row 21")])], page: 1,
      pageCount: 3, totalRows: 50)
    var custom = SessionMessages.forLanguage("en")
    custom[.pageLineOneRow] = "%1$@ of %2$@ (row %3$@ of %4$@)"
    let expected: [(SessionMessages, String)] = [
      (.forLanguage("en"), "  page 2/3 · row 21 of 50 · n next · p previous"),
      (.forLanguage("ja"), "  2/3 ページ · 50 行中 21 行目 · n 次 · p 前"),
      (custom, "  2 of 3 (row 21 of 50)"),
      (.forLanguage("en"), "  page 2/3 · row 21 of 50 · n next · p previous"),
      (custom, "  2 of 3 (row 21 of 50)"),
    ]
    for (messages, pageLine) in expected {
      var renderer = Renderer(width: 60)
      renderer.words = Renderer.Words(messages)
      let lines = renderer.lines(for: screen)
      #expect(lines.contains(pageLine), "\(lines)")
    }
  }

  /// On a wide terminal a value stands a few columns after the widest title, not at the
  /// far edge.
  @Test func aValueStaysNearItsTitleOnAWideTerminal() {
    let screen = valueScreen("General", [("Name", "Ann"), ("Language", "English")])
    var general = Renderer(width: 120)
    general.writesPlainRowsDirectly = false
    for renderer in [Renderer(width: 120), general] {
      let lines = renderer.lines(for: screen)
      let gap = String(repeating: " ", count: RowLayout.largestGap)
      #expect(lines.contains("   2  Language" + gap + "English"), "\(lines)")
      // Values are right-aligned with each other.
      #expect(lines.contains("   1  Name" + gap + String(repeating: " ", count: 8) + "Ann"))
    }
  }

  /// The mark of a changed value has a colour of its own, not the value's.
  @Test func theChangedMarkHasItsOwnColour() {
    let screen = Screen(
      breadcrumb: ["General"],
      sections: [
        Screen.Section(rows: [
          Screen.Row(number: 1, text: "Volume", detailText: "• 8", style: .value1)
        ])
      ])
    let text = Renderer(width: 40, usesColor: true).render(screen)
    let mark = Renderer.TextStyle.changed.rawValue + "•" + "\u{1B}[0m"
    #expect(text.contains(mark), "\(text.debugDescription)")
    #expect(text.contains(Renderer.TextStyle.detail.rawValue + " 8"))
    #expect(!text.contains(Renderer.TextStyle.detail.rawValue + "•"))
    #expect(Renderer.TextStyle.changed != .detail)
  }
}

@Suite struct ScreenSnapshotTests {
  @Test func aPageAsksOnlyForItsOwnRows() {
    let controller = CountingViewController(count: 10_000_000)
    let navigation = NavigationController(rootViewController: controller)
    let screen = Screen(of: navigation, page: 400, pageSize: 16)
    #expect(controller.cellRequests == 16)
    #expect(screen.sections.flatMap(\.rows).map(\.number).first == 400 * 16 + 1)
    #expect(screen.pageCount == 625_000)
    #expect(screen.totalRows == 10_000_000)
  }

  @Test func headersAndFootersBelongToTheirPages() {
    let controller = StaticViewController(
      title: "S",
      sections: [
        .init(header: "H1", footer: "F1", rows: (1...3).map { .init(text: "a\($0)") }),
        .init(header: "H2", footer: "F2", rows: (1...3).map { .init(text: "b\($0)") }),
      ])
    let navigation = NavigationController(rootViewController: controller)
    let first = Screen(of: navigation, page: 0, pageSize: 4)
    #expect(first.sections.map(\.header) == ["H1", "H2"])
    #expect(first.sections.map(\.footer) == ["F1", nil])
    let second = Screen(of: navigation, page: 1, pageSize: 4)
    // A page that continues a section repeats its header; its footer ends the section.
    #expect(second.sections.map(\.header) == ["H2"])
    #expect(second.sections.map(\.footer) == ["F2"])
    #expect(second.sections[0].rows.map(\.number) == [5, 6])
  }

  @Test func pageIsClampedToTheLastPage() {
    let controller = CountingViewController(count: 10)
    let navigation = NavigationController(rootViewController: controller)
    let screen = Screen(of: navigation, page: 99, pageSize: 4)
    #expect(screen.page == 2)
    #expect(screen.sections[0].rows.map(\.number) == [9, 10])
  }

  @Test func emptySectionsWithFootersAreShown() {
    let controller = StaticViewController(
      title: "S",
      sections: [
        .init(header: "Only a footer", footer: "explained", rows: []),
        .init(rows: [.init(text: "x")]),
      ])
    let navigation = NavigationController(rootViewController: controller)
    let screen = Screen(of: navigation, page: 0, pageSize: 10)
    #expect(screen.sections.count == 2)
    #expect(screen.sections[0].footer == "explained")
  }
}

@Suite struct PlainRowTests {
  /// Texts of every kind a row meets: plain ASCII of many lengths, wide and combining
  /// characters, marks and controls that are left out or escaped, empty texts.
  private let texts = [
    "", "A", "On", "Medium", "Toggle 17", "Temperature Unit", "Celsius (°C)", "日本語", "言語と地域",
    "e\u{301}te\u{301}", "a\u{200F}b", "tab\there", "line\nbreak", "👩‍💻 code", "\u{202E}evil",
    String(repeating: "long title ", count: 9), String(repeating: "長い", count: 30),
  ]

  /// The row just reached starts with `*` where the others start with a space, on every path
  /// (plain, general, colour), and the columns after it do not move.
  @Test func theRowReachedIsMarked() {
    var screen = valueScreen("Marks", [("One", "On"), ("Two", "Off")])
    screen.markedRow = 2
    var direct = Renderer(width: 30)
    direct.writesPlainRowsDirectly = true
    var general = direct
    general.writesPlainRowsDirectly = false
    let lines = direct.lines(for: screen)
    #expect(lines == general.lines(for: screen))
    // The values stand right-aligned a few columns after the titles.
    let gap = RowLayout.largestGap
    #expect(lines.contains("   1  One" + String(repeating: " ", count: gap + 1) + "On"), "\(lines)")
    #expect(lines.contains("*  2  Two" + String(repeating: " ", count: gap) + "Off"), "\(lines)")
    let coloured = Renderer(width: 30, usesColor: true).render(screen)
    #expect(coloured.contains("*"))
  }

  /// A page line wider than the terminal loses its last parts, never wraps.
  @Test func aPageLineTooWideLosesItsLastParts() {
    let line = "page 3/4 · rows 8–13 of 15 · n next · p previous"
    #expect(Renderer.fitted(pageLine: line, width: 34) == "page 3/4 · rows 8–13 of 15")
    #expect(Renderer.fitted(pageLine: line, width: 80) == line)
    #expect(Renderer.fitted(pageLine: line, width: 6) == "page …")
    let japanese = "3/4 ページ · 15 行中 8–13 行 · n 次 · p 前"
    #expect(DisplayWidth.of(Renderer.fitted(pageLine: japanese, width: 20)) <= 20)
  }

  @Test(arguments: [20, 33, 57, 80])
  func aPlainRowIsWrittenAsEveryRowIs(width: Int) {
    let accessories: [TableViewCell.AccessoryType] = [
      .none, .checkmark, .disclosureIndicator, .detailButton, .detailDisclosureButton,
    ]
    let styles: [TableViewCell.Style] = [.default, .value1, .value2, .subtitle]
    var rows: [Screen.Row] = []
    var number = 1
    for text in texts {
      for detail in [nil] + texts.map(Optional.some) {
        rows.append(
          Screen.Row(
            number: number, text: text, detailText: detail, style: styles[number % 4],
            accessory: accessories[number % 5], isEnabled: number % 3 != 0))
        number += number < 20 ? 1 : 37
      }
    }
    // Screens of a few rows each, so that number widths and the ✓ column vary.
    for start in stride(from: 0, to: rows.count, by: 7) {
      let screen = Screen(
        breadcrumb: ["Plain"],
        sections: [Screen.Section(rows: Array(rows[start..<min(rows.count, start + 7)]))])
      var direct = Renderer(width: width)
      direct.writesPlainRowsDirectly = true
      var general = direct
      general.writesPlainRowsDirectly = false
      #expect(direct.render(screen) == general.render(screen))
    }
  }
}
