/// Figure 1: `printf 'quit\n' | settei --store <tmp>` against a `print("hello")` program,
/// run alternately; the median of the ratios of each pair.
struct StartupBenchmark {
  let configuration: BenchConfiguration

  private struct Program {
    var name: String
    var process: ChildProcess
  }

  func run() throws(BenchError) -> Report.Figure {
    let folder = try TextFile.temporaryFolder(in: configuration.work, prefix: "startup")
    let quit = Array("quit\n".utf8)
    func program(_ name: String, _ executable: String, _ arguments: [String]) -> Program {
      Program(
        name: name,
        process: ChildProcess(
          executable: executable, arguments: arguments, environment: configuration.environment,
          input: .bytes(quit), output: .discard, errorOutput: .inherit))
    }
    var programs = [
      program("hello (floor)", configuration.hello, []),
      program(
        "settei (\(configuration.setteiLinking))", configuration.settei,
        ["--store", folder + "/settings.json"]),
    ]
    if let other = configuration.otherSettei {
      programs.append(
        program(
          "settei (\(configuration.otherSetteiLinking))", other,
          ["--store", folder + "/settings.json"]))
    }

    // Warm the page cache and the dynamic loader's caches, then measure in rotating order.
    for _ in 0..<5 {
      for entry in programs { try entry.process.runChecked() }
    }
    var times = [[Double]](repeating: [], count: programs.count)
    for round in 0..<configuration.startupPairs {
      for step in 0..<programs.count {
        let index = (round + step) % programs.count
        times[index].append(try programs[index].process.runChecked().seconds)
      }
    }

    var details = [
      "Time from `posix_spawn` to `wait4` of each program, \(configuration.startupPairs) "
        + "rounds, the programs taking turns to go first; the ratio is the median over the "
        + "rounds of settei's time divided by the floor's time in the same round. The floor "
        + "is `print(\"hello\")` built with `swiftc -O` (dynamic linking), fed the same "
        + "piped `quit` line.",
      "",
      "| program | median time | ratio to the floor | instructions (callgrind) |",
      "| --- | --- | --- | --- |",
    ]
    var instructions: [Int?] = []
    var commands: [String] = []
    for entry in programs {
      commands.append("printf 'quit\\n' | " + entry.process.commandLine)
    }
    if let valgrind = configuration.valgrind {
      let callgrind = Callgrind(valgrind: valgrind, folder: folder)
      for (index, entry) in programs.enumerated() {
        let counted = try callgrind.instructions(of: entry.process, name: "startup-\(index)")
        instructions.append(counted.count)
        commands.append("printf 'quit\\n' | " + counted.command)
      }
    }
    var ratios: [Double] = []
    for (index, entry) in programs.enumerated() {
      let ratio = Statistics.medianRatio(times[index], times[0])
      ratios.append(ratio)
      let counted = index < instructions.count ? instructions[index].map(Format.grouped) : nil
      details.append(
        "| \(entry.name) | \(Format.milliseconds(Statistics.median(times[index]))) | "
          + "\(Format.ratio(ratio)) | \(counted ?? "–") |")
    }

    let linked = try libraries(of: configuration.settei)
    details += [
      "",
      "`ldd` of the measured settei (\(configuration.setteiLinking)): "
        + linked.map { "`\($0)`" }.joined(separator: ", ") + ".",
    ]
    var otherLinked: [String]?
    if let other = configuration.otherSettei {
      otherLinked = try libraries(of: other)
      details += [
        "",
        "`ldd` of settei (\(configuration.otherSetteiLinking)): "
          + (otherLinked ?? []).map { "`\($0)`" }.joined(separator: ", ") + ".",
      ]
    }
    // A static Swift runtime hides which Foundation is inside; the dynamic build shows it.
    var dynamicLinked = linked
    if !linked.contains(where: { $0.hasPrefix("libswiftCore") }), let other = otherLinked {
      dynamicLinked = other
    }
    let foundation = dynamicLinked.contains { $0.hasPrefix("libFoundation.so") }
    let essentials = dynamicLinked.contains { $0.hasPrefix("libFoundationEssentials") }
    details += [
      "",
      foundation
        ? "settei links **all of Foundation** (and its ICU data)."
        : essentials
          ? "settei links FoundationEssentials, not all of Foundation: no `libFoundation.so`, "
            + "no `lib_FoundationICU.so`."
          : "settei links no Foundation at all.",
    ]
    if let ldd = Executables.find("ldd", environment: configuration.environment) {
      commands.append(ldd + " " + Shell.quote(configuration.settei))
    }

    let ratio = ratios.count > 1 ? ratios[1] : 0
    return Report.Figure(
      number: 1, title: "Start-up floor",
      result: "\(Format.ratio(ratio)) the floor (\(configuration.setteiLinking))"
        + (ratios.count > 2
          ? "; \(Format.ratio(ratios[2])) \(configuration.otherSetteiLinking)" : ""),
      target: "≤ 1.5×", meetsTarget: ratio <= 1.5, details: details, commands: commands)
  }

  /// The shared libraries a program loads, by file name, from `ldd`.
  private func libraries(of executable: String) throws(BenchError) -> [String] {
    guard let ldd = Executables.find("ldd", environment: configuration.environment) else {
      return ["(ldd not found)"]
    }
    let result = try ChildProcess(
      executable: ldd, arguments: [executable], environment: configuration.environment,
      output: .capture, errorOutput: .capture
    ).runChecked()
    return result.output.split(separator: "\n").compactMap { line in
      let name = line.trimmingSpaces().split(separator: " ").first.map(String.init) ?? ""
      return name.isEmpty || name.hasPrefix("linux-vdso") ? nil : name
    }
  }
}
