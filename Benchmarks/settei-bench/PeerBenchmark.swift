import Glibc
import TestSupport

/// Figure 6: time to the first screen of a list of choices through a pseudo-terminal,
/// `whiptail --radiolist` against settei showing a multi-value list of as many choices.
struct PeerBenchmark {
  let configuration: BenchConfiguration

  /// The text both programs show once the list is on screen: the second choice's title
  /// (the first is the chosen value, which settei's root screen shows too).
  static let marker = "Choice 2"

  func run() throws(BenchError) -> Report.Figure {
    let folder = try TextFile.temporaryFolder(in: configuration.work, prefix: "peer")
    Self.raiseArgumentLimit()
    var details = [
      "Each program runs on a pseudo-terminal of 80×24 (`TERM=xterm`); the time runs from "
        + "just before `posix_spawn` until the terminal has shown the list: for whiptail, "
        + "`\(Self.marker)` and the `<Cancel>` button it draws last; for settei, "
        + "`\(Self.marker)` and the list's prompt. whiptail gets the choices as arguments "
        + "(`whiptail --title Bench --radiolist 'Pick one' 20 70 12 v1 'Choice 1' ON v2 "
        + "'Choice 2' OFF …`); settei gets a generated JSON schema whose root page holds one "
        + "`PSMultiValueSpecifier` with as many titles and values, waits for its root screen, "
        + "and is sent `1` and Enter to open the list — so settei's time includes its first "
        + "screen, the round trip of one command, and the list. The two programs take turns "
        + "to go first; the ratio is the median of each pair's ratio.",
      "",
      "| choices | pairs | whiptail | settei | settei ÷ whiptail |",
      "| --- | --- | --- | --- | --- |",
    ]
    var commands: [String] = []
    var ahead = true
    var headline: [String] = []
    let sizes = [
      (10, configuration.peerSmallPairs),
      (configuration.peerLargeRows, configuration.peerLargePairs),
    ]
    for (rows, pairs) in sizes {
      let schema = folder + "/choices-\(rows).json"
      try TextFile.write(Self.schema(choices: rows), to: schema)
      let setteiArguments = ["--schema", schema, "--store", folder + "/peer.json"]
      let whiptailArguments = Self.whiptailArguments(choices: rows)
      var setteiTimes: [Double] = []
      var whiptailTimes: [Double] = []
      for pair in 0..<pairs + (rows <= 10 ? 3 : 0) {
        var settei = 0.0
        var whiptail: Double?
        if pair % 2 == 0 {
          settei = try timeSettei(setteiArguments, folder: folder)
          whiptail = try timeWhiptail(whiptailArguments)
        } else {
          whiptail = try timeWhiptail(whiptailArguments)
          settei = try timeSettei(setteiArguments, folder: folder)
        }
        if pair >= (rows <= 10 ? 3 : 0) {
          setteiTimes.append(settei)
          whiptailTimes.append(whiptail ?? .infinity)
        }
      }
      let ratio = Statistics.medianRatio(setteiTimes, whiptailTimes)
      if !(ratio < 1) { ahead = false }
      headline.append("\(Format.grouped(rows)): \(Format.ratio(ratio))")
      let whiptailMedian = Statistics.median(whiptailTimes)
      details.append(
        "| \(Format.grouped(rows)) | \(pairs) | "
          + (whiptailMedian.isFinite
            ? Format.milliseconds(whiptailMedian)
            : "> \(Format.fixed(configuration.peerTimeout, 0)) s") + " | "
          + "\(Format.milliseconds(Statistics.median(setteiTimes))) | \(Format.ratio(ratio)) |")
      commands.append(
        "TERM=xterm " + Shell.quote(configuration.settei) + " "
          + setteiArguments.map(Shell.quote).joined(separator: " ") + "   # then type 1, Enter")
      let shown = whiptailArguments.prefix(14).map(Shell.quote).joined(separator: " ")
      commands.append(
        "TERM=xterm \(configuration.whiptail ?? "whiptail") \(shown) …   # \(Format.grouped(rows)) choices"
      )
    }
    details += [
      "",
      "whiptail (newt) builds its list item by item in a way that grows faster than the "
        + "list: 30,000 choices take about 3 s and 100,000 about 100 s on this machine, so "
        + "the large size runs \(configuration.peerLargePairs) pair(s). settei reads the "
        + "whole schema and localizes every choice title when the list opens (O(n)), but "
        + "renders only one page.",
    ]
    return Report.Figure(
      number: 6, title: "Peer: whiptail",
      result: "settei ÷ whiptail " + headline.joined(separator: "; "),
      target: "< 1× at both sizes", meetsTarget: ahead, details: details, commands: commands)
  }

