import GSettingsKit

extension Options {
  /// The verbs that take `--gsettings`; alone, it opens the REPL.
  static let gsettingsVerbs = ["get", "set", "reset", "list"]

  /// Checks a command line with `--gsettings`: only the REPL and the verbs of
  /// ``gsettingsVerbs``, none of the options that name a schema, a store or a device, and
  /// `list` may name a schema (taken out of `positionals` into ``gsettingsListSchema``).
  mutating func checkGSettings(
    positionals: inout [String], json: Bool, format: String?, language: String
  ) throws(UsageError) {
    let words = GSettingsMessages.forLanguage(language)
    if let verb = positionals.first, !Self.gsettingsVerbs.contains(verb) {
      throw UsageError(message: words.text(.commandsOnly, verb))
    }
    let named: [(Bool, String)] = [
      (schemaPath != nil, "--schema"), (storePath != nil, "--store"), (inApp, "--in-app"),
      (idiom != .phone, "--idiom"), (title != nil, "--title"), (json, "--json"),
      (format != nil, "--format"), (recover, "--recover"),
    ]
    if let option = named.first(where: { $0.0 })?.1 {
      throw UsageError(message: words.text(.optionsOnly, option))
    }
    if positionals.first == "list", positionals.count == 2 {
      gsettingsListSchema = positionals.removeLast()
    }
  }
}
