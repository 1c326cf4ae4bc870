import TestSupport
import Testing

@testable import settei

/// Each CI command's help is where a user looks for it: `settei COMMAND --help`,
/// docs/commands.md, the man page and both shell completions.
@Suite struct CommandHelpTests {
  @Test(arguments: CommandHelp.commands)
  func helpIsInTheDocsAsItIs(command: String) throws {
    let help = try #require(CommandHelp.text(for: command))
    let doc = try readText(PackagePaths.root + "/docs/commands.md")
    #expect(doc.contains("```\n\(help)\n```"), "docs/commands.md lacks the help of \(command)")
    #expect(help.contains("Exit status: 0 "))
    let man = try readText(PackagePaths.root + "/docs/settei.1")
    #expect(man.contains(".BI \"\(command) "), "docs/settei.1 lacks \(command)")
    let run = try runSettei([command, "--help"])
    #expect(run.status == 0)
    #expect(run.standardOutput == help + "\n")
  }

  @Test(arguments: CommandHelp.commands)
  func completionsKnowTheCommand(command: String) throws {
    for script in ["completions/settei.bash", "completions/_settei"] {
      let text = try readText(PackagePaths.root + "/" + script)
      #expect(text.contains("|\(command)") || text.contains("\(command)|"), "\(script)")
    }
    #expect(Options.subcommands.contains(command))
  }

  @Test func completionsOfferEveryFormat() throws {
    for script in ["completions/settei.bash", "completions/_settei"] {
      #expect(try readText(PackagePaths.root + "/" + script).contains("json plist swift"))
    }
  }
}
