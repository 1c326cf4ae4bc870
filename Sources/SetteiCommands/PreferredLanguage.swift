import SchemaKit

/// Which language to show a schema in.
enum PreferredLanguage {
  /// The language from `--lang`, else from `LC_ALL`, `LC_MESSAGES` or `LANG` (the first that
  /// is set and not empty), else English. `ja_JP.UTF-8` gives `ja-JP`, `zh_TW.UTF-8`
  /// `zh-Hant-TW`; `C` and `POSIX` give `en`.
  static func resolve(option: String?, environment: [String: String]) -> String {
    if let option, !option.isEmpty { return normalized(option) }
    for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
      if let value = environment[name], !value.isEmpty { return normalized(value) }
    }
    return "en"
  }

  /// `ja_JP.UTF-8@x` → `ja-JP`; `zh_TW` → `zh-Hant-TW`; `PT-br` → `pt-BR`; `C`/`POSIX` →
  /// `en`. A code that is no language tag is kept as written, to be named in messages.
  static func normalized(_ value: String) -> String {
    LanguageTag(value)?.identifier ?? value
  }
}
