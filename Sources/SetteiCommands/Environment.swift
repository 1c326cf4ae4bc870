import SystemIO

#if canImport(Glibc)
  import Glibc
#endif

/// The environment variables settei reads, taken once at start.
package struct Environment: Sendable {
  package var values: [String: String]

  static let names = [
    "HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "LC_ALL", "LC_MESSAGES", "LANG", "NO_COLOR",
    "TERM", "COLUMNS", "LINES",
  ]

  package static func current() -> Environment {
    var values: [String: String] = [:]
    for name in names {
      if let value = getenv(name) { values[name] = String(cString: value) }
    }
    return Environment(values: values)
  }

  package init(values: [String: String]) {
    self.values = values
  }

  subscript(name: String) -> String? {
    values[name].flatMap { $0.isEmpty ? nil : $0 }
  }

  /// `$XDG_STATE_HOME/settei`, else `~/.local/state/settei`; `nil` without a home.
  var stateFolder: String? { XDGFolders.state(of: "settei", environment: values) }

  /// `$XDG_CONFIG_HOME/settei/<file>`, else `~/.config/settei/<file>`; `nil` without a home.
  func configPath(_ file: String) -> String? {
    XDGFolders.config(of: "settei", environment: values).map { $0 + "/" + file }
  }
}
