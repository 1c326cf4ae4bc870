import TestSupport

/// Figure 8: look-ups on big and small schemas: `find` on the embedded schema (callgrind),
/// `find` over a generated 100,000-setting JSON schema (what a person waits for on a
/// terminal, after the first screen), and `1`, `back` on that schema against the embedded
/// one (callgrind, both on a screen of 80×24).
struct LookupBenchmark {
  let configuration: BenchConfiguration

  static let findTarget = 300_000
  static let bigFindTargetSeconds = 0.050
  static let navigationTarget = 1.2
  /// What `find` looks for on the embedded schema, in turn.
  static let findCycle = ["find region", "find temp", "find 週"]
  /// What it looks for on the generated schema: a title prefix of 1,111 settings.
  static let bigFind = "find Toggle 99"
  /// The prompt of the generated schema's root screen, and of `find`'s results.
  static let rootPrompt = "Generated> "
  static let resultsPrompt = "find “Toggle 99”> "
  /// The screen size of every run: the same page size for both schemas (on a pipe, a page
  /// would be 100 lines).
  static let screen = ["LINES": "24", "COLUMNS": "80"]

  func run() throws(BenchError) -> Report.Figure {
    let folder = try TextFile.temporaryFolder(in: configuration.work, prefix: "lookup")
    let generated = GeneratedSchema(panes: 100, settingsPerPane: 1_000)
    let big = folder + "/big.json"
    try TextFile.write(generated.json(), to: big)
    let quitScript = folder + "/quit.txt"
    try TextFile.write("quit!\n", to: quitScript)

    func settei(_ schema: [String], store: String) -> ChildProcess {
      var process = ChildProcess(
        executable: configuration.settei,
        arguments: schema + ["--store", folder + "/" + store],
        environment: configuration.environment.merging(Self.screen) { $1 },
        input: .file(quitScript), output: .discard, errorOutput: .capture)
      process.expectedStatus = 0
      return process
    }
    let embedded = settei([], store: "embedded.json")
    let generatedRun = settei(["--schema", big], store: "big.json.store")
    var commands: [String] = []

    // find over 100,000 settings, as a person waits for it: settei on a pseudo-terminal
    // shows its first screen; the time runs from sending the line to the results' prompt.
    var found: [Double] = []
    let arguments = ["--schema", big, "--store", folder + "/big.json.store"]
    for _ in 0..<configuration.lookupRounds {
      found.append(try timeFind(arguments: arguments))
    }
    let bigFindSeconds = Statistics.median(found)
    commands.append(
      generatedRun.commandLine + "   # on an 80×24 pseudo-terminal: '\(Self.bigFind)' after "
        + "the first screen")

    var findInstructions: Int?
    var bigFindInstructions: Int?
    var navigation: (big: Int, embedded: Int)?
    var sameScreens: (count: Int, perCommand: Int)?
    if let valgrind = configuration.valgrind {
      let callgrind = Callgrind(valgrind: valgrind, folder: folder)
      func perCommand(_ process: ChildProcess, cycle: [String], count: Int, name: String)
        throws(BenchError) -> Int
      {
        let script = folder + "/\(name)-\(count).txt"
        try TextFile.write(CommandBenchmark.script(cycle, count: count), to: script)
        var counted = process
        counted.input = .file(script)
        let quit = try callgrind.instructions(of: process, name: name + "-quit")
        let all = try callgrind.instructions(of: counted, name: name)
        commands.append(all.command + " < " + Shell.quote(script))
        commands.append(quit.command + " < " + Shell.quote(quitScript))
        return (all.count - quit.count) / count
      }
      let count = configuration.lookupCommands
      findInstructions = try perCommand(
        embedded, cycle: Self.findCycle, count: count, name: "find-embedded")
      bigFindInstructions = try perCommand(
        generatedRun, cycle: [Self.bigFind], count: 1, name: "find-big")
      navigation = (
        try perCommand(generatedRun, cycle: ["1", "back"], count: count, name: "navigate-big"),
        try perCommand(embedded, cycle: ["1", "back"], count: count, name: "navigate-embedded")
      )
      // The same screens (the root of 100 panes, the first pane of 1,000 settings) with one
      // setting on each other pane: what the schema's size adds to a command, alone.
      let small = GeneratedSchema(
        panes: generated.panes, settingsPerPane: generated.settingsPerPane, filledPanes: 1)
      let smallPath = folder + "/same-screens.json"
      try TextFile.write(small.json(), to: smallPath)
      sameScreens = (
        small.settingCount,
        try perCommand(
          settei(["--schema", smallPath], store: "same-screens.json.store"), cycle: ["1", "back"],
          count: count, name: "navigate-same-screens")
      )
    }

    let navigationRatio = navigation.map { Double($0.big) / Double($0.embedded) }
    let findMet = findInstructions.map { $0 <= Self.findTarget }
    let bigMet = bigFindSeconds <= Self.bigFindTargetSeconds
    let navigationMet = navigationRatio.map { $0 <= Self.navigationTarget }
    func verdict(_ met: Bool?) -> String { met.map { $0 ? "met" : "**missed**" } ?? "–" }
    let details = [
      "settei on the embedded schema and on a generated JSON schema of "
        + "\(Format.grouped(generated.settingCount)) settings (TestSupport's `GeneratedSchema`: "
        + "\(generated.panes) child panes × \(generated.settingsPerPane) toggles and "
        + "multi-values, one title in 7 translated to ja), standard input from a file, output "
        + "to /dev/null, `LINES=24 COLUMNS=80` for both (the same screen size: on a pipe a "
        + "page would be 100 lines). Instructions per command come from callgrind: "
        + "(instructions of a script of N commands and `quit!` − instructions of `quit!` "
        + "alone) ÷ N. The time of `\(Self.bigFind)` is what a person waits for: settei runs "
        + "on a pseudo-terminal of 80×24; once its first screen and prompt are shown, the "
        + "line is sent, and the time runs until the prompt of the results screen "
        + "(`\(Self.resultsPrompt)`) has been printed after its first page of results; "
        + "median of \(configuration.lookupRounds) runs. It counts the index made by the "
        + "first search; the instructions beside it are callgrind's for the whole command "
        + "(a script of it and `quit!` − `quit!` alone).",
      "",
      "| figure | measured | target | |",
      "| --- | --- | --- | --- |",
      "| `find` on the embedded schema (`\(Self.findCycle.joined(separator: "`, `"))` in "
        + "turn) | \(findInstructions.map { Format.grouped($0) + " instructions" } ?? "–") "
        + "| ≤ \(Format.grouped(Self.findTarget)) instructions | \(verdict(findMet)) |",
      "| `\(Self.bigFind)` over \(Format.grouped(generated.settingCount)) settings, after the "
        + "first screen | \(Format.milliseconds(bigFindSeconds))"
        + (bigFindInstructions.map { ", \(Format.grouped($0)) instructions" } ?? "")
        + " | ≤ \(Format.milliseconds(Self.bigFindTargetSeconds)) | \(verdict(bigMet)) |",
      "| `1`, `back` on the generated schema ÷ on the embedded schema | "
        + (navigation.map {
          "\(Format.grouped($0.big)) ÷ \(Format.grouped($0.embedded)) instructions per "
            + "command = \(Format.ratio(Double($0.big) / Double($0.embedded)))"
        } ?? "–") + " | ≤ \(Format.ratio(Self.navigationTarget)) | \(verdict(navigationMet)) |",
      "| `1`, `back` on the generated schema ÷ on a schema of the same screens with fewer "
        + "settings | "
        + (navigation.flatMap { all in
          sameScreens.map { same in
            "\(Format.grouped(all.big)) ÷ \(Format.grouped(same.perCommand)) instructions per "
              + "command (\(Format.grouped(same.count)) settings) = "
              + Format.ratio(Double(all.big) / Double(same.perCommand))
          }
        } ?? "–") + " | (what the schema's size adds) | |",
      "",
      "`1` opens the first child pane of the generated schema (1,000 settings, a page of as "
        + "many rows as 24 lines hold) and the first list of choices of the embedded one (6 "
        + "rows); `back` returns to the root (100 child panes; 9 rows). Each screen is "
        + "rendered in full. The schema of the same screens is the generated one with one "
        + "setting on each pane but the first (`GeneratedSchema(filledPanes: 1)`): the same "
        + "root and first pane, so that the two differ in their size alone.",
    ]
    let result =
      (findInstructions.map { "find: \(Format.grouped($0)) instructions (default schema); " }
        ?? "")
      + "find over 100,000 settings: \(Format.milliseconds(bigFindSeconds))"
      + (navigationRatio.map { "; `1`, `back`: \(Format.ratio($0)) the default schema's" } ?? "")
    let met = [findMet, bigMet, navigationMet].compactMap { $0 }
    return Report.Figure(
      number: 8, title: "Look-ups (find, go, navigation) on big schemas", result: result,
      target: "find ≤ \(Format.grouped(Self.findTarget)) instructions; ≤ "
        + "\(Format.milliseconds(Self.bigFindTargetSeconds)) over 100,000 settings; "
        + "`1`, `back` ≤ \(Format.ratio(Self.navigationTarget))",
      meetsTarget: met.allSatisfy { $0 }, details: details, commands: commands)
  }

  /// Seconds from sending `find` to settei's first screen until its results are shown.
  private func timeFind(arguments: [String]) throws(BenchError) -> Double {
    var environment = configuration.environment
    environment["TERM"] = "xterm"
    do {
      let terminal = try PseudoTerminal(
        executable: configuration.settei, arguments: arguments, environment: environment)
      try terminal.waitFor(Self.rootPrompt, timeout: configuration.peerTimeout)
      let start = MonotonicClock.now()
      terminal.send(Self.bigFind + "\r")
      try terminal.waitFor(Self.resultsPrompt, timeout: configuration.peerTimeout)
      let seconds = MonotonicClock.now() - start
      terminal.send("quit!\r")
      _ = try? terminal.waitForExit(timeout: 30)
      return seconds
    } catch {
      throw BenchError("settei on a pseudo-terminal: \(error)")
    }
  }
}
