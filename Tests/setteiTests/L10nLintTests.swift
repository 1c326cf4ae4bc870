import FileFormats
import SchemaKit
import TestSupport
import Testing

@testable import SetteiCommands

/// `settei lint --l10n`: translations checked against the pages that use them.
@Suite struct L10nLintTests {
  static func bundle() throws -> TestBundle {
    try TestBundle(
      pages: [
        "Root": [
          spec("PSGroupSpecifier", title: "GENERAL", ["FooterText": "FOOTER"]),
          spec("PSToggleSwitchSpecifier", key: "sound", title: "SOUND", ["DefaultValue": true]),
          spec(
            "PSMultiValueSpecifier", key: "unit", title: "UNIT",
            ["DefaultValue": 1, "Values": [1, 2], "Titles": ["ONE", "TWO"]]),
          spec("PSTitleValueSpecifier", key: "count", title: "COUNT %d ITEMS"),
        ]
      ],
      strings: [
        "en": [
          "Root": """
          "GENERAL" = "General";
          "FOOTER" = "Footer";
          "SOUND" = "Sound";
          "UNIT" = "Unit";
          "ONE" = "One";
          "TWO" = "Two";
          "COUNT %d ITEMS" = "%d items";
          "OLD" = "Old";
          "SOUND" = "Sound again";
          """
        ],
        "ja": [
          "Root": """
          "GENERAL" = "一般";
          "FOOTER" = "フッター";
          "UNIT" = "とてもとても長い単位の名前の設定項目";
          "ONE" = "一";
          "TWO" = "二";
          "COUNT %d ITEMS" = "%@ 個";
          """
        ],
      ])
  }

  static func messages() throws -> [String] {
    let bundle = try bundle()
    let schema = try SchemaLoader.load(path: bundle.path)
    return L10nLinter.problems(in: schema, bundleFolder: bundle.path).map {
      $0.description.replacing(bundle.path + "/", with: "")
    }
  }

  @Test func aMissingTranslationNamesFileIndexMemberAndLanguage() throws {
    #expect(
      try Self.messages().contains(
        "Root.plist: PreferenceSpecifiers[1] (Key 'sound'): warning: Title \"SOUND\" has no ja "
          + "translation in ja.lproj/Root.strings. Fix: add \"SOUND\" = \"…\"; to that file."))
    #expect(try !Self.messages().contains { $0.contains("has no en translation") })
  }

  @Test func theFixSpellsTheKeyAsAStringsFileDoes() throws {
    let key = "SINHALA \u{0DC1}\u{0DCA}\u{200D}\u{0DBB}\tTAB \"QUOTED\" \\ \u{1F600}\n"
    let bundle = try TestBundle(
      pages: ["Root": [spec("PSToggleSwitchSpecifier", key: "k", title: key)]],
      strings: ["en": ["Root": ""], "ja": ["Root": ""]])
    let schema = try SchemaLoader.load(path: bundle.path)
    let fixes = L10nLinter.problems(in: schema, bundleFolder: bundle.path).map(\.fix)
    let spelled = #""SINHALA ශ්\U200Dර\tTAB \"QUOTED\" \\ 😀\n""#
    #expect(fixes.contains("add \(spelled) = \"…\"; to that file"), "\(fixes)")
    let table = try StringsFileParser.parse(Array("\(spelled) = \"x\";".utf8), source: "t")
    #expect(table.keys.first.map { Array($0.unicodeScalars) } == Array(key.unicodeScalars))
  }

  @Test func unusedAndTwiceDefinedKeysAreNamedWithTheirFile() throws {
    let messages = try Self.messages()
    #expect(
      messages.contains(
        "en.lproj/Root.strings: warning: \"OLD\" is used by no page of this table. Fix: remove "
          + "it, or correct the text that should use it."))
    #expect(
      messages.contains(
        "en.lproj/Root.strings:9: warning: \"SOUND\" is defined twice; the later text wins. "
          + "Fix: keep one definition."))
  }

  @Test func formatSpecifiersMustMatchAcrossLanguages() throws {
    #expect(L10nLinter.formatSpecifiers(in: "%1$@ of %d, 100%%") == ["%1$@", "%d"])
    #expect(
      try Self.messages().contains { message in
        message.hasPrefix("ja.lproj/Root.strings: warning: \"COUNT %d ITEMS\" has the format ")
          && message.contains("%@ in ja, but %d in the key")
      })
  }

  @Test func overWideTitlesSayTheWidthAssumed() throws {
    #expect(
      try Self.messages().contains { message in
        message.contains("(Key 'unit'): warning: Title \"とてもとても長い単位の名前の設定項目\" (ja) is 36 columns")
          && message.contains("an iPhone row (40 columns assumed) shows 28")
      })
  }

  @Test func strictTurnsWarningsIntoExit65() throws {
    let bundle = try Self.bundle()
    let plain = try runSettei(["lint", "--l10n", bundle.path])
    #expect(plain.status == 0)
    #expect(
      plain.standardOutput.contains("warnings in 2 languages (en, ja); titles beside a value"))
    let strict = try runSettei(["lint", "--l10n", "--strict", bundle.path])
    #expect(strict.status == 65)
    #expect(try runSettei(["lint", "--l10n", "--strict", bundle.path + "/nope"]).status == 65)
  }
}

