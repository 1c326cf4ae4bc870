import TestSupport

/// Figures 9 and 10: settei against the smallest programs that do the same job, run
/// alternately as pairs; the median of the ratios of each pair, with callgrind's instruction
/// counts beside them.
///
/// - 9: the first screen, on a pipe that ends at once (EOF), against a C `puts("hello")`
///   built with `cc -O2`: what any program costs to start on this machine.
/// - 10: `settei get temperatureUnit --store S` against `git config -f F --get user.name`:
///   reading one value of a settings file, the job git does in C.
struct FloorBenchmark {
  let configuration: BenchConfiguration

  /// One side of a pair.
  private struct Side {
    var name: String
    var process: ChildProcess
  }

  /// Figure 9.
  func runStartup() throws(BenchError) -> Report.Figure {
    let folder = try TextFile.temporaryFolder(in: configuration.work, prefix: "floor")
    let title = "Start-up ÷ C hello world"
    guard let cc = configuration.cc else { return skipped(9, title, "no C compiler (cc)") }
    let source = folder + "/hello.c"
    let hello = folder + "/hello-c"
    try TextFile.write(
      "#include <stdio.h>\nint main(void) { puts(\"hello\"); return 0; }\n", to: source)
    // Built beside, then copied into place as settei is (scripts/bench.sh): as installed.
    try ChildProcess(
      executable: cc, arguments: ["-O2", source, "-o", hello + ".linked"],
      environment: configuration.environment, errorOutput: .capture
    ).runChecked()
    try ChildProcess(
      executable: Executables.find("install", environment: configuration.environment)
        ?? "/usr/bin/install",
      arguments: ["-m", "0755", hello + ".linked", hello],
      environment: configuration.environment, errorOutput: .capture
    ).runChecked()
    let settei = side(
      "settei, first screen, then EOF on a pipe", configuration.settei,
      ["--store", folder + "/settings.json"], input: .bytes([]))
    let floor = side("C `puts(\"hello\")` (`cc -O2`)", hello, [], input: .bytes([]))
    let compile =
      "\(cc) -O2 \(source) -o \(hello).linked && install -m 0755 \(hello).linked \(hello)"
    return try compare(
      settei, floor, number: 9, title: title, target: 2.0,
      folder: folder, name: "floor",
      prose: "Time from `posix_spawn` to `wait4`: settei with its embedded schema and a "
        + "new store shows its first screen on a pipe that ends at once (EOF), then exits; "
        + "the floor is a C program printing `hello`, built with `\(compile)`. "
        + "\(configuration.startupPairs) pairs, each pair's order alternating; the ratio is "
        + "the median of each pair's ratio.",
      extraCommands: [compile])
  }

  /// Figure 10.
  func runGet() throws(BenchError) -> Report.Figure {
    let folder = try TextFile.temporaryFolder(in: configuration.work, prefix: "get")
    let title = "`settei get` ÷ `git config --get`"
    guard let git = configuration.git else { return skipped(10, title, "no git") }
    let store = folder + "/settings.json"
    let config = folder + "/gitconfig"
    try TextFile.write("{\n  \"temperatureUnit\": \"fahrenheit\"\n}\n", to: store)
    try TextFile.write("[user]\n\tname = Bench\n", to: config)
    let settei = side(
      "`settei get temperatureUnit`", configuration.settei,
      ["get", "temperatureUnit", "--store", store])
    let floor = side(
      "`git config -f F --get user.name`", git, ["config", "-f", config, "--get", "user.name"])
    return try compare(
      settei, floor, number: 10, title: title, target: 1.2,
      folder: folder, name: "get",
      prose: "Time from `posix_spawn` to `wait4` of reading one setting: settei's value of "
        + "`temperatureUnit` in a store of one key (the embedded schema: the value, its "
        + "title and default), against git reading `user.name` from a config file of one "
        + "key. \(configuration.startupPairs) pairs, each pair's order alternating; the "
        + "ratio is the median of each pair's ratio.",
      extraCommands: [])
  }

  /// The times of `first` and of `second` over the configured pairs, each pair's order
  /// alternating, after warming the page cache and the dynamic loader's caches.
  private func alternatingTimes(_ first: ChildProcess, _ second: ChildProcess)
    throws(BenchError) -> (first: [Double], second: [Double])
  {
    for _ in 0..<5 {
      try first.runChecked()
      try second.runChecked()
    }
    var firstTimes: [Double] = []
    var secondTimes: [Double] = []
    for round in 0..<configuration.startupPairs {
      if round % 2 == 0 {
        firstTimes.append(try first.runChecked().seconds)
        secondTimes.append(try second.runChecked().seconds)
      } else {
        secondTimes.append(try second.runChecked().seconds)
        firstTimes.append(try first.runChecked().seconds)
      }
    }
    return (firstTimes, secondTimes)
  }

