import SettingsStorage
import SystemIO
import TableREPL

#if canImport(Glibc)
  import Glibc
#endif

/// The environment variables settei reads, taken once at start.
package struct Environment: Sendable {
  package var values: [String: String]

  static let names = [
    "HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "LC_ALL", "LC_MESSAGES", "LANG", "NO_COLOR",
    "TERM", "COLUMNS", "LINES", "SETTEI_SAVES_KEPT",
    // Where GIO finds its schemas, whose XML `--gsettings` reads for titles and lint.
    "GSETTINGS_SCHEMA_DIR", "XDG_DATA_HOME", "XDG_DATA_DIRS",
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

  /// Where the listings of large bundle folders are kept between runs:
  /// `$XDG_CACHE_HOME/settei/folders`, else `~/.cache/settei/folders`; `nil` without a home.
  var folderListingCache: FolderListingCache? {
    XDGFolders.cache(of: "settei", environment: values).map {
      FolderListingCache(folder: $0 + "/folders")
    }
  }

  /// How many earlier saves of each store to keep: `SETTEI_SAVES_KEPT` (0 to 1,000; 0 keeps
  /// none), else 50.
  var savesKept: Int {
    guard let text = self["SETTEI_SAVES_KEPT"], let number = TypedNumber(text)?.value,
      (0...1000).contains(number)
    else { return SettingsStore.earlierSavesKept }
    return number
  }

  /// `$XDG_CONFIG_HOME/settei/<file>`, else `~/.config/settei/<file>`; `nil` without a home.
  func configPath(_ file: String) -> String? {
    XDGFolders.config(of: "settei", environment: values).map { $0 + "/" + file }
  }
}
