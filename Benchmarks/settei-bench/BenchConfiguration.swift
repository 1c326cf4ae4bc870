/// What one run of the benchmark measures, and with which programs and counts.
struct BenchConfiguration {
  /// The settei binary measured: `make release`'s, copied into place with install(1) as
  /// `make install` and a package put it.
  var settei: String
  /// The same binary where the linker wrote it, for figures 9 and 10's second measurement;
  /// `nil` to skip it.
  var linkedSettei: String?
  /// A settei built the other way (dynamic when `settei` is static and the reverse), for the
  /// start-up comparison; `nil` to skip it.
  var otherSettei: String?
  /// How ``otherSettei`` was linked, for the report: "static Swift runtime" or "dynamic".
  var otherSetteiLinking = "static Swift runtime"
  /// How ``settei`` was linked.
  var setteiLinking = "dynamic"
  /// `print("hello")` built with `swiftc -O` (dynamic).
  var hello: String
  /// The InAppSettingsKit sample bundle.
  var bundle: String
  /// A folder for temporary files (stores, scripts, profiles), on a real disk so that
  /// `fsync` costs what it costs.
  var work: String
  /// This program, for re-executing itself in the scale figure.
  var benchExecutable: String
  var valgrind: String?
  var whiptail: String?
  /// The C compiler that builds figure 9's `puts("hello")`; `nil` skips that figure.
  var cc: String?
  /// git, whose `git config --get` figure 10 compares with `settei get`; `nil` skips it.
  var git: String?
  /// The environment of the programs started.
  var environment: [String: String]

  /// Start-up pairs (settei, floor) measured alternately.
  var startupPairs = 200
  /// Commands in the wall-clock run of figure 2.
  var commands = 100_000
  /// Commands in the callgrind run of figure 2.
  var callgrindCommands = 2_000
  /// Wall-clock runs of figure 2, per schema.
  var commandRuns = 3
  /// Rounds of the scale figure (each runs every size once, in a child process).
  var scaleRounds = 15
  /// Render + `page K` sessions per child of the scale figure.
  var scaleSessions = 3_000
  /// Save pairs (protocol, floor).
  var savePairs = 40
  /// Keys in the saved store.
  var saveKeys = 10_000
  /// Schema load pairs (bundle, embedded).
  var schemaPairs = 100
  /// Peer pairs at 10 rows, and at the large size.
  var peerSmallPairs = 40
  var peerLargePairs = 1
  /// Rows of the large peer list.
  var peerLargeRows = 100_000
  /// Seconds to wait for a peer's first screen.
  var peerTimeout = 300.0
  /// FoundationEssentials' `JSONDecoder` reading a schema into structs
  /// (Benchmarks/json-decoder), for figure 7; `nil` to skip that comparison.
  var jsonDecoder: String?
  /// Pairs of each side-by-side comparison of figure 7 with the 100,000-setting schema.
  var largePairs = 5
  /// Pairs of figure 7's bundle start-ups (a few milliseconds each: many pairs, so that
  /// the median ratio does not move with the load of a shared machine).
  var bundlePairs = 100
  /// Runs of the 100,000-setting schema with and without `find` (figure 8).
  var lookupRounds = 5
  /// Commands counted by callgrind in figure 8 (each run also loads its schema).
  var lookupCommands = 200
  /// The figures to run.
  var figures: Set<Int> = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]

  /// Smaller counts, for a quick look (`--quick`): the same figures, less precise.
  mutating func useQuickCounts() {
    startupPairs = 30
    commands = 10_000
    callgrindCommands = 500
    commandRuns = 1
    scaleRounds = 2
    scaleSessions = 300
    savePairs = 8
    schemaPairs = 20
    peerSmallPairs = 5
    peerLargeRows = 10_000
    largePairs = 1
    bundlePairs = 10
    lookupRounds = 3
    lookupCommands = 50
  }
}
