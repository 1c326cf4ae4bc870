import Glibc
import TestSupport
import Testing

/// `settei --gsettings` run as built, over pipes, on schemas compiled for the test with GIO's
/// keyfile backend in a private config folder, and on the desktop's installed schemas with
/// the memory backend (docs/reliability.md, "GSettings").
@Suite("GSettings end to end", .serialized)
struct GSettingsEndToEndTests {
  let fixture: GSettingsFixture

  init() throws {
    fixture = try GSettingsFixture()
  }

  var environment: [String: String] {
    testEnvironment(home: fixture.folder.path).merging(fixture.environment(backend: "keyfile")) {
      $1
    }
  }

  func run(_ arguments: [String], script: String = "", extra: [String: String] = [:]) throws
    -> ProcessResult
  {
    try runProcess(
      setteiPath, ["--gsettings"] + arguments, input: Array(script.utf8),
      environment: environment.merging(extra) { $1 })
  }

  var keyfile: String {
    (try? readText(fixture.folder.file("config/glib-2.0/settings/keyfile"))) ?? ""
  }

  /// Runs a shell script with dconf as the backend, dconf-service on a session bus of the
  /// test's own (dbus-run-session): `$1` is settei, `$2` the fixture's folder.
  func runWithDconf(_ script: String) throws -> ProcessResult {
    var environment = self.environment.merging(fixture.environment(backend: "dconf")) { $1 }
    environment["XDG_RUNTIME_DIR"] = fixture.folder.path
    return try runProcess(
      "/usr/bin/dbus-run-session",
      ["--", "/bin/sh", "-c", script, "sh", setteiPath, fixture.folder.path],
      environment: environment)
  }

