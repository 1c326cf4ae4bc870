import Testing

@testable import SetteiCommands

@Suite struct OptionsTests {
  @Test func noArgumentsOpenTheREPL() throws {
    #expect(try Options.parse([]) == Options())
  }

  @Test func valueOptionsTakeTheNextArgumentOrAnInlineValue() throws {
    let options = try Options.parse([
      "--schema", "Settings.bundle", "--store=s.json", "--lang", "ja", "--no-color", "--recover",
    ])
    #expect(options.schemaPath == "Settings.bundle")
    #expect(options.storePath == "s.json")
    #expect(options.language == "ja")
    #expect(options.noColor)
    #expect(options.recover)
    #expect(options.command == REPLCommand.with(.init()))
  }

  @Test(arguments: [
    (["get", "volume"], GetCommand.with("volume")),
    (["set", "name", "Ann", "Lee"], SetCommand.with(.init(key: "name", value: "Ann Lee"))),
    (["list"], ListCommand.with(false)),
    (["list", "--json"], ListCommand.with(true)),
    (["export"], ExportCommand.with(.json)),
    (["export", "--format", "plist"], ExportCommand.with(.plist)),
    (["import", "a.json"], ImportCommand.with("a.json")),
    (["reset", "volume"], ResetCommand.with("volume")),
    (["reset", "--all"], ResetCommand.with(nil)),
    (["lint", "Settings.bundle"], LintCommand.with("Settings.bundle")),
    (["--", "get", "-x"], GetCommand.with("-x")),
    (["__complete", "get", "vo"], CompleteCommand.with(["get", "vo"])),
  ])
  func subcommands(arguments: [String], expected: ParsedCommand) throws {
    #expect(try Options.parse(arguments).command == expected)
  }

  /// A command is its name and its arguments: another value is another command.
  @Test func commandsDifferByNameAndArguments() {
    #expect(GetCommand.with("a") != GetCommand.with("b"))
    #expect(ImportCommand.with("a") != LintCommand.with("a"))
    #expect(ResetCommand.with(nil) != ResetCommand.with("a"))
  }

  @Test(arguments: [
    (
      ["--schema"],
      "Missing value for '--schema'. Give a Settings.bundle folder, a .plist page or a .json schema."
    ),
    (["--lang="], "Empty value for '--lang'. Give a language code, e.g. --lang ja or --lang en."),
    (["--shema", "x"], "Unknown option '--shema'. Did you mean '--schema'?"),
    (["--zzzzzzzz"], "Unknown option '--zzzzzzzz'."),
    // Suggested only when close: --bogus is no typo of --out.
    (["--bogus"], "Unknown option '--bogus'."),
    (["lint", "--stirct", "x"], "Unknown option '--stirct'. Did you mean '--strict'?"),
    (
      ["help", "bogus"],
      "There is no help for 'bogus'. Commands: get, set, list, export, import, reset, saves, rollback, lint, defaults, diff, render."
    ),
    (
      ["gte", "k"],
      "Unknown command 'gte'. Did you mean 'get'? Commands: get, set, list, export, import, reset, saves, rollback, lint, defaults, diff, render."
    ),
    (["get"], "'get' takes one KEY: settei get KEY."),
    (["set", "k"], "'set' takes a KEY and a VALUE: settei set KEY VALUE."),
    (["reset", "k", "--all"], "'reset' takes a KEY or --all, not both."),
    (["export", "--format", "xml"], "Unknown format 'xml'. Use --format json or --format plist."),
    (
      ["--json"],
      "--json is not an option of settei; it goes with settei list: see 'settei list --help'."
    ),
  ])
  func mistakesSayWhatToTypeInstead(arguments: [String], message: String) {
    #expect(throws: Options.UsageError(message: message)) { try Options.parse(arguments) }
  }

  /// Every option that not every command takes, given to each command that does not take
  /// it, is refused, naming the commands that do, before the command's words are read:
  /// none is silently ignored (`get --json` printed the value as if it were not there).
  /// An option the command does not take is said before what is wrong with its value:
  /// `get --width 3` is told that --width is render's, not that 3 columns are too few.
  @Test(arguments: [
    (["get", "k", "--width", "3"], "--width is not an option of settei get"),
    (["--width", "x"], "--width is not an option of settei;"),
    (
      ["--gsettings", "get", "a:b", "--width", "3"],
      "--width is an option of settei --gsettings render only"
    ),
    (["render", "x.json", "--width", "3"], "Bad width '3'"),
    (["get", "k", "--idiom", "watch"], "Unknown idiom 'watch'"),
  ])
  func anOptionOfAnotherCommandIsSaidBeforeItsValue(words: [String], message: String) {
    do throws(Options.UsageError) {
      _ = try Options.parse(words)
      Issue.record("\(words) was taken")
    } catch {
      #expect(error.message.hasPrefix(message), "\(error.message)")
    }
  }

  @Test func anOptionOfOtherCommandsIsRefusedNamingThem() throws {
    let valued = Set(Options.valueOptions)
    for command in CommandTable.listed + [CommandTable.unnamed] {
      for option in Options.flagOptions + Options.valueOptions
      where !CommandTable.runOptions.contains(option) && !command.options.contains(option) {
        let words =
          (command == CommandTable.unnamed ? [] : [command.name])
          + (valued.contains(option) ? [option, "40"] : [option])
        let takers = (CommandTable.listed + [CommandTable.unnamed])
          .filter { $0.options.contains(option) }
          .map(CommandTable.invocation(of:))
        try #require(!takers.isEmpty, "no command takes \(option)")
        let message = try #require(
          { () -> String? in
            do throws(Options.UsageError) {
              _ = try Options.parse(words)
              return nil
            } catch { return error.message }
          }(), "\(words) was taken")
        #expect(message.hasPrefix("\(option) is not an option of "), "\(words): \(message)")
        #expect(message.contains("goes with " + takers.joined(separator: ", ")), "\(message)")
      }
    }
    // The commands that do take them still do.
    #expect(try Options.parse(["list", "--json"]).command == ListCommand.with(true))
    #expect(try Options.parse(["diff", "--save", "1"]).command.is(DiffCommand.self))
  }

  @Test func everyOptionCompletionOffersIsOneTheParserTakesAndUsageShows() throws {
    for option in Options.flagOptions + Options.valueOptions {
      #expect(Options.usage.contains(option), "usage does not show \(option)")
    }
    for option in ["--no-color", "--help", "--version", "--recover"] {
      #expect(throws: Never.self) { try Options.parse([option]) }
    }
    for option in ["--schema", "--store", "--lang"] {
      #expect(throws: Never.self) { try Options.parse([option, "x"]) }
    }
    for name in CommandTable.names {
      #expect(Options.usage.contains("settei \(name)"), "usage does not show \(name)")
    }
  }
}
