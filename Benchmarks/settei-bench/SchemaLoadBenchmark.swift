import SchemaKit

/// Figure 5: `SchemaLoader.load` of the InAppSettingsKit sample bundle (every child pane and
/// `.strings` file) against the embedded default schema.
struct SchemaLoadBenchmark {
  let configuration: BenchConfiguration

  func run() throws(BenchError) -> Report.Figure {
    var bundleTimes: [Double] = []
    var embeddedTimes: [Double] = []
    var pages = 0
    var languages: [String] = []
    for pair in 0..<configuration.schemaPairs + 5 {
      var bundleTime = 0.0
      var embeddedTime = 0.0
      let loadBundle = { () throws(BenchError) in
        bundleTime = try MonotonicClock.measure { () throws(BenchError) in
          let schema = try Self.load(configuration.bundle)
          pages = schema.pages.count
          languages = schema.strings.languages
        }
      }
      let loadEmbedded = { () throws(BenchError) in
        embeddedTime = try MonotonicClock.measure { () throws(BenchError) in
          _ = try Self.load(nil)
        }
      }
      if pair % 2 == 0 {
        try loadBundle()
        try loadEmbedded()
      } else {
        try loadEmbedded()
        try loadBundle()
      }
      if pair >= 5 {
        bundleTimes.append(bundleTime)
        embeddedTimes.append(embeddedTime)
      }
    }
    let ratio = Statistics.medianRatio(bundleTimes, embeddedTimes)
    let details = [
      "`SchemaLoader.load(path:)` in the benchmark's process, alternately on the sample bundle "
        + "(`\(configuration.bundle)`: \(pages) pages, strings in "
        + "\(languages.sorted().joined(separator: ", "))) and on the embedded schema "
        + "(`path: nil`, the schema compiled in), \(configuration.schemaPairs) pairs "
        + "after 5 for warming up.",
      "",
      "| schema | median time |",
      "| --- | --- |",
      "| InAppSettingsKit sample bundle | \(Format.milliseconds(Statistics.median(bundleTimes))) |",
      "| embedded default | \(Format.milliseconds(Statistics.median(embeddedTimes))) |",
      "| ratio | \(Format.ratio(ratio)) |",
    ]
    return Report.Figure(
      number: 5, title: "Schema load",
      result: "bundle \(Format.milliseconds(Statistics.median(bundleTimes))), "
        + "\(Format.ratio(ratio)) the embedded schema",
      details: details,
      commands: [
        "scripts/bench.sh --only 5   # in the benchmark's process: SchemaLoadBenchmark.swift"
      ])
  }

  static func load(_ path: String?) throws(BenchError) -> SettingsSchema {
    do {
      // The sample as InAppSettingsKit shows it in the app, its larger set of pages.
      return try SchemaLoader.load(path: path, inApp: true)
    } catch {
      throw BenchError("cannot load the schema \(path ?? "(embedded)"): \(error)")
    }
  }
}
