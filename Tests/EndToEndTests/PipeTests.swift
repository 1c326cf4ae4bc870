import Glibc
import TestSupport
import Testing

/// settei driven through pipes, as scripts and CI drive it.
@Suite("settei through a pipe")
struct PipeTests {
  @Test func japaneseTutorialFlowPrintsFourScreensAndSaves() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let run = try runSettei(
      ["--lang", "ja", "--store", store], script: "4\n2\nback\nquit\n", home: home.path)
    try #require(run.status == 0, "\(run.standardError)")
    let screens = run.standardOutput.pieces("> ")
    #expect(screens.count == 5)
    // 1. The root, with 温度単位 … 摂氏（°C）.
    #expect(screens[0].hasPrefix("言語と地域\n"))
    #expect(screens[0].contains("温度単位") && screens[0].contains("摂氏（°C） ›"))
    // 2. The choices, ✓ on 摂氏（°C）.
    #expect(screens[1].hasPrefix("4\n言語と地域 › 温度単位\n"))
    #expect(screens[1].contains("✓ 摂氏（°C）") && screens[1].contains("  ‹ 言語と地域"))
    // 3. The choices, ✓ on 華氏（°F）.
    #expect(screens[2].hasPrefix("2\n言語と地域 › 温度単位\n"))
    #expect(screens[2].contains("✓ 華氏（°F）") && !screens[2].contains("✓ 摂氏"))
    // 4. The root, with 華氏（°F）.
    #expect(screens[3].hasPrefix("back\n言語と地域\n"))
    #expect(screens[3].contains("華氏（°F） ›"))
    #expect(screens[4].hasPrefix("quit\n1 件の変更を \(store) に保存しました。"))
    #expect(!run.standardOutput.contains("\u{1B}"), "no escape codes on a pipe")

    let again = try runSettei(["--lang", "ja", "--store", store], script: "", home: home.path)
    #expect(again.status == 0)
    #expect(again.standardOutput.contains("華氏（°F） ›"))
    let saved = String(decoding: contents(of: store) ?? [], as: UTF8.self)
    #expect(
      saved.contains("\"temperatureUnit\" : \"fahrenheit\"")
        || saved.contains("\"temperatureUnit\": \"fahrenheit\""))
  }

  @Test func englishTutorialFlow() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let run = try runSettei(
      ["--lang", "en", "--store", store], script: "Temperature\nFahrenheit\nback\n",
      home: home.path)
    try #require(run.status == 0, "\(run.standardError)")
    let screens = run.standardOutput.pieces("> ")
    #expect(screens[0].hasPrefix("Language & Region\n"))
    #expect(screens[1].contains("✓ Celsius (°C)"))
    #expect(screens[2].contains("✓ Fahrenheit (°F)"))
    #expect(screens[3].contains("Fahrenheit (°F) ›"))
    #expect(run.standardOutput.contains("Saved 1 change"), "end of input saves, as quit does")
  }

  @Test func languageComesFromTheEnvironment() throws {
    let home = try TemporaryFolder()
    let run = try runSettei(
      ["--store", home.file("s.json")], script: "", home: home.path, language: "ja_JP.UTF-8")
    #expect(run.standardOutput.hasPrefix("言語と地域\n"))
    let english = try runSettei(
      ["--store", home.file("s.json")], script: "", home: home.path,
      extra: ["LC_ALL": "en_US.UTF-8"])
    #expect(english.standardOutput.hasPrefix("Language & Region\n"))
  }

  @Test func defaultStoreIsUnderXDGConfigHomeWithPrivateModes() throws {
    let home = try TemporaryFolder()
    let run = try runSettei(["--lang", "en"], script: "9\n", home: home.path)
    try #require(run.status == 0, "\(run.standardError)")
    let store = home.path + "/config/settei/settings.json"
    #expect(mode(of: store) == 0o600)
    #expect(mode(of: home.path + "/config/settei") == 0o700)
    #expect(String(decoding: contents(of: store) ?? [], as: UTF8.self).contains("liveText"))
  }

  @Test func aFailingScriptLineExitsOneAndSavesNothing() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let run = try runSettei(
      ["--lang", "en", "--store", store], script: "4\n2\n42\nquit\n", home: home.path)
    #expect(run.status == 1)
    #expect(run.standardError.contains("input line 3: There is no row 42 here."))
    #expect(run.standardError.contains("Nothing was saved"))
    #expect(contents(of: store) == nil)
  }

  @Test func quitWithNoChangesWritesNothing() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let run = try runSettei(
      ["--lang", "en", "--store", store], script: "4\nback\nquit\n", home: home.path)
    try #require(run.status == 0)
    #expect(contents(of: store) == nil)
    #expect(!run.standardOutput.contains("Saved"))
  }

  @Test func anUnreadableStoreExits65AndIsLeftUntouched() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let garbage = Array("{\n  \"temperatureUnit\": \"celsius\",\n  oops\n}\n".utf8)
    write(garbage, to: store)
    let run = try runSettei(["--store", store], script: "9\nquit\n", home: home.path)
    #expect(run.status == 65)
    #expect(run.standardError.contains(store))
    #expect(run.standardError.contains(":3:"), "names the line: \(run.standardError)")
    #expect(contents(of: store) == garbage)
  }

  @Test func usageErrorsExit64WithASuggestion() throws {
    let home = try TemporaryFolder()
    let run = try runSettei(["--shema", "x"], script: "", home: home.path)
    #expect(run.status == 64)
    #expect(run.standardError.contains("Unknown option '--shema'. Did you mean '--schema'?"))
    let missing = try runSettei(["--store"], script: "", home: home.path)
    #expect(missing.status == 64)
    #expect(missing.standardError.contains("Missing value for '--store'"))
  }

  @Test func helpAndVersionGoToStandardOutput() throws {
    let home = try TemporaryFolder()
    let help = try runSettei(["--help"], script: "", home: home.path)
    #expect(help.status == 0)
    for option in ["--schema", "--store", "--lang", "--no-color", "--version"] {
      #expect(help.standardOutput.contains(option))
    }
    let version = try runSettei(["--version"], script: "", home: home.path)
    #expect(version.status == 0)
    #expect(version.standardOutput.hasPrefix("settei "))
  }

  @Test func anUnreadableSchemaExits65NamingTheFile() throws {
    let home = try TemporaryFolder()
    let schema = home.file("bad.json")
    write(Array("{\"PreferenceSpecifiers\": [\n}".utf8), to: schema)
    let run = try runSettei(["--schema", schema], script: "", home: home.path)
    #expect(run.status == 65)
    #expect(run.standardError.contains("\(schema):2:"))
    let missing = try runSettei(["--schema", home.file("nope.json")], script: "", home: home.path)
    #expect(missing.status == 65)
    #expect(missing.standardError.contains("nope.json"))
  }

  @Test func aJSONSchemaOpensWithItsOwnDefaultStore() throws {
    let home = try TemporaryFolder()
    let schema = home.file("demo.json")
    write(
      Array(
        """
        {"Title": "Demo", "PreferenceSpecifiers": [
          {"Type": "PSToggleSwitchSpecifier", "Title": "Wi-Fi", "Key": "wifi", "DefaultValue": false}
        ]}
        """.utf8), to: schema)
    let run = try runSettei(["--schema", schema], script: "1\nquit\n", home: home.path)
    try #require(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.contains("Wi-Fi") && run.standardOutput.contains("On"))
    let store = String(
      decoding: contents(of: home.path + "/config/settei/demo.json") ?? [], as: UTF8.self)
    #expect(store.contains("wifi"))
  }
}

