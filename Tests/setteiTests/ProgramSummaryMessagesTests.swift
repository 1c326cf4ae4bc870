import FileFormats
import SchemaKit
import SettingsKit
import TestSupport
import Testing

@testable import SetteiCommands

/// The summary lines and notes of settei's commands come from its message catalog, so they
/// follow the language as every other line does.
@Suite struct ProgramSummaryMessagesTests {
  static let japanese = "ja_JP.UTF-8"

  @Test func countsSayOneAndMany() {
    let english = ProgramMessages.forLanguage("en")
    #expect(english.count(1, .errorsOne, .errorsMany) == "1 error")
    #expect(english.count(0, .errorsOne, .errorsMany) == "0 errors")
    #expect(english.count(3, .warningsOne, .warningsMany) == "3 warnings")
    let japanese = ProgramMessages.forLanguage("ja")
    #expect(japanese.count(1, .errorsOne, .errorsMany) == "エラー 1 件")
    #expect(japanese.count(2, .languagesOne, .languagesMany) == "2 言語")
  }

  @Test func lintSummariesFollowTheLanguage() throws {
    let sound = spec(
      "PSToggleSwitchSpecifier", key: "sound", title: "Sound", ["DefaultValue": true])
    let plain = try TestBundle(pages: ["Root": [sound]])
    let clean = try runSettei(["lint", plain.path], language: Self.japanese)
    #expect(clean.status == 0)
    #expect(clean.standardOutput == plain.path + ": 問題は見つかりませんでした。\n")
    // The switch without a DefaultValue is the one error.
    let bundle = try TestBundle(pages: StoreLintTests.pages())
    let counted = try runSettei(["lint", bundle.path], language: Self.japanese)
    #expect(counted.status == 65)
    #expect(counted.standardOutput.contains(bundle.path + ": エラー 1 件、警告 "))
    let store = bundle.folder.file("s.json")
    try writeText(#"{"legacy": 1}"#, to: store)
    let warned = try runSettei(["lint", "--store", store, bundle.path], language: Self.japanese)
    #expect(warned.standardOutput.hasSuffix("s.json: エラー 0 件、警告 1 件。\n"))
    #expect(
      warned.standardOutput.contains(
        "s.json: キー 'legacy': 警告: このスキーマにはこのキーの設定がないため、値は残りますが表示されません。修正: "),
      "\(warned.standardOutput)")
    try writeText(#"{"unit": "k"}"#, to: store)
    let wrong = try runSettei(["lint", "--store", store, bundle.path], language: Self.japanese)
    #expect(wrong.status == 65)
    #expect(
      wrong.standardOutput.contains(
        "。アプリでは代わりにデフォルト値が表示されます。修正: 許される値のどれかを保存するか、settei reset unit を実行してください。"),
      "\(wrong.standardOutput)")
    try writeText(#"{"unit": "f"}"#, to: store)
    let fine = try runSettei(["lint", "--store", store, bundle.path], language: Self.japanese)
    #expect(fine.standardOutput.hasSuffix("s.json: \(bundle.path) に合っています。\n"))
    let missing = try runSettei(
      ["lint", "--store", bundle.folder.file("none.json"), bundle.path], language: Self.japanese)
    #expect(missing.status == 65)
    #expect(missing.standardError.contains("none.json: そのようなストアはありません。"))
  }

  @Test func theTranslationsSummaryFollowsTheLanguage() throws {
    let bundle = try L10nLintTests.bundle()
    let run = try runSettei(["lint", "--l10n", bundle.path], language: Self.japanese)
    #expect(run.status == 0)
    #expect(run.standardOutput.contains(": 2 言語 (en, ja) で警告 "))
    #expect(run.standardOutput.contains("plist のテキストは開発言語 en として扱いました。\n"))
  }

  @Test func noHomeMeansNoDefaultStoreInEitherLanguage() throws {
    for (language, text) in [
      ("C.UTF-8", "HOME is not set, so there is no default store; give one with --store PATH."),
      ("ja_JP.UTF-8", "HOME が設定されていないため、デフォルトのストアがありません。--store PATH で指定してください。"),
    ] {
      let run = try runProcess(
        BuildProducts.settei ?? "settei-not-built", ["get", "x"],
        environment: ["PATH": "/usr/bin:/bin", "LANG": language])
      #expect(run.status == 64)
      #expect(run.standardError.contains(text), "\(run.standardError)")
    }
  }

  @Test func aLongListOfNewSettingsSaysHowManyMore() throws {
    let toggles = (1...7).map { spec("PSToggleSwitchSpecifier", key: "k\($0)", title: "T\($0)") }
    let bundle = try TestBundle(pages: ["Root": toggles])
    let model = SettingsModel(
      schema: try SchemaLoader.load(path: bundle.path), storedValues: [:], language: "en")
    let stored: [PropertyListKey: PropertyListValue] = [:]
    let english = StoreLinter.upgradeNotes(
      model: model, storedKeys: stored.keys, previous: [], reported: [])
    #expect(
      english.notes == [
        "7 new settings since last time: T1 (k1), T2 (k2), T3 (k3), T4 (k4), T5 (k5) and 2 more"
      ])
    let japanese = StoreLinter.upgradeNotes(
      model: model, storedKeys: stored.keys, previous: [], reported: [],
      messages: .forLanguage("ja"))
    #expect(
      japanese.notes == ["前回から新しい設定が 7 件あります：T1 (k1), T2 (k2), T3 (k3), T4 (k4), T5 (k5) ほか 2 件"])
  }

  @Test func aValueNotSetIsSaidInTheModelsLanguage() throws {
    let bundle = try TestBundle(pages: StoreLintTests.pages())
    let schema = try SchemaLoader.load(path: bundle.path)
    let page = try #require(schema.pages["Root"])
    for (language, text) in [("en", "(not set)"), ("ja", "(未設定)")] {
      let model = SettingsModel(schema: schema, storedValues: [:], language: language)
      #expect(model.displayText(of: nil, for: page.specifiers[0], on: page) == text)
    }
  }

  @Test func theStartUpNotesFollowTheLanguage() throws {
    let bundle = try TestBundle(pages: StoreLintTests.pages())
    let stored: [PropertyListKey: PropertyListValue] = ["legacy": 1]
    let model = SettingsModel(
      schema: try SchemaLoader.load(path: bundle.path), storedValues: stored, language: "ja")
    let english = StoreLinter.upgradeNotes(
      model: model, storedKeys: stored.keys, previous: ["unit"], reported: [])
    #expect(
      english.notes == [
        "2 new settings since last time: Dark Mode (darkMode), PIN (pin)",
        "1 stored key not in the schema: legacy (kept in the store; settei lint --store shows more)",
      ])
    let japanese = StoreLinter.upgradeNotes(
      model: model, storedKeys: stored.keys, previous: ["unit"], reported: [],
      messages: .forLanguage("ja"))
    #expect(
      japanese.notes == [
        "前回から新しい設定が 2 件あります：Dark Mode (darkMode), PIN (pin)",
        "スキーマにないキーが 1 件保存されています：legacy (ストアには残っています。詳しくは settei lint --store で)",
      ])
  }
}

