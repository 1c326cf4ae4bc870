import Testing

/// The DocC article "From UITableView to TableKit" shows the tutorial's code in pairs of
/// columns, UIKit on the left and TableKit on the right. The right-hand code must be the
/// `Examples/tutorial` program, which the other tests build and run, so that the article
/// cannot show code that does not compile or does not work.
@Suite("The UITableView article shows the tutorial's code")
struct TutorialArticleTests {
  static let articlePath =
    packageRoot + "/Sources/TableKit/TableKit.docc/FromUITableViewToTableKit.md"
  static let sourceFiles = [
    "TemperatureUnit.swift", "LanguageAndRegionViewController.swift",
    "TemperatureUnitViewController.swift", "main.swift",
  ].map { packageRoot + "/Examples/tutorial/" + $0 }

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

  @Test func everyTableKitListingIsInTheTutorialExample() throws {
    let article = try #require(readText(Self.articlePath), "cannot read \(Self.articlePath)")
    let sources = try Self.sourceFiles.map { path in
      try #require(readText(path), "cannot read \(path)")
    }
    let blocks = Self.codeBlocks(in: article).filter { $0.column == 2 }
    #expect(blocks.count >= 12, "found \(blocks.count) TableKit listings")
    for block in blocks {
      let text = block.lines.joined(separator: "\n")
      let found = sources.contains { ("\n" + $0).contains("\n" + text + "\n") }
      #expect(
        found,
        "the listing at FromUITableViewToTableKit.md:\(block.firstLine) is not in Examples/tutorial:\n\(text)"
      )
    }
  }

  @Test func everyRowPairsUIKitWithTableKit() throws {
    let article = try #require(readText(Self.articlePath))
    let blocks = Self.codeBlocks(in: article)
    let uikit = blocks.filter { $0.column == 1 }
    let tableKit = blocks.filter { $0.column == 2 }
    #expect(blocks.allSatisfy { $0.column <= 2 }, "a row has more than two columns")
    #expect(!uikit.isEmpty)
    #expect(uikit.allSatisfy { !$0.lines.joined().contains("TableKit") })
    #expect(tableKit.allSatisfy { !$0.lines.joined().contains("UITableView") })
  }
}
