import Testing

@testable import SchemaKit

/// Which `.lproj` folder serves a language: iOS's fallback chain.
@Suite struct StringsCatalogTests {
  static let folders = [
    "Base", "en", "de", "pt", "pt-BR", "pt-PT", "es_AR", "zh-Hant", "zh-Hans", "zh-HK", "zh_TW",
  ]
  static let catalog = StringsCatalog(
    tables: Dictionary(uniqueKeysWithValues: folders.map { ($0, ["Root": ["T": $0]]) }))

  @Test(
    arguments: [
      ("zh-Hant-TW", ["zh_TW", "zh-Hant", "zh-HK", "en", "Base"]),
      ("zh_TW.UTF-8", ["zh_TW", "zh-Hant", "zh-HK", "en", "Base"]),
      ("zh-Hant", ["zh-Hant", "zh-HK", "zh_TW", "en", "Base"]),
      ("ZH-hk", ["zh-HK", "zh-Hant", "zh_TW", "en", "Base"]),
      ("zh_CN", ["zh-Hans", "en", "Base"]), ("zh-Hans-SG", ["zh-Hans", "en", "Base"]),
      ("pt-BR", ["pt-BR", "pt", "pt-PT", "en", "Base"]),
      ("pt_PT", ["pt-PT", "pt", "pt-BR", "en", "Base"]),
      ("es-AR", ["es_AR", "en", "Base"]), ("es", ["es_AR", "en", "Base"]),
      ("de-AT", ["de", "en", "Base"]), ("xx", ["en", "Base"]), ("fr", ["en", "Base"]),
    ])
  func followsTheFallbackChain(language: String, chain: [String]) {
    #expect(Self.catalog.languageChain(for: language) == chain)
    #expect(Self.catalog.localized("T", table: "Root", language: language) == chain[0])
    #expect(Self.catalog.resolved(table: "Root", language: language)["T"] == chain[0])
  }

  @Test func aKeyMissingFromTheChosenTableIsShownAsWrittenAsNSBundleDoes() {
    let catalog = StringsCatalog(tables: [
      "zh-HK": ["Root": ["GENERAL": "一般設定"]],
      "zh-Hant": ["Root": ["GENERAL": "一般", "SYNC": "同步處理"], "More": ["SYNC": "同步"]],
      "en": ["Root": ["GENERAL": "General", "SYNC": "Sync"]],
    ])
    #expect(catalog.localized("GENERAL", table: "Root", language: "zh-HK") == "一般設定")
    #expect(catalog.localized("SYNC", table: "Root", language: "zh-HK") == "SYNC")
    #expect(catalog.resolved(table: "Root", language: "zh-HK") == ["GENERAL": "一般設定"])
    // A table missing from the chosen folder is taken from the next folder that has it.
    #expect(catalog.localized("SYNC", table: "More", language: "zh-HK") == "同步")
    #expect(catalog.folder(holding: "More", for: "zh-HK") == "zh-Hant")
    #expect(catalog.folder(holding: "Other", for: "zh-HK") == nil)
  }

  @Test func oldEnglishFolderNamesAreTheirLanguages() {
    let catalog = StringsCatalog(tables: [
      "Japanese": ["Root": ["T": "日本語"]], "English": ["Root": ["T": "English"]],
    ])
    #expect(catalog.localized("T", table: "Root", language: "ja-JP") == "日本語")
    #expect(catalog.localized("T", table: "Root", language: "it") == "English")
  }

  @Test func aMissingLanguageIsNamedWithTheLanguagesThereAre() {
    #expect(Self.catalog.missingLanguage(for: "zh-Hant-TW") == nil)
    #expect(Self.catalog.missingLanguage(for: "en-GB") == nil)
    #expect(
      Self.catalog.missingLanguage(for: "fr")
        == .noText(
          language: "fr", shown: "en",
          languages: [
            "de", "en", "es_AR", "pt", "pt-BR", "pt-PT", "zh-HK", "zh-Hans", "zh-Hant", "zh_TW",
          ]))
    #expect(StringsCatalog().missingLanguage(for: "de") == .noTranslations)
  }
}
