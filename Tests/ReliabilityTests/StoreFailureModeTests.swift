import FileFormats
import Glibc
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
    #expect(
      entries(of: home.path).filter { $0 != "state" } == ["s.json"],
      "beside the store: nothing left (the state folder keeps the earlier save)")
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
          "zOther": {"x": [1, 2.5]}
        }

        """, "sorted, one member a line, the members not changed copied as they were")
    #expect(
      entries(of: home.path).filter { $0 != "state" } == ["s.json"],
      "beside the store: nothing left (the state folder keeps the earlier save)")
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
    #expect(
      entries(of: home.path).filter { $0 != "state" } == ["s.json"],
      "beside the store: nothing left (the state folder keeps the earlier save)")
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

  /// Whether a test may run settei as `nobody` (as root, through setpriv) or is that user.
  static let canRunAsNobody = geteuid() != 0 || access("/usr/bin/setpriv", X_OK) == 0

  /// Who owns a store that the caller may not replace, and who runs settei.
  enum Unwritable: String, CaseIterable, CustomTestStringConvertible {
    /// Mode 0444, the caller's own file, in a folder the caller may write.
    case readOnlyOwnFile = "a 0444 store of one's own"
    /// Mode 0444 and the caller is root: refused as Vim refuses, though root could.
    case readOnlyAsRoot = "a 0444 store, run as root"
    /// Another user's 0644 file in a 0777 folder.
    case othersFile = "another user's 0644 store in a 0777 folder"
    /// Another user's 0666 file in a 0777 folder: writable, but the new file would be ours.
    case othersWritableFile = "another user's 0666 store in a 0777 folder"
    var testDescription: String { rawValue }
  }

  /// A store the caller cannot write is not replaced, although its folder would let a
  /// rename through: exit 74, a message naming the file and what to do, the file as it was
  /// (same inode, owner and mode). Root has no permission checks, so the other users'
  /// cases run settei as `nobody` (65534) and the store belongs to root.
  @Test(
    "RM-34 a store the caller cannot write is not replaced: exit 74, named, untouched",
    .enabled(if: geteuid() == 0 && canRunAsNobody, "needs root to make files of two users"),
    arguments: Unwritable.allCases)
  func unwritableStore(_ situation: Unwritable) throws {
    let home = try TemporaryFolder()
    chmod(home.path, 0o755)
    let folder = home.path + "/shared"
    mkdir(folder, 0o777)
    chmod(folder, 0o777)
    let store = folder + "/s.json"
    let original = #"{"calendar": "buddhist"}"#
    let asRoot = situation == .readOnlyAsRoot
    switch situation {
    case .readOnlyOwnFile, .readOnlyAsRoot: write(original, to: store, mode: 0o444)
    case .othersFile: write(original, to: store, mode: 0o644)
    case .othersWritableFile: write(original, to: store, mode: 0o666)
    }
    if situation == .readOnlyOwnFile { chown(store, 65_534, 65_534) }
    let before = try #require(status(of: store))
    let arguments = ["set", "calendar", "japanese", "--store", store]
    let child =
      asRoot
      ? try ChildProcess(
        executable: setteiPath, arguments: arguments, environment: testEnvironment(home: home.path))
      : try startAsUser(65_534, setteiPath, arguments, home: home.path)
    child.closeInput()
    #expect(try child.waitForExit() == 74, "\(child.standardError)")
    let expected: String
    switch situation {
    case .readOnlyOwnFile, .readOnlyAsRoot:
      expected =
        "settei: \(store): the file is read-only (mode 444)\nNothing was saved; the "
        + "file is unchanged. Make it writable (chmod u+w), or save to a file of yours with "
        + "--store PATH."
    case .othersFile:
      expected =
        "settei: \(store): you may not write the file: Permission denied (mode 644, "
        + "owned by user 0)"
    case .othersWritableFile:
      expected =
        "settei: \(store): the file belongs to user 0, not to you; replacing it "
        + "would make it yours\nNothing was saved; the file is unchanged. Let its owner "
        + "change it, or copy it and use --store PATH."
    }
    #expect(child.standardError.contains(expected), "\(child.standardError)")
    #expect(text(of: store) == original)
    let after = try #require(status(of: store))
    #expect(after.st_ino == before.st_ino && after.st_uid == before.st_uid)
    #expect(after.st_mode == before.st_mode)
    #expect(entries(of: folder) == ["s.json"], "no lock left")
  }

  /// The caller's own writable store, and (as root) another user's, are saved as before.
  @Test("RM-34 a store the caller can write is saved, keeping its owner when root saves it")
  func writableStores() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    write(#"{"calendar": "buddhist"}"#, to: store, mode: 0o644)
    if geteuid() == 0 { chown(store, 65_534, 65_534) }
    let run = try settei(
      ["set", "calendar", "japanese", "--store", store], script: "", home: home.path)
    #expect(run.status == 0, "\(run.errors)")
    #expect(storeValues(store) == ["calendar": "japanese"])
    #expect(status(of: store)?.st_uid == (geteuid() == 0 ? 65_534 : geteuid()))
  }

  /// A hand-edited store (not in settei's shape) with an integer wider than 64 bits, which
  /// no `PropertyListValue` holds exactly: a save that does not touch it copies it byte for
  /// byte, as every member it does not change, and puts the file in settei's shape.
  @Test("RM-47 an unsigned 64-bit integer in a property-list store survives a save exactly")
  func unsignedIntegersInPropertyLists() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.plist")
    write(
      plistDocument(
        "<dict><key>counter</key><integer>18446744073709551615</integer>"
          + "<key>calendar</key><string>buddhist</string></dict>"), to: store)
    let get = try settei(["get", "counter", "--store", store], script: "", home: home.path)
    #expect(get.status == 0, "\(get.errors)")
    #expect(get.output == "18446744073709551615\n")
    let run = try settei(
      ["set", "calendar", "japanese", "--store", store], script: "", home: home.path)
    #expect(run.status == 0, "\(run.errors)")
    let saved = text(of: store)
    #expect(saved.contains("<integer>18446744073709551615</integer>"), "\(saved)")
    #expect(saved.contains("<string>japanese</string>"), "\(saved)")
  }

  @Test("RM-39 an integer wider than 64 bits in a hand-edited store survives a save exactly")
  func wideIntegers() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    write(
      """
      {
        "zeta": 12345678901234567890123, "calendar": "buddhist",
        "alpha": {"nested": [1, 2.50, -98765432109876543210], "u": "\\u00e9"}
      }
      """, to: store)
    let run = try settei(
      ["set", "calendar", "japanese", "--store", store], script: "", home: home.path)
    #expect(run.status == 0, "\(run.errors)")
    #expect(
      text(of: store)
        == """
        {
          "alpha": {"nested": [1, 2.50, -98765432109876543210], "u": "\\u00e9"},
          "calendar": "japanese",
          "zeta": 12345678901234567890123
        }

        """)
    // Now in settei's shape, the next save changes only its own line.
    let again = try settei(
      ["set", "calendar", "buddhist", "--store", store], script: "", home: home.path)
    #expect(again.status == 0, "\(again.errors)")
    #expect(text(of: store).contains(#""zeta": 12345678901234567890123"#))
    #expect(text(of: store).contains(#""calendar": "buddhist""#))
  }

  /// A save replaces the store by renaming a new file over it, so a second hard link keeps
  /// the old contents (docs/reliability.md says why); a symbolic link is followed instead.
  @Test("RM-35 a hard-linked store gets a new inode on save; the other link keeps the old file")
  func hardLinkedStore() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let original = #"{"calendar": "buddhist"}"#
    write(original, to: store)
    let other = home.file("other.json")
    #expect(link(store, other) == 0)
    let before = try #require(status(of: store))
    let run = try settei(
      ["set", "calendar", "japanese", "--store", store], script: "", home: home.path)
    #expect(run.status == 0, "\(run.errors)")
    #expect(storeValues(store) == ["calendar": "japanese"])
    #expect(status(of: store)?.st_ino != before.st_ino, "a new inode")
    #expect(text(of: other) == original, "the other link keeps the old file")
  }

  /// Where an expansion bomb sits: the store, an imported file, or a schema's Titles and
  /// Values.
  enum BombPlace: String, CaseIterable, CustomTestStringConvertible {
    case store = "the store (set)"
    case importedFile = "an imported file"
    case schemaGet = "a schema's Titles/Values (get)"
    case schemaList = "a schema's Titles/Values (list)"
    case schemaLint = "a schema's Titles/Values (lint)"
    var testDescription: String { rawValue }
  }

  /// A binary plist of a few hundred bytes whose arrays hold each other twice, forty deep
  /// (2⁴⁰ values once expanded), is refused at once with exit 65, naming the file; the
  /// store is not touched.
  @Test(
    "RM-36 a binary plist that expands 2^40 ways is refused at once: exit 65, named",
    arguments: BombPlace.allCases)
  func expansionBomb(_ place: BombPlace) throws {
    let home = try TemporaryFolder()
    let bomb = home.file("bomb.plist")
    let store = home.file("s.json")
    let original = #"{"calendar": "buddhist"}"#
    write(original, to: store)
    let arguments: [String]
    switch place {
    case .store:
      write(BinaryPlist.bomb(levels: 40, in: .store), to: bomb)
      arguments = ["set", "calendar", "japanese", "--store", bomb]
    case .importedFile:
      write(BinaryPlist.bomb(levels: 40, in: .store), to: bomb)
      arguments = ["import", bomb, "--store", store]
    case .schemaGet, .schemaList, .schemaLint:
      write(BinaryPlist.bomb(levels: 40, in: .schema), to: bomb)
      let command = place == .schemaGet ? ["get", "size"] : place == .schemaList ? ["list"] : []
      arguments =
        place == .schemaLint
        ? ["lint", bomb] : command + ["--schema", bomb, "--store", store]
    }
    #expect(contents(of: bomb).map(\.count).map { $0 < 400 } == true)
    let run = try settei(arguments, script: "", home: home.path)
    #expect(run.status == 65, "\(run.errors)")
    #expect(
      run.errors.contains(
        "\(bomb):1: binary property list: it expands to more than 1000000 values"),
      "\(run.errors)")
    #expect(text(of: store) == original)
  }
}

/// Binary property lists made by hand, for files that Foundation would never write.
enum BinaryPlist {
  enum Object {
    case string(String)
    case array([Int])
    case dictionary([(key: Int, value: Int)])
  }

  /// Where the bomb goes: at the top of a store, or as a schema's Titles and Values.
  enum Wrapping {
    case store
    case schema
  }

  /// `L = [L, L]` `levels` times over one string, in a store (`{"k": L}`) or in a schema
  /// whose one multi-value specifier has `L` as Titles and Values.
  static func bomb(levels: Int, in wrapping: Wrapping) -> [UInt8] {
    var objects: [Object] = [.string("x")]
    for level in 1...levels { objects.append(.array([level - 1, level - 1])) }
    let top = objects.count - 1
    func add(_ object: Object) -> Int {
      objects.append(object)
      return objects.count - 1
    }
    switch wrapping {
    case .store:
      let key = add(.string("k"))
      _ = add(.dictionary([(key, top)]))
    case .schema:
      let pairs = [
        ("Type", add(.string("PSMultiValueSpecifier"))), ("Title", add(.string("Size"))),
        ("Key", add(.string("size"))), ("DefaultValue", 0), ("Titles", top), ("Values", top),
      ].map { (key: add(.string($0.0)), value: $0.1) }
      let specifier = add(.dictionary(pairs))
      let list = add(.array([specifier]))
      _ = add(.dictionary([(add(.string("PreferenceSpecifiers")), list)]))
    }
    return encode(objects, top: objects.count - 1)
  }

  /// The file: one-byte references, two-byte offsets.
  static func encode(_ objects: [Object], top: Int) -> [UInt8] {
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    func marker(_ kind: UInt8, _ count: Int) -> [UInt8] {
      count < 15 ? [kind << 4 | UInt8(count)] : [kind << 4 | 0x0F, 0x10, UInt8(count)]
    }
    for object in objects {
      offsets.append(bytes.count)
      switch object {
      case .string(let text): bytes += marker(0x5, text.utf8.count) + Array(text.utf8)
      case .array(let references):
        bytes += marker(0xA, references.count) + references.map(UInt8.init)
      case .dictionary(let pairs):
        bytes +=
          marker(0xD, pairs.count) + pairs.map { UInt8($0.key) } + pairs.map { UInt8($0.value) }
      }
    }
    let table = bytes.count
    for offset in offsets { bytes += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
    func bigEndian(_ value: Int) -> [UInt8] {
      (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
    bytes +=
      [0, 0, 0, 0, 0, 0, 2, 1] + bigEndian(objects.count) + bigEndian(top) + bigEndian(table)
    return bytes
  }
}
