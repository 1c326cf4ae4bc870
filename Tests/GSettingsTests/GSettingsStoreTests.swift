import TestSupport
import Testing

/// GSettingsStore over GIO's keyfile backend in a private config folder, through
/// gsettings-probe.
@Suite struct GSettingsStoreTests {
  let fixture: GSettingsFixture
  let probe: String
  let environment: [String: String]

  init() throws {
    fixture = try GSettingsFixture()
    probe = try #require(BuildProducts.path(of: "gsettings-probe"))
    environment = fixture.environment(backend: "keyfile")
  }

  func run(_ arguments: [String], environment: [String: String]? = nil) throws -> ProcessResult {
    try runProcess(probe, arguments, environment: environment ?? self.environment)
  }

  func output(_ arguments: String...) throws -> String {
    let result = try run(arguments)
    #expect(result.status == 0, "\(arguments): \(result.standardError)")
    return result.standardOutput.trimmingSuffix()
  }

  @Test func onlyWhatTheUserSetIsStoredAndChangesAreWrittenInTheirForms() throws {
    #expect(try output("stored") == "")
    #expect(
      try output(
        "save", "org.settei.test:volume", "75.0", "org.settei.test:name", "\"Grace\"",
        "org.settei.test:count", "\"9\"", "org.settei.test:fonts", "[\"Serif\"]",
        "org.settei.test:days", "[\"tuesday\",\"monday\"]", "org.settei.test:pair", "\"(3, 4)\"",
        "org.settei.test:clock", "\"12h\"", "org.settei.test:enabled", "false",
        "org.settei.test:ratio", "\"0.5\"", "org.settei.test.extra:level", "\"4\"")
        == "saved")
    // A slider's real is the integer GIO stores; a text field's GVariant text its value.
    #expect(try output("get", "org.settei.test", "volume") == "75")
    #expect(try output("get", "org.settei.test", "count") == "9")
    #expect(try output("get", "org.settei.test", "days") == "[\"tuesday\",\"monday\"]")
    #expect(
      try output("stored").split(separator: "\n") == [
        "org.settei.test.extra:level=\"4\"", "org.settei.test:clock=\"12h\"",
        "org.settei.test:count=\"9\"", "org.settei.test:days=[\"tuesday\",\"monday\"]",
        "org.settei.test:enabled=false", "org.settei.test:fonts=[\"Serif\"]",
        "org.settei.test:name=\"Grace\"", "org.settei.test:pair=\"(3, 4)\"",
        "org.settei.test:ratio=\"0.5\"", "org.settei.test:volume=75",
      ])
    // A key the model no longer has a value for is reset.
    #expect(try output("save", "org.settei.test:volume", "null") == "saved")
    #expect(try output("get", "org.settei.test", "volume") == "50")
    #expect(!(try output("stored")).contains("volume"))
  }

  /// Relocatable schemas where they have settings: the child `more` of
  /// `org.settei.test.extra`, and a folder of `org.settei.test.things` the keyfile holds;
  /// their values are stored and saved at their paths.
  @Test func relocatableSchemasAreStoredAndSavedAtTheirPaths() throws {
    let a = "org.settei.test.things:/org/settei/test/things/a/"
    let more = "org.settei.test.relocatable:/org/settei/test/extra/more/"
    #expect(try output("write", a, "thing", "\"x\"") == "written")
    #expect(try output("stored") == a + ":thing=\"x\"")
    #expect(try output("save", more + ":thing", "\"m\"", a + ":size", "3.0") == "saved")
    #expect(try output("get", more, "thing") == "\"m\"")
    #expect(try output("get", a, "size") == "3")
    let keyfile = try readText(fixture.folder.file("config/glib-2.0/settings/keyfile"))
    #expect(keyfile.contains("[org/settei/test/extra/more]\nthing='m'"), "\(keyfile)")
    #expect(
      try output("stored").split(separator: "\n") == [
        "\(more):thing=\"m\"", "\(a):size=\"3\"", "\(a):thing=\"x\"",
      ])
  }

  @Test(arguments: [
    ("org.settei.test:count", "\"-1\"", "is not a GVariant of type u"),
    ("org.settei.test:volume", "2.5", "is not a value of GVariant type i"),
    ("org.settei.test:nothing", "1", "has no key nothing"),
  ])
  func aChangeThatDoesNotFitWritesNoneOfTheOthers(key: String, value: String, reason: String)
    throws
  {
    let result = try run(["save", "org.settei.test:name", "\"Grace\"", key, value])
    #expect(result.status == 1)
    #expect(result.standardError.contains(reason), "\(result.standardError)")
    #expect(try output("get", "org.settei.test", "name") == "\"Ada\"")
  }

  @Test func titlesAreTranslatedFromTheDomainsCatalogOfTheLanguage() throws {
    let locale = try TemporaryFolder()
    try writeText(
      "msgid \"Volume\"\nmsgstr \"音量\"\n", to: locale.file("settei-test.po"))
    let messages = locale.path + "/ja/LC_MESSAGES"
    _ = try runProcess(["/bin/mkdir", "-p", messages])
    let compiled = try runProcess([
      "/usr/bin/msgfmt", "-o", messages + "/settei-test.mo", locale.file("settei-test.po"),
    ])
    #expect(compiled.status == 0, "\(compiled.output)")
    var environment = self.environment
    environment["SETTEI_TEST_LOCALE_ROOT"] = locale.path
    func title(_ language: String, _ key: String) throws -> String {
      try run(["title", language, key], environment: environment).standardOutput.trimmingSuffix()
    }
    #expect(try title("ja", "org.settei.test:volume") == "音量")
    #expect(try title("ja_JP.UTF-8", "org.settei.test:volume") == "音量")
    #expect(try title("en", "org.settei.test:volume") == "Volume")
    #expect(try title("ja", "org.settei.test:name") == "Name")
    #expect(try title("ja", "org.settei.test:pair") == "pair")
  }

  /// The dconf backend, as a desktop session has it: writes go through dconf-service on a
  /// session bus of the test's own (dbus-run-session), into the user's dconf database,
  /// which a later process reads without a bus.
  @Test func theDconfBackendIsWrittenThroughItsService() throws {
    var environment = fixture.environment(backend: "dconf")
    environment["XDG_RUNTIME_DIR"] = fixture.folder.path
    let saved = try runProcess(
      "/usr/bin/dbus-run-session",
      ["--", probe, "save", "org.settei.test:name", "\"Grace\"", "org.settei.test:volume", "80.0"],
      environment: environment)
    #expect(saved.status == 0, "\(saved.standardError)")
    #expect(saved.standardOutput.trimmingSuffix() == "saved")
    #expect(fileStatus(fixture.folder.file("config/dconf/user")) != nil)
    let read = try run(["get", "org.settei.test", "name"], environment: environment)
    #expect(read.standardOutput.trimmingSuffix() == "\"Grace\"", "\(read.standardError)")
    let stored = try run(["stored"], environment: environment)
    #expect(
      stored.standardOutput.trimmingSuffix()
        == "org.settei.test:name=\"Grace\"\norg.settei.test:volume=80")
  }

  /// The folders each backend holds: dconf's through libdconf (none is a note, not a
  /// failure), the keyfile's sections, none in memory.
  @Test("RM-86 without libdconf, dconf's folders are not listed and a note says what to install")
  func theFoldersOfEachBackendAreListed() throws {
    var dconf = fixture.environment(backend: "dconf")
    dconf["XDG_RUNTIME_DIR"] = fixture.folder.path
    let missing = try run(["folders", "libdconf-absent.so.1"], environment: dconf)
    #expect(missing.status == 0, "\(missing.standardError)")
    #expect(
      missing.standardOutput.hasPrefix(
        "relocatable schemas are shown only where a schema names them as children, since the "
          + "folders dconf holds cannot be listed: libdconf-absent.so.1"),
      "\(missing.standardOutput)")
    #expect(missing.standardOutput.contains("Install the libdconf1 package"))
    // No database yet: nothing listed, nothing said.
    #expect(try run(["folders"], environment: dconf).standardOutput.trimmingSuffix() == "")
    #expect(
      try output("write", "org.settei.test.things:/org/settei/test/things/a/", "size", "2")
        == "written")
    #expect(try output("folders") == "/org/settei/test/things/a/: size")
    // A keyfile that is not one is named, its folders not listed.
    let keyfile = fixture.folder.file("config/glib-2.0/settings/keyfile")
    try writeText("no section\n", to: keyfile)
    #expect(
      try output("folders")
        == keyfile + ":1: 'no section' is not a [PATH] section, a KEY=VALUE line or a # comment")
    // One bad section hides no other: its line is named, the other folders listed.
    try writeText("[org//x]\nthing='q'\n[org/settei/test/things/a]\nsize=5\n", to: keyfile)
    #expect(
      try output("folders")
        == "/org/settei/test/things/a/: size\n" + keyfile
        + ":1: [org//x] is not a dconf path section: write it as [org/gnome/desktop/interface]")
    let memory = try run(["folders"], environment: fixture.environment(backend: "memory"))
    #expect(memory.standardOutput.trimmingSuffix() == "")
  }

  /// The desktop's own schemas in Japanese, from gsettings-desktop-schemas' catalog.
  @Test func theDesktopsKeysAreTitledInJapanese() throws {
    let environment = [
      "GSETTINGS_BACKEND": "memory", "XDG_DATA_DIRS": "/usr/share", "HOME": fixture.folder.path,
    ]
    let result = try run(
      ["title", "ja", "org.gnome.desktop.interface:icon-theme"], environment: environment)
    #expect(result.standardOutput.trimmingSuffix() == "アイコンテーマ", "\(result.standardError)")
  }

  /// Every key of the desktop's installed schemas, on the screens of en and of ja: its value
  /// and its default (the screens' DefaultValue) read into settei's form and written back as
  /// GVariant text print as `gsettings get` prints them (with the memory backend every key
  /// is at its default), and the values its row allows are what `gsettings range` prints.
  @Test(arguments: ["en", "ja"])
  func everyInstalledKeyRoundTripsAsGsettingsPrintsIt(language: String) throws {
    let ranges = try walkComparedWithGsettings(
      language: language,
      environment: [
        "GSETTINGS_BACKEND": "memory", "XDG_DATA_DIRS": "/usr/share",
        "HOME": fixture.folder.path, "PATH": "/usr/bin:/bin",
      ])
    // Enums, choices and ranges are among them, of hundreds of keys.
    #expect(ranges > 20)
  }

  /// The same of the fixture's schemas, whose keys have every type, a flags key among them.
  @Test func everyKeyOfEveryTypeRoundTripsAsGsettingsPrintsIt() throws {
    var environment = fixture.environment(backend: "memory")
    environment["PATH"] = "/usr/bin:/bin"
    #expect(try walkComparedWithGsettings(language: "en", environment: environment) >= 4)
  }

  /// Runs the probe's walk and compares every line with `gsettings`; the number of keys
  /// whose range is more than their type.
  func walkComparedWithGsettings(language: String, environment: [String: String]) throws -> Int {
    let walk = try run(["walk", language], environment: environment)
    #expect(walk.status == 0, "\(walk.standardError)")
    let lines = walk.standardOutput.split(separator: "\n")
    #expect(lines.count > 10)
    var bySchema: [String: [(key: String, printed: String, range: String)]] = [:]
    for line in lines {
      guard let space = line.firstIndex(of: " "), let colon = line[..<space].lastIndex(of: ":")
      else {
        continue
      }
      // SCHEMA or, for a relocatable schema, SCHEMA:PATH (which gsettings takes too).
      let schema = String(line[..<colon])
      let key = String(line[line.index(after: colon)..<space])
      let fields = line[line.index(after: space)...].split(
        separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == 3 else { continue }
      #expect(fields[0] == fields[1], "\(line)")
      bySchema[schema, default: []].append((key, String(fields[0]), String(fields[2])))
    }
    #expect(bySchema.values.map(\.count).reduce(0, +) == lines.count)
    var ranges = 0
    for (schema, keys) in bySchema {
      let listed = try runProcess(
        "/usr/bin/gsettings", ["list-recursively", schema], environment: environment)
      var expected: [String: String] = [:]
      let id = schema.split(separator: ":").first.map(String.init) ?? schema
      for line in listed.standardOutput.split(separator: "\n") {
        let parts = line.split(separator: " ", maxSplits: 2)
        guard parts.count == 3, parts[0] == id else { continue }
        expected[String(parts[1])] = String(parts[2])
      }
      for (key, printed, range) in keys {
        #expect(expected[key] == printed, "\(schema):\(key)")
        let oracle = try runProcess(
          "/usr/bin/gsettings", ["range", schema, key], environment: environment)
        let lines = oracle.standardOutput.split(separator: "\n").joined(separator: "|")
        #expect(lines == range, "\(schema):\(key)")
        if !range.hasPrefix("type ") { ranges += 1 }
      }
    }
    return ranges
  }
}
