import Glibc
import SchemaKit
import TestSupport

/// Figure 7: a big schema. `quit!` on a generated 100,000-setting JSON schema against
/// FoundationEssentials' `JSONDecoder` reading the same file into plain structs (time and
/// peak RSS, side by side), and the same with a store of a value for each setting against
/// `JSONDecoder` reading the store too; the instructions per byte of a schema load
/// (callgrind); and the start-up of a 1,000-pane Settings.bundle against a bundle of one pane.
struct LargeSchemaBenchmark {
  let configuration: BenchConfiguration

  /// The big JSON schema: 100 panes of 1,000 settings.
  static let big = GeneratedSchema(panes: 100, settingsPerPane: 1_000)
  /// The schema whose load callgrind counts: 10 panes of 100 settings.
  static let counted = GeneratedSchema(panes: 10, settingsPerPane: 100)
  /// The big bundle: 1,000 panes of 100 settings, and the one-pane bundle it is compared to.
  static let bigBundle = GeneratedSchema(panes: 1_000, settingsPerPane: 100)
  static let smallBundle = GeneratedSchema(panes: 1, settingsPerPane: 100)

  func run() throws(BenchError) -> Report.Figure {
    let folder = try TextFile.temporaryFolder(in: configuration.work, prefix: "large")
    try Self.generate(in: folder)
    let bigJSON = folder + "/big.json"
    let bigBytes = Self.big.json()
    let countedJSON = folder + "/counted.json"
    let countedBytes = Self.counted.json().count
    let bigStore = folder + "/big-store.json"
    let quit = Array("quit!\n".utf8)
    func settei(_ schema: String, store: String? = nil) -> ChildProcess {
      ChildProcess(
        executable: configuration.settei,
        arguments: ["--schema", schema, "--store", store ?? folder + "/store.json"],
        environment: configuration.environment, input: .bytes(quit), output: .discard,
        errorOutput: .inherit)
    }
    var details: [String] = []
    var commands: [String] = []
    var verdicts: [Bool] = []
    var results: [String] = []

    // Load + first screen against JSONDecoder.
    let setteiBig = settei(bigJSON)
    commands.append("printf 'quit!\\n' | " + setteiBig.commandLine)
    if let decoderPath = configuration.jsonDecoder {
      let decoder = ChildProcess(
        executable: decoderPath, arguments: [bigJSON], environment: configuration.environment,
        output: .discard, errorOutput: .inherit)
      commands.append(decoder.commandLine)
      let (times, memory) = try sideBySide(setteiBig, decoder)
      let timeRatio = Statistics.medianRatio(times.0, times.1)
      let memoryRatio = Statistics.medianRatio(memory.0, memory.1)
      verdicts.append(timeRatio <= 1.0 && memoryRatio <= 1.0)
      results.append(
        "100,000 settings: \(Format.ratio(timeRatio)) time, \(Format.ratio(memoryRatio)) RSS "
          + "of JSONDecoder")
      details += [
        "A generated JSON schema (`GeneratedSchema(panes: 100, settingsPerPane: 1000)` of "
          + "TestSupport: \(Format.grouped(Self.big.settingCount)) settings, "
          + "\(Format.grouped(bigBytes.count)) bytes, one title in 7 translated to ja). settei "
          + "loads it and shows its first screen (`quit!`); the comparison is "
          + "FoundationEssentials' `JSONDecoder` decoding the same file into plain structs "
          + "(`Benchmarks/json-decoder/main.swift`, built with `swiftc -O`). "
          + "\(configuration.largePairs) pairs, taking turns to go first; a ratio is the median "
          + "of each pair's ratio. Target: ≤ 1.0× in time and in peak RSS.",
        "",
        "| program | median time | median peak RSS |",
        "| --- | --- | --- |",
        "| settei `quit!` | \(Format.milliseconds(Statistics.median(times.0))) | "
          + "\(Format.mebibytes(kibibytes: Int(Statistics.median(memory.0)))) |",
        "| `JSONDecoder` into structs | \(Format.milliseconds(Statistics.median(times.1))) | "
          + "\(Format.mebibytes(kibibytes: Int(Statistics.median(memory.1)))) |",
        "| ratio | \(Format.ratio(timeRatio)) | \(Format.ratio(memoryRatio)) |",
        "",
      ]

      // The same schema with a store holding a value for each setting.
      let setteiStored = settei(bigJSON, store: bigStore)
      let decoderStored = ChildProcess(
        executable: decoderPath, arguments: [bigJSON, "--store", bigStore],
        environment: configuration.environment, output: .discard, errorOutput: .inherit)
      commands += ["printf 'quit!\\n' | " + setteiStored.commandLine, decoderStored.commandLine]
      let (storedTimes, storedMemory) = try sideBySide(setteiStored, decoderStored)
      let storedTimeRatio = Statistics.medianRatio(storedTimes.0, storedTimes.1)
      let storedMemoryRatio = Statistics.medianRatio(storedMemory.0, storedMemory.1)
      verdicts.append(storedTimeRatio <= 1.0 && storedMemoryRatio <= 1.0)
      results.append(
        "with a 100,000-key store: \(Format.ratio(storedTimeRatio)) time, "
          + "\(Format.ratio(storedMemoryRatio)) RSS")
      details += [
        "The same schema with a store holding a value for each of its settings "
          + "(`GeneratedSchema.store()`, \(Format.grouped(Self.big.store().count)) bytes, in the "
          + "shape settei writes), against `JSONDecoder` decoding the schema as above and the "
          + "store into a `[String: Value]` dictionary (`json-decoder SCHEMA --store STORE`): "
          + "settei \(Format.milliseconds(Statistics.median(storedTimes.0))), "
          + "\(Format.mebibytes(kibibytes: Int(Statistics.median(storedMemory.0)))); "
          + "`JSONDecoder` \(Format.milliseconds(Statistics.median(storedTimes.1))), "
          + "\(Format.mebibytes(kibibytes: Int(Statistics.median(storedMemory.1)))); "
          + "**\(Format.ratio(storedTimeRatio)) time, \(Format.ratio(storedMemoryRatio)) peak "
          + "RSS** (target ≤ 1.0× each).",
        "",
      ]
    }

    // Instructions per byte of a schema load.
    if let valgrind = configuration.valgrind {
      let callgrind = Callgrind(valgrind: valgrind, folder: folder)
      func child(_ path: String) -> ChildProcess {
        ChildProcess(
          executable: configuration.benchExecutable, arguments: ["schema-load-child", path],
          environment: configuration.environment, output: .discard, errorOutput: .inherit)
      }
      let loaded = try callgrind.instructions(of: child(countedJSON), name: "schema-load")
      let none = try callgrind.instructions(of: child("-"), name: "schema-load-none")
      let perByte = Double(loaded.count - none.count) / Double(countedBytes)
      verdicts.append(perByte <= 40)
      results.append("parse \(Format.fixed(perByte, 1)) instructions/byte")
      commands += [loaded.command, none.command]
      details += [
        "Schema parse: `SchemaLoader.load(path:)` of a generated JSON schema of "
          + "\(Format.grouped(Self.counted.settingCount)) settings "
          + "(\(Format.grouped(countedBytes)) bytes) in a child process under callgrind, which "
          + "exits holding the schema as settei does, less "
          + "the same child loading nothing: \(Format.grouped(loaded.count - none.count)) "
          + "instructions, **\(Format.fixed(perByte, 1)) per byte** (target ≤ 40).",
        "",
      ]
    }

    // A bundle of 1,000 panes against one of one pane.
    let big = settei(folder + "/Big.bundle")
    let small = settei(folder + "/Small.bundle")
    commands.append("printf 'quit!\\n' | " + big.commandLine)
    commands.append("printf 'quit!\\n' | " + small.commandLine)
    _ = try big.runChecked()
    _ = try small.runChecked()
    var bundleTimes: ([Double], [Double]) = ([], [])
    for round in 0..<configuration.bundlePairs {
      if round % 2 == 0 {
        bundleTimes.0.append(try big.runChecked().seconds)
        bundleTimes.1.append(try small.runChecked().seconds)
      } else {
        bundleTimes.1.append(try small.runChecked().seconds)
        bundleTimes.0.append(try big.runChecked().seconds)
      }
    }
    let bundleRatio = Statistics.medianRatio(bundleTimes.0, bundleTimes.1)
    verdicts.append(bundleRatio <= 1.5)
    results.append("1,000-pane bundle \(Format.ratio(bundleRatio)) a one-pane bundle")
    // What the time is made of besides the kernel's work: the instructions of each start.
    var bundleInstructions = ""
    if let valgrind = configuration.valgrind {
      let callgrind = Callgrind(valgrind: valgrind, folder: folder)
      let bigCount = try callgrind.instructions(of: big, name: "big-bundle")
      let smallCount = try callgrind.instructions(of: small, name: "small-bundle")
      commands += [bigCount.command, smallCount.command].map { "printf 'quit!\\n' | " + $0 }
      bundleInstructions =
        " By callgrind, \(Format.grouped(bigCount.count)) instructions against "
        + "\(Format.grouped(smallCount.count))."
    }
    details.append(
      "Bundle start-up: `quit!` on a generated Settings.bundle of 1,000 panes of 100 settings "
        + "(1,001 XML property lists, 1,001 ja `.strings` files) against one of one pane, "
        + "\(configuration.bundlePairs) pairs taking turns to go first, the median of each "
        + "pair's ratio: "
        + "\(Format.milliseconds(Statistics.median(bundleTimes.0))) against "
        + "\(Format.milliseconds(Statistics.median(bundleTimes.1))), "
        + "**\(Format.ratio(bundleRatio))** (target ≤ 1.5×)." + bundleInstructions)

    return Report.Figure(
      number: 7, title: "Big schemas", result: results.joined(separator: "; "),
      target:
        "≤ 1.0× JSONDecoder (time, RSS; without and with a store); ≤ 40 instructions/byte; "
        + "bundle ≤ 1.5×",
      meetsTarget: !verdicts.contains(false), details: details, commands: commands)
  }

