import TestSupport
import Testing

/// The DocC article "From UITableView to TableKit" shows the tutorial's code in pairs of
/// columns, UIKit on the left and TableKit on the right. The right-hand code must be the
/// `Examples/tutorial` program (and, after the heading "The Storyboard Way", the
/// `Examples/tutorial-uikit` program), which the other tests build and run, so that the
/// article cannot show code that does not compile or does not work.
@Suite("The UITableView article shows the tutorials' code")
struct TutorialArticleTests {
  static let articlePath =
    packageRoot + "/Sources/TableKit/TableKit.docc/FromUITableViewToTableKit.md"
  static let sourceFiles = [
    "TemperatureUnit.swift", "LanguageAndRegionViewController.swift",
    "TemperatureUnitViewController.swift", "main.swift",
  ].map { packageRoot + "/Examples/tutorial/" + $0 }
  /// The heading that starts the second half, ported from the storyboard style.
  static let storyboardHeading = "## The Storyboard Way"
  static let storyboardSourceFiles = [
    "FirstViewController.swift", "SecondViewController.swift", "main.swift",
  ].map { packageRoot + "/Examples/tutorial-uikit/" + $0 }

  /// A code block of the article: its lines without the directive's indentation, and the
  /// column of the `@Row` it is in (1 is UIKit, 2 is TableKit; 0 outside a row).
  struct CodeBlock {
    var lines: [String]
    var column: Int
    var firstLine: Int
  }

  static func codeBlocks(in article: String) -> [CodeBlock] {
    var blocks: [CodeBlock] = []
    var column = 0
    var depth = 0
    var current: CodeBlock?
    var fenceIndent = 0
    for (number, line) in article.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let trimmed = line.drop { $0 == " " }
      let indent = line.count - trimmed.count
      if var block = current {
        if trimmed.hasPrefix("```") {
          blocks.append(block)
          current = nil
        } else {
          block.lines.append(String(line.dropFirst(min(indent, fenceIndent))))
          current = block
        }
        continue
      }
      if trimmed.hasPrefix("```") {
        current = CodeBlock(lines: [], column: depth > 0 ? column : 0, firstLine: number + 1)
        fenceIndent = indent
      } else if trimmed.hasPrefix("@Row") {
        depth = 1
        column = 0
      } else if trimmed.hasPrefix("@Column") {
        column += 1
      } else if trimmed == "}" && indent == 0 {
        depth = 0
      }
    }
    return blocks
  }

  /// Checks that every TableKit listing of the article from `firstLine` to `lastLine` is in
  /// one of `paths`, and that there are at least `minimum` of them.
  static func expectListings(
    in article: String, lines: ClosedRange<Int>, areIn paths: [String], example: String,
    minimum: Int
  ) throws {
    let sources = try paths.map { path in
      try #require(try? readText(path), "cannot read \(path)")
    }
    let blocks = codeBlocks(in: article).filter { $0.column == 2 && lines.contains($0.firstLine) }
    #expect(blocks.count >= minimum, "found \(blocks.count) TableKit listings for \(example)")
    for block in blocks {
      let text = block.lines.joined(separator: "\n")
      let found = sources.contains { ("\n" + $0).contains("\n" + text + "\n") }
      #expect(
        found,
        "the listing at FromUITableViewToTableKit.md:\(block.firstLine) is not in \(example):\n\(text)"
      )
    }
  }

  /// The line (from 1) of the second half's heading.
  static func storyboardHeadingLine(in article: String) throws -> Int {
    let lines = article.split(separator: "\n", omittingEmptySubsequences: false)
    let index = try #require(
      lines.firstIndex { $0 == storyboardHeading }, "no heading \(storyboardHeading)")
    return index + 1
  }

  @Test func everyTableKitListingIsInTheTutorialExample() throws {
    let article = try #require(try? readText(Self.articlePath), "cannot read \(Self.articlePath)")
    let heading = try Self.storyboardHeadingLine(in: article)
    try Self.expectListings(
      in: article, lines: 1...heading, areIn: Self.sourceFiles, example: "Examples/tutorial",
      minimum: 12)
  }

  @Test func everyStoryboardListingIsInTheUIKitTutorialExample() throws {
    let article = try #require(try? readText(Self.articlePath), "cannot read \(Self.articlePath)")
    let heading = try Self.storyboardHeadingLine(in: article)
    try Self.expectListings(
      in: article, lines: heading...Int.max, areIn: Self.storyboardSourceFiles,
      example: "Examples/tutorial-uikit", minimum: 10)
  }

  @Test func everyRowPairsUIKitWithTableKit() throws {
    let article = try #require(try? readText(Self.articlePath))
    let blocks = Self.codeBlocks(in: article)
    let uikit = blocks.filter { $0.column == 1 }
    let tableKit = blocks.filter { $0.column == 2 }
    #expect(blocks.allSatisfy { $0.column <= 2 }, "a row has more than two columns")
    #expect(!uikit.isEmpty)
    #expect(uikit.allSatisfy { !$0.lines.joined().contains("TableKit") })
    #expect(tableKit.allSatisfy { !$0.lines.joined().contains("UITableView") })
  }
}