/// `--lang CODE` for a language the schema has no text in is noted in settei's words.
@Suite struct MissingLanguageNoteTests {
  @Test func theNoteNamesWhatIsShownInTheLanguageAsked() throws {
    let sound = spec(
      "PSToggleSwitchSpecifier", key: "sound", title: "SOUND", ["DefaultValue": true])
    let bundle = try TestBundle(
      pages: ["Root": [sound]],
      strings: ["en": ["Root": #""SOUND" = "Sound";"#], "de": ["Root": #""SOUND" = "Ton";"#]])
    let store = bundle.folder.file("s.json")
    let english = try runSettei(
      ["--lang", "fr", "--schema", bundle.path, "--store", store], input: "quit\n")
    #expect(
      english.standardError.contains(
        "settei: note: this schema has no 'fr' text; showing the en text. Languages: de, en\n"))
    let japanese = try runSettei(
      ["--lang", "ja", "--schema", bundle.path, "--store", store], input: "quit\n")
    #expect(
      japanese.standardError.contains(
        "このスキーマには 'ja' のテキストがありません。en のテキストを表示します。言語: de, en\n"))
    let bare = try TestBundle(pages: ["Root": [sound]])
    let none = try runSettei(
      ["--lang", "ja", "--schema", bare.path, "--store", store], input: "quit\n")
    #expect(none.standardError.contains("このスキーマには翻訳がありません。"))
  }
}
