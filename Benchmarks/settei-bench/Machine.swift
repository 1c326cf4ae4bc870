#if canImport(Glibc)
  import Glibc
#endif

/// The machine the figures were taken on, as the report states it.
struct Machine {
  var processors: Int
  var cpuModel: String
  var memory: String
  var kernel: String
  var swiftVersion: String
  var date: String

  /// Reads the machine's facts from the C library, `/proc` and `swift --version`.
  static func current(environment: [String: String]) -> Machine {
    let cpuInfo = (try? TextFile.read("/proc/cpuinfo")) ?? ""
    let model =
      cpuInfo.split(separator: "\n").first { $0.hasPrefix("model name") }
      .flatMap { $0.split(separator: ":", maxSplits: 1).last }
      .map { $0.trimmingSpaces() } ?? "unknown"
    let memInfo = (try? TextFile.read("/proc/meminfo")) ?? ""
    let totalKiB =
      memInfo.split(separator: "\n").first { $0.hasPrefix("MemTotal:") }
      .flatMap { line in line.split(separator: " ").dropFirst().first.flatMap { Int($0) } } ?? 0
    var names = utsname()
    uname(&names)
    let release = withUnsafeBytes(of: &names.release) { buffer in
      String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
    }
    let machineName = withUnsafeBytes(of: &names.machine) { buffer in
      String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
    }
    var swiftVersion = "unknown"
    if let swift = Executables.find("swift", environment: environment) {
      let probe = ChildProcess(
        executable: swift, arguments: ["--version"], environment: environment,
        output: .capture, errorOutput: .capture)
      if let result = try? probe.run(), result.status == 0 {
        swiftVersion =
          result.output.split(separator: "\n").first { $0.contains("Swift version") }
          .map { String($0) } ?? swiftVersion
      }
    }
    return Machine(
      processors: sysconf(Int32(_SC_NPROCESSORS_ONLN)),
      cpuModel: model,
      memory: Format.fixed(Double(totalKiB) / 1024 / 1024, 1) + " GiB",
      kernel: "Linux \(release) \(machineName)",
      swiftVersion: swiftVersion,
      date: Self.utcNow())
  }

  private static func utcNow() -> String {
    var now = time(nil)
    var parts = tm()
    gmtime_r(&now, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) "
      + "\(two(parts.tm_hour)):\(two(parts.tm_min)) UTC"
  }
}

/// Finding programs on `PATH`.
enum Executables {
  /// The first executable file named `name` in the folders of `PATH`.
  static func find(_ name: String, environment: [String: String]) -> String? {
    if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
    let path = environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      let candidate = folder + "/" + name
      if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces and tabs.
  func trimmingSpaces() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" }
    guard let start = firstIndex(where: { !isSpace($0) }),
      let end = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[start...end])
  }
}
