/// The environment of a program run by a test: a private HOME and XDG folders, a fixed
/// language, and `extra` on top.
///
/// - Parameters:
///   - home: The home folder; state and configuration go in `state` and `config` in it.
///   - language: The `LANG`.
///   - extra: Variables to add or replace.
/// - Returns: The whole environment (nothing is inherited).
public func testEnvironment(
  home: String, language: String = "C.UTF-8", extra: [String: String] = [:]
) -> [String: String] {
  var environment = [
    "HOME": home, "XDG_CONFIG_HOME": home + "/config", "XDG_STATE_HOME": home + "/state",
    "LANG": language, "PATH": "/usr/bin:/bin", "TERM": "xterm-256color",
  ]
  environment.merge(extra) { $1 }
  return environment
}

/// Runs the built settei to its end on pipes, with `script` on its standard input and
/// ``testEnvironment(home:language:extra:)``: the one way the tests run settei whole.
///
/// - Returns: The exit status and what settei wrote.
/// - Throws: ``RunError`` when settei cannot be started.
public func runSettei(
  _ arguments: [String], script: String = "", home: String, language: String = "C.UTF-8",
  extra: [String: String] = [:]
) throws -> ProcessResult {
  try runProcess(
    BuildProducts.settei ?? "settei-not-built", arguments, input: Array(script.utf8),
    environment: testEnvironment(home: home, language: language, extra: extra))
}