  /// Runs `ours` and `theirs` in pairs, taking turns to go first (after one run each to
  /// warm up), and returns their times and peak RSS (KiB), ours first.
  private func sideBySide(_ ours: ChildProcess, _ theirs: ChildProcess) throws(BenchError) -> (
    times: ([Double], [Double]), memory: ([Double], [Double])
  ) {
    _ = try ours.runChecked()
    _ = try theirs.runChecked()
    var times: ([Double], [Double]) = ([], [])
    var memory: ([Double], [Double]) = ([], [])
    for round in 0..<configuration.largePairs {
      let first = round % 2 == 0 ? ours : theirs
      let second = round % 2 == 0 ? theirs : ours
      let a = try first.runChecked()
      let b = try second.runChecked()
      let (mine, other) = round % 2 == 0 ? (a, b) : (b, a)
      times.0.append(mine.seconds)
      times.1.append(other.seconds)
      memory.0.append(Double(mine.maxResidentKiB))
      memory.1.append(Double(other.maxResidentKiB))
    }
    return (times, memory)
  }

  /// Writes the figure's schemas into `folder`: `big.json`, `big-store.json` (a value for
  /// each of its settings), `counted.json`, `Big.bundle` and `Small.bundle`
  /// (`settei-bench generate-schemas FOLDER`, to measure them by hand).
  static func generate(in folder: String) throws(BenchError) {
    try TextFile.write(big.json(), to: folder + "/big.json")
    try TextFile.write(big.store(), to: folder + "/big-store.json")
    try TextFile.write(counted.json(), to: folder + "/counted.json")
    do {
      try bigBundle.writeBundle(to: folder + "/Big.bundle")
      try smallBundle.writeBundle(to: folder + "/Small.bundle")
    } catch {
      throw BenchError("cannot write the generated bundles in \(folder): \(error)")
    }
  }

  /// The child that callgrind counts: loads the schema at `path` (`-`: none) and exits
  /// holding it, as settei does, so that freeing it is not counted as loading it.
  static func child(path: String) throws(BenchError) {
    guard path != "-" else { exit(0) }
    let schema: SettingsSchema
    do {
      schema = try SchemaLoader.load(path: path)
    } catch {
      throw BenchError("cannot load the schema \(path): \(error)")
    }
    withExtendedLifetime(schema) { exit(0) }
  }
}
