import FoundationEssentials
import Glibc
import TestSupport
import Testing

@testable import FileFormats
@testable import SchemaKit

/// A bundle's pages are decoded straight from their XML; the tree of the whole file
/// (``PropertyListReader`` and ``PageDecoder``) is the oracle: the same page and problems, or
/// the same error at the same line and column.
@Suite struct XMLPageDecoderTests {
  /// The decoder's answer, as a value to compare.
  private enum Outcome: Equatable {
    case page(SettingsSchema.Page, namesStringsTable: Bool, problems: [LintProblem])
    case error(String)

    init(_ result: Result<SettingsBundleLoader.DecodedPage, SettingsBundleLoader.PageError>) {
      switch result {
      case .success(let decoded):
        self = .page(
          decoded.page, namesStringsTable: decoded.namesStringsTable, problems: decoded.problems)
      case .failure(let error):
        self = .error(error.message)
      }
    }
  }

  private func expectSameAsTree(
    _ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let direct = Outcome(SettingsBundleLoader.decodePage(bytes, name: "P", source: "p.plist"))
    var budget = ExpansionBudget()
    let tree = Outcome(
      SettingsBundleLoader.decodePageThroughTree(
        bytes, name: "P", source: "p.plist", budget: &budget))
    #expect(
      direct == tree, "\(String(decoding: bytes, as: UTF8.self))", sourceLocation: sourceLocation)
  }

  /// Whether the page in `bytes` is decoded without the tree.
  private func isDecodedDirectly(_ bytes: [UInt8]) -> Bool {
    (try? XMLPageDecoder.page(bytes, name: "P", source: "p.plist")) != nil
  }

  private func plistFiles(in folder: String) -> [String] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasSuffix(".plist") { names.append(folder + "/" + name) }
    }
    return names.sorted()
  }

  @Test func everyFixturePageDecodesAsThroughTheTree() throws {
    var direct = 0
    var files = 0
    for bundle in PackagePaths.bundles + [PackagePaths.realWorldCasesBundle] {
      for path in plistFiles(in: bundle) {
        let bytes = try readBytes(path)
        expectSameAsTree(bytes)
        files += 1
        if isDecodedDirectly(bytes) { direct += 1 }
      }
    }
    #expect(files >= 16)
    // The fixtures are real pages: all but the deliberately broken one are read directly.
    #expect(direct >= files - 1)
  }

  @Test func generatedPagesDecodeWithoutTheTree() throws {
    let folder = try TemporaryFolder()
    try GeneratedSchema(panes: 3, settingsPerPane: 150).writeBundle(to: folder.file("G.bundle"))
    for name in ["Root", "Pane0", "Pane2"] {
      let bytes = try readBytes(folder.file("G.bundle/\(name).plist"))
      #expect(isDecodedDirectly(bytes))
      expectSameAsTree(bytes)
    }
  }

  @Test func everyKindOfValueAndMarkup() {
    let specifiers = [
      // Entities, CDATA and comments in keys and values; every kind of value.
      "<dict><key>Type</key><string>PSTextFieldSpecifier</string><key>Title</key>"
        + "<string>Tom &amp; Jerry &#x263A;</string><key>K&#101;y</key><string><![CDATA[<a>]]></string>"
        + "<!-- a comment --><key>DefaultValue</key><string>x<!-- in text -->y</string></dict>",
      "<dict><key>Type</key><string>PSSliderSpecifier</string><key>Key</key><string>s</string>"
        + "<key>MinimumValue</key><integer>0x10</integer><key>MaximumValue</key><real>1e2</real>"
        + "<key>DefaultValue</key><real>nan</real></dict>",
      "<dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>DefaultValue</key><true/>"
        + "<key>TrueValue</key><integer>1</integer><key>FalseValue</key><false></false></dict>",
      "<dict><key>Type</key><string>IASKDatePickerSpecifier</string><key>DefaultValue</key>"
        + "<date>2026-11-30T00:00:00Z</date><key>Extra</key><data>AAEC</data></dict>",
      // A list group with nested specifiers, and keys nobody defines.
      "<dict><key>Type</key><string>IASKListGroupSpecifier</string><key>ItemSpecifier</key>"
        + "<dict><key>Type</key><string>PSChildPaneSpecifier</string><key>File</key>"
        + "<string>Tag</string><key>Nested</key><dict><key>a</key><array/></dict></dict>"
        + "<key>AddSpecifier</key><dict/><key>Unknown</key><string>u</string></dict>",
      // Members of the wrong type, empty elements, attributes and white space.
      "<dict><key>Type</key><integer>3</integer><key>Title</key><array/><key>Titles</key>"
        + "<array><string>a</string><integer>1</integer></array><key>Values</key><string/>"
        + "<key>File</key><true/></dict>",
      "<dict/>", "<dict>\n\t<key  >Type</key>\n\t<string a='b'>PSGroupSpecifier</string >\n</dict>",
      // The same choices twice, shared.
      "<dict><key>Type</key><string>PSMultiValueSpecifier</string><key>Titles</key><array>"
        + "<string>a</string></array><key>Values</key><array><string>a</string></array></dict>"
        + "<dict><key>Type</key><string>PSMultiValueSpecifier</string><key>Titles</key><array>"
        + "<string>a</string></array><key>Values</key><array><string>a</string></array></dict>",
    ]
    for specifier in specifiers {
      expectSameAsTree(Array(pagePlist(specifier).utf8))
      #expect(isDecodedDirectly(Array(pagePlist(specifier).utf8)))
    }
    let pages = [
      "<dict><key>Title</key><string>T</string><key>StringsTable</key><string>S</string>"
        + "<key>Other</key><dict><key>a</key><true/></dict>"
        + "<key>PreferenceSpecifiers</key><array/></dict>",
      "<dict><key>PreferenceSpecifiers</key><array/><key>Title</key><integer>1</integer></dict>",
      "<dict><key>PreferenceSpecifiers</key><array/></dict>",
    ]
    for page in pages {
      expectSameAsTree(Array(plistDocument(page).utf8))
      #expect(isDecodedDirectly(Array(plistDocument(page).utf8)))
    }
  }

  @Test func equalChoicesAreHeldOnce() throws {
    let choices =
      "<dict><key>Type</key><string>PSMultiValueSpecifier</string><key>Titles</key><array>"
      + "<string>a</string><string>b</string></array><key>Values</key><array>"
      + "<string>a</string><string>b</string></array></dict>"
    let bytes = Array(pagePlist(choices + toggle("t") + choices).utf8)
    let decoded = try #require(try XMLPageDecoder.page(bytes, name: "P", source: "p.plist"))
    let specifiers = decoded.page.specifiers
    let titles = specifiers.map { $0.titles.withUnsafeBufferPointer(\.baseAddress) }
    #expect(specifiers[0].titles == ["a", "b"])
    #expect(titles[0] == titles[2])
    let values = specifiers.map { $0.values.withUnsafeBufferPointer(\.baseAddress) }
    #expect(values[0] == values[2])
  }

  @Test func repeatedKeysAreRefusedWhereTheTreeRefusesThem() {
    let pages = [
      pagePlist(
        "<dict><key>Key</key><string>a</string><key>Title</key><string>t</string><key>Key</key><string>b</string></dict>"
      ),
      pagePlist("<dict><key>Key</key><string>a</string><key>K&#101;y</key><true/></dict>"),
      pagePlist("<dict><key>Custom</key><true/><key>Custom</key><true/></dict>"),
      pagePlist("<dict><key>Values</key><array/><key>Values</key><array><strin/></array></dict>"),
      pagePlist(
        "<dict><key>ItemSpecifier</key><dict><key>a</key><true/><key>a</key><false/></dict></dict>"),
      pagePlist("", extra: "<key>Title</key><string>a</string><key>Title</key><string>b</string>"),
      plistDocument(
        "<dict><key>PreferenceSpecifiers</key><array/><key>PreferenceSpecifiers</key><array/></dict>"
      ),
    ]
    for page in pages {
      expectSameAsTree(Array(page.utf8))
      #expect(throws: SettingsBundleLoader.PageError.self) {
        try SettingsBundleLoader.decodePage(Array(page.utf8), name: "P", source: "p").get()
      }
    }
  }

  @Test func keysOutsideASCIIAreLeftToTheTree() {
    // The Kelvin sign K is the same text as K: the tree's dictionary finds the repeat.
    let pages = [
      pagePlist(
        "<dict><key>Key</key><string>a</string><key>\u{212A}ey</key><string>b</string></dict>"),
      pagePlist("<dict><key>\u{212A}ey</key><string>b</string></dict>"),
      pagePlist("<dict><key>Clé</key><string>b</string><key>Cle\u{301}</key><true/></dict>"),
    ]
    for page in pages {
      expectSameAsTree(Array(page.utf8))
      #expect(!isDecodedDirectly(Array(page.utf8)))
    }
  }

  @Test func pagesOfAnotherShapeGiveTheTreesProblemsAndMessages() {
    let pages = [
      plistDocument("<array/>"), plistDocument("<dict/>"),
      plistDocument("<dict><key>PreferenceSpecifiers</key><dict/></dict>"),
      pagePlist("<string>x</string><dict/><integer>1</integer>"),
      pagePlist("<dict/>", extra: "<key>StringsTable</key><integer>1</integer>"),
      pagePlist("<true/>", extra: "<key>StringsTable</key><array/>"),
      plistDocument("<dict><key>PreferenceSpecifiers</key><array><string>x</string></array>") + "<",
    ]
    for page in pages {
      expectSameAsTree(Array(page.utf8))
      #expect(!isDecodedDirectly(Array(page.utf8)))
    }
  }

  @Test func malformedPagesGiveTheTreesErrors() {
    let pages = [
      "", "<plist>", pagePlist("<dict><key>Type</key><string>a</strin></dict>"),
      pagePlist("<dict><key>Type</key></dict>"), pagePlist("<dict><key>Title</key><b/></dict>"),
      pagePlist("<dict><string>a</string></dict>"), pagePlist("<dict>text</dict>"),
      pagePlist(toggle("k")) + "<extra/>", pagePlist("<dict><key>T\u{1}</key></dict>"),
      "\u{FEFF}" + pagePlist(toggle("k")),
    ]
    for page in pages { expectSameAsTree(Array(page.utf8)) }
    expectSameAsTree([0xFF, 0xFE, 0x3C, 0x00])
  }

  @Test func binaryPagesAreReadThroughTheTree() throws {
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .binary
    let page = ["PreferenceSpecifiers": [["Type": "PSGroupSpecifier", "Title": "Binary"]]]
    let bytes = Array(try encoder.encode(page))
    #expect(!isDecodedDirectly(bytes))
    expectSameAsTree(bytes)
    let decoded = try SettingsBundleLoader.decodePage(bytes, name: "P", source: "p").get()
    #expect(decoded.page.specifiers.first?.title == "Binary")
  }

  @Test func mutatedPagesGiveTheSamePageOrErrorAsTheTree() throws {
    var random = SplitMix64(seed: 0x0B1C_7EAE)
    let folder = try TemporaryFolder()
    try GeneratedSchema(panes: 2, settingsPerPane: 6).writeBundle(to: folder.file("G.bundle"))
    let seeds = [
      try readBytes(folder.file("G.bundle/Root.plist")),
      try readBytes(folder.file("G.bundle/Pane1.plist")),
      try readBytes(PackagePaths.sampleBundle + "/Listgroup.plist"),
    ]
    let interesting = Array("<>/&;![]-?=\"' KeyTpdictarsngTitle".utf8) + [0, 0x0A, 0xE3, 0xFF]
    for _ in 0..<3000 {
      let seed = seeds[Int(random.next() % UInt64(seeds.count))]
      expectSameAsTree(random.mutated(seed, using: interesting))
    }
  }
}
