import Glibc
import TestSupport
import Testing

/// `settei lint --l10n` says what it finds in a bundle's translations in the session's
/// language: a string no page uses, a key defined twice, a title too wide for its row.
@Suite struct L10nLintWordingTests {
  /// A bundle of one switch titled `A`, and a Japanese table with `strings` as its text (also
  /// for FileFormatWordingTests).
  func bundle(strings: String, in home: TemporaryFolder) throws -> String {
    let bundle = home.file("Settings.bundle")
    mkdir(bundle, 0o755)
    mkdir(bundle + "/ja.lproj", 0o755)
    try writeText(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array><dict>
      <key>Type</key><string>PSToggleSwitchSpecifier</string><key>Key</key><string>a</string>
      <key>Title</key><string>A</string><key>DefaultValue</key><true/>
      </dict></array></dict></plist>

      """, to: bundle + "/Root.plist")
    try writeText(strings, to: bundle + "/ja.lproj/Root.strings")
    return bundle
  }

  @Test func unusedAndRepeatedStringsAreSaidInJapanese() throws {
    let home = try TemporaryFolder()
    let bundle = try bundle(strings: "\"A\" = \"x\";\n\"B\" = \"y\";\n\"B\" = \"z\";\n", in: home)
    let run = try runSettei(
      ["--lang", "ja", "lint", "--l10n", bundle], script: "", home: home.path)
    #expect(
      run.standardOutput.contains(
        "ja.lproj/Root.strings: 警告: 「B」はこの表のどのページでも使われていません。"
          + "修正: 削除するか、これを使うはずのテキストを直してください。"),
      "\(run.standardOutput)")
    #expect(
      run.standardOutput.contains(
        "ja.lproj/Root.strings:3: 警告: 「B」が 2 回定義されています。あとのテキストが使われます。"),
      "\(run.standardOutput)")
    try JapaneseMessagesTests().expectNoEnglish(run.standardOutput, "settei --lang ja lint --l10n")
    let english = try runSettei(["lint", "--l10n", bundle], script: "", home: home.path)
    #expect(
      english.standardOutput.contains(
        "ja.lproj/Root.strings:3: warning: \"B\" is defined twice; the later text wins. "
          + "Fix: keep one definition."),
      "\(english.standardOutput)")
  }

  @Test func aTitleTooWideIsSaidInJapanese() throws {
    let home = try TemporaryFolder()
    let title = "とても長い日本語のタイトルでこの行には入りきらないほどです"
    let bundle = try bundle(strings: "\"A\" = \"\(title)\";\n", in: home)
    let run = try runSettei(
      ["--lang", "ja", "lint", "--l10n", bundle], script: "", home: home.path)
    #expect(
      run.standardOutput.contains(
        "警告: Title「\(title)」 (ja) は幅が 58 桁あります。"
          + "iPhone の行 (40 桁と仮定) で値の横に表示できるのは 28 桁です。"),
      "\(run.standardOutput)")
  }
}
