import Testing

@testable import TextSafety

/// A catalog's templates and how they are filled, apart from any program's words.
@Suite struct MessageCatalogTemplateTests {
  enum Key: Int, MessageKey { case saved, percent, plain }

  let english = MessageCatalog<Key>(
    language: "en",
    templates: ["Saved %1$@ to %2$@.", "%@%% done, %@ left", "Nothing to save."])
  let japanese = MessageCatalog<Key>(
    language: "ja", templates: ["%2$@ に %1$@を保存しました。", "%@%% 完了、残り %@", "保存するものはありません。"])

  @Test func numberedPlaceholdersLetALanguageOrderTheSentence() {
    #expect(english.text(.saved, "1 change", "s.json") == "Saved 1 change to s.json.")
    #expect(japanese.text(.saved, "1 件の変更", "s.json") == "s.json に 1 件の変更を保存しました。")
  }

  @Test func unnumberedPlaceholdersFillInOrderAndPercentIsDoubled() {
    #expect(english.text(.percent, "40", "3 files") == "40% done, 3 files left")
    #expect(english.text(.plain) == "Nothing to save.")
  }

  @Test func aPlaceholderWithoutAnArgumentStaysAsWritten() {
    #expect(english.text(.saved, "1 change") == "Saved 1 change to %2$@.")
  }

  @Test func anArgumentIsNeverReadAsATemplate() {
    #expect(english.text(.saved, "%2$@", "100%") == "Saved %2$@ to 100%.")
  }

  @Test func aProgramMayReplaceOneTemplate() {
    var catalog = english
    catalog[.plain] = "No changes."
    #expect(catalog.text(.plain) == "No changes.")
    #expect(catalog[.saved] == english[.saved])
  }

  @Test func placeholdersAreListedAsWritten() {
    #expect(MessageCatalog<Key>.placeholders(in: english[.saved]) == ["%1$@", "%2$@"])
    #expect(MessageCatalog<Key>.placeholders(in: english[.percent]) == ["%@", "%@"])
    #expect(MessageCatalog<Key>.placeholders(in: "100%% sure") == [])
  }

  /// What is not a placeholder stays text: a lone `%` or one at the end, `%$@`, a number
  /// without `$@`, and a `%` before text outside ASCII.
  @Test(
    arguments: [
      ("100% sure", [("100% sure", nil)]),
      ("at the end %", [("at the end %", nil)]),
      ("%$@ x", [("%$@ x", nil)]),
      ("%12 items", [("%12 items", nil)]),
      ("%3$ only", [("%3$ only", nil)]),
      ("%é %2$@!", [("%é ", 1), ("!", nil)]),
      ("%%%@%10$@", [("%", 0), ("", 9), ("", nil)]),
      ("%1234567890$@", [("%1234567890$@", nil)]),
    ] as [(String, [(String, Int?)])])
  func textThatIsNoPlaceholderStaysText(_ template: String, _ expected: [(String, Int?)]) {
    let segments = MessageCatalog<Key>.segments(of: template)
    #expect(segments.map(\.text) == expected.map(\.0), "\(template)")
    #expect(segments.map { $0.argument?.index } == expected.map(\.1), "\(template)")
  }

  @Test(arguments: [
    ("ja", "ja"), ("ja-JP", "ja"), ("ja_JP", "ja"), ("EN-us", "en"), ("", ""),
    // Read as a language tag reads them: a locale name, an old folder name, C.
    ("ja_JP.UTF-8", "ja"), ("Japanese", "ja"), ("C", "en"), ("x-private", ""),
  ])
  func theBaseLanguageOfATag(_ tag: String, _ base: String) {
    #expect(MessageCatalog<Key>.baseLanguage(tag) == base)
    #expect(MessageCatalog<Key>.baseLanguage(tag) == LanguageTag(tag)?.language ?? "")
  }

  @Test(arguments: [
    ("zh_TW.UTF-8", "zh-Hant"), ("zh-HK", "zh-Hant"), ("zh-Hant-CN", "zh-Hant"),
    ("zh-Hans-TW", "zh-Hans"), ("zh", "zh-Hans"), ("pt_PT.UTF-8", "pt-PT"), ("pt-BR", "pt-BR"),
    ("es-419", "es-419"), ("sr-Latn-RS", "sr-RS"), ("de", "de"), ("English", "en"), ("", ""),
  ])
  func theRegionalLanguageOfATag(_ tag: String, _ regional: String) {
    #expect(MessageCatalog<Key>.regionalLanguage(tag) == regional)
  }
}
