import Glibc
import TestSupport
import Testing

@testable import SchemaKit

/// A minimal page as XML property-list text.
func pagePlist(_ specifiers: String, extra: String = "") -> String {
  plistDocument(
    "<dict>\(extra)<key>PreferenceSpecifiers</key><array>\(specifiers)</array></dict>")
}

/// A child pane specifier as XML.
func childPane(_ file: String, title: String = "More") -> String {
  "<dict><key>Type</key><string>PSChildPaneSpecifier</string><key>Title</key>"
    + "<string>\(title)</string><key>File</key><string>\(file)</string></dict>"
}

/// A toggle specifier as XML.
func toggle(_ key: String, title: String = "On") -> String {
  "<dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key>"
    + "<string>\(title)</string><key>Key</key><string>\(key)</string>"
    + "<key>DefaultValue</key><true/></dict>"
}

/// The message of the error loading `path` throws, or `nil` if it loads.
func loadFailure(_ path: String) -> String? {
  do {
    _ = try SchemaLoader.load(path: path)
    return nil
  } catch {
    return error.description
  }
}

/// Creates `folder/name.lproj/` and writes `files` (name → text) into it.
func writeLocalization(_ files: [String: [UInt8]], language: String, in folder: String) throws {
  let path = folder + "/" + language + ".lproj"
  mkdir(path, 0o755)
  for (name, bytes) in files { try writeBytes(bytes, to: path + "/" + name) }
}

@Suite struct SettingsBundleLoaderTests {
  @Test
  func choosesRootInAppOverRootPlist() throws {
    let schema = try SchemaLoader.load(path: sampleBundle, inApp: true)
    let root = try #require(schema.rootPage)
    #expect(schema.rootPageName == "Root")
    #expect(root.name == "Root")
    #expect(root.source.hasSuffix("/Root.inApp.plist"))
    #expect(root.title == "WhereTo")
    #expect(root.specifiers.count == 57)
    #expect(root.specifiers[0].footerText == "Root.inApp.plist is never used in this case")
  }

