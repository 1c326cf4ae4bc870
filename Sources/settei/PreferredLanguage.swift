/// Which language to show a schema in.
enum PreferredLanguage {
  /// The language from `--lang`, else from `LC_ALL`, `LC_MESSAGES` or `LANG` (the first that
  /// is set and not empty), else English. `ja_JP.UTF-8` gives `ja`; `C` and `POSIX` give `en`.
  static func resolve(option: String?, environment: [String: String]) -> String {
    if let option, !option.isEmpty { return normalized(option) }
    for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
      if let value = environment[name], !value.isEmpty { return normalized(value) }
    }
    return "en"
  }

  /// `ja_JP.UTF-8@x` → `ja`; `pt-BR` → `pt`; `C`/`POSIX` → `en`.
  static func normalized(_ value: String) -> String {
    let base = value.split(whereSeparator: { "._-@".contains($0) }).first.map(String.init) ?? ""
    if base.isEmpty || base == "C" || base == "POSIX" { return "en" }
    return base.lowercased()
  }
}
