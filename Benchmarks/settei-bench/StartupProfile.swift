/// Where a start's instructions go, read from its callgrind profile with
/// `callgrind_annotate --inclusive=yes`: a table for figures 9 and 10, made again by every run
/// so that it describes the code measured.
///
/// Each row is a function's inclusive count (what it and everything it calls executed). The
/// first rows split the whole run: the dynamic loader before `main` (or, with the C library
/// linked in, the binary relocating itself), the C library's and the Swift runtime's start
/// (their constructors), settei's `main`, and the rest (the loader's entry, the exit). The rows under `main` are the parts of the run that matter for a start;
/// those marked "within" are spread over the rows above them.
struct StartupProfile {
  /// A row: what it is, and the functions whose inclusive counts it adds (the first symbol
  /// found by a part of its name).
  private struct Row {
    var label: String
    var functions: [String]
    /// Whether the row is part of another (indented in the table).
    var isPart = false
  }

  /// The rows, in the order of the table.
  private static let rows: [Row] = [
    Row(
      label: "dynamic loader before `main`, with the C library shared: mapping libc and "
        + "libm, relocating, binding (`_dl_start`)",
      functions: ["_dl_start"]),
    Row(
      label: "of which relocation: the binary's packed relative pointers, libc's and "
        + "libm's own (`_dl_relocate_object`)",
      functions: ["_dl_relocate_object"], isPart: true),
    Row(
      label: "the binary relocating itself, with the C library linked in: its packed "
        + "relative pointers (`_dl_relocate_static_pie`)",
      functions: ["_dl_relocate_static_pie"]),
    Row(
      label: "C library and Swift runtime start: their constructors, the runtime's sections "
        + "registered, the backtracer's set-up (`__libc_start_main` less `settei_main` "
        + "and the relocation)",
      functions: []),
    Row(label: "settei's `main` (`settei_main`)", functions: ["settei_main"]),
    Row(
      label: "the built-in schema made (`EmbeddedSchema.compiled`)",
      functions: ["SchemaKit08EmbeddedA0O8compiled"], isPart: true),
    Row(
      label: "the store read (`SettingsStore.load`)",
      functions: ["SettingsStorage0A5StoreC4load4path"], isPart: true),
    Row(
      label: "the settings model (`SettingsModel.init`)",
      functions: ["SettingsKit0A5ModelC6schema12storedValues8language"], isPart: true),
    Row(
      label: "the REPL: its commands, the first screen's layout and rendering "
        + "(`TerminalApp.run`)",
      functions: ["TableREPL11TerminalAppO3run_13configuration"], isPart: true),
    Row(
      label: "within: generic types' run-time metadata made at first use "
        + "(`swift_getCanonicalPrespecializedGenericMetadata`, `swift_getGenericMetadata`)",
      functions: ["swift_getCanonicalPrespecializedGenericMetadata", "swift_getGenericMetadata"],
      isPart: true),
    Row(
      label: "within: the C library's functions bound at their first call, with it shared "
        + "(`_dl_runtime_resolve_xsave`)",
      functions: ["_dl_runtime_resolve_xsave"], isPart: true),
  ]

  /// The table's lines (Markdown), or `nil` when the profile cannot be read.
  ///
  /// - Parameters:
  ///   - profile: A callgrind profile of settei.
  ///   - annotate: The `callgrind_annotate` script.
  ///   - environment: Its environment (it is a Perl script found on the `PATH`).
  /// - Returns: The table's lines.
  static func table(profile: String, annotate: String, environment: [String: String])
    -> [String]?
  {
    let process = ChildProcess(
      executable: annotate, arguments: ["--inclusive=yes", "--threshold=100", profile],
      environment: environment, output: .capture, errorOutput: .discard)
    guard let result = try? process.run(), result.status == 0 else { return nil }
    let counts = inclusiveCounts(result.output)
    guard let total = counts["PROGRAM TOTALS"], total > 0 else { return nil }
    func count(_ part: String) -> Int? {
      // The function of that very name, else the largest count of one whose (mangled) name
      // holds `part`: a function shows up once per file its lines are attributed to, each
      // time with its whole inclusive count.
      counts[part] ?? counts.filter { $0.key.contains(part) }.values.max()
    }
    var lines = [
      "| where (callgrind, inclusive instructions) | instructions | share |",
      "| --- | ---: | ---: |",
    ]
    func line(_ label: String, _ value: Int?, isPart: Bool) {
      let shown = value.map(Format.grouped) ?? "–"
      let share = value.map { Format.fixed(100 * Double($0) / Double(total), 1) + "%" } ?? ""
      lines.append("| \(isPart ? "— " : "")\(label) | \(shown) | \(share) |")
    }
    var accounted = 0
    for row in rows {
      let value: Int?
      if row.functions.isEmpty {
        // The start before main: the C library's start (callgrind's `(below main)` when
        // it is linked in) less settei's main and the binary's relocation of itself.
        let start = count("__libc_start_main") ?? counts["(below main)"]
        value = start.flatMap { start in
          count("settei_main").map { start - $0 - (count("_dl_relocate_static_pie") ?? 0) }
        }
      } else {
        let found = row.functions.compactMap(count)
        value = found.isEmpty ? nil : found.reduce(0, +)
      }
      if !row.isPart, let value { accounted += value }
      line(row.label, value, isPart: row.isPart)
    }
    line("the rest: the loader's entry and the exit", total - accounted, isPart: false)
    lines.append("| **total** | **\(Format.grouped(total))** | 100.0% |")
    return lines
  }

  /// Each function's inclusive count in `callgrind_annotate` output, by its name (without
  /// the file before it and the object after it), and the total as `PROGRAM TOTALS`.
  ///
  /// - Parameter output: What `callgrind_annotate --inclusive=yes` printed.
  /// - Returns: The counts by name.
  static func inclusiveCounts(_ output: String) -> [String: Int] {
    var counts: [String: Int] = [:]
    for line in output.split(separator: "\n") {
      // `  1,234 (12.34%)  file:function [object]`, or `1,234 (100.0%)  PROGRAM TOTALS`.
      let trimmed = line.drop { $0 == " " }
      guard let space = trimmed.firstIndex(of: " "),
        let number = Int(trimmed[..<space].filter { $0 != "," })
      else { continue }
      var rest = trimmed[space...].drop { $0 == " " }
      guard rest.first == "(", let close = rest.firstIndex(of: ")") else { continue }
      rest = rest[rest.index(after: close)...].drop { $0 == " " }
      if let bracket = rest.lastIndex(of: "[") { rest = rest[..<bracket] }
      var name = String(rest)
      while name.last == " " { name.removeLast() }
      if let colon = name.firstIndex(of: ":"), name != "PROGRAM TOTALS" {
        name = String(name[name.index(after: colon)...])
      }
      counts[name] = max(counts[name] ?? 0, number)
    }
    return counts
  }
}
