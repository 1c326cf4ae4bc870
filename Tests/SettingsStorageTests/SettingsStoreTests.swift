import FoundationEssentials
import Glibc
import TestSupport
import Testing

@testable import FileFormats
@testable import SettingsStorage

@Suite struct SettingsStoreLoadingTests {
  @Test func missingFileIsAnEmptyStore() throws {
    let folder = try TemporaryFolder()
    let store = try SettingsStore.load(path: folder.file("none/settings.json"))
    #expect(store.values.isEmpty)
    #expect(store.format == .json)
    #expect(folderEntries(folder.path).isEmpty)
  }

  @Test(arguments: [
    ("settings.json", SettingsStore.Format.json), ("settings.plist", .plist),
    ("Settings.PLIST", .plist), ("settings", .json), ("a.plist/settings.txt", .json),
  ])
  func formatFollowsTheExtension(path: String, format: SettingsStore.Format) {
    #expect(SettingsStore.Format(path: path) == format)
  }

  @Test func readsJSONAndPlistStores() throws {
    let folder = try TemporaryFolder()
    try writeText(#"{"unit": "celsius", "count": 3, "ratio": 1.0}"#, to: folder.file("s.json"))
    try writeText(
      plistDocument("<dict><key>unit</key><string>celsius</string></dict>"),
      to: folder.file("s.plist"))
    #expect(
      try SettingsStore.load(path: folder.file("s.json")).values
        == ["unit": "celsius", "count": 3, "ratio": 1.0])
    #expect(try SettingsStore.load(path: folder.file("s.plist")).values == ["unit": "celsius"])
  }

  @Test func readsABinaryPlistStore() throws {
    let folder = try TemporaryFolder()
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .binary
    try writeBytes(Array(try encoder.encode(["unit": "celsius"])), to: folder.file("s.plist"))
    #expect(try SettingsStore.load(path: folder.file("s.plist")).values == ["unit": "celsius"])
  }

  /// Each case: file name, contents, line, column, a piece of the reason.
  @Test(
    arguments: [
      ("garbage.json", Array("hello world".utf8), 1, 1, "expected a value"),
      ("binary.json", [0x00, 0x01, 0x02, 0xFF, 0xFE], 1, 1, "found control character U+0000"),
      (
        "truncated.json", Array("{\n  \"a\": 1,\n  \"b\": [1, 2".utf8), 3, 13, "expected ',' or ']'"
      ),
      (
        "utf8.json", Array("{\"a\": \"caf".utf8) + [0xE9] + Array("\"}".utf8), 1, 11,
        "invalid UTF-8 byte 0xE9"
      ),
      (
        "array.json", Array("\n[1, 2]\n".utf8), 2, 1,
        "expected an object at the top level, found an array"
      ),
      ("empty.json", [], 1, 1, "found an empty file"),
      ("garbage.plist", Array("hello".utf8), 1, 1, "expected '<?xml' or '<plist>'"),
      (
        "truncated.plist",
        Array(plistDocument("<dict><key>a</key><string>x</string>").utf8.dropLast(12)), 4, 19,
        "unterminated <string>"
      ),
      (
        "array.plist", Array(plistDocument("<array/>").utf8), 4, 1,
        "expected a <dict> at the top level, found <array>"
      ),
    ] as [(String, [UInt8], Int, Int, String)])
  func unreadableFilesNameThePathAndLineAndAreLeftAlone(
    name: String, contents: [UInt8], line: Int, column: Int, reason: String
  ) throws {
    let folder = try TemporaryFolder()
    let path = folder.file(name)
    try writeBytes(contents, to: path)
    let before = fileStatus(path)
    let error = storeError { _ = try SettingsStore.load(path: path) }
    #expect(error?.kind == .unreadable)
    #expect(error?.path == path)
    #expect(error?.line == line)
    #expect(error?.column == column)
    #expect(error?.reason.contains(reason) == true, "\(String(describing: error))")
    #expect(error?.description.hasPrefix("\(path):\(line):\(column): ") == true)
    #expect(error?.advice.contains("has not changed the file") == true)
    #expect(try readBytes(path) == contents)
    #expect(fileStatus(path)?.st_mtim.tv_nsec == before?.st_mtim.tv_nsec)
    #expect(folderEntries(folder.path) == [name])
  }

  @Test func aFolderAtThePathIsAnError() throws {
    let folder = try TemporaryFolder()
    let error = storeError { _ = try SettingsStore.load(path: folder.path) }
    #expect(error?.kind == .unreadable)
    #expect(error?.reason == "cannot read: Is a directory")
  }

