import FileFormats
import Glibc
import SchemaKit
import TestSupport
import Testing

@testable import SetteiCommands

/// `settei defaults`: the keys and defaults an app registers, as InAppSettingsKit gathers them.
@Suite struct DefaultsCommandTests {
  /// A root page with a child pane in the middle, a key defined twice, a read-only title
  /// value, and defaults whose type cannot be told for sure.
  static func bundle() throws -> TestBundle {
    try TestBundle(pages: [
      "Root": [
        spec("PSToggleSwitchSpecifier", key: "sound", title: "Sound", ["DefaultValue": true]),
        spec("PSChildPaneSpecifier", title: "More", ["File": "More"]),
        spec("PSTitleValueSpecifier", key: "version", title: "Version", ["DefaultValue": "1.0"]),
        spec("PSSliderSpecifier", key: "volume", ["DefaultValue": 5]),
        spec(
          "PSMultiValueSpecifier", key: "mixed", title: "Mixed",
          ["DefaultValue": 1, "Values": [1, "two"], "Titles": ["One", "Two"]]),
        spec("PSTextFieldSpecifier", key: "name", title: "Name", ["DefaultValue": "Ann"]),
      ],
      "More": [
        spec("PSTextFieldSpecifier", key: "class", title: "Class", ["DefaultValue": 3]),
        spec("PSTextFieldSpecifier", key: "name", title: "Name", ["DefaultValue": "Bo \"B\""]),
        spec("PSGroupSpecifier", key: "group", title: "Group", ["DefaultValue": "x"]),
      ],
    ])
  }

  @Test func keysComeDepthFirstOnlyFromTypesThatStoreAValueAndTheLaterDefaultWins() throws {
    let bundle = try Self.bundle()
    let catalog = DefaultsCatalog(schema: try SchemaLoader.load(path: bundle.path))
    #expect(catalog.entries.map(\.key) == ["sound", "class", "name", "volume", "mixed"])
    #expect(catalog.dictionary["name"] == "Ann", "Root's, read after the pane's page")
    #expect(catalog.dictionary["version"] == nil, "a title value is not editable")
    #expect(catalog.dictionary["group"] == nil)
  }

