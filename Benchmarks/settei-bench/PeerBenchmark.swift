import Glibc
import TestSupport

/// Figure 6: time to the first screen of a list of choices through a pseudo-terminal,
/// `whiptail --radiolist` against settei showing as many choices: as the first screen (a
/// radio group, the same kind of list) and one command away (a multi-value list opened with
/// `1`).
struct PeerBenchmark {
  let configuration: BenchConfiguration

  /// The text every program shows once the list is on screen: the second choice's title
  /// (the first is the chosen value, which settei's root screen shows as the multi-value's
  /// detail).
  static let marker = "Choice 2"

  /// The programs compared, in the order they take turns.
  private enum Contender: CaseIterable {
    case whiptail, radioGroup, multiValue
  }

  func run() throws(BenchError) -> Report.Figure {
    let folder = try TextFile.temporaryFolder(in: configuration.work, prefix: "peer")
    Self.raiseArgumentLimit()
    var details = [
      "Each program runs on a pseudo-terminal of 80×24 (`TERM=xterm`); the time runs from "
        + "just before `posix_spawn` until the terminal shows the list: for whiptail, "
        + "`\(Self.marker)` and the `<Cancel>` button it draws last; for settei, "
        + "`\(Self.marker)` and the prompt that follows the screen. whiptail gets the choices "
        + "as arguments (`whiptail --title Bench --radiolist 'Pick one' 20 70 12 v1 'Choice 1' "
        + "ON v2 'Choice 2' OFF …`). settei gets a generated JSON schema with as many titles "
        + "and values: a `PSRadioGroupSpecifier` on the root page is a list of choices on the "
        + "first screen, like whiptail's (the fair comparison); a `PSMultiValueSpecifier` is a "
        + "row that opens its list, so settei waits for its root screen, is sent `1` and Enter, "
        + "and its time includes a first screen and the round trip of a command. The programs "
        + "take turns to go first; a ratio is the median of each round's ratio.",
      "",
      "| choices | rounds | whiptail | settei, radio group (first screen) | ratio "
        + "| settei, multi-value (`1`, Enter) | ratio |",
      "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    var commands: [String] = []
    var ahead = true
    var headline: [String] = []
    let sizes = [
      (10, configuration.peerSmallPairs),
      (configuration.peerLargeRows, configuration.peerLargePairs),
    ]
    for (rows, rounds) in sizes {
      let radioSchema = folder + "/radio-\(rows).json"
      let multiValueSchema = folder + "/multi-value-\(rows).json"
      try TextFile.write(Self.schema(choices: rows, type: "PSRadioGroupSpecifier"), to: radioSchema)
      try TextFile.write(
        Self.schema(choices: rows, type: "PSMultiValueSpecifier"), to: multiValueSchema)
      let radioArguments = ["--schema", radioSchema, "--store", folder + "/peer.json"]
      let multiValueArguments = ["--schema", multiValueSchema, "--store", folder + "/peer.json"]
      let whiptailArguments = Self.whiptailArguments(choices: rows)
      let warmUp = rows <= 10 ? 3 : 0
      var times: [Contender: [Double]] = [:]
      for round in 0..<rounds + warmUp {
        let order = Contender.allCases
        for step in 0..<order.count {
          let contender = order[(round + step) % order.count]
          let seconds: Double
          switch contender {
          case .whiptail: seconds = try timeWhiptail(whiptailArguments) ?? .infinity
          case .radioGroup: seconds = try timeSettei(radioArguments, opening: false)
          case .multiValue: seconds = try timeSettei(multiValueArguments, opening: true)
          }
          if round >= warmUp { times[contender, default: []].append(seconds) }
        }
      }
      let whiptailTimes = times[.whiptail] ?? []
      let radioTimes = times[.radioGroup] ?? []
      let multiValueTimes = times[.multiValue] ?? []
      let radioRatio = Statistics.medianRatio(radioTimes, whiptailTimes)
      let multiValueRatio = Statistics.medianRatio(multiValueTimes, whiptailTimes)
      if !(radioRatio < 1) { ahead = false }
      headline.append(
        "\(Format.grouped(rows)): \(Format.ratio(radioRatio)) (\(Format.ratio(multiValueRatio)) "
          + "one command away)")
      let whiptailMedian = Statistics.median(whiptailTimes)
      details.append(
        "| \(Format.grouped(rows)) | \(rounds) | "
          + (whiptailMedian.isFinite
            ? Format.milliseconds(whiptailMedian)
            : "> \(Format.fixed(configuration.peerTimeout, 0)) s") + " | "
          + "\(Format.milliseconds(Statistics.median(radioTimes))) | \(Format.ratio(radioRatio)) | "
          + "\(Format.milliseconds(Statistics.median(multiValueTimes))) | "
          + "\(Format.ratio(multiValueRatio)) |")
      let settei = "TERM=xterm " + Shell.quote(configuration.settei) + " "
      commands.append(settei + radioArguments.map(Shell.quote).joined(separator: " "))
      commands.append(
        settei + multiValueArguments.map(Shell.quote).joined(separator: " ")
          + "   # then type 1, Enter")
      let shown = whiptailArguments.prefix(14).map(Shell.quote).joined(separator: " ")
      commands.append(
        "TERM=xterm \(configuration.whiptail ?? "whiptail") \(shown) …   "
          + "# \(Format.grouped(rows)) choices")
    }
    details += [
      "",
      "whiptail (newt) builds its list in time that grows faster than the list (here about "
        + "3 s for 30,000 choices and 20–100 s for 100,000), so the large size runs "
        + "\(configuration.peerLargePairs) round(s). settei reads the whole schema (a JSON "
        + "text of n titles and values) and, for a multi-value list, localizes every title "
        + "when the list opens — both O(n) — but asks for and renders only the rows of one "
        + "page.",
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

  /// Seconds until settei shows the list: on its first screen, or after `1` opened it from
  /// the root screen.
  private func timeSettei(_ arguments: [String], opening: Bool) throws(BenchError) -> Double {
    let start = MonotonicClock.now()
    do {
      let terminal = try PseudoTerminal(
        executable: configuration.settei, arguments: arguments, environment: terminalEnvironment)
      if opening {
        try terminal.waitFor("Bench> ", timeout: configuration.peerTimeout)
        terminal.send("1\r")
      }
      let prompt = opening ? "Pick one> " : "Bench> "
      try terminal.waitUntil("the list", timeout: configuration.peerTimeout) { output in
        output.contains(Self.marker) && output.contains(prompt)
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

  /// A JSON schema whose root page holds one setting of `choices` choices, of a `type`
  /// (a radio group or a multi-value).
  static func schema(choices: Int, type: String) -> String {
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
            "Type": "\(type)", "Title": "Pick one", "Key": "choice",
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
