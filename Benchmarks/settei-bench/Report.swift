/// The figures of one run of the benchmark: printed as a table, and written as
/// docs/performance.md with the command behind each figure and the machine.
struct Report {
  /// One of the six figures of the benchmark.
  struct Figure {
    /// Its number in the report (1 start-up … 6 peer).
    var number: Int
    var title: String
    /// The headline result, e.g. "1.21× the floor".
    var result: String
    /// The target, e.g. "≤ 1.5×"; empty when the figure has none.
    var target: String = ""
    /// Whether the target is met; `nil` when there is no target.
    var meetsTarget: Bool?
    /// What was measured and how, in Markdown (paragraphs and tables).
    var details: [String] = []
    /// The exact commands that produced the figure.
    var commands: [String] = []
  }

  var machine: Machine
  /// The revision measured, e.g. `abc1234` or `abc1234-dirty`.
  var revision: String
  /// How the benchmark itself was invoked.
  var invocation: String
  var figures: [Figure] = []
  /// Seconds the whole run took.
  var elapsed: Double = 0
  /// Where the hand-written history of the figures is (the rounds that changed them, with
  /// their before and after), linked from the end of the report; relative to the report.
  var historyLink: String?
  /// The folder the benchmark ran in; paths under it are written relative to it, so that
  /// the report reads the same on any machine.
  var root: String?

  /// A plain-text table for the terminal.
  func summary() -> String {
    var rows: [[String]] = [["#", "figure", "result", "target", ""]]
    for figure in figures {
      rows.append([
        "\(figure.number)", figure.title, figure.result, figure.target,
        figure.meetsTarget.map { $0 ? "met" : "MISSED" } ?? "",
      ])
    }
    var widths = [Int](repeating: 0, count: rows[0].count)
    for row in rows {
      for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
    }
    var text = ""
    for row in rows {
      var line = ""
      for (index, cell) in row.enumerated() {
        line += cell + String(repeating: " ", count: widths[index] - cell.count + 2)
      }
      text += line.trimmingSpaces() + "\n"
    }
    return text
  }

  /// docs/performance.md.
  func markdown() -> String {
    var lines: [String] = [
      "# Performance",
      "",
      "<!-- Written by `make bench` (Benchmarks/settei-bench): edit the benchmark, not this "
        + "file. -->",
      "",
      "Figures are **ratios measured side by side in one run** (each pair of runs one right "
        + "after the other, median of the pairs), because the machine is shared and noisy; "
        + "instruction counts come from `valgrind --tool=callgrind`, which does not depend "
        + "on the load (run with `SWIFT_DETERMINISTIC_HASHING=1`, they repeat to a few "
        + "instructions in a million: only the temporary file names differ). "
        + "Every program is measured as installed, copied into place with install(1) "
        + "(scripts/bench.sh says why; figures 9 and 10 give the freshly linked binary's "
        + "ratio too). Absolute times are for orientation only. Rerun with `make bench`; "
        + "`make bench BENCH_ARGS=--quick` gives a rougher look in a third of the time, and "
        + "`BENCH_ARGS=\"--only 2,8\"` some figures only.",
      "",
      "| machine | |",
      "| --- | --- |",
      "| processors (nproc) | \(machine.processors) |",
      "| CPU | \(machine.cpuModel) |",
      "| memory | \(machine.memory) |",
      "| kernel | \(machine.kernel) |",
      "| swift | \(machine.swiftVersion) |",
      "| revision | \(revision) |",
      "| measured | \(machine.date), whole run \(Format.fixed(elapsed, 0)) s |",
      "| command | `\(invocation)` |",
      "",
      "## Summary",
      "",
      "| # | figure | result | target | |",
      "| --- | --- | --- | --- | --- |",
    ]
    for figure in figures {
      let verdict = figure.meetsTarget.map { $0 ? "met" : "**missed**" } ?? ""
      lines.append(
        "| \(figure.number) | \(figure.title) | \(figure.result) | \(figure.target) | \(verdict) |")
    }
    for figure in figures {
      lines += ["", "## \(figure.number). \(figure.title)", ""]
      lines += figure.details
      if !figure.commands.isEmpty {
        lines += ["", "Commands:", "", "```sh"]
        lines += figure.commands
        lines.append("```")
      }
    }
    if let historyLink {
      lines += [
        "", "## History", "",
        "This page holds what is measured now. How each figure got here, round by round (what "
          + "was measured before and after each change, and why it changed), is in "
          + "[\(historyLink)](\(historyLink)).",
      ]
    }
    var text = lines.joined(separator: "\n") + "\n"
    if let root, !root.isEmpty {
      text = text.split(separator: root + "/", omittingEmptySubsequences: false)
        .joined(separator: "")
    }
    return text
  }
}
