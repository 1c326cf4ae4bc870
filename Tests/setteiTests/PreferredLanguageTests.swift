import Testing

@testable import SetteiCommands

@Suite struct PreferredLanguageTests {
  @Test(
    arguments: [
      (nil, ["LANG": "ja_JP.UTF-8"], "ja-JP"), ("en", ["LANG": "ja_JP.UTF-8"], "en"),
      (nil, ["LC_ALL": "de_DE.UTF-8", "LANG": "ja_JP.UTF-8"], "de-DE"),
      (nil, ["LC_MESSAGES": "fr_FR", "LANG": "ja_JP.UTF-8"], "fr-FR"), (nil, ["LANG": "C"], "en"),
      (nil, ["LANG": "C.UTF-8"], "en"), (nil, [:], "en"), ("ja-JP", [:], "ja-JP"),
      (nil, ["LC_ALL": "", "LANG": "ja_JP"], "ja-JP"), (nil, ["LANG": "zh_TW.UTF-8"], "zh-Hant-TW"),
      ("zh_CN", [:], "zh-Hans-CN"), ("PT-br", [:], "pt-BR"), ("zh-hant", [:], "zh-Hant"),
      ("es_419", [:], "es-419"), ("de_DE@euro", [:], "de-DE"),
    ] as [(String?, [String: String], String)])
  func resolves(option: String?, environment: [String: String], expected: String) {
    #expect(PreferredLanguage.resolve(option: option, environment: environment) == expected)
  }
}
