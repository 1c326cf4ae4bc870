import FileFormats
import SettingsKit
import TableREPL
import TestSupport
import Testing
import TextSafety

@testable import SetteiCommands

/// The program's own words come from Messages/<Module>/<language>.strings, compiled in by
/// scripts/generate-messages.sh: every message in every language, with the same
/// placeholders, and the compiled table the same as the files.
@Suite struct MessageCatalogTests {
  func table(_ module: String, _ language: String) throws -> [String: String] {
    let path = MessageCatalogFiles.path(module: module, language: language)
    return try StringsFileParser.parse(try readBytes(path), source: path)
  }

  @Test(arguments: MessageCatalogFiles.modules)
  func everyMessageHasEveryLanguageWithTheSamePlaceholders(module: String) throws {
    let english = try table(module, "en")
    #expect(english.count > 5)
    for language in MessageCatalogFiles.languages where language != "en" {
      let other = try table(module, language)
      #expect(Set(other.keys) == Set(english.keys), "\(module)/\(language).strings")
      for (key, template) in english {
        guard let translated = other[key] else { continue }
        #expect(
          SessionMessages.placeholders(in: translated).sorted()
            == SessionMessages.placeholders(in: template).sorted(),
          "\(module)/\(language).strings: \(key)")
        #expect(!translated.isEmpty, "\(module)/\(language).strings: \(key) is empty")
      }
    }
  }

  /// A Japanese question or exclamation ends with the full-width ？ or ！, as Japanese text
  /// is written (`変更を破棄して終了しますか？`), and a sentence that introduces a list ends
  /// with `：` (`次の変更が失われます：`); `[y/N]`, commands, `? N` and labels keep ASCII.
  @Test(arguments: MessageCatalogFiles.modules)
  func japaneseSentencesUseFullWidthMarks(module: String) throws {
    let japanese = try table(module, "ja")
    // The model's, the store's, the file formats', GSettings', the system's and the line
    // editor's catalogs ask nothing.
    #expect(
      japanese.values.contains { $0.contains("？") }
        || [
          "SettingsKit", "SettingsStorage", "FileFormats", "GSettingsKit", "SystemIO", "LineEditor",
        ].contains(module))
    for (key, template) in japanese {
      var previous: Character = " "
      for character in template {
        let afterJapanese = previous.unicodeScalars.contains {
          (0x3040...0x30FF).contains($0.value) || (0x4E00...0x9FFF).contains($0.value)
            || "」）".unicodeScalars.contains($0)
        }
        #expect(
          !(afterJapanese && (character == "?" || character == "!")),
          "\(module)/ja.strings: \(key) has an ASCII \(character) after \(previous)")
        previous = character
      }
      let ending = template.unicodeScalars.suffix(2).map(\.value)
      #expect(
        !(ending.count == 2 && (0x3040...0x309F).contains(ending[0]) && ending[1] == 0x3A),
        "\(module)/ja.strings: \(key) ends a sentence with an ASCII colon")
    }
  }

  @Test(arguments: MessageCatalogFiles.modules)
  func theGeneratedSwiftIsUpToDate(module: String) throws {
    let generated = try runProcess(
      "/bin/sh", [PackagePaths.root + "/scripts/generate-messages.sh", "--stdout", module],
      environment: ["PATH": "/usr/bin:/bin"])
    #expect(generated.status == 0, "\(generated.standardError)")
    let current = try readText(MessageCatalogFiles.generatedFile(module: module))
    #expect(generated.standardOutput == current, "run make messages")
  }

  @Test(arguments: MessageCatalogFiles.languages)
  func theCompiledTablesAreTheFiles(language: String) throws {
    try expect(SessionMessages.forLanguage(language), is: "TableREPL", language)
    try expect(SettingsMessages.forLanguage(language), is: "SettingsKit", language)
    try expect(ProgramMessages.forLanguage(language), is: "settei", language)
    try expect(FormatMessages.forLanguage(language), is: "FileFormats", language)
  }

  /// A compiled catalog is its module's `.strings` file of `language`: the same language,
  /// as many messages, each the same text.
  func expect<Key: MessageKey>(
    _ catalog: MessageCatalog<Key>, is module: String, _ language: String
  ) throws {
    let file = try table(module, language)
    #expect(catalog.language == language)
    #expect(Key.allCases.count == file.count, "\(module)")
    for key in Key.allCases {
      #expect(catalog[key] == file["\(key)"], "\(module): \(key)")
    }
  }

  @Test func aLanguageTagPicksItsBaseLanguageAndAnyOtherEnglish() {
    #expect(SessionMessages.forLanguage("ja-JP").language == "ja")
    #expect(SessionMessages.forLanguage("ja_JP").language == "ja")
    #expect(ProgramMessages.forLanguage("ja").text(.noChangesYet) == "まだ変更はありません。")
    #expect(SessionMessages.forLanguage("de").language == "en")
    #expect(SessionMessages.builtInLanguages == ["en", "ja"])
  }

  @Test func placeholdersAreFilledByNumberOrInOrder() {
    var messages = SessionMessages.forLanguage("en")
    messages[.noSuchRow] = "%2$@ / %1$@ / 100%% / %3$@"
    #expect(messages.text(.noSuchRow, "a", "b") == "b / a / 100% / %3$@")
    messages[.noSuchRow] = "%@ and %@"
    #expect(messages.text(.noSuchRow, "a", "b") == "a and b")
    #expect(SessionMessages.placeholders(in: "%2$@ %% %@") == ["%2$@", "%@"])
    #expect(
      SessionMessages.forLanguage("ja").text(.pageLine, "1", "2", "1", "16", "30")
        == "1/2 ページ · 30 行中 1–16 行 · n 次 · p 前")
  }

  @Test func aHostReplacesOneTemplate() {
    var messages = SessionMessages.forLanguage("ja")
    messages[.unchanged] = "そのまま。"
    #expect(messages.text(.unchanged) == "そのまま。")
    #expect(messages.text(.cancelled) == SessionMessages.forLanguage("ja").text(.cancelled))
  }
}
