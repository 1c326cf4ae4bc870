import Glibc
import TestSupport
import Testing

/// The project's bundle of what real apps' bundles do, shown as iOS Settings shows it.
@Suite("what real bundles do")
struct RealWorldBundleTests {
  static let bundle = PackagePaths.realWorldCasesBundle

  /// Runs settei on the bundle with a fresh store (or `store`'s text) and `script`.
  static func run(
    _ options: [String], script: String = "quit\n", language: String = "C.UTF-8",
    store: String? = nil
  ) throws -> ProcessResult {
    let home = try TemporaryFolder()
    let storePath = home.file("s.json")
    if let store { write(Array(store.utf8), to: storePath) }
    return try runSettei(
      ["--schema", bundle, "--store", storePath] + options, script: script, home: home.path,
      language: language)
  }

  @Test(
    arguments: [
      (["--lang", "zh-Hant-TW"], "C.UTF-8", "一般", "同步處理"),
      (["--lang", "zh_TW"], "C.UTF-8", "一般", "同步處理"),
      ([], "zh_TW.UTF-8", "一般", "同步處理"),
      // zh-HK's table has GENERAL only: NSBundle shows SYNC as written, not zh-Hant's text.
      (["--lang", "zh-HK"], "C.UTF-8", "一般設定", "SYNC"),
      (["--lang", "ZH_cn"], "C.UTF-8", "通用", "同步处理"),
      ([], "zh_CN.UTF-8", "通用", "同步处理"),
      (["--lang", "pt-BR"], "C.UTF-8", "Geral", "Sincronizar"),
      (["--lang", "pt_PT"], "C.UTF-8", "Geral", "Sincronização"),
      (["--lang", "es-AR"], "C.UTF-8", "General", "Sincronizar"),
      (["--lang", "de-AT"], "C.UTF-8", "Allgemein", "Synchronisieren"),
    ] as [([String], String, String, String)])
  func languageFoldersWithARegionOrScriptServeTheirLanguage(
    options: [String], language: String, group: String, sync: String
  ) throws {
    let run = try Self.run(options, language: language)
    try #require(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.contains("\n  \(group)\n"))
    #expect(run.standardOutput.contains("   1  \(sync) "))
    #expect(run.standardError.isEmpty)
  }

  @Test func aLanguageTheSchemaLacksIsNamedAndEnglishShown() throws {
    let run = try Self.run(["--lang", "fr"])
    try #require(run.status == 0, "\(run.standardError)")
    #expect(
      run.standardError
        == "settei: note: this schema has no 'fr' text; showing the en text. Languages: de, en, "
        + "es_AR, he, pt-BR, pt-PT, zh-HK, zh-Hans, zh-Hant\n")
    #expect(run.standardOutput.contains("   1  Sync "))
  }

  @Test func theLangCommandFollowsTheSameChain() throws {
    let run = try Self.run([], script: "lang zh_TW\nlang pt-br\nlang fr\nquit\n")
    #expect(run.status == 1, "a piped script whose command failed ends with 1")
    #expect(run.standardOutput.contains("   1  同步處理 "))
    #expect(run.standardOutput.contains("   1  Sincronizar "))
    #expect(
      run.standardError.contains(
        "This schema has no 'fr' text. Languages: de, en, es_AR, he, pt-BR, pt-PT, zh-HK, "
          + "zh-Hans, zh-Hant."))
  }

  @Test func binaryAndXMLStringsFilesAreNoLintProblem() throws {
    let home = try TemporaryFolder()
    let run = try runSettei(["lint", Self.bundle], script: "", home: home.path)
    #expect(!run.standardOutput.contains(".strings"), "\(run.standardOutput)")
    #expect(!run.standardError.contains(".strings"), "\(run.standardError)")
  }
}

