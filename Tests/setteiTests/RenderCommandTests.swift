import FileFormats
import Glibc
import SchemaKit
import TableREPL
import TestSupport
import Testing

@testable import SetteiCommands

/// `settei render`: every page as the REPL shows it, stable, compared with golden files.
@Suite struct RenderCommandTests {
  /// Renders each fixture in every language into a temporary folder and compares the files
  /// with Tests/Fixtures/Golden/<bundle>/ (written by `make golden`).
  @Test(arguments: PackagePaths.bundles)
  func fixturesMatchTheirGoldenFiles(bundle: String) throws {
    let name = String(bundle.split(separator: "/").last!.dropLast(".bundle".count))
    let golden = PackagePaths.fixtures + "/Golden/" + name
    let folder = try TemporaryFolder()
    let out = folder.file("render")
    // The pages the sample app shows in the app (its Root.inApp.plist), as `make golden`.
    let run = try runSettei(["render", bundle, "--in-app", "--lang", "all", "--out", out])
    try #require(run.status == 0, "\(run.standardError)")
    #expect(folderEntries(out).sorted() == folderEntries(golden).sorted())
    for file in folderEntries(golden) {
      #expect(
        try readText(out + "/" + file) == readText(golden + "/" + file),
        "\(golden)/\(file) differs from what settei renders now: run make golden and review")
    }
  }

  @Test("RM-63 render --out refuses two languages whose files would be one; nothing written")
  func languagesWhoseFilesWouldBeOneAreRefused() throws {
    let table = "\"SOUND\" = \"Sound\";\n"
    let bundle = try TestBundle(
      pages: ["Root": [spec("PSToggleSwitchSpecifier", key: "sound", title: "SOUND")]],
      strings: ["x.y": ["Root": table], "x_y": ["Root": table], "x y": ["Root": table]])
    let out = bundle.folder.file("render")
    let run = try runSettei(["render", bundle.path, "--lang", "all", "--out", out])
    #expect(run.status == 65, "\(run.standardError)")
    let named = ["x.y.lproj", "x_y.lproj", "x y.lproj"].filter(run.standardError.contains)
    #expect(named.count == 2, "both folders named: \(run.standardError)")
    #expect(run.standardError.contains(out + "/x_y.txt"), "\(run.standardError)")
    #expect(access(out, F_OK) != 0, "nothing written, not even the folder")
    // One language at a time still renders.
    let one = try runSettei(["render", bundle.path, "--lang", "x.y", "--out", out])
    #expect(one.status == 0, "\(one.standardError)")
    #expect(folderEntries(out) == ["x_y.txt"])
  }

  static func bundle() throws -> TestBundle {
    try TestBundle(
      pages: [
        "Root": [
          spec("PSGroupSpecifier", title: "GENERAL"),
          spec("PSChildPaneSpecifier", title: "ACCOUNT", ["File": "Account"]),
          spec("PSToggleSwitchSpecifier", key: "sound", title: "SOUND", ["DefaultValue": true]),
          spec("PSChildPaneSpecifier", title: "ABOUT", ["File": "About"]),
        ],
        "Account": [
          spec("PSTextFieldSpecifier", key: "user", title: "USER", ["DefaultValue": "ann"]),
          spec("PSChildPaneSpecifier", title: "ABOUT", ["File": "About"]),
        ],
        "About": [
          spec(
            "PSTitleValueSpecifier", key: "version", title: "VERSION",
            ["DefaultValue": .string(String(repeating: "9", count: 120))])
        ],
      ],
      strings: [
        "en": [
          "Root": "\"GENERAL\" = \"General\";\n\"ACCOUNT\" = \"Account\";\n\"SOUND\" = \"Sound\";"
        ],
        "ja": ["Root": "\"GENERAL\" = \"一般\";\n\"ACCOUNT\" = \"アカウント\";\n\"SOUND\" = \"サウンド\";"],
      ])
  }

  @Test func pagesComeDepthFirstOnceEachUnderTheirPath() throws {
    let bundle = try Self.bundle()
    let schema = try SchemaLoader.load(path: bundle.path)
    let text = BundleRenderer.render(schema, language: "ja", width: 40)
    let headers = text.split(separator: "\n").filter { $0.hasPrefix("## ") }
    #expect(headers == ["## Root", "## Root / Account", "## Root / Account / About"])
    #expect(text.contains("サウンド"))
    #expect(text.contains("アカウント › ABOUT"), "the breadcrumb of the page")
    for line in text.split(separator: "\n") {
      #expect(DisplayWidth.of(String(line)) <= 40, "\(line)")
    }
    #expect(BundleRenderer.render(schema, language: "ja", width: 40) == text, "stable")
  }

  @Test func aMultiValuesChoicesAreRenderedUnderItsPageAsTheREPLShowsThem() throws {
    let run = try runSettei([
      "render", PackagePaths.realWorldCasesBundle, "--lang", "de", "--width", "60",
    ])
    try #require(run.status == 0, "\(run.standardError)")
    let headers = run.standardOutput.split(separator: "\n").filter { $0.hasPrefix("## ") }
    #expect(headers == ["## Root", "## Root [portion]", "## Root [unit]", "## Root / Licenses"])
    #expect(
      run.standardOutput.contains(
        "## Root [unit]\n\nEinstellungen › Einheit\n\n   1  ✓ Gramm\n   2    Unzen\n"))
  }

  @Test func theIdiomChoosesThePagesRendered() throws {
    let bundle = PackagePaths.realWorldCasesBundle
    let pad = try runSettei(["render", bundle, "--lang", "en", "--idiom", "pad"])
    try #require(pad.status == 0, "\(pad.standardError)")
    #expect(pad.standardOutput.contains("   2  Split View "))
    let phone = try runSettei(["render", bundle, "--lang", "en"])
    #expect(!phone.standardOutput.contains("Split View"))
  }

  @Test func theRootIsTitledAsSettingsAppTitlesIt() throws {
    let bundle = try TestBundle(pages: [
      "Root": [spec("PSToggleSwitchSpecifier", key: "a", title: "A", ["DefaultValue": true])]
    ])
    var root = try readText(bundle.path + "/Root.plist")
    root = root.replacing(
      "<dict>", with: "<dict><key>Title</key><string>${PRODUCT_NAME}</string>", maxReplacements: 1)
    try writeText(root, to: bundle.path + "/Root.plist")
    let english = try runSettei(["render", bundle.path, "--lang", "en"])
    #expect(english.standardOutput.hasPrefix("## Root\n\nSettings\n"), "\(english.standardOutput)")
    let japanese = try runSettei(["render", bundle.path, "--lang", "ja"])
    #expect(japanese.standardOutput.hasPrefix("## Root\n\n設定\n"))
    let titled = try runSettei(["render", bundle.path, "--title", "My Notes"])
    #expect(titled.standardOutput.hasPrefix("## Root\n\nMy Notes\n"))
    try writeText(
      "<plist version=\"1.0\"><dict><key>CFBundleDisplayName</key><string>Notes</string></dict></plist>",
      to: bundle.path + "/Info.plist")
    let named = try runSettei(["render", bundle.path])
    #expect(named.standardOutput.hasPrefix("## Root\n\nNotes\n"))
  }

  @Test func outWritesOneFilePerLanguageAndStdoutNamesEach() throws {
    let bundle = try Self.bundle()
    let out = bundle.folder.file("out/nested")
    let run = try runSettei(["render", bundle.path, "--lang", "all", "--width=60", "--out", out])
    try #require(run.status == 0, "\(run.standardError)")
    #expect(folderEntries(out).sorted() == ["en.txt", "ja.txt"])
    #expect(try readText(out + "/en.txt").contains("Sound"))
    let printed = try runSettei(["render", bundle.path, "--lang", "all", "--width", "60"])
    #expect(printed.standardOutput.hasPrefix("# en\n\n## Root\n"))
    #expect(printed.standardOutput.contains("\n# ja\n\n## Root\n"))
  }

  @Test func mistakesAreUsageErrorsOrNamedFailures() throws {
    #expect(
      throws: Options.UsageError(
        message: "Bad width '5'. Give a number of columns from 20 to 1000, e.g. --width 80.")
    ) { try Options.parse(["render", "x", "--width", "5"]) }
    #expect(
      throws: Options.UsageError(
        message: "--out is not an option of settei list; it goes with settei render: "
          + "see 'settei render --help'.")
    ) { try Options.parse(["list", "--out", "x"]) }
    let bundle = try Self.bundle()
    let blocked = bundle.folder.file("file")
    try writeText("", to: blocked)
    let run = try runSettei(["render", bundle.path, "--lang", "en", "--out", blocked + "/sub"])
    #expect(run.status == 74)
    #expect(run.standardError.contains(blocked))
  }
}
