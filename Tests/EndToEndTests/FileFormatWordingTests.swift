import Glibc
import TestSupport
import Testing

/// FileFormats hands up why a file cannot be read as a typed reason; settei words it in the
/// session's language with the file, line and column: a schema, a store and a .strings table
/// that do not parse are said in Japanese under `--lang ja`, and in English as before.
@Suite struct FileFormatWordingTests {
  /// A JSON schema whose third line lacks the comma between two members (column 40).
  static let brokenSchema = """
    {
      "PreferenceSpecifiers": [
        {"Type": "PSToggleSwitchSpecifier" "Key": "a"}
      ]
    }

    """

  @Test func aSchemaThatDoesNotParseIsSaidInJapaneseWithItsPlace() throws {
    let home = try TemporaryFolder()
    let schema = home.file("broken.json")
    try writeText(Self.brokenSchema, to: schema)
    let arguments = ["list", "--schema", schema, "--store", home.file("s.json")]
    let japanese = try runSettei(["--lang", "ja"] + arguments, script: "", home: home.path)
    #expect(japanese.status == 65)
    #expect(
      japanese.standardError.contains(
        "\(schema):3:40: オブジェクトのメンバーのあとに ',' か '}' が必要ですが、'\"' があります"),
      "\(japanese.standardError)")
    try JapaneseMessagesTests().expectNoEnglish(japanese.standardError, "a broken JSON schema")
    let english = try runSettei(arguments, script: "", home: home.path)
    #expect(
      english.standardError.contains(
        "\(schema):3:40: expected ',' or '}' after object member, found '\"'"),
      "\(english.standardError)")
  }

  @Test func aStoreThatDoesNotParseIsSaidInJapaneseWithItsPlace() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    try writeText("{\n  \"a\": ", to: store)
    let japanese = try runSettei(
      ["list", "--store", store], script: "", home: home.path, language: "ja_JP.UTF-8")
    #expect(japanese.status == 65)
    #expect(
      japanese.standardError.contains("\(store):2:8: 値が必要ですが、ファイルが終わっています"),
      "\(japanese.standardError)")
    try JapaneseMessagesTests().expectNoEnglish(japanese.standardError, "a broken store")
    let english = try runSettei(["list", "--store", store], script: "", home: home.path)
    #expect(
      english.standardError.contains(
        "\(store):2:8: expected a value, found the end of the file"),
      "\(english.standardError)")
  }

  @Test func lintSaysABrokenStringsTableInJapanese() throws {
    let home = try TemporaryFolder()
    let bundle = try L10nLintWordingTests().bundle(
      strings: "\"A\" = \"x\"\n\"B\" = \"y\";\n", in: home)
    let run = try runSettei(["--lang", "ja", "lint", bundle], script: "", home: home.path)
    #expect(
      run.standardOutput.contains(
        "ja.lproj/Root.strings:2:1: 警告: \"A\" の値のあとに ';' が必要ですが、'\"' があります。"),
      "\(run.standardOutput)")
    try JapaneseMessagesTests().expectNoEnglish(run.standardOutput, "a broken .strings table")
  }

  @Test func aPropertyListPageThatDoesNotParseIsSaidInJapanese() throws {
    let home = try TemporaryFolder()
    let bundle = home.file("Settings.bundle")
    mkdir(bundle, 0o755)
    try writeText(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
      <key>PreferenceSpecifiers</key>
      <array><dict><key>Type</key><string>PSToggleSwitchSpecifier</strin></dict></array>
      </dict></plist>

      """, to: bundle + "/Root.plist")
    let japanese = try runSettei(["--lang", "ja", "lint", bundle], script: "", home: home.path)
    #expect(japanese.status == 65)
    #expect(
      japanese.standardError.contains(
        "Root.plist:4:60: 4 行目の <string> を閉じる </string> が必要ですが、</strin> があります"),
      "\(japanese.standardError)")
    try JapaneseMessagesTests().expectNoEnglish(japanese.standardError, "a broken Root.plist")
    let english = try runSettei(["lint", bundle], script: "", home: home.path)
    #expect(
      english.standardError.contains(
        "Root.plist:4:60: expected </string> to close <string> from line 4, found </strin>"),
      "\(english.standardError)")
  }

  @Test func aBinaryStoreThatIsCutOffIsSaidInJapanese() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.plist")
    try writeText("bplist00", to: store)
    let run = try runSettei(
      ["--lang", "ja", "list", "--store", store], script: "", home: home.path)
    #expect(run.status == 65)
    #expect(
      run.standardError.contains(
        "\(store):1: バイナリプロパティリスト: ファイルが短すぎます。途中で切れています"),
      "\(run.standardError)")
    try JapaneseMessagesTests().expectNoEnglish(run.standardError, "a cut-off binary store")
  }
}
