import FileFormats
import TestSupport
import Testing

@testable import SchemaKit

/// SchemaKit hands up typed reasons (`SchemaReason`): the program words a lint problem and a
/// schema error in the session's language from Messages/SchemaKit, and English stays what
/// `description` always printed.
@Suite struct SchemaWordingTests {
  let japanese = SchemaMessages.forLanguage("ja")

  @Test func aLintProblemIsWordedInJapaneseWithItsPlaceAndFix() throws {
    let path = testsBundle + "/Malformed.plist"
    let problems = SchemaLinter.lint(try SchemaLoader.load(path: path))
    let mismatch = try #require(problems.first { $0.reason.message == .titlesValuesCount })
    #expect(
      mismatch.reason
        == SchemaReason(.titlesValuesCount, .entries(2), .entries(1)))
    #expect(mismatch.remedy == SchemaReason(.giveEveryValueTitle))
    #expect(
      mismatch.worded(in: japanese)
        == "\(path): PreferenceSpecifiers[0] (Key 'mulValue'): エラー: Titles は 2 個ですが、"
        + "Values は 1 個です。修正: すべての値にタイトルを同じ順序で付けてください。")
    // The English is the description, word for word.
    #expect(mismatch.worded(in: .forLanguage("en")) == mismatch.description)
  }

  /// Whether `text` has kana or kanji.
  func isJapanese(_ text: String) -> Bool {
    text.unicodeScalars.contains {
      (0x3040...0x30FF).contains($0.value) || (0x4E00...0x9FFF).contains($0.value)
    }
  }

  /// Every problem of the schemas that fail every check reads in Japanese: its severity,
  /// its reason and its fix come from the Japanese catalog.
  @Test func everyKindOfProblemHasJapaneseWords() throws {
    var problems: [LintProblem] = []
    for json in [SchemaLinterTests.everyCheck, LintRowBreakingErrorsTests.brokenSpecifiers] {
      let schema = try JSONSchemaReader.read(Array(json.utf8), source: "s.json")
      problems += SchemaLinter.lint(schema)
    }
    #expect(problems.count > 30)
    for problem in problems {
      let text = problem.worded(in: japanese)
      #expect(text.contains(": エラー: ") || text.contains(": 警告: "), "\(text)")
      #expect(text.contains("修正: ") || problem.remedy == nil, "\(text)")
      #expect(text != problem.description)
      // The reason and the fix each say something in Japanese.
      #expect(isJapanese(problem.reason.worded(in: japanese)), "\(text)")
      #expect(problem.remedy.map { isJapanese($0.worded(in: japanese)) } != false, "\(text)")
    }
  }

  @Test func aValueIsDescribedWithItsTypeInTheLanguage() {
    let reason = SchemaReason(.notANumber, .text("MinimumValue"), .value("low"))
    #expect(reason.description == #"MinimumValue is "low" (a string), not a number"#)
    #expect(reason.worded(in: japanese) == #"MinimumValue が "low" (文字列) で、数ではありません"#)
    let counted = SchemaReason(.shortTitlesCount, .entries(1), .entries(3))
    #expect(
      counted.description
        == "ShortTitles has 1 entry but Values has 3 entries; the full titles are shown instead")
  }

  @Test func aSchemaErrorIsWordedInJapanese() throws {
    let folder = try TemporaryFolder()
    try writeText("not a page", to: folder.file("Other.plist"))
    do {
      _ = try SchemaLoader.load(path: folder.path)
      Issue.record("a folder without Root.plist loaded")
    } catch {
      #expect(error.reason == SchemaReason(.noRootPage, .text(folder.path)))
      #expect(error.description.hasPrefix(folder.path + ": no Root.plist or Root.inApp.plist"))
      #expect(
        error.worded(in: japanese).hasPrefix(
          folder.path + ": このフォルダーに Root.plist も Root.inApp.plist もありません。"))
    }
    let json = #"{"PreferenceSpecifiers": [{"Type": "PSChildPaneSpecifier", "Children": 3}]}"#
    do {
      _ = try JSONSchemaReader.read(Array(json.utf8), source: "s.json")
      Issue.record("Children that are a number were read")
    } catch {
      #expect(
        error.description
          == "s.json: PreferenceSpecifiers[0]: Children must be an object holding a page, not "
          + "integer")
      #expect(
        error.worded(in: japanese)
          == "s.json: PreferenceSpecifiers[0]: Children はページを持つオブジェクトでなければなりませんが、"
          + "整数です")
    }
  }
}
