import Testing

@testable import settei

@Suite struct PreferredLanguageTests {
  @Test(
    arguments: [
      (nil, ["LANG": "ja_JP.UTF-8"], "ja"), ("en", ["LANG": "ja_JP.UTF-8"], "en"),
      (nil, ["LC_ALL": "de_DE.UTF-8", "LANG": "ja_JP.UTF-8"], "de"),
      (nil, ["LC_MESSAGES": "fr_FR", "LANG": "ja_JP.UTF-8"], "fr"), (nil, ["LANG": "C"], "en"),
      (nil, ["LANG": "C.UTF-8"], "en"), (nil, [:], "en"), ("ja-JP", [:], "ja"),
      (nil, ["LC_ALL": "", "LANG": "ja_JP"], "ja"),
    ] as [(String?, [String: String], String)])
  func resolves(option: String?, environment: [String: String], expected: String) {
    #expect(PreferredLanguage.resolve(option: option, environment: environment) == expected)
  }
}