extension RealWorldBundleTests {
  @Test func footersWithLineBreaksAndBidiMarksShowAsLines() throws {
    let english = try Self.run([], script: "8\nquit\n")
    try #require(english.status == 0, "\(english.standardError)")
    #expect(
      english.standardOutput.contains(
        "  Sync keeps your notes\n  up to date.\n  It needs an account.\n"))
    #expect(
      english.standardOutput.contains(
        "  This application makes use of the following third party libraries:\n\n  NoteKit\n"
          + "  Copyright (c) 2024 The NoteKit authors\n  Permission is hereby granted"))
    #expect(english.standardOutput.contains("\n  Notes 1.0\n"))
    let hebrew = try Self.run(["--lang", "he"])
    #expect(hebrew.standardOutput.contains("\n  אודות\n"))
    // The translator's embedding, isolate and mark are how the Hebrew line reads, and stay.
    #expect(
      hebrew.standardOutput.contains(
        "\n  \u{202B}גרסה 1.0\u{202C} \u{2067}Notes\u{2069}\u{200F}\n"))
    for run in [english, hebrew] {
      #expect(!run.standardOutput.contains("\\u{"), "\(run.standardOutput)")
    }
  }
}

extension RealWorldBundleTests {
  /// The root page's row `number`, as shown.
  static func row(_ number: Int, of output: String) -> String {
    let prefix = (number < 10 ? "   " : "  ") + "\(number)  "
    return output.split(separator: "\n").first { $0.hasPrefix(prefix) }.map(String.init) ?? ""
  }

  @Test func aSliderWhoseNumbersAreTextWorksAndHasNoTitle() throws {
    let run = try Self.run([], script: "3\n30\nquit\n")
    try #require(run.status == 0, "\(run.standardError)")
    #expect(Self.row(3, of: run.standardOutput).hasSuffix("  8 ██░░░░░░░░"))
    #expect(!run.standardOutput.contains("fontSize"), "a slider shows no key")
    #expect(run.standardOutput.contains("Now 8. Type a number from 2 to 40."))
    #expect(run.standardOutput.contains("• 30 ███████░░░"))
    let refused = try Self.run(["set", "fontSize", "0.5"], script: "")
    #expect(refused.status == 1)
    #expect(refused.standardError.contains("2 to 40"), "\(refused.standardError)")
  }

