import SchemaKit
import TestSupport
import Testing

/// A `.strings` file that cannot be read: named with its line and column everywhere its
/// language is shown, its text shown as written (as NSBundle shows it), the rest still used.
@Suite struct UnreadableStringsTests {
  /// A bundle whose `nl` table lacks the final `;`; `de` reads fine.
  static func bundle() throws -> TestBundle {
    try TestBundle(
      pages: [
        "Root": [
          spec("PSToggleSwitchSpecifier", key: "sound", title: "SOUND", ["DefaultValue": true]),
          spec("PSTextFieldSpecifier", key: "name", title: "NAME"),
        ]
      ],
      strings: [
        "en": ["Root": "\"SOUND\" = \"Sound\";\n\"NAME\" = \"Name\";\n"],
        "de": ["Root": "\"SOUND\" = \"Ton\";\n\"NAME\" = \"Name\";\n"],
        "nl": ["Root": "\"SOUND\" = \"Geluid\";\n\"NAME\" = \"Naam\"\n"],
      ])
  }

  static let why = "nl.lproj/Root.strings:3:1: expected ';' after the value of \"NAME\""

  @Test func theLanguageStaysAndItsTextIsShownAsWritten() throws {
    let bundle = try Self.bundle()
    let strings = try SchemaLoader.load(path: bundle.path).strings
    #expect(strings.languages.contains("nl"))
    #expect(strings.missingLanguage(for: "nl") == nil)
    #expect(strings.localized("SOUND", table: "Root", language: "nl") == "SOUND")
    #expect(strings.localized("SOUND", table: "Root", language: "de") == "Ton")
    let reasons = strings.unreadableTables(for: "nl")
    #expect(reasons.count == 1)
    #expect(reasons.first?.description.contains(Self.why) == true, "\(reasons)")
    #expect(strings.unreadableTables(for: "de").isEmpty)
  }

  @Test func renderOfEveryLanguageKeepsItAndNamesTheFile() throws {
    let bundle = try Self.bundle()
    let run = try runSettei(["render", bundle.path, "--lang", "all"])
    try #require(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.contains("# nl\n"))
    #expect(run.standardOutput.contains("   1  SOUND "))
    #expect(run.standardOutput.contains("   1  Ton "))
    #expect(run.standardError.contains(Self.why), "\(run.standardError)")
    #expect(run.standardError.contains("its nl text is shown as written"))
  }

  @Test func renderOfTheLanguageAloneNamesTheFile() throws {
    let bundle = try Self.bundle()
    let run = try runSettei(["render", bundle.path, "--lang", "nl"])
    try #require(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.contains("   1  SOUND "))
    #expect(run.standardError.contains(Self.why), "\(run.standardError)")
  }

  @Test func theREPLNamesTheFileAndTakesTheLanguage() throws {
    let bundle = try Self.bundle()
    let home = try TemporaryFolder()
    let run = try runSettei(
      ["--schema", bundle.path, "--store", home.file("s.json"), "--lang", "de"],
      input: "lang nl\nquit\n")
    try #require(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.contains(Self.why), "\(run.standardOutput)")
    #expect(!run.standardOutput.contains("no 'nl' text"))
    #expect(run.standardOutput.contains("   1  SOUND "))
  }

  /// In a Japanese session the file's problem is said in Japanese too, not only the
  /// sentence around it: the reason is kept typed until it is shown.
  @Test func aJapaneseSessionSaysWhyInJapanese() throws {
    let bundle = try TestBundle(
      pages: ["Root": [spec("PSTextFieldSpecifier", key: "name", title: "NAME")]],
      strings: ["ja": ["Root": "\"NAME\" = \"名前\"\n"]])
    let home = try TemporaryFolder()
    let run = try runSettei(
      ["--schema", bundle.path, "--store", home.file("s.json"), "--lang", "ja"], input: "quit\n")
    try #require(run.status == 0, "\(run.standardError)")
    #expect(run.standardError.contains("ja.lproj/Root.strings:2:1: "), "\(run.standardError)")
    #expect(!run.standardError.contains("expected ';'"), "\(run.standardError)")
    #expect(run.standardError.contains("この表の ja の文は書かれたまま表示します"))
    // The same file in English, as the loader keeps it.
    let strings = try SchemaLoader.load(path: bundle.path).strings
    let why = try #require(strings.unreadableTables(for: "ja").first)
    #expect(why.description.contains("ja.lproj/Root.strings:2:1: expected ';'"), "\(why)")
    #expect(!why.worded(in: .forLanguage("ja")).contains("expected"))
  }

  @Test func lintL10nReportsTheFileOnceAndNoTextAsUntranslated() throws {
    let bundle = try Self.bundle()
    let run = try runSettei(["lint", "--l10n", bundle.path])
    let lines = run.standardOutput.split(separator: "\n")
    #expect(
      lines.filter { $0.contains("nl.lproj/Root.strings:3:1: warning: expected ';'") }.count == 1,
      "\(run.standardOutput)")
    #expect(!run.standardOutput.contains("has no nl translation"))
  }
}
