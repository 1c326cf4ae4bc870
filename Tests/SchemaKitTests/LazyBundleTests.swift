import Glibc
import TestSupport
import Testing

@testable import FileFormats
@testable import SchemaKit

/// A bundle loaded lazily reads its root page at once and each child page, with its
/// `.strings`, when asked for it; read in full, it is what an eager load gives.
@Suite struct LazyBundleTests {
  let generated = GeneratedSchema(panes: 3, settingsPerPane: 4)

  /// The generated bundle with `Pane1.plist` not a property list and `ja.lproj/Pane2.strings`
  /// not a strings file.
  private func brokenBundle() throws -> (folder: TemporaryFolder, path: String) {
    let folder = try TemporaryFolder()
    let path = try generated.writeBundle(to: folder.file("Gen.bundle"), brokenPane: 1)
    try writeText("\"Toggle 8\" = \n", to: path + "/ja.lproj/Pane2.strings")
    return (folder, path)
  }

  @Test func onlyTheRootPageAndItsStringsAreReadAtFirst() throws {
    let bundle = try brokenBundle()
    let path = bundle.path
    let schema = try SchemaLoader.load(path: path, language: "ja", lazily: true)
    #expect(Array(schema.pages.keys) == ["Root"])
    #expect(schema.unreadPages == ["Pane0", "Pane1", "Pane2"])
    #expect(schema.hasPage(named: "Pane1"))
    #expect(!schema.hasPage(named: "Pane9"))
    // Neither broken file was read.
    #expect(schema.missingPages.isEmpty)
    #expect(schema.loadProblems.isEmpty)
    #expect(Set(schema.strings.tables["ja"]?.keys.map { $0 } ?? []) == ["Root"])
    #expect(schema.strings.localized("Pane 0", table: "Root", language: "ja") == "ペイン 0")
    // The root's child panes are usable rows: no error before the page is read.
    #expect(SchemaLinter.rowBreakingErrors(onPage: "Root", of: schema).isEmpty)
  }