  /// A program of a pair, its output discarded.
  private func side(
    _ name: String, _ executable: String, _ arguments: [String],
    input: ProcessInput = .file("/dev/null")
  ) -> Side {
    Side(
      name: name,
      process: ChildProcess(
        executable: executable, arguments: arguments, environment: configuration.environment,
        input: input, output: .discard))
  }

  /// The figure when a program it compares with is missing.
  private func skipped(_ number: Int, _ title: String, _ missing: String) -> Report.Figure {
    Report.Figure(
      number: number, title: title,
      result: "skipped: \(missing); `make bench` installs it (scripts/install-deps.sh)")
  }

  /// Runs the pairs and callgrind, and writes the figure.
  private func compare(
    _ settei: Side, _ floor: Side, number: Int, title: String, target: Double,
    folder: String, name: String, prose: String, extraCommands: [String]
  ) throws(BenchError) -> Report.Figure {
    let (setteiTimes, floorTimes) = try alternatingTimes(settei.process, floor.process)
    let ratio = Statistics.medianRatio(setteiTimes, floorTimes)
    let linkedRatio = try configuration.linkedSettei.map { linked throws(BenchError) in
      var process = settei.process
      process.executable = linked
      let (linkedTimes, floorTimes) = try alternatingTimes(process, floor.process)
      return Statistics.medianRatio(linkedTimes, floorTimes)
    }
    var commands = extraCommands
    var counts: [Int?] = [nil, nil]
    let input = settei.process.input
    let prefix: String
    switch input {
    case .bytes(let bytes) where bytes.isEmpty: prefix = "true | "
    default: prefix = ""
    }
    commands.append(prefix + settei.process.commandLine)
    commands.append(prefix + floor.process.commandLine)
    if let valgrind = configuration.valgrind {
      let callgrind = Callgrind(valgrind: valgrind, folder: folder)
      for (index, side) in [settei, floor].enumerated() {
        let counted = try callgrind.instructions(of: side.process, name: "\(name)-\(index)")
        counts[index] = counted.count
        commands.append(prefix + counted.command)
      }
    }
    func shown(_ count: Int?) -> String { count.map(Format.grouped) ?? "–" }
    var details = [
      prose,
      "",
      "| program | median time | ratio | instructions (callgrind) |",
      "| --- | --- | --- | --- |",
      "| \(settei.name) | \(Format.milliseconds(Statistics.median(setteiTimes))) | "
        + "\(Format.ratio(ratio)) | \(shown(counts[0])) |",
      "| \(floor.name) | \(Format.milliseconds(Statistics.median(floorTimes))) | 1.00× | "
        + "\(shown(counts[1])) |",
    ]
    var result = "\(Format.ratio(ratio)) wall"
    if let a = counts[0], let b = counts[1], b > 0 {
      let instructionRatio = Double(a) / Double(b)
      result +=
        " (\(Format.grouped(a)) ÷ \(Format.grouped(b)) instructions: "
        + "\(Format.ratio(instructionRatio)))"
      details.append("")
      details.append(
        "Instructions: \(Format.ratio(instructionRatio)) (callgrind, "
          + "`SWIFT_DETERMINISTIC_HASHING=1`).")
    }
    if let valgrind = configuration.valgrind, counts[0] != nil {
      let annotate = Executables.find("callgrind_annotate", environment: configuration.environment)
      let table = annotate.flatMap {
        StartupProfile.table(
          profile: folder + "/\(name)-0.callgrind", annotate: $0,
          environment: configuration.environment)
      }
      if let table {
        details.append("")
        details.append(
          "Where settei's instructions go (`callgrind_annotate --inclusive=yes` of the profile "
            + "below; \(valgrind) writes it):")
        details.append("")
        details += table
      }
    }
    if let linkedRatio, let linked = configuration.linkedSettei {
      result += "; as linked \(Format.ratio(linkedRatio))"
      details.append("")
      details.append(
        "The same binary where the linker wrote it (`\(linked)`), measured the same way: "
          + "\(Format.ratio(linkedRatio)). lld writes through a memory map, and those pages "
          + "stay in the page cache 4 KB each until evicted; a copy written in large pieces "
          + "(install(1), a package) is kept in large folios, which a start maps many pages "
          + "at a time. A first start after the cache was emptied reads the binary in "
          + "4 KB at a time too, so that figure is also what the first start after a reboot "
          + "costs.")
    }
    return Report.Figure(
      number: number, title: title, result: result,
      target: "≤ \(Format.fixed(target, 1))× wall", meetsTarget: ratio <= target,
      details: details, commands: commands)
  }
}
