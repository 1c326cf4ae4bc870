import Glibc
import TableKit
import TableREPL

/// A data source of `count` rows that makes each cell on demand and counts the requests, as
/// a UIKit table of millions of rows would.
final class CountingRowsController: TableViewController {
  let count: Int
  private(set) var cellRequests = 0
  /// Every cell's detail: it changes with the rows (``changeRows()``).
  private var detail = "detail 0"
  private var generation = 0

  init(count: Int) {
    self.count = count
    super.init()
    title = "Rows"
  }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    count
  }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    cellRequests += 1
    return TableViewCell(
      style: .value1, text: "Row \(indexPath.row + 1)", detailText: detail,
      accessoryType: .disclosureIndicator)
  }

  /// Changes every row's detail and reloads: the next screen has cells to ask for and
  /// texts to render at every size.
  func changeRows() {
    generation += 1
    detail = "detail " + String(generation)
    tableView.reloadData()
  }
}

/// Figure 3: rendering the first page and `page K` to the middle, through TableREPL's
/// Session, for 10, 10,000 and 10,000,000 rows; each size in a child process of its own so
/// that its peak resident set size is its own.
struct ScaleBenchmark {
  let configuration: BenchConfiguration
  static let sizes = [10, 10_000, 10_000_000]
  /// 16 rows leave 10 for a page of one section (less the breadcrumb, three empty lines, the
  /// page line and the prompt), so that the 10-row table fills its one page and every size
  /// shows the same number of rows.
  static let terminal = Session.TerminalSize(columns: 80, rows: 16)
  /// Sessions counted with callgrind per size.
  static let callgrindSessions = 200

  /// What a child reports on its standard output.
  struct ChildReport {
    /// Seconds per session (first screen + `page K`).
    var secondsPerSession: Double
    /// Cells the data source was asked for by the first screen, and by `page K`.
    var cellsForFirstScreen: Int
    var cellsForPage: Int
    /// The page shown by `page K`.
    var page: Int
  }