  private var terminalEnvironment: [String: String] {
    var environment = configuration.environment
    environment["TERM"] = "xterm"
    return environment
  }

  /// Seconds until settei shows the list, after `1` opened it from the root screen.
  private func timeSettei(_ arguments: [String], folder: String) throws(BenchError) -> Double {
    let start = MonotonicClock.now()
    do {
      let terminal = try PseudoTerminal(
        executable: configuration.settei, arguments: arguments, environment: terminalEnvironment)
      try terminal.waitFor("Bench> ", timeout: configuration.peerTimeout)
      terminal.send("1\r")
      try terminal.waitUntil("the list", timeout: configuration.peerTimeout) { output in
        output.contains(Self.marker) && output.contains("Pick one> ")
      }
      let seconds = MonotonicClock.now() - start
      terminal.send("quit!\r")
      _ = try? terminal.waitForExit(timeout: 10)
      return seconds
    } catch {
      throw BenchError("settei on a pseudo-terminal: \(error)")
    }
  }

  /// Seconds until whiptail shows the list; `nil` if it did not within the time-out.
  private func timeWhiptail(_ arguments: [String]) throws(BenchError) -> Double? {
    guard let whiptail = configuration.whiptail else { return nil }
    let start = MonotonicClock.now()
    do {
      let terminal = try PseudoTerminal(
        executable: whiptail, arguments: arguments, environment: terminalEnvironment)
      do {
        try terminal.waitUntil("the list", timeout: configuration.peerTimeout) { output in
          output.contains(Self.marker) && output.contains("<Cancel>")
        }
      } catch {
        return nil
      }
      return MonotonicClock.now() - start
    } catch {
      throw BenchError("whiptail on a pseudo-terminal: \(error)")
    }
  }

  static func whiptailArguments(choices: Int) -> [String] {
    var arguments = ["--title", "Bench", "--radiolist", "Pick one", "20", "70", "12"]
    arguments.reserveCapacity(arguments.count + 3 * choices)
    for index in 1...choices {
      arguments += ["v\(index)", "Choice \(index)", index == 1 ? "ON" : "OFF"]
    }
    return arguments
  }

  /// A JSON schema whose root page holds one multi-value setting of `choices` choices.
  static func schema(choices: Int) -> String {
    var titles = ""
    var values = ""
    titles.reserveCapacity(choices * 14)
    values.reserveCapacity(choices * 10)
    for index in 1...choices {
      if index > 1 {
        titles += ", "
        values += ", "
      }
      titles += "\"Choice \(index)\""
      values += "\"v\(index)\""
    }
    return """
      {
        "Title": "Bench",
        "PreferenceSpecifiers": [
          {
            "Type": "PSMultiValueSpecifier", "Title": "Pick one", "Key": "choice",
            "DefaultValue": "v1",
            "Titles": [\(titles)],
            "Values": [\(values)]
          }
        ]
      }

      """
  }

  /// Lets a program take 100,000 choices as arguments: the kernel allows arguments up to a
  /// quarter of the stack limit, which children inherit.
  static func raiseArgumentLimit() {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_STACK.rawValue), &limit) == 0 else { return }
    // RLIM_INFINITY is all ones, which Swift cannot import as an unsigned literal; it is
    // larger than `wanted` anyway, so `min` keeps the finite limits right.
    let wanted: rlim_t = 256 << 20
    if limit.rlim_cur < wanted {
      limit.rlim_cur = min(wanted, limit.rlim_max)
      _ = setrlimit(Int32(RLIMIT_STACK.rawValue), &limit)
    }
  }
}