  @Test func theREPLShowsSchemaIDsAsPanesAndSavesEditsAtQuit() throws {
    let result = try run(
      [],
      script: """
        org
        settei
        test
        set org.settei.test:volume 75
        set org.settei.test:clock 12h
        set org.settei.test.extra:level 9
        changes
        quit

        """)
    #expect(result.status == 0, "\(result.standardError)")
    let output = result.standardOutput
    #expect(output.contains("GSettings › org › settei › test"))
    #expect(output.contains("Enable the feature"))
    #expect(output.contains("Volume: 50 → 75"))
    #expect(output.contains("Saved 3 changes to GSettings."))
    // The relocatable child of org.settei.test.extra is shown; org.settei.test.things has
    // settings at no path yet.
    #expect(
      result.standardError.contains(
        "1 relocatable schema is not shown (no schema names it as a child and no folder of the "
          + "backend holds its settings): org.settei.test.things"), "\(result.standardError)")
    #expect(keyfile.contains("volume=75"))
    #expect(keyfile.contains("clock='12h'"))
    #expect(keyfile.contains("[org/settei/test/extra]\nlevel=9"))
  }

  /// A backend GIO cannot write (its folder cannot be made): every key is locked, shown as a
  /// value, described as read-only, and refused when typed.
  @Test("RM-83 a key GIO will not change is a read-only row that says why")
  func aKeyGIOWillNotChangeIsReadOnlyAndSaysWhy() throws {
    let result = try run(
      [], script: "org\nsettei\ntest\n? 19\nset org.settei.test:name Bob\nquit\n",
      extra: ["XDG_CONFIG_HOME": "/dev/null/config"])
    let output = result.standardOutput
    #expect(output.contains("  gvariant: i"), "\(output)")
    #expect(output.contains("  allowed:  0 to 100"), "\(output)")
    #expect(
      output.contains(
        "  writable: no: GSettings will not change org.settei.test:volume (it is locked down"),
      "\(output)")
    #expect(
      result.standardError.contains("Name is read-only. Nothing was saved."),
      "\(result.standardError)")
  }

  @Test func describingAKeyGivesItsDescriptionAndThatItIsWritable() throws {
    let result = try run([], script: "org\nsettei\ntest\n? 7\nquit\n")
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("  about:    Whether the feature is on. A second line."))
    #expect(result.standardOutput.contains("  writable: yes"))
  }

  /// What differs from the defaults, exported as `dconf dump` writes it, loads into another
  /// configuration as the same values.
  @Test func anExportImportsIntoAnotherConfigurationAsTheSameValues() throws {
    #expect(try run(["set", "org.settei.test:volume", "70"]).status == 0)
    #expect(try run(["set", "org.settei.test:count", "9"]).status == 0)
    #expect(try run(["set", "org.settei.test:pair", "(3, 4)"]).status == 0)
    #expect(try run(["set", "org.settei.test.extra:level", "4"]).status == 0)
    let export = try run(["export"])
    #expect(export.status == 0, "\(export.standardError)")
    // The type is written where the text alone does not tell it, as dconf dump writes it.
    #expect(
      export.standardOutput
        == "[org/settei/test]\ncount=uint32 9\npair=(3, 4)\nvolume=70\n\n"
        + "[org/settei/test/extra]\nlevel=4\n")
    #expect(
      try run(["export", "org.settei.test.extra"]).standardOutput
        == "[org/settei/test/extra]\nlevel=4\n")
    let dump = fixture.folder.file("backup.dump")
    try writeText(export.standardOutput, to: dump)
    let other = fixture.folder.file("other-config")
    let imported = try run(["import", dump], extra: ["XDG_CONFIG_HOME": other])
    #expect(imported.status == 0, "\(imported.standardError)")
    let again = try run(["export"], extra: ["XDG_CONFIG_HOME": other])
    #expect(again.standardOutput == export.standardOutput)
  }

  /// With dconf, as a desktop has it (dconf-service on a session bus of the test's own):
  /// settei's export is what `dconf dump /` prints, `dconf load` takes it, and settei
  /// imports what `dconf dump` wrote.
  @Test func anExportIsDconfsDumpAndEachLoadsTheOthers() throws {
    let script = #"""
      settei="$1"; folder="$2"
      "$settei" --gsettings set org.settei.test:count 9 || exit 10
      "$settei" --gsettings set org.settei.test:name "it's" || exit 11
      "$settei" --gsettings set org.settei.test:days '["tuesday","monday"]' || exit 12
      "$settei" --gsettings set org.settei.test.extra:level 4 || exit 13
      dconf dump / > "$folder/dconf.dump" || exit 14
      "$settei" --gsettings export > "$folder/settei.dump" || exit 15
      cmp "$folder/dconf.dump" "$folder/settei.dump" || exit 16
      dconf reset -f / || exit 17
      "$settei" --gsettings import "$folder/dconf.dump" || exit 18
      dconf dump / > "$folder/imported.dump" || exit 19
      cmp "$folder/dconf.dump" "$folder/imported.dump" || exit 20
      dconf reset -f / || exit 21
      dconf load / < "$folder/settei.dump" || exit 22
      "$settei" --gsettings export > "$folder/loaded.dump" || exit 23
      cmp "$folder/settei.dump" "$folder/loaded.dump" || exit 24
      """#
    let result = try runWithDconf(script)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      (try? readText(fixture.folder.file("settei.dump")))
        == "[org/settei/test]\ncount=uint32 9\ndays=['monday', 'tuesday']\nname=\"it's\"\n\n"
        + "[org/settei/test/extra]\nlevel=4\n")
  }

  /// With dconf: values `gsettings set` changes in another process while the REPL runs
  /// show before the next command, a line a key, and one edited here too says both.
  @Test("RM-85 a value set elsewhere while the REPL runs shows at the next command")
  func aValueSetElsewhereShowsAtTheNextCommand() throws {
    // The other program runs once settei has taken the edit, then the REPL goes on.
    let script = #"""
      settei="$1"; out="$2/repl.out"
      {
        printf 'org\nsettei\ntest\nset org.settei.test:name Bob\n'
        until grep -q 'name = Bob' "$out" 2>/dev/null; do sleep 0.1; done
        gsettings set org.settei.test volume 80
        gsettings set org.settei.test name "'Eve'"
        printf 'changes\nquit\n'
      } | "$settei" --gsettings > "$out" 2>&1 || exit 10
      gsettings get org.settei.test name
      """#
    let result = try runWithDconf(script)
    #expect(result.status == 0, "\(result.standardError)")
    let output = (try? readText(fixture.folder.file("repl.out"))) ?? ""
    #expect(output.contains("Volume changed elsewhere: 50 → 80."), "\(output)")
    #expect(
      output.contains("Name changed elsewhere to Eve; yours, Bob, is what quit writes."),
      "\(output)")
    // Only this session's own edit is saved: the other program's value is not written back.
    #expect(output.contains("Saved 1 change to GSettings."), "\(output)")
    #expect(result.standardOutput.hasSuffix("'Bob'\n"), "\(result.standardOutput)")
  }

  @Test("RM-84 an import file with a bad line or value is refused by line, nothing written")
  func anImportThatDoesNotFitWritesNothing() throws {
    let bad = fixture.folder.file("bad.dump")
    try writeText(
      "# values\n[org/settei/test]\nname='Grace'\nvolume=101\ncount='x'\n[org/nope]\nx=1\n",
      to: bad)
    let result = try run(["import", bad])
    #expect(result.status == 1)
    let lines = result.standardError.split(separator: "\n").map(String.init)
    #expect(lines.first == "settei: Nothing was imported from \(bad):", "\(lines)")
    #expect(lines.contains("  \(bad):4: org.settei.test:volume: 101 is outside the key's range"))
    #expect(lines.contains { $0.hasPrefix("  \(bad):5: org.settei.test:count: ''x'' is not") })
    #expect(
      lines.contains { $0.hasPrefix("  \(bad):7: no GSettings schema has the path /org/nope/") })
    #expect(!keyfile.contains("Grace"))
    try writeText("[org/settei/test]\nname='Grace'\nvolume 5\n", to: bad)
    let syntax = try run(["import", bad])
    #expect(syntax.status == 1)
    #expect(
      syntax.standardError.contains(
        "\(bad):3: 'volume 5' is not a [PATH] section, a KEY=VALUE line or a # comment"))
    #expect(!keyfile.contains("Grace"))
    let missing = try run(["import", fixture.folder.file("missing.dump")])
    #expect(missing.status == 65)
    #expect(missing.standardError.contains("missing.dump: cannot be read"))
  }

  /// GIO aborts the program when asked for a key a schema lacks: a file naming one is
  /// refused at its line, as any other line that does not fit.
  @Test func anImportNamingAKeyTheSchemaLacksIsRefusedByLine() throws {
    let bad = fixture.folder.file("unknown-key.dump")
    try writeText("[org/settei/test]\nvolume=5\nnokey=1\n\u{1B}=2\n", to: bad)
    let result = try run(["import", bad])
    #expect(result.status == 1, "\(result.standardError)")
    let lines = result.standardError.split(separator: "\n").map(String.init)
    #expect(lines.first == "settei: Nothing was imported from \(bad):", "\(lines)")
    #expect(
      lines.contains {
        $0.hasPrefix("  \(bad):3: the GSettings schema org.settei.test has no key nokey")
      })
    #expect(
      lines.contains {
        $0.hasPrefix("  \(bad):4: the GSettings schema org.settei.test has no key \\u{1B}")
      })
    #expect(!keyfile.contains("volume"))
  }

  /// A line that is not UTF-8 is named, and nothing imported, rather than its bytes stored
  /// as U+FFFD.
  @Test func anImportThatIsNotUTF8IsRefusedByLine() throws {
    let bad = fixture.folder.file("latin1.dump")
    try writeBytes(
      Array("[org/settei/test]\nvolume=5\nname='caf".utf8) + [0xE9] + Array("'\n".utf8), to: bad)
    let result = try run(["import", bad])
    #expect(result.status == 1, "\(result.standardError)")
    #expect(
      result.standardError.contains(
        "settei: Nothing was imported from \(bad):\n  \(bad):3: the line is not UTF-8 text"),
      "\(result.standardError)")
    #expect(keyfile.isEmpty)
  }

  /// A key given twice, in one section or in two of the same path, takes its last value,
  /// as `dconf load` does, rather than failing the save as if the backend lost it.
  @Test func anImportGivingAKeyTwiceTakesItsLastValue() throws {
    let dump = fixture.folder.file("twice.dump")
    try writeText(
      "[org/settei/test]\nvolume=10\ndays=['tuesday']\n\n[org/settei/test]\nvolume=20\n"
        + "days=@as []\nvolume=30\n", to: dump)
    let result = try run(["import", dump])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(try gioValue("volume") == "30\n")
    #expect(try gioValue("days") == "@as []\n")
  }

  /// The REPL's `set` takes a list of texts (an `as` key) as the command line's does, JSON
  /// in quotes, or as what its quoting leaves of JSON typed without them.
  @Test func theREPLsSetTakesAListOfTexts() throws {
    let lists = try run(
      [],
      script: "set org.settei.test:fonts '[\"A\", \"B, c\"]'\n"
        + "set org.settei.test:things-children [x, y z]\nquit\n")
    #expect(lists.status == 0, "\(lists.standardError)")
    #expect(lists.standardOutput.contains("org.settei.test:fonts = [\"A\", \"B, c\"]"))
    #expect(try gioValue("fonts") == "['A', 'B, c']\n")
    #expect(try gioValue("things-children") == "['x', 'y z']\n")
    let open = try run([], script: "set org.settei.test:fonts [a, b\n")
    #expect(open.status == 1)
    #expect(
      open.standardError.contains(
        "org.settei.test:fonts: '[a, b' is not a list: type it as [a, b], or as JSON in quotes"),
      "\(open.standardError)")
  }

  /// What GIO holds of a key now, as `gsettings get` prints it.
  func gioValue(_ key: String) throws -> String {
    try runProcess("/usr/bin/gsettings", ["get", "org.settei.test", key], environment: environment)
      .standardOutput
  }

  /// A flags key's row opens a list with a ✓ on each flag set; choosing a flag toggles its
  /// ✓ alone, `back` shows the set, and quit writes it through GIO in the flags' order.
  @Test func aFlagsKeyIsAListWhereEachFlagHasItsOwnCheckmark() throws {
    let result = try run(
      [], script: "go org.settei.test:days\nDays\n3\n2\n3\nback\nchanges\nquit\n")
    #expect(result.status == 0, "\(result.standardError)")
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasSuffix("  ✓ monday") }, "\(lines)")
    #expect(lines.contains { $0.hasSuffix("  ✓ wednesday") })
    #expect(lines.contains { $0.hasSuffix("  ✓ tuesday") })
    // Back on the page, the row shows the set, changed from its default.
    #expect(lines.contains { $0.contains("  Days ") && $0.hasSuffix("• monday, tuesday ›") })
    #expect(lines.contains("GSettings › org › settei › test › Days: monday → monday, tuesday"))
    #expect(result.standardOutput.contains("Saved 1 change to GSettings."))
    #expect(try gioValue("days") == "['monday', 'tuesday']\n")
  }

  /// Taking out the last flag leaves none set, which the row says in the session's language,
  /// and GIO stores as an empty list.
  @Test func aFlagsKeyWithNoneSetSaysSoInJapanese() throws {
    let result = try run(
      ["--lang", "ja"], script: "go org.settei.test:days\nDays\n1\nback\n? 6\nquit\n")
    #expect(result.status == 0, "\(result.standardError)")
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.contains("  Days ") && $0.hasSuffix("• なし ›") }, "\(lines)")
    #expect(
      lines.contains(
        "  使える値:   monday (monday)、tuesday (tuesday)、wednesday (wednesday) の任意の組み合わせ"))
    #expect(try gioValue("days") == "@as []\n")
  }

  /// `undo` takes back the last flag toggled, and `reset N` the whole set: nothing is left
  /// to write.
  @Test func undoAndResetPutAFlagsKeyBack() throws {
    let result = try run(
      [], script: "go org.settei.test:days\nDays\n2\n3\nback\nundo\nreset 6\nchanges\nquit\n")
    #expect(result.status == 0, "\(result.standardError)")
    let output = result.standardOutput
    #expect(
      output.contains(
        "Undone: GSettings › org › settei › test › Days is monday, tuesday again."),
      "\(output)")
    #expect(output.contains("Reset org.settei.test:days to its default: monday."))
    #expect(output.contains("No changes: every setting changed is back to its stored value."))
    #expect(try gioValue("days") == "['monday']\n")
  }

  /// `find` reaches a flag in its key's list, `? N` there names the flag the row sets or
  /// clears, and `set` takes the flags as a list, stored in the schema's order.
  @Test func aFlagIsFoundDescribedAndSetAsAList() throws {
    let result = try run(
      [],
      script: """
        find wednesday
        1
        ? 3
        3
        back
        back
        set org.settei.test:days ["wednesday","tuesday"]
        quit

        """)
    #expect(result.status == 0, "\(result.standardError)")
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    // The list opens on the flag found, its row marked.
    #expect(lines.contains("*  3    wednesday"), "\(lines)")
    #expect(lines.contains(#"  row 3 sets or clears: "wednesday""#), "\(lines)")
    #expect(lines.contains("   3  ✓ wednesday"))
    #expect(lines.contains("org.settei.test:days = tuesday, wednesday"))
    #expect(try gioValue("days") == "['tuesday', 'wednesday']\n")
  }

  @Test func nothingIsWrittenBeforeQuit() throws {
    let result = try run([], script: "set org.settei.test:volume 75\nquit!\ny\n")
    #expect(result.status == 0, "\(result.standardError)")
    #expect(!keyfile.contains("volume"))
  }

  @Test func theVerbsReadAndWriteInSetteisPlainForm() throws {
    #expect(try run(["get", "org.settei.test:volume"]).standardOutput == "50\n")
    #expect(try run(["set", "org.settei.test:volume", "80"]).status == 0)
    #expect(try run(["set", "org.settei.test:clock", "12h"]).status == 0)
    #expect(try run(["set", "org.settei.test:enabled", "false"]).status == 0)
    #expect(try run(["set", "org.settei.test:fonts", #"["A","B"]"#]).status == 0)
    #expect(try run(["get", "org.settei.test:volume"]).standardOutput == "80\n")
    #expect(try run(["get", "org.settei.test:clock"]).standardOutput == "12h\n")
    #expect(try run(["get", "org.settei.test:enabled"]).standardOutput == "false\n")
    #expect(try run(["get", "org.settei.test:fonts"]).standardOutput == "[\"A\",\"B\"]\n")
    #expect(keyfile.contains("fonts=['A', 'B']"))
    #expect(try run(["reset", "org.settei.test:volume"]).status == 0)
    #expect(try run(["get", "org.settei.test:volume"]).standardOutput == "50\n")
    let list = try run(["list", "org.settei.test.extra"])
    #expect(list.status == 0)
    #expect(
      list.standardOutput.split(separator: "\n").map {
        $0.split(separator: " ", omittingEmptySubsequences: true).prefix(3).joined(separator: " ")
      } == ["KEY VALUE DEFAULT", "org.settei.test.extra:level 3 3"])
  }

  @Test(
    "RM-80 a value that does not fit the key's GVariant type or range is refused, nothing written",
    arguments: [
      (["set", "org.settei.test:volume", "101"], "101 is out of range for Volume"),
      (["set", "org.settei.test:pair", "(1, x)"], "'(1, x)' is not a GVariant of type (ii)"),
      (["set", "org.settei.test:small", "256"], "'256' is not a GVariant of type y"),
      (
        ["set", "org.settei.test:days", #"["sunday"]"#],
        "'sunday' is not one of the choices of Days"
      ),
      (["set", "org.settei.test:fonts", "Sans"], "'Sans' is not a list"),
      (["set", "org.settei.test:clock", "25h"], "'25h' is not one of the choices of Clock format"),
    ])
  func aValueThatDoesNotFitIsRefused(arguments: [String], reason: String) throws {
    let result = try run(arguments)
    #expect(result.status == 1)
    #expect(result.standardError.contains(reason), "\(result.standardError)")
    #expect(keyfile.isEmpty)
    // The REPL refuses it the same way, and the script stops with nothing saved.
    let repl = try run([], script: arguments.joined(separator: " ") + "\nquit\n")
    #expect(repl.status == 1)
    #expect(repl.standardError.contains("Nothing was saved"))
    #expect(keyfile.isEmpty)
  }

  @Test(arguments: [
    (["get", "org.nope:x"], "no GSettings schema is called org.nope", Int32(1)),
    (["get", "org.settei.test:nope"], "the GSettings schema org.settei.test has no key nope", 1),
    (["get", "volume"], "volume is not SCHEMA:KEY", 1),
    (
      ["rollback", "1"],
      "--gsettings works alone (the REPL) or with get, set, reset, list, export, import, render and lint",
      64
    ),
    (["list", "--schema", "x.json"], "it takes no --schema", 64),
    (["reset", "--all"], "reset takes one SCHEMA:KEY", 64),
    (
      ["get", "org.settei.test:volume", "--width", "50"],
      "--width is an option of settei --gsettings render only", 64
    ),
    (["lint", "--out", "x"], "--out is an option of settei --gsettings render only", 64),
    (["render", "--strict"], "--strict is an option of settei --gsettings lint only", 64),
    (["render", "org.nope"], "no GSettings schema is called org.nope", 1),
  ])
  func mistakesAreNamedWithWhatToDo(arguments: [String], message: String, status: Int32) throws {
    let result = try run(arguments)
    #expect(result.status == status)
    #expect(result.standardError.contains(message), "\(result.standardError)")
  }

  /// A key whose form does not fit: an empty schema, path or key names nothing, so the
  /// whole key is named; a schema that exists is not said to be missing when the key has a
  /// path it has not (or lacks the path it needs); a path not of GSettings' form says so.
  static let keyMistakes: [(key: String, message: String)] = [
    ("::", ":: is not SCHEMA:KEY or SCHEMA:PATH:KEY"),
    ("org.settei.test:", "org.settei.test: is not SCHEMA:KEY"),
    (":/a/:thing", ":/a/:thing is not SCHEMA:KEY"),
    ("org.settei.test.relocatable::thing", "org.settei.test.relocatable::thing is not SCHEMA:KEY"),
    (
      "org.settei.test:/org/settei/test/:days",
      "the GSettings schema org.settei.test has a path of its own: name its keys org.settei.test:KEY"
    ),
    (
      "org.settei.test.relocatable:thing",
      "the GSettings schema org.settei.test.relocatable is relocatable: name its keys "
        + "org.settei.test.relocatable:PATH:KEY"
    ),
    (
      "org.settei.test.relocatable:org/settei/test/extra/more:thing",
      "org/settei/test/extra/more is not a GSettings path: it must start and end with /"
    ),
  ]

  @Test(arguments: keyMistakes)
  func aKeyOfTheWrongFormIsNamedWithWhatToDo(key: String, message: String) throws {
    for arguments in [["get", key], ["set", key, "x"], ["reset", key]] {
      let result = try run(arguments)
      #expect(result.status == 1, "\(arguments)")
      #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
    }
  }

  /// The REPL's answer to a key it does not have names the command that lists GSettings'
  /// keys: `settei list` would list another schema's.
  @Test func anUnknownKeyAtTheREPLNamesTheListOfGSettingsKeys() throws {
    let result = try run([], script: "get org.settei.test:nope\n")
    #expect(result.status == 1)
    #expect(
      result.standardError.contains(
        "No setting has the key 'org.settei.test:nope'. Tab completes keys; "
          + "settei --gsettings list shows them all."), "\(result.standardError)")
  }

  /// `list SCHEMA` and `export SCHEMA` name a schema GIO does not have (a typo is not an
  /// empty list), and a relocatable schema at a path it is not shown at; a relocatable
  /// schema shown nowhere is a schema with nothing to list.
  @Test func listAndExportNameASchemaTheyDoNotHave() throws {
    for verb in ["list", "export"] {
      let typo = try run([verb, "org.settei.tes"])
      #expect(typo.status == 1, "\(verb)")
      #expect(
        typo.standardError.contains("no GSettings schema is called org.settei.tes"),
        "\(verb): \(typo.standardError)")
      let nowhere = try run([verb, "org.settei.test.relocatable:/nowhere/"])
      #expect(nowhere.status == 1, "\(verb)")
      #expect(
        nowhere.standardError.contains(
          "the relocatable GSettings schema org.settei.test.relocatable is not shown at /nowhere/"
        ), "\(verb): \(nowhere.standardError)")
      #expect(try run([verb, "org.settei.test.things"]).status == 0, "\(verb)")
    }
  }

  /// `lint` names each key without a summary at its line of the schema's file, exits 0 for
  /// warnings (65 with `--strict`) and 65 for a file that is not XML, naming its line.
  @Test func lintNamesTheSchemasProblemsAtTheirLines() throws {
    let lines = GSettingsFixture.xml.split(separator: "\n", omittingEmptySubsequences: false)
    let bigLine = try #require(lines.firstIndex { $0.contains(#"<key name="big""#) }) + 1
    let file = fixture.folder.file("org.settei.test.gschema.xml")
    let clean = try run(["lint"])
    #expect(clean.status == 0, "\(clean.standardError)")
    #expect(
      clean.standardOutput.contains(
        "\(file):\(bigLine): warning: org.settei.test:big has no <summary>"))
    let warnings = clean.standardOutput.split(separator: "\n").filter {
      $0.contains(": warning: ") && $0.contains("has no <summary>")
    }
    #expect(warnings.count > 1)
    #expect(clean.standardOutput.hasSuffix("GSettings: 0 errors, \(warnings.count) warnings.\n"))
    // In the file's order.
    let lineNumbers = warnings.compactMap { Int($0.split(separator: ":")[1]) }
    #expect(lineNumbers == lineNumbers.sorted())
    #expect(try run(["lint", "--strict"]).status == 65)
    let extra = try run(["lint", "org.settei.test.extra"])
    #expect(extra.standardOutput == "org.settei.test.extra: no problems found.\n")

    try writeText(
      "<schemalist>\n  <schema id=\"x\" path=/x/>", to: fixture.folder.file("broken.gschema.xml"))
    let broken = try run(["lint"])
    #expect(broken.status == 65)
    #expect(
      broken.standardOutput.contains(
        fixture.folder.file("broken.gschema.xml") + ":2:23: error: the value of path is not quoted")
    )
    // In Japanese, in words and in what is checked: the domain has no ja catalog here.
    let japanese = try run(["--lang", "ja", "lint"])
    #expect(japanese.standardOutput.contains(": エラー: "))
    #expect(
      japanese.standardOutput.contains(
        "gettext ドメイン settei-test には ja のカタログがありません"))
  }

  /// `render` prints a schema's pages as `settei render` prints a bundle's: the defaults as
  /// values, a list's choices under its page; `--lang all --out DIR` writes each language
  /// gsettings-desktop-schemas has a catalog for.
  /// A relocatable schema is a schema `lint` checks by its id, or by one of its pages
  /// (`SCHEMA:PATH`), in its file; `render` says its pages are at its paths.
  @Test func lintAndRenderTakeARelocatableSchema() throws {
    let lines = GSettingsFixture.xml.split(separator: "\n", omittingEmptySubsequences: false)
    let schemaLine = try #require(
      lines.firstIndex { $0.contains(#"<schema id="org.settei.test.relocatable">"#) })
    let file = fixture.folder.file("org.settei.test.gschema.xml")
    let more = "org.settei.test.relocatable:/org/settei/test/extra/more/"
    for schema in ["org.settei.test.relocatable", more] {
      let lint = try run(["lint", schema])
      #expect(lint.status == 0, "\(lint.standardError)")
      #expect(
        lint.standardOutput.contains(
          "\(file):\(schemaLine + 2): warning: \(more):thing has no <summary>"),
        "\(lint.standardOutput)")
      #expect(lint.standardOutput.hasSuffix("\(schema): 0 errors, 1 warning.\n"))
    }
    let render = try run(["render", "org.settei.test.relocatable"])
    #expect(render.status == 1)
    #expect(
      render.standardError.contains(
        "the GSettings schema org.settei.test.relocatable is relocatable: its pages are "
          + "org.settei.test.relocatable:PATH"), "\(render.standardError)")
    #expect(try run(["render", more]).status == 0)
    // A path is one the schema is shown at, not ignored.
    let nowhere = try run(["lint", "org.settei.test.relocatable:/nowhere/"])
    #expect(nowhere.status == 1)
    #expect(
      nowhere.standardError.contains(
        "the relocatable GSettings schema org.settei.test.relocatable is not shown at /nowhere/"),
      "\(nowhere.standardError)")
    #expect(try run(["lint", "org.settei.test:/org/settei/test/"]).status == 1)
  }

  @Test func renderPrintsTheSchemasPagesWithTheirDefaults() throws {
    let result = try run(["render", "org.settei.test", "--width", "60"], extra: ["COLUMNS": "200"])
    #expect(result.status == 0, "\(result.standardError)")
    let text = result.standardOutput
    #expect(text.hasPrefix("## org.settei.test\n"))
    #expect(text.contains("## org.settei.test / org.settei.test.extra\n"))
    #expect(text.contains("## org.settei.test [org.settei.test:clock]\n"))
    // Every row fits the width; a heading is the path of pages, as long as it is.
    #expect(text.split(separator: "\n").allSatisfy { $0.hasPrefix("## ") || $0.count <= 60 })
    let volume = try #require(text.split(separator: "\n").first { $0.contains("Volume") })
    #expect(volume.contains("50"))
    // What the user set is not what render shows: the defaults are.
    #expect(try run(["set", "org.settei.test:volume", "70"]).status == 0)
    #expect(try run(["render", "org.settei.test", "--width", "60"]).standardOutput == text)

    let out = fixture.folder.file("rendered")
    let all = try runProcess(
      setteiPath,
      ["--gsettings", "render", "org.gnome.desktop.interface", "--lang", "all", "--out", out],
      environment: testEnvironment(home: fixture.folder.path).merging([
        "GSETTINGS_BACKEND": "memory", "XDG_DATA_DIRS": "/usr/share",
      ]) { $1 })
    #expect(all.status == 0, "\(all.standardError)")
    #expect(try readText(out + "/en.txt").contains("Icon Theme"))
    #expect(try readText(out + "/ja.txt").contains("アイコンテーマ"))
  }

  /// The verbs `--gsettings` takes, as its help lists them.
  enum GSettingsVerbs {
    static let all = ["get", "set", "reset", "list", "export", "import", "render", "lint"]
  }

  /// The shell's Tab after `settei --gsettings get`, `set` and `reset`: GSettings' keys, and
  /// a key's choices.
  @Test func shellCompletionOffersGSettingsKeysAndChoices() throws {
    func complete(_ words: String...) throws -> [String] {
      let result = try runProcess(
        setteiPath, ["__complete"] + words, environment: environment)
      return result.standardOutput.split(separator: "\n").map(String.init)
    }
    #expect(try complete("--gsettings", "get", "org.settei.test:vo") == ["org.settei.test:volume"])
    #expect(
      try complete("--gsettings", "reset", "org.settei.test.ex") == ["org.settei.test.extra:level"])
    #expect(try complete("--gsettings", "set", "org.settei.test:clock", "") == ["24h", "12h"])
    #expect(try complete("--gsettings", "set", "org.settei.test:enabled", "") == ["on", "off"])
    #expect(
      try complete("--gsettings", "get", "org.settei.test.relocatable:")
        == ["org.settei.test.relocatable:/org/settei/test/extra/more/:thing"])
    // Its own verbs (not those of a store), each verb's options, and schema ids.
    #expect(try complete("--gsettings", "") == GSettingsVerbs.all)
    #expect(
      try complete("--gsettings", "render", "--") == [
        "--lang", "--no-color", "--out", "--width", "--help",
      ])
    #expect(try complete("--gsettings", "lint", "--s") == ["--strict"])
    #expect(try complete("--gsettings", "lint", "org.settei.test.") == ["org.settei.test.extra"])
    #expect(try complete("--gsettings", "lint", "org.settei.test", "").isEmpty)
  }

  /// The bash script, where bash splits `SCHEMA:KEY` at its colon: the parts are one word to
  /// settei, and the candidates are what follows the colon, which bash puts in place.
  @Test func theBashScriptCompletesKeysAcrossTheColon() throws {
    let environment = self.environment
    #expect(
      try bashCompletion(
        ["--gsettings", "get", "org.settei.test", ":", "vo"], environment: environment)
        == ["volume"])
    #expect(
      try bashCompletion(
        ["--gsettings", "set", "org.settei.test", ":", "clock", ""], environment: environment)
        == ["24h", "12h"])
    // With --gsettings, lint and render take a schema id, not a file.
    #expect(
      try bashCompletion(["--gsettings", "lint", "org.settei.test.e"], environment: environment)
        == ["org.settei.test.extra"])
  }

  /// Where GIO finds no schema at all, every verb says where it looked and what to do,
  /// rather than showing an empty root without a word.
  @Test func noSchemaAtAllIsSaidWithWhereGIOLooked() throws {
    let empty = try TemporaryFolder()
    let extra = ["GSETTINGS_SCHEMA_DIR": empty.path, "XDG_DATA_DIRS": empty.path + "/none"]
    for arguments in [[], ["list"]] {
      let result = try run(arguments, script: "quit\n", extra: extra)
      #expect(result.status == 0, "\(result.standardError)")
      #expect(
        result.standardError.contains(
          "settei: note: GIO finds no GSettings schema in \(empty.path), "),
        "\(result.standardError)")
      #expect(result.standardError.contains("set GSETTINGS_SCHEMA_DIR to it"))
    }
    let japanese = try run(["--lang", "ja", "list"], extra: extra)
    #expect(japanese.standardError.contains("GSettings スキーマを見つけられません"))
    // With schemas, nothing of the kind is said.
    #expect(!(try run(["list"]).standardError.contains("finds no GSettings schema")))
  }

  /// Tab in the REPL after `set` of a flags key and a comma: the flags not typed yet.
  @Test func tabAfterACommaOffersTheFlagsNotTypedYet() throws {
    let settei = try TerminalTests.Running(
      ["--gsettings"], home: fixture.folder.path, extra: fixture.environment(backend: "keyfile"))
    try settei.waitFor("GSettings> ")
    settei.terminal.send("set org.settei.test:days monday, tu\t")
    try settei.waitFor("set org.settei.test:days monday, tuesday")
    // Only wednesday is left after monday and tuesday (a completed word ends in a space).
    settei.terminal.send(",\t")
    try settei.waitFor("set org.settei.test:days monday, tuesday ,wednesday")
    settei.terminal.send("\r")
    try settei.waitFor("org.settei.test:days = monday, tuesday, wednesday")
    settei.type("quit!")
    try settei.waitFor("[y/N]")
    settei.type("y")
    #expect(try settei.terminal.waitForExit() == 0)
  }

  @Test func itsMessagesSpeakTheSessionsLanguage() throws {
    let unknown = try run(["--lang", "ja", "get", "org.nope:x"])
    #expect(unknown.status == 1)
    #expect(unknown.standardError.contains("org.nope という GSettings スキーマはありません"))
    let saved = try run(["--lang", "ja"], script: "set org.settei.test:volume 70\nquit\n")
    #expect(saved.status == 0, "\(saved.standardError)")
    #expect(saved.standardOutput.contains("1 件の変更を GSettings に保存しました。"))
  }

  /// The desktop's installed schemas, titled in Japanese from gsettings-desktop-schemas'
  /// catalog, read directly (the machine needs no ja_JP locale).
  @Test func theDesktopsSchemasAreTitledInTheSessionsLanguage() throws {
    let result = try runProcess(
      setteiPath, ["--gsettings", "--lang", "ja"],
      input: Array("go org.gnome.desktop.interface:icon-theme\n".utf8),
      environment: testEnvironment(home: fixture.folder.path).merging([
        "GSETTINGS_BACKEND": "memory", "XDG_DATA_DIRS": "/usr/share",
      ]) { $1 })
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("GSettings › org › gnome › desktop › interface"))
    #expect(result.standardOutput.contains("アイコンテーマ"))
  }

  @Test("RM-82 a backend that does not keep the changes (dconf without D-Bus) is a failed save")
  func aBackendThatLosesTheChangesIsAFailedSave() throws {
    // No session bus and no X11 to start one: dconf's writes are lost.
    let extra = ["GSETTINGS_BACKEND": "dconf", "XDG_RUNTIME_DIR": fixture.folder.path]
    let set = try run(["set", "org.settei.test:name", "Grace"], extra: extra)
    #expect(set.status == 74)
    #expect(
      set.standardError.contains("the GSettings backend did not keep org.settei.test:name"),
      "\(set.standardError)")
    let repl = try run([], script: "set org.settei.test:volume 75\nquit\n", extra: extra)
    #expect(repl.status == 74)
    #expect(repl.standardError.contains("did not keep org.settei.test:volume"))
    #expect(!repl.standardOutput.contains("Saved"))
    let read = try run(["get", "org.settei.test:name"], extra: extra)
    #expect(read.standardOutput == "Ada\n")
  }

  /// The folders the keyfile holds: one only org.settei.test.things fits by its name, one
  /// two relocatable schemas fit alike, one none does.
  func writeKeyfileWithFolders() throws {
    _ = try runProcess(["/bin/mkdir", "-p", fixture.folder.file("config/glib-2.0/settings")])
    try writeText(
      "[org/settei/test/things/a]\nthing='x'\n\n[org/settei/test/other/x]\nthing='y'\n\n"
        + "[org/nope]\nzzz=1\n",
      to: fixture.folder.file("config/glib-2.0/settings/keyfile"))
  }

  @Test("RM-86 a folder of values no relocatable schema fits, or several do, is left out and said")
  func relocatableSchemasAreShownWhereTheKeyfileHoldsThem() throws {
    try writeKeyfileWithFolders()
    let a = "org.settei.test.things:/org/settei/test/things/a/"
    let result = try run(
      [],
      script: """
        org
        settei
        test
        2
        ? 1
        set \(a):size 5
        set org.settei.test.relocatable:/org/settei/test/extra/more/:thing m
        undo
        changes
        find Size
        quit

        """)
    #expect(result.status == 0, "\(result.standardError)")
    let output = result.standardOutput
    // On org.settei.test's page, the folder between is a group, the instance a pane.
    #expect(output.contains("  things\n   2  a "), "\(output)")
    #expect(output.contains("GSettings › org › settei › test › a\n"), "\(output)")
    #expect(output.contains("Thing"))
    #expect(output.contains("  key:      \(a):size\n"), "\(output)")
    #expect(output.contains("  gvariant: i\n"), "\(output)")
    #expect(output.contains("Size: 1 → 5"), "\(output)")
    #expect(output.contains("Undone: GSettings › org › settei › test › extra › more › thing"))
    #expect(output.contains("   1  GSettings › org › settei › test › a › Size"), "\(output)")
    #expect(!keyfile.contains("extra/more"), "\(keyfile)")
    #expect(output.contains("Saved 1 change to GSettings."))
    #expect(keyfile.contains("[org/settei/test/things/a]\nthing='x'\n"), "\(keyfile)")
    #expect(keyfile.contains("size=5"), "\(keyfile)")
    #expect(keyfile.contains("[org/settei/test/other/x]\nthing='y'"), "\(keyfile)")
    let notes = result.standardError
    #expect(
      notes.contains(
        "settei: note: the GSettings values in /org/nope/ are not shown: no relocatable schema "
          + "has all their keys"), "\(notes)")
    #expect(
      notes.contains(
        "settei: note: the GSettings values in /org/settei/test/other/x/ are not shown: they "
          + "fit more than one relocatable schema (org.settei.test.relocatable, "
          + "org.settei.test.things)"), "\(notes)")
    let japanese = try run(["--lang", "ja"], script: "quit\n")
    #expect(
      japanese.standardError.contains(
        "/org/settei/test/other/x/ の GSettings の値は表示しません: 複数の再配置可能なスキーマに当てはまります"),
      "\(japanese.standardError)")
  }

  /// SCHEMA:PATH:KEY, for a relocatable child and a folder the keyfile holds, in every verb.
  @Test func theVerbsTakeARelocatableSchemaAtItsPath() throws {
    try writeKeyfileWithFolders()
    let more = "org.settei.test.relocatable:/org/settei/test/extra/more/"
    let a = "org.settei.test.things:/org/settei/test/things/a/"
    #expect(try run(["get", a + ":thing"]).standardOutput == "x\n")
    #expect(try run(["set", more + ":thing", "m"]).status == 0)
    #expect(try run(["set", a + ":size", "8"]).status == 0)
    #expect(try run(["get", more + ":thing"]).standardOutput == "m\n")
    #expect(keyfile.contains("[org/settei/test/extra/more]\nthing='m'"), "\(keyfile)")
    #expect(try run(["reset", a + ":size"]).status == 0)
    #expect(try run(["get", a + ":size"]).standardOutput == "1\n")
    let list = try run(["list", "org.settei.test.relocatable"])
    #expect(
      list.standardOutput.split(separator: "\n").map {
        $0.split(separator: " ", omittingEmptySubsequences: true).prefix(2).joined(separator: " ")
      } == ["KEY VALUE", more + ":thing m"])
    let export = try run(["export"])
    #expect(
      export.standardOutput.contains(
        "[org/settei/test/extra/more]\nthing='m'\n\n[org/settei/test/things/a]\nthing='x'\n"),
      "\(export.standardOutput)")
    #expect(
      try run(["export", more]).standardOutput == "[org/settei/test/extra/more]\nthing='m'\n")
    // The export loads into another configuration, into the same paths, where nothing was
    // stored before: each folder is the relocatable schema the backend's would be.
    let dump = fixture.folder.file("backup.dump")
    try writeText(export.standardOutput, to: dump)
    let other = fixture.folder.file("other-config")
    let imported = try run(["import", dump], extra: ["XDG_CONFIG_HOME": other])
    #expect(imported.status == 0, "\(imported.standardError)")
    #expect(
      try run(["get", more + ":thing"], extra: ["XDG_CONFIG_HOME": other]).standardOutput
        == "m\n")
    #expect(
      try run(["get", a + ":thing"], extra: ["XDG_CONFIG_HOME": other]).standardOutput == "x\n")
    try writeText("[org/elsewhere]\nthing='z'\n", to: dump)
    let refused = try run(["import", dump])
    #expect(refused.status == 1)
    #expect(
      refused.standardError.contains(
        "no GSettings schema has the path /org/elsewhere/, and no one relocatable schema has "
          + "all its keys"),
      "\(refused.standardError)")
  }

  /// As with gsettings, get, set and reset take a relocatable schema at any path, shown
  /// there or not; a path that is not one, or that a fixed schema has, is refused, naming it.
  @Test func theVerbsTakeARelocatableSchemaAtAPathNotShown() throws {
    let key = "org.settei.test.relocatable:/org/elsewhere/:thing"
    let read = try run(["get", key])
    #expect(read.status == 0, "\(read.standardError)")
    #expect(read.standardOutput == "\n")
    #expect(try run(["set", key, "z"]).status == 0)
    #expect(keyfile.contains("[org/elsewhere]\nthing='z'"), "\(keyfile)")
    let gsettings = try runProcess(
      "/usr/bin/gsettings", ["get", "org.settei.test.relocatable:/org/elsewhere/", "thing"],
      environment: environment)
    #expect(gsettings.standardOutput == "'z'\n", "\(gsettings.standardError)")
    #expect(try run(["get", key]).standardOutput == "z\n")
    #expect(try run(["reset", key]).status == 0)
    #expect(!keyfile.contains("thing='z'"), "\(keyfile)")
    for (path, message) in [
      (
        "/org/bad//",
        "/org/bad// is not a GSettings path: it must start and end with / and have no //"
      ),
      ("nopath", "nopath is not a GSettings path"),
      (
        "/org/settei/test/",
        "/org/settei/test/ is the path of the GSettings schema org.settei.test: a relocatable "
          + "schema cannot have its settings there"
      ),
    ] {
      let refused = try run(["set", "org.settei.test.relocatable:" + path + ":thing", "x"])
      #expect(refused.status == 1)
      #expect(refused.standardError.contains(message), "\(refused.standardError)")
    }
  }

  /// The names a `-children` key lists are shown, with nothing stored there yet.
  @Test func theNamesOfAChildrenListAreShownBeforeAnythingIsStoredThere() throws {
    #expect(try run(["set", "org.settei.test:things-children", #"["b"]"#]).status == 0)
    let b = "org.settei.test.things:/org/settei/test/things/b/"
    let list = try run(["list", "org.settei.test.things"])
    #expect(list.standardOutput.contains(b + ":size"), "\(list.standardOutput)")
    #expect(try run(["set", b + ":size", "3"]).status == 0)
    #expect(keyfile.contains("[org/settei/test/things/b]\nsize=3"), "\(keyfile)")
  }

  /// With dconf: a folder `dconf write` makes is a page at the next start, and `quit`
  /// writes through it into dconf at its path.
  @Test func aFolderDconfHoldsIsShownAndWrittenThrough() throws {
    let script = #"""
      settei="$1"; out="$2/repl.out"
      dconf write /org/settei/test/things/a/thing "'x'" || exit 10
      key=org.settei.test.things:/org/settei/test/things/a/:size
      printf 'go %s\nset %s 4\nquit\n' "$key" "$key" | "$settei" --gsettings > "$out" 2>&1 \
        || exit 11
      dconf read /org/settei/test/things/a/size
      """#
    let result = try runWithDconf(script)
    #expect(result.status == 0, "\(result.standardError)")
    let output = (try? readText(fixture.folder.file("repl.out"))) ?? ""
    #expect(output.contains("GSettings › org › settei › test › a\n"), "\(output)")
    #expect(output.contains("Saved 1 change to GSettings."), "\(output)")
    #expect(result.standardOutput == "4\n", "\(result.standardOutput)")
  }

  /// The desktop's relocatable child org.gnome.desktop.peripherals.tablet, at
  /// /org/gnome/desktop/peripherals/tablet/, shows what `gsettings get` prints of it, and
  /// not the values of the same schema at another path.
  @Test func aRelocatableChildShowsWhatGsettingsPrintsAtItsPath() throws {
    let environment = testEnvironment(home: fixture.folder.path).merging([
      "GSETTINGS_BACKEND": "keyfile", "XDG_DATA_DIRS": "/usr/share",
      "XDG_CONFIG_HOME": fixture.folder.file("desktop-config"),
    ]) { $1 }
    let schema = "org.gnome.desktop.peripherals.tablet"
    let tablet = schema + ":/org/gnome/desktop/peripherals/tablet/"
    let other = schema + ":/org/gnome/desktop/peripherals/tablets/other/"
    func gsettings(_ arguments: String...) throws -> String {
      let result = try runProcess("/usr/bin/gsettings", arguments, environment: environment)
      #expect(result.status == 0, "\(arguments): \(result.standardError)")
      return result.standardOutput
    }
    _ = try gsettings("set", tablet, "mapping", "relative")
    _ = try gsettings("set", tablet, "area", "[0.5, 0.0, 0.25, 0.0]")
    _ = try gsettings("set", other, "left-handed", "true")
    func settei(_ arguments: String...) throws -> String {
      let result = try runProcess(
        setteiPath, ["--gsettings"] + arguments, environment: environment)
      #expect(result.status == 0, "\(arguments): \(result.standardError)")
      return result.standardOutput
    }
    // What the user set there, as GVariant text, is what gsettings prints.
    let keys = ["area", "mapping"]
    let expected =
      "[org/gnome/desktop/peripherals/tablet]\n"
      + (try keys.map { "\($0)=" + (try gsettings("get", tablet, $0)) }.joined())
    #expect(try settei("export", tablet) == expected)
    #expect(try settei("get", tablet + ":mapping") == "relative\n")
    #expect(try gsettings("get", tablet, "left-handed") == "false\n")
    #expect(try settei("get", tablet + ":left-handed") == "false\n")
    // The other path's own value is its own.
    #expect(try settei("get", other + ":left-handed") == "true\n")
  }

  /// Without --gsettings GIO is never loaded (start-up as before); with it, only then.
  @Test func gioIsLoadedOnlyForGSettings() throws {
    // The dynamic loader names each library it loads (LD_DEBUG=files), dlopen's too.
    let plain = try runSettei(
      ["list"], script: "", home: fixture.folder.path, extra: ["LD_DEBUG": "files"])
    #expect(plain.status == 0)
    #expect(!plain.standardError.contains("libgio-2.0"))
    #expect(!plain.standardError.contains("libglib-2.0"))
    let gsettings = try run(["get", "org.settei.test:volume"], extra: ["LD_DEBUG": "files"])
    #expect(gsettings.status == 0)
    #expect(gsettings.standardError.contains("libgio-2.0.so.0"))
  }
}