  @Test func anUnreadableFileNamesThePathAndReason() throws {
    let folder = try TemporaryFolder()
    chmod(folder.path, 0o755)
    let path = folder.file("settings.json")
    try writeText("{}", to: path)
    chmod(path, 0o000)
    let error = asUnprivilegedUser { storeError { _ = try SettingsStore.load(path: path) } }
    #expect(error?.kind == .unreadable)
    #expect(error?.description.hasPrefix("\(path): cannot open: Permission denied") == true)
    #expect(error?.systemError == EACCES)
  }
}

@Suite struct SettingsStoreSavingTests {
  @Test func savingCreatesFolders0700AndTheFile0600() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("config/settei/settings.json")
    let store = try SettingsStore.load(path: path)
    try store.save(["unit": "celsius"], changedKeys: ["unit"])
    #expect(mode(folder.file("config")) == 0o700)
    #expect(mode(folder.file("config/settei")) == 0o700)
    #expect(mode(path) == 0o600)
    #expect(try readText(path) == "{\n  \"unit\": \"celsius\"\n}\n")
    #expect(store.values == ["unit": "celsius"])
    #expect(folderEntries(folder.file("config/settei")) == ["settings.json"])
  }

  @Test func existingFoldersAndModesAreKept() throws {
    let folder = try TemporaryFolder()
    chmod(folder.path, 0o751)
    let path = folder.file("settings.json")
    try writeText("{}", to: path)
    chmod(path, 0o640)
    try SettingsStore.load(path: path).save(["a": 1], changedKeys: ["a"])
    #expect(mode(path) == 0o640)
    #expect(mode(folder.path) == 0o751)
  }

  @Test func aSymlinkedStoreStaysALinkAndItsTargetIsUpdated() throws {
    let folder = try TemporaryFolder()
    mkdir(folder.file("real"), 0o700)
    let target = folder.file("real/settings.json")
    try writeText(#"{"a": 1}"#, to: target)
    let link = folder.file("settings.json")
    symlink("real/settings.json", link)
    let store = try SettingsStore.load(path: link)
    try store.save(["a": 2], changedKeys: ["a"])
    #expect((fileStatus(link)?.st_mode ?? 0) & S_IFMT == S_IFLNK)
    #expect(try JSONReader.parse(try readBytes(target), source: target) == ["a": 2])
    #expect(folderEntries(folder.file("real")) == ["settings.json"])
    #expect(folderEntries(folder.path) == ["real", "settings.json"])
  }

  @Test func aDanglingSymlinkGetsItsTargetCreated() throws {
    let folder = try TemporaryFolder()
    let link = folder.file("settings.json")
    symlink(folder.file("elsewhere/target.json"), link)
    try SettingsStore.load(path: link).save(["a": 1], changedKeys: ["a"])
    #expect((fileStatus(link)?.st_mode ?? 0) & S_IFMT == S_IFLNK)
    #expect(try readText(folder.file("elsewhere/target.json")) == "{\n  \"a\": 1\n}\n")
  }

  @Test func unknownKeysAreKept() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("settings.json")
    try writeText(#"{"fromAnotherApp": {"x": [1, 2.5]}, "unit": "celsius"}"#, to: path)
    let store = try SettingsStore.load(path: path)
    try store.save(["unit": "fahrenheit"], changedKeys: ["unit"])
    #expect(
      try JSONReader.parse(try readBytes(path), source: path)
        == ["fromAnotherApp": ["x": [1, 2.5]], "unit": "fahrenheit"])
  }

  @Test func onlyChangedKeysAreAppliedOverWhatIsOnDiskNow() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("settings.json")
    try writeText(#"{"a": 1, "b": 1, "c": 1}"#, to: path)
    let store = try SettingsStore.load(path: path)
    // Another program changes b and adds d after we loaded.
    try writeText(#"{"a": 1, "b": 2, "c": 1, "d": 4}"#, to: path)
    var values = store.values
    values["a"] = 10
    values["c"] = nil
    try store.save(values, changedKeys: ["a", "c"])
    let expected: [PropertyListKey: PropertyListValue] = ["a": 10, "b": 2, "d": 4]
    #expect(try JSONReader.parseObject(try readBytes(path), source: path) == expected)
    #expect(store.values == expected)
  }

  @Test func savingWithoutChangesDoesNotWrite() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("settings.json")
    let original = #"{"b": 1,   "a": "unsorted and oddly spaced"}"#
    try writeText(original, to: path)
    let before = fileStatus(path)
    let store = try SettingsStore.load(path: path)
    try store.save(store.values, changedKeys: [])
    try store.save(["b": 1], changedKeys: ["b"])  // set to what it already is
    try store.save([:], changedKeys: ["absent"])  // remove what is not there
    #expect(try readText(path) == original)
    #expect(fileStatus(path)?.st_ino == before?.st_ino)
    #expect(fileStatus(path)?.st_mtim.tv_nsec == before?.st_mtim.tv_nsec)
  }

  @Test func savingNothingToAMissingStoreCreatesNothing() throws {
    let folder = try TemporaryFolder()
    let store = try SettingsStore.load(path: folder.file("sub/settings.json"))
    try store.save([:], changedKeys: [])
    try store.save([:], changedKeys: ["a"])
    #expect(folderEntries(folder.path).isEmpty)
  }

  @Test func afterASaveValuesAreTheFilesContent() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("settings.json")
    try writeText(#"{"a": 1}"#, to: path)
    let store = try SettingsStore.load(path: path)
    try writeText(#"{"a": 1, "z": true}"#, to: path)
    try store.save(["b": "x"], changedKeys: ["b"])
    #expect(store.values == ["a": 1, "b": "x", "z": true])
  }

  /// A file in the shape settei writes gets only its changed members rewritten; the others
  /// keep their bytes, also across saves that find the file changed by someone else.
  @Test func aSaveRewritesOnlyTheChangedMembers() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("settings.json")
    try writeText("{\n  \"a\": 1.50,\n  \"b\": \"x\",\n  \"c\": [ 1 ]\n}\n", to: path)
    let store = try SettingsStore.load(path: path)
    try store.save(["b": "y"], changedKeys: ["b"])
    #expect(try readText(path) == "{\n  \"a\": 1.50,\n  \"b\": \"y\",\n  \"c\": [ 1 ]\n}\n")
    try store.save(["a": 1.5, "b": "y", "bb": true], changedKeys: ["bb"])
    #expect(
      try readText(path)
        == "{\n  \"a\": 1.50,\n  \"b\": \"y\",\n  \"bb\": true,\n  \"c\": [ 1 ]\n}\n")
    // Another program rewrites the file in the same shape; the next save starts from it.
    try writeText("{\n  \"a\": 2,\n  \"bb\": true,\n  \"c\": [ 1 ],\n  \"d\": 4\n}\n", to: path)
    try store.save(["bb": false], changedKeys: ["bb"])
    #expect(
      try readText(path)
        == "{\n  \"a\": 2,\n  \"bb\": false,\n  \"c\": [ 1 ],\n  \"d\": 4\n}\n")
    #expect(store.values == ["a": 2, "bb": false, "c": [1], "d": 4])
  }

  /// A file of another shape is put in settei's shape on its first save, the members it
  /// does not change copied as they are.
  @Test func aFileOfAnotherShapeIsPutInShapeKeepingItsMembers() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("settings.json")
    try writeText(#"{"b": 1,   "a": [1.50]}"#, to: path)
    let store = try SettingsStore.load(path: path)
    try store.save(["b": 2], changedKeys: ["b"])
    #expect(try readText(path) == "{\n  \"a\": [1.50],\n  \"b\": 2\n}\n")
  }

  @Test func aFileThatNoLongerParsesIsNotOverwritten() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("settings.json")
    try writeText(#"{"a": 1}"#, to: path)
    let store = try SettingsStore.load(path: path)
    let broken = "{\"a\": 1,\n\"b\": }"
    try writeText(broken, to: path)
    let error = storeError { try store.save(["a": 2], changedKeys: ["a"]) }
    #expect(error?.kind == .unreadable)
    #expect(error?.line == 2)
    #expect(error?.column == 6)
    #expect(error?.advice.contains("Nothing was saved") == true)
    #expect(try readText(path) == broken)
    #expect(store.values == ["a": 1])
    #expect(folderEntries(folder.path) == ["settings.json"])
  }

  @Test func aReadOnlyFolderFailsCleanly() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("settings.json")
    try writeText(#"{"a": 1}"#, to: path)
    chmod(path, 0o644)
    chmod(folder.path, 0o555)
    let error = asUnprivilegedUser {
      storeError { try SettingsStore.load(path: path).save(["a": 2], changedKeys: ["a"]) }
    }
    #expect(error?.kind == .saveFailed)
    #expect(error?.path == path + ".lock")
    #expect(error?.systemError == EACCES)
    #expect(error?.description.contains("cannot create the lock file: Permission denied") == true)
    #expect(error?.advice.contains(path) == true)
    #expect(try readText(path) == #"{"a": 1}"#)
    #expect(folderEntries(folder.path) == ["settings.json"])
  }

  @Test func aMissingFolderThatCannotBeCreatedNamesIt() throws {
    let folder = try TemporaryFolder()
    chmod(folder.path, 0o555)
    let path = folder.file("sub/settings.json")
    let error = asUnprivilegedUser {
      storeError { try SettingsStore.load(path: path).save(["a": 1], changedKeys: ["a"]) }
    }
    #expect(error?.kind == .saveFailed)
    #expect(error?.path == folder.file("sub"))
    #expect(error?.reason == "cannot create the folder: Permission denied")
    #expect(folderEntries(folder.path).isEmpty)
  }

  @Test func aLeftoverTemporaryFileOfOurPidIsRemoved() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("settings.json")
    try writeText("stale", to: "\(path).tmp.\(getpid())")
    try SettingsStore.load(path: path).save(["a": 1], changedKeys: ["a"])
    #expect(folderEntries(folder.path) == ["settings.json"])
  }

  @Test func aPlistStoreRoundTripsAndPassesPlutil() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("settings.plist")
    let values: [PropertyListKey: PropertyListValue] = [
      "string": "日本語 & <tags>", "integer": 42, "real": 2.0, "bool": true,
      "date": .date(PropertyListDate(secondsSince1970: 1_795_996_800)), "data": .data([1, 2, 3]),
      "array": [1, "x"], "dictionary": ["nested": false],
    ]
    let store = try SettingsStore.load(path: path)
    try store.save(values, changedKeys: Set(values.keys))
    #expect(try readText(path).hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"))
    let reloaded = try SettingsStore.load(path: path)
    #expect(reloaded.values == values)
    #expect(reloaded.values["real"]?.typeName == "real")
    if fileStatus(plutil) != nil {
      let (status, output) = try runProcess([plutil, "-lint", path])
      #expect(status == 0, "\(output)")
    }
  }

  /// An unsigned 64-bit integer another app stored (above `Int64.max`) is written back as
  /// the same integer when another setting is saved, in every store format.
  @Test(arguments: ["settings.plist", "settings.json"])
  func anUnsignedIntegerAboveInt64MaxIsKeptExactly(name: String) throws {
    let folder = try TemporaryFolder()
    let path = folder.file(name)
    let huge = "18446744073709551615"
    try writeText(
      name.hasSuffix(".json")
        ? #"{"counter": \#(huge), "unit": "celsius"}"#
        : plistDocument(
          "<dict><key>counter</key><integer>\(huge)</integer>"
            + "<key>unit</key><string>celsius</string></dict>"),
      to: path)
    let store = try SettingsStore.load(path: path)
    #expect(store.values["counter"] == .unsignedInteger(UInt64.max))
    try store.save(["unit": "fahrenheit"], changedKeys: ["unit"])
    let text = try readText(path)
    #expect(text.contains(name.hasSuffix(".json") ? huge : "<integer>\(huge)</integer>"), "\(text)")
    #expect(!text.contains("e+19") && !text.contains("e19"), "\(text)")
    let reloaded = try SettingsStore.load(path: path)
    #expect(reloaded.values == ["counter": .unsignedInteger(UInt64.max), "unit": "fahrenheit"])
  }

  /// Every store format writes an unsigned 64-bit integer that a save puts in it as that
  /// integer, and reads it back the same.
  @Test(arguments: ["settings.plist", "settings.json"])
  func anUnsignedIntegerRoundTrips(name: String) throws {
    let folder = try TemporaryFolder()
    let path = folder.file(name)
    let store = try SettingsStore.load(path: path)
    try store.save(["counter": .unsignedInteger(1 << 63)], changedKeys: ["counter"])
    #expect(try readText(path).contains("9223372036854775808"))
    #expect(try SettingsStore.load(path: path).values == ["counter": .unsignedInteger(1 << 63)])
  }

  @Test func aBinaryPlistStoreIsRewrittenAsXML() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("settings.plist")
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .binary
    try writeBytes(Array(try encoder.encode(["ratio": 2.0])), to: path)
    let store = try SettingsStore.load(path: path)
    try store.save(["unit": "celsius"], changedKeys: ["unit"])
    #expect(try SettingsStore.load(path: path).values == ["ratio": .real(2), "unit": "celsius"])
    #expect(try readText(path).contains("<real>2</real>"))
  }

  @Test func errorDescriptionsGiveLocationReasonAndAdvice() {
    let error = StoreError(
      kind: .unreadable, path: "/s.json", line: 3, column: 7, reason: "expected ','",
      advice: "Fix it.")
    #expect(error.description == "/s.json:3:7: expected ','\nFix it.")
    let io = StoreError(
      kind: .saveFailed, path: "/s.json", reason: "cannot write", advice: "Retry.")
    #expect(io.description == "/s.json: cannot write\nRetry.")
  }
}