  @Test
  func loadsEveryReachablePageOnce() throws {
    let schema = try SchemaLoader.load(path: sampleBundle, inApp: true)
    #expect(
      Set(schema.pages.keys)
        == ["Root", "Complete", "Listgroup", "Advanced", "Fruit", "Tag", "Account"])
    #expect(schema.missingPages.isEmpty)
    #expect(schema.loadProblems.isEmpty, "\(schema.loadProblems)")
    for (name, page) in schema.pages {
      #expect(page.name == name)
      #expect(page.source.hasSuffix("/\(name).plist") || page.source.hasSuffix("/Root.inApp.plist"))
    }
    // Every page is reachable from the root through the links the loader follows.
    var reached: Set<String> = []
    var queue = [schema.rootPageName]
    while let name = queue.popLast() {
      guard reached.insert(name).inserted, let page = schema.pages[name] else { continue }
      queue += page.specifiers.flatMap { $0.pageReferences.map(\.file) }
    }
    #expect(reached == Set(schema.pages.keys))
  }

  @Test
  func findsEnglishAndGermanStrings() throws {
    let schema = try SchemaLoader.load(path: sampleBundle, inApp: true)
    #expect(Set(schema.strings.languages) == ["en", "de"])
    let root = try #require(schema.rootPage)
    let toggle = root.specifiers[1]
    #expect(toggle.kind == .toggleSwitch)
    let title = try #require(toggle.title)
    #expect(
      schema.strings.localized(title, table: root.stringsTable, language: "en") == "Toggle Switch")
    #expect(
      schema.strings.localized(title, table: root.stringsTable, language: "de")
        == "Toggle Schalter")
    #expect(
      schema.strings.localized(title, table: root.stringsTable, language: "de_AT")
        == "Toggle Schalter")
    let advanced = try #require(schema.pages["Advanced"])
    #expect(
      schema.strings.localized(advanced.title ?? "", table: advanced.stringsTable, language: "de")
        == "Erweitert")
    // Pages without StringsTable fall back to Root, as InAppSettingsKit does.
    #expect(schema.pages["Tag"]?.stringsTable == "Root")
    #expect(schema.pages["Listgroup"]?.stringsTable == "Root")
  }

  @Test
  func recordsAMissingChildPaneAndLoadsTheRest() throws {
    let schema = try SchemaLoader.load(path: testsBundle, inApp: true)
    #expect(Set(schema.pages.keys) == ["Root", "Complete", "Advanced"])
    // The test bundle has neither Listgroup.plist nor Fruit.plist.
    #expect(Set(schema.missingPages.map(\.file)) == ["Listgroup", "Fruit"])
    let missing = try #require(schema.missingPages.first { $0.file == "Listgroup" })
    #expect(missing.page == "Root")
    #expect(missing.file == "Listgroup")
    #expect(missing.specifierIndex == 10)
    #expect(missing.reason == nil)
    #expect(missing.searched.count == 4)
    #expect(missing.searched.last?.hasSuffix("/Listgroup.plist") == true)
  }

  @Test
  func readsAPlistGivenDirectlyWithTheStringsBesideIt() throws {
    let schema = try SchemaLoader.load(path: testsBundle + "/Malformed.plist")
    #expect(schema.rootPageName == "Malformed")
    #expect(Array(schema.pages.keys) == ["Malformed"])
    let page = try #require(schema.rootPage)
    #expect(page.stringsTable == "Root")
    #expect(
      schema.strings.localized("TOGGLE_SWITCH", table: "Root", language: "de") == "Toggle Schalter")
  }

  @Test func followsChildPanesInTheFolderOfAPlistAndToleratesCycles() throws {
    let folder = try TemporaryFolder()
    try writeText(pagePlist(childPane("B") + toggle("a")), to: folder.file("A.plist"))
    try writeText(
      pagePlist(childPane("A") + childPane("B") + toggle("b")), to: folder.file("B.plist"))
    let schema = try SchemaLoader.load(path: folder.file("A.plist"))
    #expect(Set(schema.pages.keys) == ["A", "B"])
    #expect(schema.missingPages.isEmpty)
    #expect(schema.pages["A"]?.stringsTable == "Root")
  }

  @Test func inTheAppPrefersInAppAndIPhonePagesForChildren() throws {
    let folder = try TemporaryFolder()
    try writeText(pagePlist(childPane("More")), to: folder.file("Root.plist"))
    try writeText(pagePlist(toggle("plain")), to: folder.file("More.plist"))
    try writeText(pagePlist(toggle("inApp")), to: folder.file("More.inApp.plist"))
    func key(inApp: Bool) throws -> String? {
      try SchemaLoader.load(path: folder.path, inApp: inApp).pages["More"]?.specifiers[0].key
    }
    #expect(try key(inApp: true) == "inApp")
    // Settings.app never reads an .inApp page.
    #expect(try key(inApp: false) == "plain")
    try writeText(pagePlist(toggle("phone")), to: folder.file("More~iphone.inApp.plist"))
    #expect(try key(inApp: true) == "phone")
    #expect(try key(inApp: false) == "plain")
    try writeText(pagePlist(toggle("phonePlain")), to: folder.file("More~iphone.plist"))
    #expect(try key(inApp: false) == "phonePlain")
    #expect(try key(inApp: true) == "phone")
  }

  @Test func aBrokenChildPageIsRecordedWithItsReason() throws {
    let folder = try TemporaryFolder()
    try writeText(
      pagePlist(childPane("Broken") + childPane("Array") + childPane("../b") + toggle("ok")),
      to: folder.file("Root.plist"))
    try writeText(plistDocument("<dict>\n<key>x</key>\n<strin>"), to: folder.file("Broken.plist"))
    try writeText(plistDocument("<array/>"), to: folder.file("Array.plist"))
    let schema = try SchemaLoader.load(path: folder.path)
    #expect(Array(schema.pages.keys) == ["Root"])
    #expect(schema.rootPage?.specifiers.count == 4)
    let reasons = schema.missingPages.map { ($0.file, $0.reason?.description ?? "") }
    #expect(reasons.count == 3)
    #expect(reasons[0].0 == "Broken")
    #expect(reasons[0].1.contains(folder.file("Broken.plist") + ":"), "\(reasons[0].1)")
    #expect(reasons[1].1.contains("found an array"))
    #expect(reasons[2].1.contains("'../b' has an empty, '.' or '..' component"))
    #expect(schema.missingPages[2].searched.isEmpty)
  }

  /// A root naming `Missing`, `Bad` and `Good` (then `Missing` and `Good` again, and
  /// itself), and `Good` naming `Missing`, `Bad` and the root.
  private func bundleNamingPagesTwice() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try writeText(
      pagePlist(
        childPane("Missing") + childPane("Bad") + childPane("Good") + childPane("Missing")
          + childPane("Good") + childPane("Root")),
      to: folder.file("Root.plist"))
    try writeText(
      pagePlist(childPane("Missing") + childPane("Bad") + childPane("Root")),
      to: folder.file("Good.plist"))
    try writeText("not a property list", to: folder.file("Bad.plist"))
    return folder
  }

  @Test func aPageNamedAgainIsReadOnceAndMissingForEachSpecifierThatNamesIt() throws {
    let folder = try bundleNamingPagesTwice()
    let places: (SettingsSchema) -> [String] = { schema in
      schema.missingPages.map { "\($0.page)[\($0.specifierIndex)] \($0.file)" }
    }
    let eager = try SchemaLoader.load(path: folder.path)
    #expect(Set(eager.pages.keys) == ["Root", "Good"])
    #expect(
      places(eager) == [
        "Root[0] Missing", "Root[1] Bad", "Root[3] Missing", "Good[0] Missing", "Good[1] Bad",
      ])
    #expect(eager.missingPages[1].reason?.description.hasPrefix(folder.file("Bad.plist")) == true)
    #expect(eager.unreadPages.isEmpty)

    var lazy = try SchemaLoader.load(path: folder.path, lazily: true)
    #expect(lazy.unreadPages == ["Missing", "Bad", "Good"])
    #expect(["Root", "Missing", "Bad", "Good"].allSatisfy(lazy.hasPage(named:)))
    #expect(!lazy.hasPage(named: "Other"))
    #expect(lazy.loadPage(named: "Good") != nil)
    #expect(lazy.unreadPages == ["Missing", "Bad"])
    #expect(lazy.missingPages.isEmpty)
    #expect(lazy.loadPage(named: "Missing") == nil)
    #expect(!lazy.hasPage(named: "Missing"))
    #expect(lazy.loadPage(named: "Missing") == nil)
    #expect(places(lazy) == ["Root[0] Missing", "Root[3] Missing", "Good[0] Missing"])
    lazy.loadAllPages()
    #expect(lazy.unreadPages.isEmpty && !lazy.hasPage(named: "Bad"))
    #expect(Set(places(lazy)) == Set(places(eager)))
    #expect(lazy.pages == eager.pages)
  }

  @Test func specifiersThatAreNotDictionariesAreLeftOutWithAProblem() throws {
    let folder = try TemporaryFolder()
    try writeText(
      pagePlist("<string>oops</string>" + toggle("kept")), to: folder.file("Root.plist"))
    let schema = try SchemaLoader.load(path: folder.path)
    let root = try #require(schema.rootPage)
    #expect(root.specifiers.map(\.index) == [1])
    #expect(schema.loadProblems.count == 1)
    #expect(schema.loadProblems.first?.specifierIndex == 0)
    #expect(schema.loadProblems.first?.description.contains("a string, not a dictionary") == true)
  }

  @Test func usesThePagesOwnTableWhenItExistsElseRoot() throws {
    let folder = try TemporaryFolder()
    try writeText(
      pagePlist(childPane("Own") + childPane("Other"), extra: "<key>Title</key><string>T</string>"),
      to: folder.file("Root.plist"))
    try writeText(pagePlist(toggle("own", title: "O")), to: folder.file("Own.plist"))
    try writeText(pagePlist(toggle("other", title: "P")), to: folder.file("Other.plist"))
    try writeLocalization(
      [
        "Root.strings": Array("\"T\" = \"Titel\"; \"P\" = \"Pe\";".utf8),
        "Own.strings": Array("\"O\" = \"Oh\";".utf8),
      ], language: "de", in: folder.path)
    try writeLocalization(
      ["Root.strings": utf16Bytes("\"T\" = \"Title\";", bigEndian: true)], language: "pt-BR",
      in: folder.path)
    let schema = try SchemaLoader.load(path: folder.path)
    #expect(schema.pages["Own"]?.stringsTable == "Own")
    #expect(schema.pages["Other"]?.stringsTable == "Root")
    #expect(schema.strings.tables["de"]?["Own"] == ["O": "Oh"])
    #expect(schema.strings.localized("P", table: "Root", language: "de") == "Pe")
    #expect(schema.strings.tables["pt-BR"]?["Root"] == ["T": "Title"])
    #expect(schema.loadProblems.isEmpty)
  }

  @Test func theIdiomsStringsFileIsReadFirstAsCFBundleReadsEveryResource() throws {
    let folder = try TemporaryFolder()
    try writeText(pagePlist(toggle("a", title: "A")), to: folder.file("Root.plist"))
    try writeLocalization(
      [
        "Root.strings": Array("\"A\" = \"Ton\";".utf8),
        "Root~ipad.strings": Array("\"A\" = \"Ton auf dem iPad\";".utf8),
      ], language: "de", in: folder.path)
    try writeLocalization(
      ["Root~iphone.strings": Array("\"A\" = \"Son\";".utf8)], language: "fr",
      in: folder.path)
    let pad = try SchemaLoader.load(path: folder.path, idiom: .pad)
    #expect(pad.strings.localized("A", table: "Root", language: "de") == "Ton auf dem iPad")
    #expect(pad.strings.localized("A", table: "Root", language: "fr") == "A")
    let phone = try SchemaLoader.load(path: folder.path, idiom: .phone)
    #expect(phone.strings.localized("A", table: "Root", language: "de") == "Ton")
    #expect(phone.strings.localized("A", table: "Root", language: "fr") == "Son")
  }

  @Test func aBrokenStringsFileIsAWarningWithItsLine() throws {
    let folder = try TemporaryFolder()
    try writeText(
      pagePlist(toggle("a"), extra: "<key>StringsTable</key><string>Root</string>"),
      to: folder.file("Root.plist"))
    try writeLocalization(
      ["Root.strings": Array("\"a\" = \"1\";\n\"b\" = \"2\"\n".utf8)], language: "en",
      in: folder.path)
    try writeLocalization(
      ["Root.strings": Array("\"a\" = \"Eins\";".utf8)], language: "de", in: folder.path)
    let schema = try SchemaLoader.load(path: folder.path)
    #expect(schema.strings.tables["de"]?["Root"] == ["a": "Eins"])
    // The language stays, its table empty: its text is shown as written.
    #expect(schema.strings.tables["en"] == ["Root": [:]])
    #expect(
      schema.strings.unreadable["en"]?["Root"]?.description.contains("Root.strings:3:1: ") == true)
    let problem = try #require(schema.loadProblems.first)
    #expect(problem.severity == .warning)
    #expect(problem.source == folder.path + "/en.lproj/Root.strings")
    #expect(problem.line == 3)
    #expect(problem.description.hasPrefix(folder.path + "/en.lproj/Root.strings:3:1: warning: "))
  }

  @Test func warnsAboutAStringsTableWithoutAFile() throws {
    let folder = try TemporaryFolder()
    try writeText(
      pagePlist(toggle("a"), extra: "<key>StringsTable</key><string>Nope</string>"),
      to: folder.file("Root.plist"))
    try writeLocalization(
      ["Root.strings": Array("\"a\" = \"1\";".utf8)], language: "en", in: folder.path)
    let schema = try SchemaLoader.load(path: folder.path)
    #expect(
      schema.loadProblems.map(\.message).first?.contains("no .lproj folder has Nope.strings")
        == true)
  }

  @Test func rootErrorsNameTheFileAndWhatWasExpected() throws {
    let folder = try TemporaryFolder()
    let empty = folder.path + "/Empty"
    mkdir(empty, 0o755)
    let noRoot = try #require(loadFailure(empty))
    #expect(noRoot.hasPrefix(empty + ": no Root.plist or Root.inApp.plist"))

    try writeText(
      plistDocument("<array><string>x</string></array>"), to: folder.file("array.plist"))
    #expect(
      loadFailure(folder.file("array.plist"))
        == folder.file("array.plist")
        + ": expected a dictionary with PreferenceSpecifiers at the top level, found an array")

    try writeText("", to: folder.file("empty.plist"))
    #expect(
      loadFailure(folder.file("empty.plist"))?.hasPrefix(folder.file("empty.plist") + ":1") == true)

    try writeText(
      plistDocument("<dict><key>Title</key><string>x</string></dict>"), to: folder.file("n.plist"))
    #expect(loadFailure(folder.file("n.plist"))?.contains("has no PreferenceSpecifiers") == true)

    try writeText(
      plistDocument("<dict>\n<key>PreferenceSpecifiers</key>\n<arra>"), to: folder.file("bad.plist")
    )
    let syntax = try #require(loadFailure(folder.file("bad.plist")))
    #expect(syntax.hasPrefix(folder.file("bad.plist") + ":"), "\(syntax)")

    #expect(loadFailure(folder.file("absent.plist"))?.contains("cannot read") == true)

    let rootFolder = folder.path + "/R"
    mkdir(rootFolder, 0o755)
    try writeText(
      plistDocument("<dict><key>PreferenceSpecifiers</key><dict/></dict>"),
      to: rootFolder + "/Root.plist")
    #expect(
      loadFailure(rootFolder)?.contains(
        "must be an array of specifier dictionaries, not a dictionary") == true)
  }
}
