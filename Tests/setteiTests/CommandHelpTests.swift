import TestSupport
import Testing

@testable import SetteiCommands

/// Each command's help is where a user looks for it: `settei COMMAND --help`,
/// `settei help COMMAND`, docs/commands.md and the man page; and the commands are the same
/// wherever they are listed.
@Suite struct CommandHelpTests {
  /// Every command of the command line, as a user types them.
  static let commands = [
    "get", "set", "list", "export", "import", "reset", "saves", "rollback", "lint", "defaults",
    "diff", "render",
  ]

  @Test(arguments: commands)
  func eachCommandHasItsOwnHelpAsTheDocsShowIt(command: String) throws {
    let run = try runSettei([command, "--help"])
    #expect(run.status == 0)
    #expect(run.standardOutput.hasPrefix("Usage: settei \(command) "), "\(run.standardOutput)")
    #expect(run.standardOutput != (try runSettei(["--help"])).standardOutput)
    let help = String(run.standardOutput.dropLast())
    #expect(help.contains("Exit status: 0 "))
    let doc = try readText(PackagePaths.root + "/docs/commands.md")
    #expect(doc.contains("```\n\(help)\n```"), "docs/commands.md lacks the help of \(command)")
    let man = try readText(PackagePaths.root + "/docs/settei.1")
    #expect(man.contains(".B settei \(command)"), "docs/settei.1 lacks \(command)")
    let helpCommand = try runSettei(["help", command])
    #expect(helpCommand.status == 0, "\(helpCommand.standardError)")
    #expect(helpCommand.standardOutput == run.standardOutput)
    // In Japanese too, from the catalog.
    let japanese = try runSettei([command, "--help", "--lang", "ja"])
    #expect(japanese.status == 0)
    #expect(japanese.standardOutput.hasPrefix("使い方: settei \(command) "))
  }

  @Test func helpAloneIsTheGeneralHelp() throws {
    let help = try runSettei(["help"])
    #expect(help.status == 0, "\(help.standardError)")
    #expect(help.standardOutput == (try runSettei(["--help"])).standardOutput)
  }

  @Test(arguments: [["help", "bogus"], ["help", "get", "set"]])
  func helpOfWhatIsNoCommandIsAUsageErrorNamingIt(arguments: [String]) throws {
    let run = try runSettei(arguments)
    #expect(run.status == 64)
    #expect(run.standardOutput.isEmpty)
    let named = arguments.dropFirst().joined(separator: " ")
    #expect(run.standardError.contains("'\(named)'"), "\(run.standardError)")
    #expect(run.standardError.contains("Commands: get, set,"))
  }

  /// A usage error of a command ends with that command's usage (from its help), not the
  /// REPL's.
  @Test(arguments: [
    (["get"], "get"), (["lint", "--bogus", "x"], "lint"),
    (["--schema", "x.json", "export", "extra"], "export"), (["render"], "render"),
  ])
  func usageErrorsOfACommandEndWithItsUsage(arguments: [String], command: String) throws {
    let run = try runSettei(arguments)
    #expect(run.status == 64)
    let help = try runSettei([command, "--help"]).standardOutput
    let usage = help.split(separator: "\n", omittingEmptySubsequences: false).prefix {
      !$0.isEmpty
    }
    let expected = usage.joined(separator: "\n") + "\nSee 'settei \(command) --help'.\n"
    #expect(run.standardError.hasSuffix(expected), "\(run.standardError)")
    #expect(!run.standardError.contains("Usage: settei [--schema PATH]"))
  }

  @Test func theCommandsAreTheSameInTheHelpCompletionsAndDocs() throws {
    let table = Set(CommandTable.names)
    #expect(table == Set(Self.commands))
    let help = try runSettei(["--help"]).standardOutput
    let inHelp = help.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("  settei ") else { return nil }
      let word = line.dropFirst(9).prefix { $0 != " " }
      return word.hasPrefix("[") ? nil : String(word)
    }
    #expect(Set(inHelp) == table, "settei --help")
    for script in ["completions/settei.bash", "completions/_settei"] {
      let text = try readText(PackagePaths.root + "/" + script)
      // The `case` that finds the command typed: `get|set|…) verb="$word"…`.
      let patterns = text.split(separator: "\n").filter { $0.contains("verb=\"$word") }
      let inScript = patterns.flatMap {
        $0.drop { $0 == " " }.prefix { $0 != ")" }.split(separator: "|")
      }.map(String.init)
      #expect(Set(inScript) == table, "\(script)")
      #expect(inScript.count == table.count, "\(script) names a command twice")
      // The options whose next word is their value, not a command.
      let skipping = text.split(separator: "\n").first { $0.contains(") skip=1") } ?? ""
      let valueOptions = skipping.drop { $0 == " " }.prefix { $0 != ")" }
        .split(separator: "|").map(String.init)
      #expect(Set(valueOptions) == Set(Options.valueOptions), "\(script)")
    }
    let doc = try readText(PackagePaths.root + "/docs/commands.md")
    let sections = doc.split(separator: "\n").filter { $0.hasPrefix("#### settei ") }.map {
      String($0.dropFirst(12).prefix { $0 != " " })
    }
    #expect(Set(sections) == table, "docs/commands.md has a section per command")
  }

  /// The table's listed commands are the ones a user types, each once; the REPL and
  /// `__complete` run without being listed, and parsing finds each listed one by its name.
  @Test func theTableListsEachTypedCommandOnceAndParsingFollowsIt() throws {
    let names = CommandTable.names
    #expect(Set(names).count == names.count)
    #expect(!names.contains(REPLCommand.name) && !names.contains(CompleteCommand.name))
    #expect(try Options.parse([]).command.is(CommandTable.unnamed))
    #expect(throws: Options.UsageError.self) { try Options.parse([REPLCommand.name]) }
    for command in CommandTable.listed {
      // One word after the name: that command, or its own usage error.
      do {
        #expect(try Options.parse([command.name, "x"]).command.is(command))
      } catch {
        #expect(
          error.message.contains("'\(command.name)'")
            || error.message.contains("settei \(command.name)"), "\(error.message)")
      }
      #expect(try Options.parse([command.name, "--help"]).helpTopic == command.name)
    }
  }

  @Test func eachCommandsOptionsAreOnesTheParserTakesAndItsHelpShows() throws {
    for command in CommandTable.listed {
      let help = try #require(CommandHelp.text(for: command.name))
      for option in command.options {
        #expect(Options.valueOptions.contains(option) || Options.flagOptions.contains(option))
        #expect(help.contains(option), "settei \(command.name) --help does not show \(option)")
      }
      for format in command.formats { #expect(help.contains(format)) }
    }
  }
}