  @Test func storedValuesAreComparedAsIOSComparesThem() throws {
    // 1 is on (boolValue); "on" is the TrueValue; 500 is the choice 500.0.
    let run = try Self.run([], store: #"{"sync": 1, "mode": "on", "portion": 500}"#)
    try #require(run.status == 0, "\(run.standardError)")
    #expect(run.standardError.isEmpty, "\(run.standardError)")
    #expect(Self.row(1, of: run.standardOutput).hasSuffix(" • On"))
    #expect(Self.row(2, of: run.standardOutput).hasSuffix(" • On"))
    #expect(Self.row(4, of: run.standardOutput).hasSuffix(" • L ›"), "the short title")
    let same = try Self.run([], script: "4\nquit\n", store: #"{"portion": 250}"#)
    #expect(Self.row(4, of: same.standardOutput).hasSuffix(" M ›"), "250 is the default 250")
    #expect(same.standardOutput.contains("   2  ✓ Medium\n"))
  }

  @Test func aValueThatIsNoChoiceShowsNoTitleAndTheListKeepsItsCheckColumn() throws {
    let run = try Self.run([], script: "5\nquit\n", store: #"{"unit": "lb"}"#)
    try #require(run.status == 0, "\(run.standardError)")
    #expect(run.standardError.contains("'unit' is \"lb\""))
    // The row shows its title and ›, with no value between them.
    let row = Self.row(5, of: run.standardOutput)
    #expect(row.hasSuffix(" ›"), "\(row)")
    #expect(row.dropLast().split(separator: " ").last == "Unit", "\(row)")
    #expect(!run.standardOutput.contains("lb"))
    #expect(run.standardOutput.contains("   1    Grams\n   2    Ounces\n"))
    let chosen = try Self.run([], script: "5\nquit\n")
    #expect(chosen.standardOutput.contains("   1  ✓ Grams\n   2    Ounces\n"))
  }

  @Test func aRootPageWithoutATitleIsCalledSettings() throws {
    let run = try Self.run([], script: "8\nquit\n")
    try #require(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.hasPrefix("Settings\n"))
    #expect(run.standardOutput.contains("Settings › Licenses\n"))
    #expect(run.standardOutput.contains("  ‹ Settings\n"))
  }
}

extension RealWorldBundleTests {
  @Test func theIdiomChoosesThePageFilesAndTheRows() throws {
    let phone = try Self.run([], script: "8\nquit\n")
    try #require(phone.status == 0, "\(phone.standardError)")
    #expect(phone.standardOutput.contains("   3  "), "Root.plist's slider")
    #expect(!phone.standardOutput.contains("Split View"))
    #expect(!phone.standardOutput.contains("Keyboard"), "a group for pad and mac is left out")
    #expect(!phone.standardOutput.contains("hardware keyboard"), "with its footer")
    #expect(!phone.standardOutput.contains("Shortcuts"))

    let pad = try Self.run(["--idiom", "pad"], script: "3\nquit\n")
    try #require(pad.status == 0, "\(pad.standardError)")
    #expect(pad.standardOutput.contains("   2  Split View "), "Root~ipad.plist")
    #expect(pad.standardOutput.contains("   3  Licenses "))
    #expect(pad.standardOutput.contains("\n  Keyboard\n   1  Shortcuts "))
    #expect(pad.standardOutput.contains("  Shown with a hardware keyboard only.\n"))

    let mac = try Self.run(["--idiom=MAC"], script: "8\nquit\n")
    #expect(!mac.standardOutput.contains("Split View"), "only the pad idiom reads ~ipad")
    #expect(mac.standardOutput.contains("   1  Shortcuts "))

    let wrong = try Self.run(["--idiom", "tv"])
    #expect(wrong.status == 64)
    #expect(
      wrong.standardError.hasPrefix("settei: Unknown idiom 'tv'. Give phone, pad, mac or vision.\n")
    )
  }

  @Test func lintChecksTheIPadPagesToo() throws {
    let folder = try TemporaryFolder()
    let bundle = folder.file("Settings.bundle")
    #expect(mkdir(bundle, 0o700) == 0)
    let toggle = """
      <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key>
      <string>T</string><key>Key</key><string>t</string><key>DefaultValue</key><true/></dict>
      """
    let broken = "<dict><key>Type</key><string>PSMultiValueSpecifier</string></dict>"
    write(plistPage(toggle), to: bundle + "/Root.plist")
    write(plistPage(broken), to: bundle + "/Root~ipad.plist")
    let run = try runSettei(["lint", bundle], script: "", home: folder.path)
    #expect(run.status == 65, "\(run.standardOutput)")
    #expect(
      run.standardOutput.contains("Root~ipad.plist: PreferenceSpecifiers[0]"),
      "\(run.standardOutput)")
    let clean = try runSettei(["lint", Self.bundle], script: "", home: folder.path)
    #expect(clean.status == 0)
    #expect(clean.standardOutput.hasSuffix("0 errors, 3 warnings.\n"), "only the text numbers")
  }
}

/// InAppSettingsKit's keys that real bundles use, in a JSON schema of the test's own.
@Suite("InAppSettingsKit's extra keys")
struct InAppSettingsKitKeyTests {
  static let schema = """
    {"Title": "Extras", "PreferenceSpecifiers": [
      {"Type": "PSToggleSwitchSpecifier", "Title": "Delete Data", "Key": "wipe",
       "DefaultValue": false, "TrueConfirmationPrompt": {"Title": "Delete all data?",
       "Prompt": "This cannot be undone.", "ConfirmText": "Delete", "DenyText": "Keep"}},
      {"Type": "PSMultiValueSpecifier", "Title": "Size", "Key": "size", "DefaultValue": "m",
       "Titles": ["Small", "Medium"], "Values": ["s", "m"], "FooterText": "Pick a size.",
       "IASKQuickMultiValueSelection": true},
      {"Type": "IASKDatePickerSpecifier", "Title": "Wake", "Key": "wake",
       "DatePickerMode": "Time"},
      {"Type": "PSTextFieldSpecifier", "Title": "Phone", "Key": "phone",
       "KeyboardType": "PhonePad", "IASKPlaceholder": "+1 555 0100"},
      {"Type": "PSChildPaneSpecifier", "Title": "About", "File": "About",
       "IASKSubtitle": "Version and licences",
       "Children": {"PreferenceSpecifiers": [{"Type": "PSGroupSpecifier", "Title": "v1"}]}}
    ]}
    """

