#if canImport(Glibc)
  import Glibc
#endif

// settei-bench: the performance figures, measured side by side in one run. `make bench` builds
// the programs and runs `settei-bench run …`; see scripts/bench.sh and docs/performance.md.

let usage = """
  usage: settei-bench run --settei PATH --hello PATH --bundle PATH --work DIR
                          [--other-settei PATH] [--linking NAME] [--other-linking NAME]
                          [--out FILE] [--history LINK] [--revision TEXT] [--quick]
                          [--only 1,2,…] [--peer-large-pairs N] [--json-decoder PATH]
                          [--linked-settei PATH]
         settei-bench scale-child ROWS SESSIONS
         settei-bench save-child KEYS SAVES FOLDER
         settei-bench schema-load-child PATH|-
         settei-bench generate-schemas FOLDER
  """

func fail(_ message: String, status: Int32 = 1) -> Never {
  FileHandleError.write("settei-bench: " + message + "\n")
  exit(status)
}

/// Writes to standard error.
enum FileHandleError {
  static func write(_ text: String) {
    try? ChildProcess.writeAll(Array(text.utf8), to: 2)
  }
}

/// This program's own path, for re-executing itself.
func ownExecutable() -> String {
  var buffer = [UInt8](repeating: 0, count: 4096)
  let count = buffer.withUnsafeMutableBufferPointer { pointer in
    pointer.baseAddress.map { base in
      base.withMemoryRebound(to: CChar.self, capacity: pointer.count) {
        readlink("/proc/self/exe", $0, pointer.count - 1)
      }
    } ?? -1
  }
  return count > 0
    ? String(decoding: buffer[..<count], as: UTF8.self) : CommandLine.arguments[0]
}

/// Measures one of the figures.
func measureFigure(_ number: Int, _ configuration: BenchConfiguration) throws(BenchError)
  -> Report.Figure
{
  switch number {
  case 1: try StartupBenchmark(configuration: configuration).run()
  case 2: try CommandBenchmark(configuration: configuration).run()
  case 3: try ScaleBenchmark(configuration: configuration).run()
  case 4: try SaveBenchmark(configuration: configuration).run()
  case 5: try SchemaLoadBenchmark(configuration: configuration).run()
  case 7: try LargeSchemaBenchmark(configuration: configuration).run()
  case 8: try LookupBenchmark(configuration: configuration).run()
  case 9: try FloorBenchmark(configuration: configuration).runStartup()
  case 10: try FloorBenchmark(configuration: configuration).runGet()
  default: try PeerBenchmark(configuration: configuration).run()
  }
}

func runBenchmark(_ arguments: [String]) throws(BenchError) {
  var values: [String: String] = [:]
  var quick = false
  var index = 0
  while index < arguments.count {
    let argument = arguments[index]
    index += 1
    if argument == "--quick" {
      quick = true
      continue
    }
    guard argument.hasPrefix("--"), index < arguments.count else {
      throw BenchError("unexpected argument '\(argument)'\n\(usage)")
    }
    values[String(argument.dropFirst(2))] = arguments[index]
    index += 1
  }
  func required(_ name: String) throws(BenchError) -> String {
    guard let value = values[name] else { throw BenchError("--\(name) is required\n\(usage)") }
    return value
  }

  var environment: [String: String] = [:]
  for name in ["PATH"] {
    if let value = getenv(name) { environment[name] = String(cString: value) }
  }
  let work = try required("work")
  try TextFile.makeFolders(work)
  // A home of its own for every run: settei keeps its history and known keys there, and a
  // history left by earlier runs (500 lines once full) would make every start read it.
  let home = try TextFile.temporaryFolder(in: work, prefix: "home")
  environment["HOME"] = home
  environment["XDG_CONFIG_HOME"] = home + "/config"
  environment["XDG_STATE_HOME"] = home + "/state"
  environment["LANG"] = "C.UTF-8"

  var configuration = BenchConfiguration(
    settei: try required("settei"), otherSettei: values["other-settei"],
    hello: try required("hello"), bundle: try required("bundle"), work: work,
    benchExecutable: ownExecutable(),
    valgrind: Executables.find("valgrind", environment: environment),
    whiptail: Executables.find("whiptail", environment: environment),
    environment: environment)
  configuration.cc = Executables.find("cc", environment: environment)
  configuration.git = Executables.find("git", environment: environment)
  if let linking = values["linking"] { configuration.setteiLinking = linking }
  configuration.jsonDecoder = values["json-decoder"]
  configuration.linkedSettei = values["linked-settei"]
  if let linking = values["other-linking"] { configuration.otherSetteiLinking = linking }
  if quick { configuration.useQuickCounts() }
  if let pairs = values["peer-large-pairs"].flatMap({ Int($0) }) {
    configuration.peerLargePairs = pairs
  }
  if let only = values["only"] {
    configuration.figures = Set(only.split(separator: ",").compactMap { Int($0) })
  }
  if configuration.valgrind == nil {
    FileHandleError.write("settei-bench: valgrind not found; instruction counts are skipped\n")
  }

  let start = MonotonicClock.now()
  var report = Report(
    machine: Machine.current(environment: environment),
    revision: values["revision"] ?? "unknown",
    invocation: values["invocation"] ?? "make bench")
  let names = [
    1: "start-up", 2: "per-command cost", 3: "scale", 4: "save", 5: "schema load", 6: "peer",
    7: "big schemas",
    8: "look-ups", 9: "start-up ÷ C hello", 10: "get ÷ git config",
  ]
  for number in 1...10 where configuration.figures.contains(number) {
    FileHandleError.write("settei-bench: \(number). \(names[number] ?? "")…\n")
    let stepStart = MonotonicClock.now()
    let figure = try measureFigure(number, configuration)
    let seconds = Format.fixed(MonotonicClock.now() - stepStart, 1)
    FileHandleError.write("settei-bench: \(number). \(figure.result) (\(seconds) s)\n")
    report.figures.append(figure)
  }
  report.elapsed = MonotonicClock.now() - start
  var folder = [CChar](repeating: 0, count: 4096)
  if getcwd(&folder, folder.count) != nil {
    report.root = String(
      decoding: folder.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
  report.historyLink = values["history"]
  print(report.summary(), terminator: "")
  if let out = values["out"] {
    try TextFile.write(report.markdown(), to: out)
    print("Wrote \(out).")
  }
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
  switch arguments.first {
  case "scale-child":
    guard arguments.count == 3, let rows = Int(arguments[1]), let sessions = Int(arguments[2])
    else { fail(usage, status: 64) }
    print(try ScaleBenchmark.child(rows: rows, sessions: sessions), terminator: "")
  case "save-child":
    guard arguments.count == 4, let keys = Int(arguments[1]), let saves = Int(arguments[2])
    else { fail(usage, status: 64) }
    try SaveBenchmark.child(keys: keys, saves: saves, folder: arguments[3])
  case "schema-load-child":
    guard arguments.count == 2 else { fail(usage, status: 64) }
    try LargeSchemaBenchmark.child(path: arguments[1])
  case "generate-schemas":
    guard arguments.count == 2 else { fail(usage, status: 64) }
    try LargeSchemaBenchmark.generate(in: arguments[1])
  case "run":
    try runBenchmark(Array(arguments.dropFirst()))
  default:
    fail(usage, status: 64)
  }
} catch {
  fail(error.description)
}
