/// Where a program keeps its files, by the XDG Base Directory Specification: a variable
/// that holds an absolute path, else a folder in the home folder. An empty or relative
/// value counts as unset, as the specification says.
package enum XDGFolders {
  /// `$XDG_STATE_HOME/<program>`, else `$HOME/.local/state/<program>`: history, recovery
  /// files, what the program remembers between runs. `nil` without a home.
  package static func state(of program: String, environment: [String: String]) -> String? {
    folder("XDG_STATE_HOME", else: ".local/state", of: program, environment: environment)
  }

  /// `$XDG_CONFIG_HOME/<program>`, else `$HOME/.config/<program>`: the user's settings.
  /// `nil` without a home.
  package static func config(of program: String, environment: [String: String]) -> String? {
    folder("XDG_CONFIG_HOME", else: ".config", of: program, environment: environment)
  }

  /// `$XDG_CACHE_HOME/<program>`, else `$HOME/.cache/<program>`: what the program can make
  /// again, kept to be faster. `nil` without a home.
  package static func cache(of program: String, environment: [String: String]) -> String? {
    folder("XDG_CACHE_HOME", else: ".cache", of: program, environment: environment)
  }

  private static func folder(
    _ variable: String, else inHome: String, of program: String,
    environment: [String: String]
  ) -> String? {
    if let base = environment[variable], base.hasPrefix("/") { return base + "/" + program }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return home + "/" + inHome + "/" + program
  }
}