  static func run(_ script: String) throws -> (ProcessResult, String) {
    let home = try TemporaryFolder()
    let schema = write(Self.schema, named: "extras.json", in: home)
    let store = home.file("s.json")
    let run = try runSettei(
      ["--schema", schema, "--store", store], script: script, home: home.path)
    let saved = contents(of: store).map { String(decoding: $0, as: UTF8.self) } ?? ""
    return (run, saved)
  }

  @Test func aToggleAsksItsConfirmationPromptBeforeTheChange() throws {
    let (denied, nothing) = try Self.run("1\nn\nquit\n")
    try #require(denied.status == 0, "\(denied.standardError)")
    #expect(
      denied.standardOutput.contains(
        "  This cannot be undone.\n  Type y (Delete) to go on, or n (Keep).\nDelete all data?: n"))
    #expect(nothing.isEmpty, "denied: nothing changed")
    let (confirmed, saved) = try Self.run("1\nDelete\nquit\n")
    #expect(confirmed.standardOutput.contains("• On"))
    #expect(saved.contains("\"wipe\": true"))
    let (wrong, _) = try Self.run("1\nmaybe\n")
    #expect(
      wrong.standardError.contains("'maybe' is no answer. Type y (Delete) to go on, or n (Keep)."))
  }

  @Test func aQuickMultiValueReturnsOnChoosingAndShowsItsFooter() throws {
    let (run, saved) = try Self.run("2\n1\nquit\n")
    try #require(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.contains("   2  ✓ Medium\n  Pick a size.\n"))
    #expect(run.standardOutput.contains("Extras › Size> 1\nExtras\n"), "back on the page")
    #expect(saved.contains("\"size\": \"s\""))
  }

  @Test func aTimePickerAsksForATimePhonePadAndPlaceholderAndSubtitle() throws {
    let (run, saved) = try Self.run("3\n7:05\n4\n+1 555 0100\nquit\n")
    try #require(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.contains("Type a time as 09:30 (UTC)."))
    #expect(run.standardOutput.contains("Now empty (e.g. +1 555 0100)."))
    #expect(run.standardOutput.contains("• 07:05\n"))
    #expect(saved.contains("\"wake\": \"2001-01-01T07:05:00Z\""))
    #expect(
      run.standardOutput.contains("   5  About")
        && run.standardOutput.contains("\n      Version and licences\n"))
    let (letters, _) = try Self.run("4\nabc\n")
    #expect(letters.standardError.contains("'abc' is not a phone number"))
  }
}

extension RealWorldBundleTests {
  @Test func aPageOnlyInLanguageFoldersIsTakenFromTheLanguagesFolder() throws {
    let folder = try TemporaryFolder()
    let bundle = folder.file("Settings.bundle")
    func group(_ title: String) -> String {
      "<dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key>"
        + "<string>\(title)</string></dict>"
    }
    for path in [bundle, bundle + "/en.lproj", bundle + "/de.lproj", bundle + "/pt-BR.lproj"] {
      #expect(mkdir(path, 0o700) == 0)
    }
    write(
      plistPage(
        "<dict><key>Type</key><string>PSChildPaneSpecifier</string><key>Title</key>"
          + "<string>Credits</string><key>File</key><string>Credits</string></dict>"),
      to: bundle + "/Root.plist")
    write(plistPage(group("Made by us")), to: bundle + "/en.lproj/Credits.plist")
    write(plistPage(group("Von uns gemacht")), to: bundle + "/de.lproj/Credits.plist")
    write(plistPage(group("Feito por nós")), to: bundle + "/pt-BR.lproj/Credits.plist")
    for (language, text) in [
      ("de-AT", "Von uns gemacht"), ("pt_BR", "Feito por nós"), ("fr", "Made by us"),
    ] {
      let run = try runSettei(
        ["--schema", bundle, "--store", folder.file("s.json"), "--lang", language],
        script: "1\nquit\n", home: folder.path)
      #expect(run.status == 0, "\(run.standardError)")
      #expect(run.standardOutput.contains("\n  \(text)\n"), "\(language): \(run.standardOutput)")
    }
    let lint = try runSettei(["lint", bundle], script: "", home: folder.path)
    #expect(lint.status == 0, "\(lint.standardOutput)")
  }
}

