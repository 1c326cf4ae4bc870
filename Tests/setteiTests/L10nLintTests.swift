import SchemaKit
import TestSupport
import Testing

@testable import settei

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
