import TestSupport
import Testing

/// SchemaKit and SettingsStorage hand up typed reasons; settei words them in the session's
/// language (`--lang`, else `LANG`): a lint problem, a schema that cannot be loaded and a
/// store that cannot be read come out in Japanese, and in English as before.
@Suite struct LowerModuleWordingTests {
  static let malformed = PackagePaths.testsBundle + "/Malformed.plist"
  static let japaneseMismatch =
    "Malformed.plist: PreferenceSpecifiers[0] (Key 'mulValue'): エラー: Titles は 2 個ですが、"
    + "Values は 1 個です。修正: すべての値にタイトルを同じ順序で付けてください。"

  @Test func lintWordsItsProblemsInJapaneseWithLangJa() throws {
    let home = try TemporaryFolder()
    let run = try runSettei(["--lang", "ja", "lint", Self.malformed], script: "", home: home.path)
    #expect(run.status == 65)
    #expect(run.standardOutput.contains(Self.japaneseMismatch), "\(run.standardOutput)")
    try JapaneseMessagesTests().expectNoEnglish(run.standardOutput, "settei --lang ja lint")
  }

  @Test func lintWordsItsProblemsInTheLanguageOfLang() throws {
    let home = try TemporaryFolder()
    let japanese = try runSettei(
      ["lint", Self.malformed], script: "", home: home.path, language: "ja_JP.UTF-8")
    #expect(japanese.standardOutput.contains(Self.japaneseMismatch), "\(japanese.standardOutput)")
    let english = try runSettei(["lint", Self.malformed], script: "", home: home.path)
    #expect(
      english.standardOutput.contains(
        "Malformed.plist: PreferenceSpecifiers[0] (Key 'mulValue'): error: Titles has 2 entries "
          + "but Values has 1 entry. Fix: give every value a title, in the same order."))
  }

  @Test func aSchemaThatCannotBeLoadedIsSaidInJapanese() throws {
    let home = try TemporaryFolder()
    let folder = try TemporaryFolder()
    try writeText("{}", to: folder.file("Other.plist"))
    let run = try runSettei(["--lang", "ja", "lint", folder.path], script: "", home: home.path)
    #expect(run.status == 65)
    #expect(
      run.standardError.contains(
        "settei: \(folder.path): このフォルダーに Root.plist も Root.inApp.plist もありません。"),
      "\(run.standardError)")
    try JapaneseMessagesTests().expectNoEnglish(run.standardError, "a folder without a root page")
    let json = folder.file("s.json")
    try writeText(#"{"PreferenceSpecifiers": [3]}"#, to: json)
    let shapeError = try runSettei(
      ["--lang", "ja", "list", "--schema", json, "--store", home.file("s.json")], script: "",
      home: home.path)
    #expect(
      shapeError.standardError.contains(
        "\(json): PreferenceSpecifiers[0]: 項目はオブジェクトでなければなりませんが、整数です"),
      "\(shapeError.standardError)")
  }

  @Test func aStoreThatCannotBeReadSaysWhatToDoInJapanese() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    try writeText(#"{"a": "#, to: store)
    let run = try runSettei(
      ["--lang", "ja", "list", "--store", store], script: "", home: home.path)
    #expect(run.status == 65)
    #expect(
      run.standardError.contains(
        "settei はファイルを変更していません。ファイルを直すか、別の場所に移して既定値から始めてください。"),
      "\(run.standardError)")
    let english = try runSettei(["list", "--store", store], script: "", home: home.path)
    #expect(
      english.standardError.contains(
        "settei has not changed the file. Fix it, or move it aside to start from the defaults."))
  }
}