/// The development language, the one the plists' texts are written in, needs no table.
@Suite struct DevelopmentLanguageTests {
  /// A bundle in English whose `en` table translates one title of three, and whose `ja`
  /// table translates none.
  static func bundle() throws -> TestBundle {
    try TestBundle(
      pages: [
        "Root": [
          spec("PSToggleSwitchSpecifier", key: "sound", title: "Sound", ["DefaultValue": true]),
          spec("PSToggleSwitchSpecifier", key: "vibrate", title: "Vibrate", ["DefaultValue": true]),
          spec("PSTitleValueSpecifier", key: "version", title: "Version", ["DefaultValue": "1"]),
        ]
      ],
      strings: ["en": ["Root": #""Sound" = "Sound";"#], "ja": ["Root": #""Sound" = "サウンド";"#]])
  }

  static func missing(_ problems: [LintProblem], in language: String) -> [String] {
    problems.map(\.message).filter { $0.contains("has no \(language) translation") }
  }

  @Test func titlesAreNotMissingInTheDevelopmentLanguage() throws {
    let bundle = try Self.bundle()
    let schema = try SchemaLoader.load(path: bundle.path)
    let english = L10nLinter.problems(in: schema, bundleFolder: bundle.path)
    #expect(Self.missing(english, in: "en").isEmpty)
    #expect(Self.missing(english, in: "ja").count == 2)
    let japanese = L10nLinter.problems(
      in: schema, bundleFolder: bundle.path, developmentLanguage: "ja")
    #expect(Self.missing(japanese, in: "ja").isEmpty)
    #expect(
      Self.missing(japanese, in: "en") == [
        "Title \"Vibrate\" has no en translation in en.lproj/Root.strings",
        "Title \"Version\" has no en translation in en.lproj/Root.strings",
      ])
  }

  @Test func theInfoPlistBesideTheBundleNamesIt() throws {
    let bundle = try Self.bundle()
    try writeText(
      PropertyListWriter.serialize(.dictionary(["CFBundleDevelopmentRegion": "ja"])),
      to: bundle.folder.file("Info.plist"))
    let run = try runSettei(["lint", "--l10n", bundle.path])
    #expect(run.status == 0)
    #expect(!run.standardOutput.contains("has no ja translation"), "\(run.standardOutput)")
    #expect(run.standardOutput.contains("Title \"Vibrate\" has no en translation"))
    #expect(run.standardOutput.contains("the plists' texts taken as ja"))
    // The option wins over the Info.plist.
    let option = try runSettei(["lint", "--l10n", "--development-language", "en", bundle.path])
    #expect(!option.standardOutput.contains("has no en translation"), "\(option.standardOutput)")
    #expect(option.standardOutput.contains("Title \"Vibrate\" has no ja translation"))
  }

  @Test func anInfoPlistThatCannotBeReadIsNamedAndEnglishTaken() throws {
    let bundle = try Self.bundle()
    let info = bundle.folder.file("Info.plist")
    try writeText("<plist><dict><key>CFBundleDevelopmentRegion</key>", to: info)
    let run = try runSettei(["lint", "--l10n", bundle.path])
    #expect(run.status == 0)
    #expect(run.standardOutput.contains(info + ":"), "\(run.standardOutput)")
    #expect(run.standardOutput.contains("--development-language CODE"))
    #expect(!run.standardOutput.contains("has no en translation"))
  }

  @Test func theOptionGoesWithLintL10nOnly() throws {
    let run = try runSettei(["lint", "--development-language", "en", "x.bundle"])
    #expect(run.status == 64)
    #expect(run.standardError.contains("--development-language goes with lint --l10n"))
    let empty = try runSettei(["lint", "--l10n", "--development-language"])
    #expect(empty.status == 64)
    #expect(empty.standardError.contains("e.g. --development-language en"))
  }

  /// The InAppSettingsKit sample, whose plists are in English: no English text is missing.
  @Test func theSampleBundleMissesNoEnglish() throws {
    let run = try runSettei(["lint", "--l10n", sampleBundle])
    #expect(run.status == 0)
    #expect(!run.standardOutput.contains("has no en translation"), "\(run.standardOutput)")
    #expect(run.standardOutput.contains("has no de translation"))
  }
}