  /// Read in English, the Japanese tables wait until something needs every language; ja is
  /// a language of the schema all the same.
  @Test func theTablesOfOtherLanguagesAreReadWhenNeeded() throws {
    let bundle = try brokenBundle()
    var schema = try SchemaLoader.load(path: bundle.path, language: "en", lazily: true)
    #expect(schema.strings.tables["ja"] == nil)
    #expect(schema.hasDeferredStrings)
    #expect(schema.strings.languages == ["ja"])
    #expect(schema.strings.missingLanguage(for: "ja") == nil)
    schema.readStrings(of: "en")
    #expect(schema.strings.tables["ja"] == nil)
    // A page read meanwhile defers its Japanese table too.
    let read = schema.loadPage(named: "Pane0")
    let page = try #require(read)
    #expect(schema.strings.tables["ja"] == nil)
    schema.readStrings(of: "ja")
    #expect(!schema.hasDeferredStrings)
    #expect(Set(schema.strings.tables["ja"]?.keys.map { $0 } ?? []) == ["Root", "Pane0"])
    #expect(schema.strings.localized("Pane 0", table: "Root", language: "ja") == "ペイン 0")
    #expect(
      schema.strings.localized("Toggle 0", table: page.stringsTable, language: "ja")
        == "トグル 0")
    // From then on a page reads every language's table with it: the broken one warns.
    _ = schema.loadPage(named: "Pane2")
    #expect(schema.loadProblems.map(\.source) == [bundle.path + "/ja.lproj/Pane2.strings"])
    schema.loadAllPages()
    #expect(schema.strings == (try SchemaLoader.load(path: bundle.path)).strings)
  }

  @Test func aPageIsReadWithItsStringsWhenAskedFor() throws {
    let bundle = try brokenBundle()
    let path = bundle.path
    var schema = try SchemaLoader.load(path: path, language: "ja", lazily: true)
    let read = schema.loadPage(named: "Pane0")
    let page = try #require(read)
    #expect(page.specifiers.compactMap(\.key) == generated.settings(onPane: 0).map(\.key))
    #expect(
      schema.strings.localized("Toggle 0", table: page.stringsTable, language: "ja")
        == "トグル 0")
    #expect(schema.unreadPages == ["Pane1", "Pane2"])
    #expect(schema.missingPages.isEmpty)
  }

  @Test func readingEveryPageStopsWhenAskedAndGoesOnLater() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("Gen.bundle")
    try generated.writeBundle(to: path)
    var schema = try SchemaLoader.load(path: path, lazily: true)
    var asked = 0
    // Ctrl-C after the first page: reading stops there, the rest stays to be read.
    let finished = schema.loadAllPages(stoppingWhen: {
      asked += 1
      return asked > 1
    })
    #expect(!finished)
    #expect(schema.unreadPages == ["Pane1", "Pane2"])
    let finishedLater = schema.loadAllPages(stoppingWhen: { false })
    #expect(finishedLater)
    #expect(schema.unreadPages.isEmpty)
    #expect(Set(schema.pages.keys) == ["Root", "Pane0", "Pane1", "Pane2"])
  }

  @Test func aBrokenPageIsReportedWhenReadWithItsFileAndLine() throws {
    let bundle = try brokenBundle()
    let path = bundle.path
    var schema = try SchemaLoader.load(path: path, language: "ja", lazily: true)
    #expect(schema.loadPage(named: "Pane1") == nil)
    #expect(!schema.hasPage(named: "Pane1"))
    let missing = try #require(schema.missingPages.first)
    #expect(missing.page == "Root" && missing.file == "Pane1" && missing.specifierIndex == 2)
    #expect(missing.reason?.description.hasPrefix(path + "/Pane1.plist:3:1: ") == true)
    let errors = SchemaLinter.rowBreakingErrors(onPage: "Root", of: schema)
    #expect(errors[2]?.hasPrefix("File 'Pane1' names a page that cannot be used: ") == true)
    #expect(errors[2]?.contains("Pane1.plist:3:1") == true)
    // A broken strings file is a warning of the page that reads it, when it does.
    _ = schema.loadPage(named: "Pane2")
    #expect(schema.loadProblems.map(\.source) == [path + "/ja.lproj/Pane2.strings"])
  }

  /// The root's child panes are noted when first needed, not as the root is read: until
  /// then each page it names is there, pending, as after noting; a look-up or a page read
  /// notes them all once.
  @Test func theRootsChildPanesAreNotedWhenFirstNeeded() throws {
    let bundle = try brokenBundle()
    var schema = try SchemaLoader.load(path: bundle.path, lazily: true)
    #expect(schema.pageReader?.pageNotNoted?.name == "Root")
    #expect(schema.pageReader?.states == ["Root": .read])
    #expect(schema.hasUnreadPages)
    // What a row asks, and a look-up that does not change the schema, do not note them.
    let panes = try #require(schema.rootPage).specifiers.filter { $0.kind == .childPane }
    for pane in panes {
      let file = try #require(pane.file)
      #expect(SettingsSchema.hasPage(named: file, namedBy: pane.index, on: "Root", in: &schema))
      #expect(schema.hasPage(named: file))
    }
    #expect(!schema.hasPage(named: "Pane9"))
    #expect(schema.unreadPages == ["Pane0", "Pane1", "Pane2"])
    #expect(schema.pageReader?.pageNotNoted != nil)
    // A look-up through the class-held schema notes them, each once.
    #expect(SettingsSchema.hasPage(named: "Pane2", in: &schema))
    #expect(schema.pageReader?.pageNotNoted == nil)
    #expect(schema.pageReader?.states.count == 4)
    #expect(schema.unreadPages == ["Pane0", "Pane1", "Pane2"])
    // Reading a page notes them as well, on a schema that had not.
    var other = try SchemaLoader.load(path: bundle.path, lazily: true)
    #expect(other.loadPage(named: "Pane1") == nil)
    #expect(other.unreadPages == ["Pane0", "Pane2"])
    #expect(!SettingsSchema.hasPage(named: "Pane1", namedBy: 2, on: "Root", in: &other))
  }

  /// A language whose folder has tables only of pages not read yet is a language of the
  /// schema from the start, as it is after an eager load: `--lang` and `lang` accept it.
  /// Lint tells a child pane's page is there, while the bundle is read lazily, from what
  /// the loader noted; it must say what a look-up says, before and after pages are read,
  /// for a page that does not parse and one with no file.
  @Test func lintTellsChildPanesThereAsALookUpDoes() throws {
    let bundle = try brokenBundle()
    #expect(unlink(bundle.path + "/Pane2.plist") == 0)
    var schema = try SchemaLoader.load(path: bundle.path, lazily: true)
    func answers() -> [Bool] {
      var answers: [Bool] = []
      for page in schema.pages.values {
        for specifier in page.specifiers where specifier.kind == .childPane {
          guard let file = specifier.file else { continue }
          let told = schema.hasPage(named: file, namedBy: specifier.index, on: page.name)
          #expect(told == schema.hasPage(named: file), "\(file) on \(page.name)")
          answers.append(told)
        }
      }
      return answers
    }
    #expect(answers() == [true, true, true])
    #expect(schema.loadPage(named: "Pane1") == nil)
    #expect(schema.loadPage(named: "Pane2") == nil)
    #expect(answers() == [true, false, false])
    let errors = SchemaLinter.rowBreakingErrors(onPage: "Root", of: schema)
    #expect(errors.keys.sorted() == [2, 3])
  }

  @Test func aLanguageWithOnlyUnreadTablesIsKnownAtOnce() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("Gen.bundle")
    try generated.writeBundle(to: path)
    #expect(mkdir(path + "/fr.lproj", 0o755) == 0)
    try writeText("\"Toggle 0\" = \"Bascule 0\";\n", to: path + "/fr.lproj/Pane0.strings")
    let eager = try SchemaLoader.load(path: path)
    var lazy = try SchemaLoader.load(path: path, lazily: true)
    #expect(lazy.strings.tables["fr"] == nil)
    #expect(lazy.strings.languages == ["fr", "ja"])
    #expect(lazy.strings.languages == eager.strings.languages)
    #expect(lazy.strings.bestFolder(for: "fr-CA") == "fr")
    #expect(lazy.strings.missingLanguage(for: "fr") == nil)
    #expect(lazy.strings.missingLanguage(for: "de") != nil)
    // Once the page is read, and French asked for, its table is there.
    let read = lazy.loadPage(named: "Pane0")
    let page = try #require(read)
    #expect(lazy.strings.languages == ["fr", "ja"])
    lazy.readStrings(of: "fr")
    #expect(
      lazy.strings.localized("Toggle 0", table: page.stringsTable, language: "fr") == "Bascule 0")
    lazy.loadAllPages()
    #expect(lazy.strings == eager.strings)
  }

  @Test func readInFullItIsWhatAnEagerLoadGives() throws {
    let bundle = try brokenBundle()
    let path = bundle.path
    let eager = try SchemaLoader.load(path: path)
    var lazy = try SchemaLoader.load(path: path, lazily: true)
    _ = lazy.loadPage(named: "Pane2")
    lazy.loadAllPages()
    #expect(lazy.unreadPages.isEmpty)
    #expect(lazy.pages == eager.pages)
    #expect(lazy.strings == eager.strings)
    #expect(lazy.missingPages == eager.missingPages)
    #expect(
      SchemaLinter.lint(lazy).map(\.description) == SchemaLinter.lint(eager).map(\.description))
    #expect(
      SchemaLinter.rowBreakingErrors(in: lazy) == SchemaLinter.rowBreakingErrors(in: eager))
  }

  @Test func pagesReadLaterAreLimitedToTheIdiomShown() throws {
    let folder = try TemporaryFolder()
    try writeText(
      plistDocument(
        #"<dict><key>PreferenceSpecifiers</key><array><dict><key>Type</key>"#
          + #"<string>PSChildPaneSpecifier</string><key>Title</key><string>More</string>"#
          + #"<key>File</key><string>More</string></dict></array></dict>"#),
      to: folder.file("Root.plist"))
    try writeText(
      plistDocument(
        #"<dict><key>PreferenceSpecifiers</key><array><dict><key>Type</key>"#
          + #"<string>PSToggleSwitchSpecifier</string><key>Key</key><string>pad</string>"#
          + #"<key>DefaultValue</key><true/><key>SupportedUserInterfaceIdioms</key>"#
          + #"<array><string>Pad</string><string>Tablet</string></array></dict>"#
          + #"<dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Key</key>"#
          + #"<string>all</string><key>DefaultValue</key><true/></dict></array></dict>"#),
      to: folder.file("More.plist"))
    let eager = try SchemaLoader.load(path: folder.path, idiom: .phone)
    var lazy = try SchemaLoader.load(path: folder.path, idiom: .phone, lazily: true)
    let read = lazy.loadPage(named: "More")
    let page = try #require(read)
    #expect(page.specifiers.compactMap(\.key) == ["all"])
    #expect(lazy.pages == eager.pages)
    #expect(lazy.loadProblems.map(\.description) == eager.loadProblems.map(\.description))
    #expect(lazy.loadProblems.count == 1)
  }
}