extension InAppSettingsKitKeyTests {
  @Test func aRadioGroupSortedByTitleSortsInEveryLanguageAndSubtitlesFallBack() throws {
    let home = try TemporaryFolder()
    let schema = write(
      """
        {"Title": "R", "Strings": {"de": {"Banana": "Zitrone", "Apple": "Apfel",
          "Cherry": "Kirsche"}},
         "PreferenceSpecifiers": [
          {"Type": "PSRadioGroupSpecifier", "Title": "Fruit", "Key": "fruit", "DefaultValue": "b",
           "DisplaySortedByTitle": true, "Titles": ["Banana", "Cherry", "Apple"],
           "Values": ["b", "c", "a"]},
          {"Type": "PSChildPaneSpecifier", "Title": "More", "File": "More",
           "IASKSubtitle": {"x": "never", "__default__": "Everything else"},
           "Children": {"PreferenceSpecifiers": []}}
        ]}
      """, named: "schema.json", in: home)
    let run = try runSettei(
      ["--schema", schema, "--store", home.file("s.json")], script: "lang de\n1\nquit\n",
      home: home.path)
    try #require(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.contains("   1    Apple\n   2  ✓ Banana\n   3    Cherry\n"))
    #expect(run.standardOutput.contains("   1    Apfel\n   2    Kirsche\n   3  ✓ Zitrone\n"))
    #expect(run.standardOutput.contains("   1  ✓ Apfel\n"), "row 1 is the first shown")
    #expect(run.standardOutput.contains("   4    More"))
    #expect(run.standardOutput.contains("\n        Everything else\n"))
  }
}

extension RealWorldBundleTests {
  @Test func lintNamesIdiomListsThatDoNotSayWhatTheyMean() throws {
    let home = try TemporaryFolder()
    let schema = write(
      """
        {"Title": "I", "PreferenceSpecifiers": [
          {"Type": "PSToggleSwitchSpecifier", "Title": "A", "Key": "a", "DefaultValue": true,
           "SupportedUserInterfaceIdioms": "Pad"},
          {"Type": "PSToggleSwitchSpecifier", "Title": "B", "Key": "b", "DefaultValue": true,
           "SupportedUserInterfaceIdioms": ["Tablet"]},
          {"Type": "PSToggleSwitchSpecifier", "Title": "C", "Key": "c", "DefaultValue": true,
           "SupportedUserInterfaceIdioms": ["Pad", "TV"]}
        ]}
      """, named: "schema.json", in: home)
    let lint = try runSettei(["lint", schema], script: "", home: home.path)
    #expect(lint.status == 0)
    #expect(
      lint.standardOutput.contains(
        "[0] (Key 'a'): warning: SupportedUserInterfaceIdioms is \"Pad\", not an array; it "
          + "limits nothing."))
    #expect(
      lint.standardOutput.contains(
        "[1] (Key 'b'): warning: SupportedUserInterfaceIdioms names Tablet, which is no idiom; "
          + "the specifier is shown on no device."))
    #expect(
      lint.standardOutput.contains(
        "[2] (Key 'c'): warning: SupportedUserInterfaceIdioms names TV, which is no idiom."))
    #expect(lint.standardOutput.hasSuffix("0 errors, 3 warnings.\n"), "each problem once")
    let pad = try runSettei(
      ["--schema", schema, "--store", home.file("s.json"), "--idiom", "pad"], script: "",
      home: home.path)
    #expect(pad.standardOutput.contains("   1  A ") && pad.standardOutput.contains("   2  C "))
    #expect(!pad.standardOutput.contains("  B "))
  }
}

/// A page of a Settings.bundle with these specifiers (XML dictionaries), as plist bytes.
func plistPage(_ specifiers: String) -> [UInt8] {
  Array(
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>\(specifiers)</array>
    </dict></plist>
    """.utf8)
}

/// Writes `text` to a file `name` in `folder` and returns its path.
func write(_ text: String, named name: String, in folder: TemporaryFolder) -> String {
  let path = folder.file(name)
  write(Array(text.utf8), to: path)
  return path
}
