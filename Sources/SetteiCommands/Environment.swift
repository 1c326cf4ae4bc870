#if canImport(Glibc)
  import Glibc
#endif

/// The environment variables settei reads, taken once at start.
public struct Environment: Sendable {
  public var values: [String: String]

  static let names = [
    "HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "LC_ALL", "LC_MESSAGES", "LANG", "NO_COLOR",
    "TERM", "COLUMNS", "LINES",
  ]

  public static func current() -> Environment {
    var values: [String: String] = [:]
    for name in names {
      if let value = getenv(name) { values[name] = String(cString: value) }
    }
    return Environment(values: values)
  }

  public init(values: [String: String]) {
    self.values = values
  }

  subscript(name: String) -> String? {
    values[name].flatMap { $0.isEmpty ? nil : $0 }
  }

  /// `$XDG_STATE_HOME/settei`, else `~/.local/state/settei`; `nil` without a home.
  var stateFolder: String? {
    if let base = self["XDG_STATE_HOME"], base.hasPrefix("/") { return base + "/settei" }
    return self["HOME"].map { $0 + "/.local/state/settei" }
  }

  /// `$XDG_CONFIG_HOME/settei/<file>`, else `~/.config/settei/<file>`; `nil` without a home.
  func configPath(_ file: String) -> String? {
    if let base = self["XDG_CONFIG_HOME"], base.hasPrefix("/") { return base + "/settei/" + file }
    return self["HOME"].map { $0 + "/.config/settei/" + file }
  }
}
