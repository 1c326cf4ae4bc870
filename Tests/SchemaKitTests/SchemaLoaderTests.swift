import Glibc
import TestSupport
import Testing

@testable import FileFormats
@testable import SchemaKit

@Suite struct SchemaLoaderTests {
  @Test func choosesTheReaderByWhatThePathIs() throws {
    let folder = try TemporaryFolder()
    try writeText(pagePlist(toggle("x")), to: folder.file("page"))
    #expect(try SchemaLoader.load(path: folder.file("page")).rootPage?.specifiers.first?.key == "x")
    try writeText("{\"PreferenceSpecifiers\": []}", to: folder.file("schema"))
    #expect(try SchemaLoader.load(path: folder.file("schema")).rootPageName == "Root")
    try writeText("{\"PreferenceSpecifiers\": []}", to: folder.file("s.json"))
    #expect(try SchemaLoader.load(path: folder.file("s.json")).pages.count == 1)
  }

  @Test func specifiersAnIdiomDoesNotSupportAreLeftOutOfItsPagesOnly() throws {
    // Pages where every specifier is shown are kept as read; the others lose those left out.
    let folder = try TemporaryFolder()
    let schema = #"""
      {"PreferenceSpecifiers":[{"Type":"PSGroupSpecifier","Title":"All"},
        {"Type":"PSChildPaneSpecifier","Title":"Child","Children":{"PreferenceSpecifiers":[
          {"Type":"PSToggleSwitchSpecifier","Key":"both","SupportedUserInterfaceIdioms":["Phone","Pad"]},
          {"Type":"PSToggleSwitchSpecifier","Key":"pad","SupportedUserInterfaceIdioms":["Pad"]},
          {"Type":"PSToggleSwitchSpecifier","Key":"odd","SupportedUserInterfaceIdioms":"Pad"},
          {"Type":"PSToggleSwitchSpecifier","Key":"none","SupportedUserInterfaceIdioms":["Tablet"]}]}}]}
      """#
    try writeText(schema, to: folder.file("s.json"))
    let keys = { (idiom: Idiom) throws -> [String?] in
      try SchemaLoader.load(path: folder.file("s.json"), idiom: idiom).pages["Root.1"]?
        .specifiers.map(\.key) ?? []
    }
    #expect(try keys(.phone) == ["both", "odd"])
    #expect(try keys(.pad) == ["both", "pad", "odd"])
    let phone = try SchemaLoader.load(path: folder.file("s.json"), idiom: .phone)
    #expect(phone.rootPage?.specifiers.count == 2)
    #expect(phone.loadProblems.count == 2)
  }

  @Test
  func mutatedFixturesNeverCrashTheLoaders() throws {
    var random = SplitMix64(seed: 0x5E77_E1)
    var seeds: [(name: String, bytes: [UInt8])] = []
    for bundle in [sampleBundle, testsBundle] {
      for name in folderEntries(bundle) where name.hasSuffix(".plist") {
        seeds.append((name, try readBytes(bundle + "/" + name)))
      }
      for language in ["en", "de"] {
        seeds.append(("Root.strings", try readBytes(bundle + "/\(language).lproj/Root.strings")))
      }
    }
    let interesting =
      Array("<>/!?-[]&;#x\"'=\\{}() \nabcdeiklnrstU".utf8) + [0, 0x80, 0xE3, 0xFF, 0xFE]
    // In memory: thousands of mutations through the readers the loader uses.
    for round in 0..<3000 {
      let seed = seeds[round % seeds.count]
      let bytes = mutate(seed.bytes, with: &random, using: interesting)
      if seed.name.hasSuffix(".strings") {
        _ = try? StringsFileParser.parse(bytes, source: seed.name)
        continue
      }
      guard let value = try? PropertyListReader.parse(bytes, source: seed.name) else { continue }
      var problems: [LintProblem] = []
      if case .success(let page) = SettingsBundleLoader.page(
        from: value, name: "P", source: seed.name, problems: &problems)
      {
        _ = SchemaLinter.lint(
          SettingsSchema(pages: ["P": page], rootPageName: "P", strings: StringsCatalog()))
      }
    }
    // On disk: whole bundles with a mutated root, child and strings file.
    let folder = try TemporaryFolder()
    try writeText(pagePlist(childPane("Child")), to: folder.file("Root.plist"))
    for round in 0..<200 {
      let seed = seeds[round % seeds.count]
      let bytes = mutate(seed.bytes, with: &random, using: interesting)
      if seed.name.hasSuffix(".strings") {
        try writeLocalization(["Root.strings": bytes], language: "en", in: folder.path)
      } else {
        try writeBytes(bytes, to: folder.file(round % 2 == 0 ? "Root.plist" : "Child.plist"))
      }
      if let schema = try? SchemaLoader.load(path: folder.path) {
        _ = SchemaLinter.lint(schema)
        _ = JSONSchemaWriter.serialize(schema)
      }
    }
  }

  /// A schema's fingerprint names the idiom, the language and every file read (a line
  /// each), stays the same while they do, and changes with any of them.
  @Test func theFingerprintFollowsTheFilesOfTheSchema() throws {
    let folder = try TemporaryFolder()
    let bundle = folder.file("Settings.bundle")
    try GeneratedSchema(panes: 2, settingsPerPane: 3).writeBundle(to: bundle)
    let first = SchemaLoader.fingerprint(path: bundle, idiom: .phone, language: "ja")
    let lines = first.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "phone ja")
    // The folder, its Root and two panes, ja.lproj and its three tables.
    #expect(lines.count == 1 + 1 + 3 + 1 + 3)
    #expect(lines.allSatisfy { !$0.isEmpty })
    #expect(SchemaLoader.fingerprint(path: bundle, idiom: .phone, language: "ja") == first)
    #expect(SchemaLoader.fingerprint(path: bundle, idiom: .pad, language: "ja") != first)
    try writeText("\"Pane 1\" = \"ペイン\";\n", to: bundle + "/ja.lproj/Pane1.strings")
    #expect(SchemaLoader.fingerprint(path: bundle, idiom: .phone, language: "ja") != first)
    let embedded = SchemaLoader.fingerprint(path: nil, idiom: .phone, language: "en")
    #expect(embedded.hasPrefix("phone en\nembedded "))
    #expect(embedded == SchemaLoader.fingerprint(path: nil, idiom: .phone, language: "en"))
  }

  /// A page in a sub-folder of the bundle (`Licenses/Alamofire.plist`) is a file read too.
  @Test func theFingerprintFollowsThePagesOfSubFolders() throws {
    let folder = try TemporaryFolder()
    let bundle = folder.file("Settings.bundle")
    mkdir(bundle, 0o755)
    mkdir(bundle + "/Licenses", 0o755)
    try writeText(pagePlist(childPane("Licenses/Alamofire")), to: bundle + "/Root.plist")
    try writeText(pagePlist(toggle("a")), to: bundle + "/Licenses/Alamofire.plist")
    let first = SchemaLoader.fingerprint(path: bundle, idiom: .phone, language: "en")
    #expect(first.contains(bundle + "/Licenses/Alamofire.plist "))
  }

  @Test func neverCrashesOnOddFiles() throws {
    let folder = try TemporaryFolder()
    try writeText("", to: folder.file("empty.json"))
    #expect(
      loadFailure(folder.file("empty.json"))?.hasPrefix(folder.file("empty.json") + ":1") == true)
    try writeText("", to: folder.file("empty"))
    #expect(loadFailure(folder.file("empty")) != nil)
    try writeBytes([0xFF, 0xFE, 0x00], to: folder.file("binary.plist"))
    #expect(
      loadFailure(folder.file("binary.plist"))?.hasPrefix(folder.file("binary.plist")) == true)
    mkfifo(folder.file("fifo.plist"), 0o600)
    #expect(loadFailure(folder.file("fifo.plist")) != nil)
    #expect(loadFailure("/dev/null")?.contains("not a regular file") == true)
  }
}

/// `bytes` with one to four random replacements, deletions or truncations.
func mutate(_ bytes: [UInt8], with random: inout SplitMix64, using interesting: [UInt8]) -> [UInt8]
{
  var bytes = bytes
  for _ in 0..<(1 + random.next() % 4) where !bytes.isEmpty {
    let position = Int(random.next() % UInt64(bytes.count))
    switch random.next() % 3 {
    case 0: bytes[position] = interesting[Int(random.next() % UInt64(interesting.count))]
    case 1: bytes.remove(at: position)
    default: bytes = Array(bytes.prefix(position))
    }
  }
  return bytes
}
