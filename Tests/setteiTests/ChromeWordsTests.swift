import FileFormats
import Foundation
import SchemaKit
import TestSupport
import Testing

@testable import SettingsKit

/// The words settei prints on settings screens (On, Off, Delete, Add…, Settings) come from
/// Messages/Chrome, in every language iOS ships, so a screen in another language has no
/// English words of settei's own.
@Suite struct ChromeWordsTests {
  static let folder = PackagePaths.root + "/Messages/Chrome"

  static func languages() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".strings") }
      .map { String($0.dropLast(8)) }
      .sorted()
  }

  @Test func everyLanguageHasEveryWordAndTheCompiledTablesAreTheFiles() throws {
    let languages = try Self.languages()
    #expect(languages.count >= 34)
    let english = try StringsFileParser.parse(
      try readBytes(Self.folder + "/en.strings"), source: "en.strings")
    for language in languages {
      let table = try StringsFileParser.parse(
        try readBytes(Self.folder + "/\(language).strings"), source: language)
      #expect(Set(table.keys) == Set(english.keys), "\(language)")
      let catalog = ChromeWords.forLanguage(language)
      #expect(catalog.language == language)
      for word in ChromeWord.allCases {
        #expect(catalog[word] == table["\(word)"], "\(language): \(word)")
        #expect(catalog[word] != english["\(word)"] || language == "en", "\(language): \(word)")
      }
    }
  }

  @Test func theGeneratedSwiftIsUpToDate() throws {
    let generated = try runProcess(
      "/bin/sh", [PackagePaths.root + "/scripts/generate-messages.sh", "--stdout", "Chrome"],
      environment: ["PATH": "/usr/bin:/bin"])
    #expect(generated.status == 0, "\(generated.standardError)")
    let current = try readText(MessageCatalogFiles.generatedFile(module: "Chrome"))
    #expect(generated.standardOutput == current, "run make messages")
  }

  @Test(
    arguments: [
      ("zh_TW.UTF-8", "zh-Hant"), ("zh-HK", "zh-Hant"), ("zh-Hant-TW", "zh-Hant"),
      ("zh", "zh-Hans"), ("zh_CN", "zh-Hans"), ("zh-Hans-HK", "zh-Hans"), ("pt_PT", "pt-PT"),
      ("pt-BR", "pt"), ("pt", "pt"), ("es_AR", "es"), ("de-AT", "de"), ("ru_RU.UTF-8", "ru"),
      ("en-GB", "en"), ("eo", "en"), ("", "en"),
    ])
  func aTagPicksItsScriptRegionOrLanguage(tag: String, catalog: String) {
    #expect(ChromeWords.forLanguage(tag).language == catalog)
  }

  @Test func aSwitchIsTypedAndShownInTheSessionsLanguage() throws {
    let wifi = Specifier(
      index: 0,
      raw: [
        "Type": "PSToggleSwitchSpecifier", "Key": "wifi", "Title": "Wi-Fi", "DefaultValue": true,
      ])
    let page = SettingsSchema.Page(
      name: "Root", title: nil, stringsTable: nil, specifiers: [wifi], source: "Root.plist")
    let schema = SettingsSchema(
      pages: ["Root": page], rootPageName: "Root", strings: StringsCatalog())
    let model = SettingsModel(schema: schema, storedValues: [:], language: "ru")
    #expect(model.displayText(of: true, for: wifi, on: page) == "Вкл.")
    #expect(model.rootPageTitle == "Настройки")
    let typed = SettingValueParser.value(from: "ВКЛ.", for: wifi, on: page, model: model)
    #expect((try? typed.get()) == .bool(true))
    model.language = "ko_KR.UTF-8"
    #expect(model.displayText(of: false, for: wifi, on: page) == "끔")
  }

  /// Every language folder of the fixture bundles, rendered: no switch says On or Off, no
  /// list item Delete, unless the language is English.
  @Test(arguments: [PackagePaths.sampleBundle, PackagePaths.realWorldCasesBundle])
  func noFixtureLanguageShowsEnglishChrome(bundle: String) throws {
    let languages = try FileManager.default.contentsOfDirectory(atPath: bundle).filter {
      $0.hasSuffix(".lproj")
    }
    .map { String($0.dropLast(6)) }
    .filter { $0 != "Base" && !$0.hasPrefix("en") }
    #expect(!languages.isEmpty)
    for language in languages {
      let run = try runSettei(["render", bundle, "--lang", language, "--width", "80"])
      try #require(run.status == 0, "\(run.standardError)")
      let words = ChromeWords.forLanguage(language)
      for line in run.standardOutput.split(separator: "\n") {
        #expect(
          !line.hasSuffix(" On") && !line.hasSuffix(" Off") && !line.hasSuffix("  Delete"),
          "\(language): \(line)")
      }
      let switches = run.standardOutput.split(separator: "\n").filter {
        $0.hasSuffix(" " + words[.on]) || $0.hasSuffix(" " + words[.off])
      }
      #expect(!switches.isEmpty, "\(language) shows its own words for a switch")
    }
  }
}