@Suite("store formats through a pipe")
struct StoreFormatTests {
  @Test func aPlistStoreIsWrittenAsAValidXMLPlistAndReadBack() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.plist")
    let run = try runSettei(
      ["--lang", "en", "--store", store], script: "4\n2\nback\n9\nquit\n", home: home.path)
    try #require(run.status == 0, "\(run.standardError)")
    let text = String(decoding: contents(of: store) ?? [], as: UTF8.self)
    #expect(text.hasPrefix("<?xml"))
    #expect(text.contains("<key>temperatureUnit</key>"))
    #expect(text.contains("<false/>"))
    // plutil ships with the Swift toolchain, beside swift on PATH.
    let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
    let lint = try runProcess(
      "/bin/sh",
      ["-c", "command -v plutil >/dev/null || exit 127; plutil -lint \"$1\"", "sh", store],
      environment: ["PATH": path])
    try #require(lint.status != 127, "plutil, which ships with the toolchain, is not on PATH")
    #expect(lint.status == 0, "\(lint.standardOutput)\(lint.standardError)")
    let again = try runSettei(["--lang", "en", "--store", store], script: "", home: home.path)
    #expect(again.standardOutput.contains("Fahrenheit (°F) ›"))
    #expect(again.standardOutput.contains("Live Text") && again.standardOutput.contains("Off"))
  }
}

/// A run ends with `exit` while its schema, model and screens are still held (so that a big
/// schema is not freed piece by piece): what it wrote and saved must all be there.
@Suite("settei's end")
struct ExitTests {
  @Test func everyWayOfEndingWritesItsOutputAndSavesFirst() throws {
    let home = try TemporaryFolder()
    let schema = home.file("generated.json")
    write(GeneratedSchema(panes: 3, settingsPerPane: 50).json(), to: schema)
    let store = home.file("s.json")
    let arguments = ["--schema", schema, "--store", store]
    // quit
    let quit = try runSettei(arguments, script: "set m51 Large\n1\nquit\n", home: home.path)
    #expect(quit.status == 0, "\(quit.standardError)")
    #expect(quit.standardOutput.contains("Toggle 0"))
    #expect(quit.standardOutput.hasSuffix("\n"))
    #expect(quit.standardOutput.contains("quit\n"))
    // the end of input
    let end = try runSettei(arguments, script: "set t2 on\n", home: home.path)
    #expect(end.status == 0, "\(end.standardError)")
    // a command for CI
    let get = try runSettei(["get", "m51"] + arguments, script: "", home: home.path)
    #expect(get.status == 0)
    #expect(get.standardOutput == "l\n")
    let getToggle = try runSettei(["get", "t2"] + arguments, script: "", home: home.path)
    #expect(getToggle.standardOutput == "true\n")
    // quit! keeps the store as it was.
    let discard = try runSettei(arguments, script: "set t4 on\nquit!\n", home: home.path)
    #expect(discard.status == 0)
    let saved = String(decoding: contents(of: store) ?? [], as: UTF8.self)
    #expect(saved.contains("\"m51\"") && saved.contains("\"t2\"") && !saved.contains("\"t4\""))
    // No lock file (the next version of the store) and no recovery file is left beside it.
    #expect(access(store + ".lock", F_OK) != 0)
    #expect(access(store + ".recover", F_OK) != 0)
  }
}