  @Test func ambiguousTypesSayWhy() throws {
    let bundle = try Self.bundle()
    let catalog = DefaultsCatalog(schema: try SchemaLoader.load(path: bundle.path))
    let types = Dictionary(uniqueKeysWithValues: catalog.entries.map { ($0.key, $0.type) })
    #expect(types["sound"] == .init(swiftName: "Bool", ambiguity: nil))
    #expect(types["volume"] == .init(swiftName: "Double", ambiguity: nil))
    #expect(types["mixed"]?.ambiguity == "its Values mix Int, String")
    #expect(
      types["class"]?.ambiguity == "the DefaultValue is an Int but a text field stores a String")
    #expect(types["name"]?.ambiguity?.hasPrefix("defined twice (More and Root)") == true)
  }

  /// The notes follow the language; the Swift written for the app stays English.
  @Test func ambiguitiesAreNotedInTheLanguageAndWrittenInEnglish() throws {
    let bundle = try Self.bundle()
    let catalog = DefaultsCatalog(
      schema: try SchemaLoader.load(path: bundle.path), messages: .forLanguage("ja"))
    let types = Dictionary(uniqueKeysWithValues: catalog.entries.map { ($0.key, $0.type) })
    #expect(types["mixed"]?.ambiguity == "Values に Int, String が混在しています")
    #expect(
      types["class"]?.ambiguity == "DefaultValue は Int ですが、テキストフィールドが保存するのは String です")
    let run = try runSettei(
      ["defaults", "--format", "swift", bundle.path], language: "ja_JP.UTF-8")
    #expect(run.status == 0)
    #expect(
      run.standardError.contains(
        "class (More): 型があいまいです (DefaultValue は Int ですが、テキストフィールドが保存するのは String です)。"))
    #expect(
      run.standardOutput.contains(
        "// Ambiguous type: the DefaultValue is an Int but a text field stores a String."))
  }

  @Test func identifiersAreValidUniqueAndNeverKeywords() {
    #expect(
      SwiftDefaultsWriter.identifiers(for: ["user.name", "2fa", "class", "all", "a-b", "a_b", "ab"])
        == ["userName", "_2fa", "class_", "all2", "aB", "aB2", "ab"])
    #expect(SwiftDefaultsWriter.identifiers(for: ["x", "x!"]) == ["x", "x2"])
  }

  @Test func identifiersAreLowerCamelCaseWithTheLettersSwiftAllows() {
    #expect(
      SwiftDefaultsWriter.identifiers(for: [
        "über_mode", "1st_launch", "MLDecrapifyTitles", "URL", "Sound", "sound_on",
        "cafe\u{301}_menu", "\u{301}x", "日本_語", "a__b", "_private",
      ])
        == [
          "überMode", "_1stLaunch", "mlDecrapifyTitles", "url", "sound", "soundOn",
          "cafe\u{301}Menu", "x", "日本語", "aB", "private_",
        ])
  }

  @Test("RM-62 defaults --format swift gives every key a valid Swift identifier")
  func everyKeyGetsAnIdentifierThatCompiles() throws {
    let keys = [
      "_", "__", "_1st", "1st", "class", "self", "Self", "Type", "type", "Protocol", "Any",
      "über", "ber", "über_mode", "1st_launch", "MLDecrapifyTitles", "cafe\u{301}", "🎵", "🎶", "a-b",
      "aB", "a_b", "a b", "init", "all", "setting", "$",
      "`x`", "x!", "x", "get", "set", "willSet", "override", "mutating", "nonisolated",
      "package", "actor", "async", "await", "consume", "inout", "operator", "associatedtype",
      "precedencegroup", "fileprivate", "subscript", "deinit", "rethrows", "fallthrough",
      "repeat", "defer", "guard", "where", "some", "true", "nil", "super", "#if", "__FILE__",
    ]
    let bundle = try TestBundle(pages: [
      "Root": keys.map { spec("PSTextFieldSpecifier", key: $0, title: $0, ["DefaultValue": "v"]) }
    ])
    let run = try runSettei(["defaults", bundle.path, "--format", "swift"])
    try #require(run.status == 0, "\(run.standardError)")
    let names = run.standardOutput.split(separator: "\n").compactMap { line in
      line.hasPrefix("  static var ") ? line.dropFirst(13).prefix { $0 != ":" } : nil
    }
    #expect(names.count == keys.count + 1, "one for each key, and all")
    #expect(Set(names).count == names.count)
    #expect(!names.contains("_"))
    try expectSwiftCompiles(run.standardOutput)
  }

  @Test func stringLiteralsEscapeQuotesAndInvisibleCharacters() {
    #expect(
      SwiftDefaultsWriter.stringLiteral("a\"b\\c\n\u{200B}日本") == "\"a\\\"b\\\\c\\u{A}\\u{200B}日本\""
    )
  }

  @Test(arguments: PackagePaths.bundles)
  func theSwiftFileCompiles(bundle: String) throws {
    let run = try runSettei(["defaults", bundle, "--format", "swift"])
    try #require(run.status == 0, "\(run.standardError)")
    try expectSwiftCompiles(run.standardOutput)
  }

  @Test func theSwiftFileOfTheTestBundleCompilesAndNamesItsTypes() throws {
    let bundle = try Self.bundle()
    let run = try runSettei(["defaults", bundle.path, "--format", "swift"])
    try #require(run.status == 0, "\(run.standardError)")
    let swift = run.standardOutput
    #expect(swift.contains("static var sound: SettingsDefault<Bool> {"))
    #expect(swift.contains("static var volume: SettingsDefault<Double> {"))
    #expect(swift.contains("SettingsDefault(key: \"volume\", defaultValue: 5)"))
    #expect(swift.contains("static var class_: SettingsDefault<Int> {"))
    #expect(swift.contains("// Ambiguous type: its Values mix Int, String."))
    #expect(swift.contains("\"name\": name.defaultValue,"))
    #expect(
      run.standardError.contains(
        "settei: note: mixed (Root): ambiguous type, its Values mix Int, String; taken as Int."))
    try expectSwiftCompiles(swift)
  }

  @Test func jsonAndPlistHoldTheSameDefaults() throws {
    let bundle = try Self.bundle()
    let json = try runSettei(["defaults", bundle.path])
    let plist = try runSettei(["defaults", bundle.path, "--format=plist"])
    try #require(json.status == 0 && plist.status == 0)
    let fromJSON = try JSONReader.parse(Array(json.standardOutput.utf8), source: "json")
    let fromPlist = try PropertyListReader.parse(Array(plist.standardOutput.utf8), source: "plist")
    #expect(fromJSON == fromPlist)
    #expect(
      fromJSON
        == ["sound": true, "class": 3, "name": "Ann", "volume": 5, "mixed": 1])
  }

  @Test func mistakesExitWithTheirStatus() throws {
    let missing = try runSettei(["defaults", "/nonexistent/Settings.bundle"])
    #expect(missing.status == 65)
    #expect(missing.standardError.contains("/nonexistent/Settings.bundle"))
    let format = try runSettei(["defaults", PackagePaths.sampleBundle, "--format", "xml"])
    #expect(format.status == 64)
    #expect(format.standardError.contains("Use --format json, plist or swift."))
    let help = try runSettei(["defaults", "--help"])
    #expect(help.status == 0 && help.standardOutput.hasPrefix("Usage: settei defaults PATH"))
  }

  /// Type-checks Swift source with the toolchain's `swiftc`, which is beside the `swift`
  /// that builds these tests.
  func expectSwiftCompiles(_ source: String) throws {
    let folder = try TemporaryFolder()
    try writeText(source, to: folder.file("Defaults.swift"))
    let run = try runProcess(
      swiftcPath(), ["-typecheck", folder.file("Defaults.swift")],
      environment: ["HOME": folder.path, "PATH": "/usr/bin:/bin"], timeout: 120)
    #expect(run.status == 0, "\(run.standardError)\n\(source)")
  }
}

/// The `swiftc` on PATH.
func swiftcPath() throws -> String {
  let path = getenv("PATH").map { String(cString: $0) } ?? ""
  for folder in path.split(separator: ":") where access("\(folder)/swiftc", X_OK) == 0 {
    return "\(folder)/swiftc"
  }
  throw RunError("swiftc is not on PATH (\(path))")
}
