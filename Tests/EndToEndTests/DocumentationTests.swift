import Glibc
import TestSupport
import Testing

/// docs/ describes what exists: its command texts are the program's own.
@Suite struct DocumentationTests {
  /// The repository's root.
  static let root = PackagePaths.root

  static func text(_ relative: String) -> String {
    String(decoding: contents(of: root + "/" + relative) ?? [], as: UTF8.self)
  }

  @Test func commandsMarkdownHasTheSameTextAsHelp() throws {
    let doc = Self.text("docs/commands.md")
    let home = try TemporaryFolder()
    let help = try runSettei(["--store", home.file("s.json")], script: "help\n", home: home.path)
    let listing = help.standardOutput.split(separator: "\n").map(String.init)
      .drop { !$0.hasPrefix("Commands:") }.prefix { !$0.hasPrefix("Type help") }
    #expect(listing.count > 10)
    for line in listing { #expect(doc.contains(line), "docs/commands.md lacks: \(line)") }
    // Each command's long help, line by line.
    let usages = listing.dropFirst().map { String($0.dropFirst(2).prefix { $0 != " " }) }
    for usage in usages {
      let topic = usage.hasSuffix(",") ? String(usage.dropLast()) : usage
      let run = try runSettei(
        ["--store", home.file("s.json")], script: "help \(topic)\n", home: home.path)
      let body = run.standardOutput.pieces("> help \(topic)\n").last ?? ""
      for line in body.split(separator: "\n") where !line.isEmpty {
        #expect(doc.contains(String(line)), "docs/commands.md lacks help \(topic): \(line)")
      }
    }
  }

  @Test func commandsMarkdownHasTheUsage() throws {
    let doc = Self.text("docs/commands.md")
    let home = try TemporaryFolder()
    let usage = try runSettei(["--help"], script: "", home: home.path)
    for line in usage.standardOutput.split(separator: "\n") {
      #expect(doc.contains(String(line)), "docs/commands.md lacks: \(line)")
    }
  }

  @Test func manPageListsExitStatusesAndNeverHyphenatesNames() {
    let man = Self.text("docs/settei.1")
    #expect(man.contains("\n.nh\n"), "no hyphenation: $XDG_CONFIG_HOME stays whole")
    let exitStatus = man.pieces(".SH EXIT STATUS\n").last?.pieces(".SH ").first ?? ""
    for status in ["0", "1", "64", "65", "74", "75"] {
      #expect(exitStatus.contains(".TP\n.B \(status)\n"), "exit status \(status) is a list item")
    }
  }

  @Test func manPageNamesEveryOptionAndCommand() {
    let man = Self.text("docs/settei.1")
    for word in Options.allWords {
      #expect(man.contains(word.replacingDashes()), "docs/settei.1 lacks \(word)")
    }
  }
}

/// Every option and subcommand name, as `--help` lists them.
enum Options {
  static let allWords = [
    "--schema", "--store", "--lang", "--no-color", "--json", "--format", "--all", "--help",
    "--version", "get", "set", "list", "export", "import", "reset", "lint", "defaults", "diff",
    "--changed", "--strict", "render", "--width", "--out", "--l10n", "--in-app",
  ]
}

extension String {
  /// The word as troff writes it: `\-\-schema`.
  func replacingDashes() -> String {
    var result = ""
    for character in self { result += character == "-" ? "\\-" : String(character) }
    return result
  }
}