  func run() throws(BenchError) -> Report.Figure {
    var times = [[Double]](repeating: [], count: Self.sizes.count)
    var resident = [[Double]](repeating: [], count: Self.sizes.count)
    var reports = [ChildReport?](repeating: nil, count: Self.sizes.count)
    var commands: [String] = []
    for round in 0..<configuration.scaleRounds {
      for step in 0..<Self.sizes.count {
        let index = (round + step) % Self.sizes.count
        let child = ChildProcess(
          executable: configuration.benchExecutable,
          arguments: ["scale-child", "\(Self.sizes[index])", "\(configuration.scaleSessions)"],
          environment: configuration.environment, output: .capture)
        let result = try child.runChecked()
        guard let report = Self.parse(result.output) else {
          throw BenchError("unexpected output of \(child.commandLine): \(result.output)")
        }
        times[index].append(report.secondsPerSession)
        resident[index].append(Double(result.maxResidentKiB))
        reports[index] = report
        if round == 0 { commands.append(child.commandLine) }
      }
    }
    var instructions: [Int?] = []
    if let valgrind = configuration.valgrind {
      let folder = try TextFile.temporaryFolder(in: configuration.work, prefix: "scale")
      let callgrind = Callgrind(valgrind: valgrind, folder: folder)
      for size in Self.sizes {
        var child = ChildProcess(
          executable: configuration.benchExecutable, arguments: ["scale-child", "\(size)", "0"],
          environment: configuration.environment, output: .discard)
        let base = try callgrind.instructions(of: child, name: "scale-\(size)-0")
        child.arguments[2] = "\(Self.callgrindSessions)"
        let counted = try callgrind.instructions(of: child, name: "scale-\(size)")
        instructions.append((counted.count - base.count) / Self.callgrindSessions)
        commands.append(counted.command)
      }
    }
    var details = [
      "A `TableViewController` whose data source makes each cell on demand and counts the "
        + "requests, on a navigation controller, shown by TableREPL's `Session` with a "
        + "`ScriptedLineReader` of one line, `page K` (K the middle page), and a `FileOutput` "
        + "on /dev/null, on an 80×16 terminal (10 rows a page, so that the 10-row table fills its page like the others). One session renders the first "
        + "page, then page K; the rows change (every cell's detail) before each screen, so that "
        + "every screen asks for the cells of its page and renders new texts at every size (a "
        + "table view keeps the cells of the page it showed, a session writes a screen equal "
        + "to one it rendered from the text it kept, and the 10-row table's page K is its first "
        + "page). Each size runs in a child process (the benchmark re-executing "
        + "itself) doing \(Format.grouped(configuration.scaleSessions)) sessions; its peak "
        + "resident set size is `ru_maxrss` from `wait4`. \(configuration.scaleRounds) rounds, "
        + "the sizes taking turns to go first; the time ratio is the median over the rounds of "
        + "each round's ratio to the 10-row child, peak RSS the median over the rounds. "
        + "Instructions per session come from callgrind: (a child doing "
        + "\(Self.callgrindSessions) sessions − a child doing none) ÷ \(Self.callgrindSessions).",
      "",
      "| rows | page K | time per session | ratio | instructions per session | ratio | peak RSS "
        + "| ratio | cells asked: first screen | cells asked: page K |",
      "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    var timeRatio = 0.0
    var residentRatio = 0.0
    let baseResident = Statistics.median(resident[0])
    for (index, size) in Self.sizes.enumerated() {
      let time = Statistics.median(times[index])
      let peak = Statistics.median(resident[index])
      // Each round ran every size one after the other: the ratio of a round's times is
      // taken side by side, and the median of those ratios reported.
      let ratioOfTime = Statistics.medianRatio(times[index], times[0])
      let ratioOfResident = baseResident > 0 ? peak / baseResident : 0
      if index == Self.sizes.count - 1 {
        timeRatio = ratioOfTime
        residentRatio = ratioOfResident
      }
      let report = reports[index]
      let counted = index < instructions.count ? instructions[index] : nil
      let baseCount = instructions.first.flatMap { $0 }
      let countRatio = counted.flatMap { count in baseCount.map { Double(count) / Double($0) } }
      details.append(
        "| \(Format.grouped(size)) | \(report.map { Format.grouped($0.page) } ?? "–") | "
          + "\(Format.microseconds(time)) | \(Format.ratio(ratioOfTime)) | "
          + "\(counted.map(Format.grouped) ?? "–") | \(countRatio.map(Format.ratio) ?? "–") | "
          + "\(Format.mebibytes(kibibytes: Int(peak))) | \(Format.ratio(ratioOfResident)) | "
          + "\(report.map { "\($0.cellsForFirstScreen)" } ?? "–") | "
          + "\(report.map { "\($0.cellsForPage)" } ?? "–") |")
    }
    return Report.Figure(
      number: 3, title: "Scale (10 → 10,000,000 rows)",
      result: "time \(Format.ratio(timeRatio)), peak RSS \(Format.ratio(residentRatio)) "
        + "the 10-row case",
      target: "≤ 1.2× each", meetsTarget: timeRatio <= 1.2 && residentRatio <= 1.2,
      details: details, commands: commands)
  }

  static func parse(_ output: String) -> ChildReport? {
    let fields = output.split(whereSeparator: { $0 == " " || $0 == "\n" })
    guard fields.count == 4, let seconds = Double(fields[0]), let first = Int(fields[1]),
      let page = Int(fields[2]), let shown = Int(fields[3])
    else { return nil }
    return ChildReport(
      secondsPerSession: seconds, cellsForFirstScreen: first, cellsForPage: page, page: shown)
  }

  /// The child: `scale-child ROWS SESSIONS`. Prints seconds per session, the cells asked
  /// for by the first screen and by `page K`, and K.
  static func child(rows: Int, sessions: Int) throws(BenchError) -> String {
    let controller = CountingRowsController(count: rows)
    let navigation = NavigationController(rootViewController: controller)
    let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
    guard null >= 0 else { throw BenchError("cannot open /dev/null: \(TextFile.reason())") }
    defer { close(null) }
    let output = FileOutput(descriptor: null)
    let pageSize = terminal.rows - 6
    let pages = max(1, (rows + pageSize - 1) / pageSize)
    let middle = pages / 2 + 1

    func session(_ lines: [String]) throws(BenchError) {
      // The size is asked before every screen: changing the rows there makes every screen
      // ask for its page's cells and render new texts, so that the 10-row table (whose page
      // K is the page already shown, which the session would otherwise write again as it
      // was) does the work the others do.
      let session = Session(
        navigationController: navigation, reader: ScriptedLineReader(lines), output: output,
        terminalSize: {
          controller.changeRows()
          return terminal
        })
      let outcome = session.run()
      guard outcome == .quit else { throw BenchError("the session ended with \(outcome)") }
    }

    // Count the cells of each step once, then time whole sessions.
    try session([])
    let first = controller.cellRequests
    try session(["page \(middle)"])
    let page = controller.cellRequests - first - first
    for _ in 0..<20 { try session(["page \(middle)"]) }
    let start = MonotonicClock.now()
    for _ in 0..<sessions { try session(["page \(middle)"]) }
    let seconds = (MonotonicClock.now() - start) / Double(max(1, sessions))
    return "\(seconds) \(first) \(page) \(middle)\n"
  }
}
