/// Figure 2: the cost of one command in a long scripted session (select, choose, back,
/// page), on the embedded schema and on the InAppSettingsKit sample bundle, output to
/// /dev/null.
struct CommandBenchmark {
  let configuration: BenchConfiguration

  /// A schema and the cycle of commands repeated on it. Each cycle ends where it started,
  /// and every command in it succeeds (a failing command would end the script).
  struct Workload {
    var name: String
    /// `--schema` arguments (none for the embedded schema).
    var schemaArguments: [String]
    var cycle: [String]
  }

  static let target = 100_000

  var workloads: [Workload] {
    [
      Workload(
        name: "embedded default schema", schemaArguments: [],
        // Open Device Language, choose English, choose Japanese, back; open Region, choose
        // the third, back; flip Live Text, page 1, flip it back.
        cycle: ["1", "2", "1", "back", "2", "3", "back", "9", "page 1", "9"]),
      Workload(
        name: "InAppSettingsKit sample bundle",
        schemaArguments: ["--schema", configuration.bundle, "--in-app"],
        // Open "Update at launch", choose Never, choose Maybe, back; open Complete List,
        // page 1, back; flip the toggle twice; open the untitled list, choose, back.
        cycle: ["2", "2", "1", "back", "5", "page 1", "back", "1", "1", "3", "2", "back"]),
    ]
  }

  func run() throws(BenchError) -> Report.Figure {
    let folder = try TextFile.temporaryFolder(in: configuration.work, prefix: "commands")
    let quitScript = folder + "/quit.txt"
    try TextFile.write("quit!\n", to: quitScript)

    var details = [
      "A script of commands cycling through select, choose, back and page (each cycle ends "
        + "where it began), ending with `quit!` so that nothing is saved; settei reads it from "
        + "a file on standard input and writes to /dev/null (the screens and the echoed "
        + "transcript). The store exists (`{}`), so settei watches it as it watches any store: "
        + "before each command it checks whether another process changed the file (a "
        + "`stat`), and that check is in the figure. Instructions per command come from callgrind: (instructions of the "
        + "script − instructions of `quit!` alone) ÷ commands, on "
        + "\(Format.grouped(configuration.callgrindCommands)) commands, because callgrind is "
        + "about 50× slower than the machine. Commands per second come from the wall-clock "
        + "time of \(Format.grouped(configuration.commands)) commands (median of "
        + "\(configuration.commandRuns) runs) less the time of `quit!` alone.",
      "",
      "| schema | commands in the cycle | instructions per command | commands per second "
        + "| µs per command |",
      "| --- | --- | --- | --- | --- |",
    ]
    var commands: [String] = []
    var defaultInstructions: Int?

    struct Prepared {
      var workload: Workload
      var base: ChildProcess
      var long: ChildProcess
    }
    var prepared: [Prepared] = []
    for (index, workload) in workloads.enumerated() {
      let store = folder + "/settings-\(index).json"
      try TextFile.write("{}\n", to: store)
      let arguments = workload.schemaArguments + ["--store", store]
      let longScript = folder + "/commands-\(index)-\(configuration.commands).txt"
      try TextFile.write(Self.script(workload.cycle, count: configuration.commands), to: longScript)
      var base = ChildProcess(
        executable: configuration.settei, arguments: arguments,
        environment: configuration.environment, input: .file(quitScript), output: .discard,
        errorOutput: .capture)
      base.expectedStatus = 0
      var long = base
      long.input = .file(longScript)
      prepared.append(Prepared(workload: workload, base: base, long: long))
    }

    // Wall clock: the workloads take turns, and each run is paired with a start-up-only run.
    var wall = [[Double]](repeating: [], count: prepared.count)
    var baseTimes = [[Double]](repeating: [], count: prepared.count)
    for _ in 0..<configuration.commandRuns {
      for (index, entry) in prepared.enumerated() {
        for _ in 0..<3 { baseTimes[index].append(try entry.base.runChecked().seconds) }
        wall[index].append(try entry.long.runChecked().seconds)
      }
    }

    for (index, entry) in prepared.enumerated() {
      var perCommand = "–"
      if let valgrind = configuration.valgrind {
        let callgrind = Callgrind(valgrind: valgrind, folder: folder)
        let shortScript = folder + "/commands-\(index)-\(configuration.callgrindCommands).txt"
        try TextFile.write(
          Self.script(entry.workload.cycle, count: configuration.callgrindCommands),
          to: shortScript)
        var short = entry.base
        short.input = .file(shortScript)
        let base = try callgrind.instructions(of: entry.base, name: "commands-\(index)-quit")
        let counted = try callgrind.instructions(of: short, name: "commands-\(index)")
        let each = (counted.count - base.count) / configuration.callgrindCommands
        if index == 0 { defaultInstructions = each }
        perCommand = Format.grouped(each)
        commands.append(counted.command + " < " + Shell.quote(shortScript))
        commands.append(base.command + " < " + Shell.quote(quitScript))
      }
      let seconds = Statistics.median(wall[index]) - Statistics.median(baseTimes[index])
      let rate = seconds > 0 ? Double(configuration.commands) / seconds : 0
      details.append(
        "| \(entry.workload.name) | `\(entry.workload.cycle.joined(separator: "`, `"))` | "
          + "\(perCommand) | \(Format.fixed(rate, 0)) | "
          + "\(Format.fixed(seconds / Double(configuration.commands) * 1e6, 1)) |")
      commands.append(
        entry.long.commandLine + " < "
          + Shell.quote(
            folder + "/commands-\(index)-"
              + "\(configuration.commands).txt") + " > /dev/null")
    }
    details += [
      "",
      "The per-command figure includes reading and echoing the line, parsing it, the "
        + "controller's work (push, choose, pop) and rendering the whole screen that follows.",
    ]

    let result =
      defaultInstructions.map { "\(Format.grouped($0)) instructions/command (default schema)" }
      ?? "no valgrind"
    return Report.Figure(
      number: 2, title: "Per-command cost", result: result,
      target: "≤ \(Format.grouped(Self.target)) instructions/command",
      meetsTarget: defaultInstructions.map { $0 <= Self.target }, details: details,
      commands: commands)
  }

  /// `count` commands of `cycle`, then `quit!`.
  static func script(_ cycle: [String], count: Int) -> String {
    var text = ""
    text.reserveCapacity(count * 6)
    for index in 0..<count {
      text += cycle[index % cycle.count]
      text += "\n"
    }
    return text + "quit!\n"
  }
}
