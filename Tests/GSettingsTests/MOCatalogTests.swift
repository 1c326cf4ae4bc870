import GSettingsKit
import TestSupport
import Testing

@testable import GSettings

@Suite struct MOCatalogTests {
  /// A catalog msgfmt compiled, with a plain message, one in a context, a plural and a
  /// message left untranslated.
  @Test func aCatalogMsgfmtWroteIsReadWithContextsAndPlurals() throws {
    let folder = try TemporaryFolder()
    try writeText(
      """
      msgid ""
      msgstr "Content-Type: text/plain; charset=UTF-8\\n"
             "Plural-Forms: nplurals=1; plural=0;\\n"

      msgid "Icon theme"
      msgstr "アイコンテーマ"

      msgctxt "clock"
      msgid "Format"
      msgstr "時計の形式"

      msgid "Format"
      msgstr "形式"

      msgid "%d file"
      msgid_plural "%d files"
      msgstr[0] "%d 個のファイル"

      msgid "Untranslated"
      msgstr ""
      """, to: folder.file("test.po"))
    let run = try runProcess([
      "/usr/bin/msgfmt", "-o", folder.file("test.mo"), folder.file("test.po"),
    ])
    #expect(run.status == 0, "\(run.output)")
    let catalog = try MOCatalog(bytes: readBytes(folder.file("test.mo")), source: "test.mo")
    #expect(catalog.translation(of: "Icon theme") == "アイコンテーマ")
    #expect(catalog.translation(of: "Format") == "形式")
    #expect(catalog.translation(of: "Format", context: "clock") == "時計の形式")
    #expect(catalog.translation(of: "%d file") == "%d 個のファイル")
    #expect(catalog.translation(of: "Untranslated") == nil)
    #expect(catalog.translation(of: "") == nil)
  }

  /// A catalog written big-endian (as on a big-endian machine), built by hand.
  @Test func aBigEndianCatalogIsRead() throws {
    let original = Array("Volume".utf8) + [0]
    let translation = Array("音量".utf8) + [0]
    func word(_ value: Int) -> [UInt8] {
      [
        UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF),
        UInt8(value & 0xFF),
      ]
    }
    // Header (28 bytes), one original entry at 28, one translation entry at 36, strings at 44.
    let stringsStart = 44
    var bytes = word(0x9504_12DE) + word(0) + word(1) + word(28) + word(36) + word(0) + word(0)
    bytes += word(original.count - 1) + word(stringsStart)
    bytes += word(translation.count - 1) + word(stringsStart + original.count)
    bytes += original + translation
    let catalog = try MOCatalog(bytes: bytes, source: "be.mo")
    #expect(catalog.translations == ["Volume": "音量"])
  }

  @Test(arguments: [
    ([UInt8](repeating: 0, count: 28), "it does not start with the magic number 0x950412de"),
    (
      [0xDE, 0x12, 0x04, 0x95] + [UInt8](repeating: 0, count: 4) + [1, 0, 0, 0, 200, 0, 0, 0]
        + [UInt8](repeating: 0, count: 12), "offset 200 is past the end of the file"
    ),
    ([0xDE, 0x12, 0x04], "the file is 3 bytes long"),
  ])
  func aFileThatIsNoCatalogIsNamedWithWhatIsWrong(bytes: [UInt8], reason: String) {
    #expect {
      _ = try MOCatalog(bytes: bytes, source: "/x/bad.mo")
    } throws: { error in
      guard let error = error as? MOCatalog.FormatError else { return false }
      return error.message(.forLanguage("en"))
        == "/x/bad.mo: not a gettext .mo catalog (\(reason)); its titles are shown in English"
    }
  }

  @Test func localeFoldersAreTriedRegionFirstThenLanguage() {
    #expect(MOCatalog.localeFolders(for: "ja") == ["ja"])
    #expect(MOCatalog.localeFolders(for: "pt-BR") == ["pt_BR", "pt"])
    #expect(MOCatalog.localeFolders(for: "de_AT.UTF-8") == ["de_AT", "de"])
    #expect(MOCatalog.localeFolders(for: "zh-Hant-TW") == ["zh_TW", "zh"])
    #expect(MOCatalog.localeFolders(for: "zh-Hant") == ["zh_TW", "zh"])
    #expect(MOCatalog.localeFolders(for: "zh-Hans") == ["zh_CN", "zh"])
  }

  /// The desktop's own schemas and Japanese catalog, as installed: the key's summary read
  /// from the schema's XML, looked up in the domain the XML names.
  @Test func theDesktopSchemasSummaryIsTranslatedThroughItsDomain() throws {
    let loaded = GSchemaText.load(folders: ["/usr/share/glib-2.0/schemas"])
    #expect(loaded.problems.isEmpty)
    let interface = try #require(loaded.text.schemas["org.gnome.desktop.interface"])
    let domain = try #require(interface.gettextDomain)
    #expect(domain == "gsettings-desktop-schemas")
    let summary = try #require(interface.keys["icon-theme"]?.summary)
    #expect(summary == "Icon Theme")
    let catalog = try #require(try MOCatalog.load(domain: domain, language: "ja"))
    #expect(catalog.translation(of: summary) == "アイコンテーマ")
  }
}
