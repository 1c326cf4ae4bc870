import Glibc
import TableREPL
import TestSupport
import Testing

extension FuzzSeeds {
  /// Numbers at and beyond every limit a count or a size may meet: Int.min, Int.max, 2^63,
  /// 2^64, -1, 0, a real beyond Double, twenty digits, four hundred digits.
  static let extremeNumbers = [
    "-9223372036854775808", "9223372036854775807", "9223372036854775808", "-1", "0", "1e400",
    "99999999999999999999", "-99999999999999999999", "18446744073709551616",
    String(repeating: "9", count: 400),
  ]

  /// `template` with `number` for each `N`.
  static func filling(_ template: String, with number: String) -> String {
    template.split(separator: "N", omittingEmptySubsequences: false).joined(separator: number)
  }

  /// Every REPL command with `N` where a number goes (or as its argument).
  static let replCommandsTakingNumbers = [
    "N", "page N", "? N", "reset N", "help N", "go N", "find N", "/N", "filter N", "get N",
    "set temperatureUnit N", "set firstWeekday N", "set liveText N", "set dateFormat N",
    "lang N", "undo N", "changes N", "back N", "top N", "n N", "p N",
  ]

  /// settei's subcommands with `N` where a number goes: values, keys, `--width`.
  static let subcommandsTakingNumbers: [[String]] = [
    ["get", "N"], ["set", "temperatureUnit", "N"], ["set", "firstWeekday", "N"],
    ["set", "liveText", "N"], ["set", "N", "N"], ["reset", "N"], ["list", "--width", "N"],
    ["list", "--json", "--width", "N"], ["export", "--width", "N"], ["import", "N"],
    ["diff", "N", "N"], ["lint", "--width", "N"], ["defaults", "--width", "N"],
    ["render", "--width", "N"], ["render", "--lang", "N"], ["get", "--width", "N", "calendar"],
  ]
}

/// Extreme numbers typed at the REPL or given to a subcommand, run through the built settei:
/// none may crash it. The exit status must be one of those docs/commands.md lists.
extension FuzzTests {
  /// The exit statuses a run without a signal may end with.
  static let documentedStatuses: Set<Int32> = [0, 1, 64, 65, 74, 75]

  @Test("RM-69 extreme numbers in every REPL command never crash settei, and change nothing")
  func extremeNumbersAtTheREPL() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    for template in FuzzSeeds.replCommandsTakingNumbers {
      for number in FuzzSeeds.extremeNumbers {
        let line = FuzzSeeds.filling(template, with: number)
        let run = try settei(["--store", store], script: line + "\nquit\n", home: home.path)
        #expect(
          Self.documentedStatuses.contains(run.status),
          "'\(line)' ended with \(run.status): \(run.errors.suffix(400))")
      }
    }
    // A number given to a setting may be saved (a text field takes any text); a crash
    // would have left the store without the earlier ones. The sample bundle has sliders.
    let sliders = ["slider_preference1", "slider_preference2"]
    for key in sliders {
      for number in FuzzSeeds.extremeNumbers {
        let run = try settei(
          ["--schema", PackagePaths.sampleBundle, "--store", home.file("sample.json")],
          script: "set \(key) \(number)\nquit\n", home: home.path)
        #expect(
          Self.documentedStatuses.contains(run.status),
          "set \(key) \(number) ended with \(run.status): \(run.errors.suffix(400))")
      }
    }
  }

  @Test("RM-69 a row or page number beyond Int says there is no such row or page")
  func outOfRangeNumbersAreNoSuchRowOrPage() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let page = try settei(
      ["--store", store], script: "page -9223372036854775808\n", home: home.path)
    #expect(page.status == 1, "\(page.errors)")
    #expect(page.errors.contains("No such page. There is only one page."), "\(page.errors)")
    let row = try settei(
      ["--store", store], script: "99999999999999999999\n", home: home.path)
    #expect(row.status == 1, "\(row.errors)")
    #expect(row.errors.contains("99999999999999999999"), "\(row.errors)")
    #expect(!row.errors.contains("title"), "a number, not a title: \(row.errors)")
    let reset = try settei(
      ["--store", store], script: "4\n2\nback\nreset -9223372036854775808\n", home: home.path)
    #expect(reset.status == 1, "\(reset.errors)")
    #expect(
      reset.errors.contains("Row -9223372036854775808 is not a setting on this screen"),
      "\(reset.errors)")
    #expect(status(of: store) == nil, "a failing script saves nothing")
  }

  @Test("RM-69 extreme numbers and sizes given to every subcommand never crash settei")
  func extremeNumbersInSubcommands() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    for template in FuzzSeeds.subcommandsTakingNumbers {
      for number in FuzzSeeds.extremeNumbers {
        let arguments = template.map { $0 == "N" ? number : $0 } + ["--store", store]
        let run = try settei(arguments, script: "", home: home.path)
        #expect(
          Self.documentedStatuses.contains(run.status),
          "settei \(arguments.joined(separator: " ")) ended with \(run.status): \(run.errors.suffix(400))"
        )
      }
    }
  }

  @Test("RM-69 a terminal size of extreme numbers (COLUMNS, LINES) never crashes settei")
  func extremeTerminalSizes() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    for number in FuzzSeeds.extremeNumbers {
      for variable in ["COLUMNS", "LINES"] {
        var environment = testEnvironment(home: home.path)
        environment[variable] = number
        for (arguments, script) in [
          (["--lang", "en", "--store", store], "4\nback\nfind e\nquit\n"),
          (["list", "--store", store], ""),
        ] {
          let run = try runProcess(
            setteiPath, arguments, input: Array(script.utf8), environment: environment)
          #expect(
            Self.documentedStatuses.contains(run.status),
            "\(variable)=\(number) \(arguments): \(run.status): \(run.standardError.suffix(400))")
        }
      }
    }
  }
}
