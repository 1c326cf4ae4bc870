import Glibc
import SettingsKit
import TestSupport
import Testing

/// docs/reliability.md's failure modes about the store file, each run against the built settei
/// with real files in a temporary folder. (Rows of the embedded English screen: 3 Calendar,
/// 4 Temperature Unit, 5 Measurement System.)
@Suite("Store failure modes")
struct StoreFailureModeTests {
  @Test("RM-01 quit with no changes writes nothing: same bytes, same inode, no lock")
  func quitWithoutChanges() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let original = #"{"temperatureUnit":   "celsius", "b": 1}"#
    write(original, to: store)
    let before = try #require(status(of: store))
    let run = try settei(["--store", store], script: "4\n2\n1\nback\nquit\n", home: home.path)
    #expect(run.status == 0, "\(run.errors)")
    #expect(!run.output.contains("Saved"))
    let after = try #require(status(of: store))
    #expect(text(of: store) == original)
    #expect(after.st_ino == before.st_ino)
    #expect(after.st_mtim.tv_sec == before.st_mtim.tv_sec)
    #expect(after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
    #expect(entries(of: home.path) == ["s.json"])
  }

  @Test("RM-02 change and quit saves the new value and keeps unknown keys, sorted")
  func changeAndQuit() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    write(#"{"zOther": {"x": [1, 2.5]}, "temperatureUnit": "celsius", "aOther": true}"#, to: store)
    let run = try settei(["--store", store], script: "4\n2\nquit\n", home: home.path)
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("Saved 1 change to \(store)."))
    #expect(
      text(of: store) == """
        {
          "aOther": true,
          "temperatureUnit": "fahrenheit",
          "zOther": {
            "x": [
              1,
              2.5
            ]
          }
        }

        """)
    #expect(entries(of: home.path) == ["s.json"])
  }

  @Test("RM-03 a missing store folder is created 0700 and the store 0600")
  func missingFolder() throws {
    let home = try TemporaryFolder()
    let store = home.file("a/b/s.json")
    let run = try settei(["--store", store], script: "4\n2\n", home: home.path)
    #expect(run.status == 0, "\(run.errors)")
    #expect(mode(of: home.file("a")) == 0o700)
    #expect(mode(of: home.file("a/b")) == 0o700)
    #expect(mode(of: store) == 0o600)
    #expect(storeValues(store) == ["temperatureUnit": "fahrenheit"])
  }

  @Test("RM-04 a store of mode 0640 is still 0640 after a save")
  func modeKept() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    write("{}", to: store, mode: 0o640)
    let run = try settei(["--store", store], script: "4\n2\n", home: home.path)
    #expect(run.status == 0, "\(run.errors)")
    #expect(mode(of: store) == 0o640)
    #expect(storeValues(store) == ["temperatureUnit": "fahrenheit"])
  }

  @Test("RM-05 a symlinked store stays a symlink; its target is updated")
  func symlinkKept() throws {
    let home = try TemporaryFolder()
    mkdir(home.file("real"), 0o700)
    let target = home.file("real/settings.json")
    write(#"{"calendar": "buddhist"}"#, to: target)
    let link = home.file("s.json")
    symlink("real/settings.json", link)
    let run = try settei(["--store", link], script: "4\n2\n", home: home.path)
    #expect(run.status == 0, "\(run.errors)")
    #expect((status(of: link)?.st_mode ?? 0) & S_IFMT == S_IFLNK)
    #expect(storeValues(target) == ["calendar": "buddhist", "temperatureUnit": "fahrenheit"])
    #expect(entries(of: home.file("real")) == ["settings.json"], "lock beside the real file, gone")
  }

  /// As root, settei runs as `nobody` (through `setpriv`), since root may write anywhere.
  @Test(
    "RM-10 a read-only folder: the error names the lock file and the reason; all intact",
    .enabled(
      if: geteuid() != 0 || access("/usr/bin/setpriv", X_OK) == 0,
      "as root this needs setpriv to run settei as nobody"))
  func readOnlyFolder() throws {
    let home = try TemporaryFolder()
    chmod(home.path, 0o555)
    let store = home.file("s.json")
    let original = #"{"temperatureUnit": "celsius"}"#
    write(original, to: store, mode: 0o644)
    let arguments = ["--lang", "en", "--store", store]
    let child =
      geteuid() == 0
      ? try startAsUser(65_534, setteiPath, arguments, home: home.path)
      : try ChildProcess(
        executable: setteiPath, arguments: arguments,
        environment: testEnvironment(home: home.path))
    child.write("4\n2\nquit\n")
    child.closeInput()
    #expect(try child.waitForExit() == 74, "\(child.standardError)")
    #expect(
      child.standardError.contains(
        "\(store).lock: cannot create the lock file: Permission denied"),
      "\(child.standardError)")
    #expect(child.standardError.contains("Nothing was saved; \(store) is unchanged."))
    #expect(text(of: store) == original)
    #expect(entries(of: home.path) == ["s.json"])
  }

  @Test(
    "RM-10 disk full: the error names the lock file and the reason; all intact",
    .enabled(if: TinyFileSystem.isAvailable, "needs root to mount a 64 KiB tmpfs"))
  func diskFull() throws {
    let disk = try TinyFileSystem(kilobytes: 64)
    let home = try TemporaryFolder()
    let store = disk.path + "/s.json"
    let original = #"{"temperatureUnit": "celsius"}"#
    write(original, to: store)
    disk.fill("filler")
    let run = try settei(["--store", store], script: "4\n2\nquit\n", home: home.path)
    #expect(run.status == 74, "\(run.errors)")
    #expect(
      run.errors.contains("\(store).lock: cannot write: No space left on device"),
      "\(run.errors)")
    #expect(run.errors.contains("Nothing was saved; \(store) is unchanged."))
    #expect(text(of: store) == original)
    #expect(entries(of: disk.path) == ["filler", "s.json"])
  }

  /// Each case: file name, contents, the line the message must name.
  /// Garbage, binary, truncated, invalid UTF-8 or the wrong type at the top: exit 65 with the
  /// file and the line; the file is untouched.
  @Test(
    "RM-12 an unreadable store exits 65 with file and line; the file is untouched",
    arguments: [
      ("garbage.json", Array("hello world\n".utf8), 1),
      ("binary.json", [0x00, 0x01, 0x02, 0xFF, 0xFE], 1),
      ("truncated.json", Array("{\n  \"temperatureUnit\": \"cel".utf8), 2),
      ("utf8.json", Array("{\n\n\"a\": \"caf".utf8) + [0xE9] + Array("\"}".utf8), 3),
      ("array.json", Array("\n[\"temperatureUnit\"]\n".utf8), 2),
      ("garbage.plist", Array("not a plist".utf8), 1),
      ("truncated.plist", Array("<?xml version=\"1.0\"?>\n<plist>\n<dict><key>a".utf8), 3),
      ("array.plist", Array("<?xml version=\"1.0\"?>\n<plist>\n<array/>\n</plist>\n".utf8), 3),
    ])
  func unreadableStore(name: String, bytes: [UInt8], line: Int) throws {
    let home = try TemporaryFolder()
    let store = home.file(name)
    write(bytes, to: store, mode: 0o644)
    let before = try #require(status(of: store))
    let run = try settei(["--store", store], script: "4\n2\nquit\n", home: home.path)
    #expect(run.status == 65, "\(run.errors)")
    #expect(run.errors.contains("\(store):\(line)"), "\(run.errors)")
    #expect(run.errors.contains("settei has not changed the file"))
    #expect(contents(of: store) == bytes)
    #expect(status(of: store)?.st_ino == before.st_ino)
    #expect(mode(of: store) == 0o644)
    #expect(entries(of: home.path) == [name])
  }

  @Test("RM-13 a stored value that is none of the choices shows no choice, is named, and is kept")
  func wrongTypeStoredValue() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    write(#"{"temperatureUnit": 42, "measurementSystem": "imperial"}"#, to: store)
    let look = try settei(["--store", store], script: "", home: home.path)
    #expect(look.status == 0)
    #expect(look.errors.contains("warning: \(store): the stored value of 'measurementSystem'"))
    #expect(look.errors.contains("the stored value of 'temperatureUnit' is 42"))
    // As on iOS: the row shows no title, neither the default's nor the raw value as if chosen.
    let row = look.output.split(separator: "\n").first { $0.hasPrefix("   4  Temperature Unit") }
    #expect(row?.hasSuffix(" ›") == true && row?.contains("42") == false, "\(look.output)")
    #expect(row?.contains("Celsius") == false, "\(look.output)")
    // Changing another key keeps both raw values.
    let other = try settei(["--store", store], script: "3\n2\n", home: home.path)
    #expect(other.status == 0, "\(other.errors)")
    #expect(
      storeValues(store)
        == ["temperatureUnit": 42, "measurementSystem": "imperial", "calendar": "japanese"])
    // Changing the key itself replaces its raw value.
    let fix = try settei(["--store", store], script: "4\n2\n", home: home.path)
    #expect(fix.status == 0, "\(fix.errors)")
    #expect(storeValues(store)?["temperatureUnit"] == "fahrenheit")
  }

  @Test(
    "RM-13 a stored slider value out of range or not a number: default shown, key named, kept",
    arguments: [("99", "a number from 0 to 10"), (#""loud""#, "a number from 0 to 10")])
  func outOfRangeStoredValue(stored: String, allowed: String) throws {
    let home = try TemporaryFolder()
    let schema = home.file("schema.json")
    write(
      """
      {"Title": "T", "PreferenceSpecifiers": [
        {"Type": "PSSliderSpecifier", "Title": "Volume", "Key": "volume", "DefaultValue": 5,
         "MinimumValue": 0, "MaximumValue": 10},
        {"Type": "PSToggleSwitchSpecifier", "Title": "On", "Key": "on", "DefaultValue": true}
      ]}
      """, to: schema)
    let store = home.file("s.json")
    write("{\"volume\": \(stored)}", to: store)
    let run = try settei(
      ["--schema", schema, "--store", store], script: "set on off\n", home: home.path)
    #expect(run.status == 0, "\(run.errors)")
    #expect(
      run.errors.contains("the stored value of 'volume' is \(stored)"), "\(run.errors)")
    #expect(run.errors.contains("(allowed: \(allowed)); showing the default"))
    #expect(run.output.contains("Volume") && run.output.contains("5"), "the default is shown")
    let kept = try #require(storeValues(store))
    #expect(kept["on"] == false)
    #expect(JSONWriter.serialize(kept["volume"] ?? "missing", pretty: false) == stored)
  }

  /// Each case: the `set` line and the list of what is allowed the message must give.
  /// A wrong type, a number out of range, an unknown choice: the error lists what is
  /// allowed; the value is unchanged.
  @Test(
    "RM-14 an invalid set lists what is allowed; the value is unchanged",
    arguments: [
      ("set volume loud", "'loud' is not a number. Allowed: a number from 0 to 10."),
      ("set volume 11", "11 is out of range for Volume. Allowed: a number from 0 to 10."),
      ("set unit kelvin", "'kelvin' is not one of the choices of Unit. Allowed: C (c), F (f)."),
      ("set on maybe", "'maybe' is neither on nor off for On. Allowed: on (true), off (false)."),
    ])
  func invalidSet(line: String, message: String) throws {
    let home = try TemporaryFolder()
    let schema = home.file("schema.json")
    write(
      """
      {"Title": "T", "PreferenceSpecifiers": [
        {"Type": "PSSliderSpecifier", "Title": "Volume", "Key": "volume", "DefaultValue": 5,
         "MinimumValue": 0, "MaximumValue": 10},
        {"Type": "PSMultiValueSpecifier", "Title": "Unit", "Key": "unit", "DefaultValue": "c",
         "Titles": ["C", "F"], "Values": ["c", "f"]},
        {"Type": "PSToggleSwitchSpecifier", "Title": "On", "Key": "on", "DefaultValue": true}
      ]}
      """, to: schema)
    let store = home.file("s.json")
    let original = #"{"on": false, "unit": "f", "volume": 3}"#
    write(original, to: store)
    let run = try settei(
      ["--schema", schema, "--store", store], script: line + "\nquit\n", home: home.path)
    #expect(run.status == 1)
    #expect(run.errors.contains(message), "\(run.errors)")
    #expect(text(of: store) == original)
    let shown = try settei(["--schema", schema, "--store", store], script: "", home: home.path)
    #expect(shown.output.contains("3"), "the old value is still shown")
  }
}
