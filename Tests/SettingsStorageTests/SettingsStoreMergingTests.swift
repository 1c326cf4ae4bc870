import FoundationEssentials
import Glibc
import TestSupport
import Testing

@testable import FileFormats
@testable import SettingsStorage
@testable import SystemIO

@Suite struct SettingsStoreMergingTests {
  @Test func keysChangedOnlyByTheOtherSideAreKeptAndOursApplied() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("settings.json")
    try writeText(#"{"unit": "celsius", "region": "JP"}"#, to: path)
    let store = try SettingsStore.load(path: path)
    try writeText(#"{"unit": "celsius", "region": "US"}"#, to: path)
    let report = try store.save(["unit": "fahrenheit", "region": "JP"], changedKeys: ["unit"])
    #expect(report.wroteFile)
    #expect(
      try SettingsStore.load(path: path).values == ["unit": "fahrenheit", "region": "US"])
  }

  @Test func aKeyBothSidesChangedDifferentlyIsAConflictAndNothingIsWritten() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("settings.json")
    try writeText(#"{"unit": "celsius"}"#, to: path)
    let store = try SettingsStore.load(path: path)
    let theirs = #"{"unit": "fahrenheit", "region": "US"}"#
    try writeText(theirs, to: path)
    let error = storeError {
      try store.save(
        ["unit": "kelvin", "calendar": "japanese"], changedKeys: ["unit", "calendar"])
    }
    #expect(error?.kind == .conflict)
    #expect(error?.path == path)
    #expect(
      error?.conflicts == [
        StoreError.Conflict(key: "unit", loaded: "celsius", onDisk: "fahrenheit", mine: "kelvin")
      ])
    #expect(
      error?.reason.contains(#"'unit' is now "fahrenheit" there (yours: "kelvin")"#) == true,
      "\(error?.reason ?? "")")
    #expect(try readText(path) == theirs)
    #expect(store.values == ["unit": "celsius"], "still what was loaded, for the next try")
    #expect(folderEntries(folder.path) == ["settings.json"], "no lock left")
  }

  @Test func aRefreshTakesWhatAnotherProgramSavedAndKeepsTheConflictsForTheSave() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("settings.json")
    try writeText(#"{"unit": "celsius", "region": "JP"}"#, to: path)
    let store = try SettingsStore.load(path: path)
    #expect(try store.refresh(keepingBaseOf: []).isEmpty, "the file as read")
    try writeText(#"{"unit": "fahrenheit", "region": "US", "new": 1}"#, to: path)
    let changes = try store.refresh(keepingBaseOf: ["unit"])
    #expect(
      changes == [
        ChangedElsewhere(key: "new", old: nil, new: 1, isConflict: false),
        ChangedElsewhere(key: "region", old: "JP", new: "US", isConflict: false),
        ChangedElsewhere(key: "unit", old: "celsius", new: "fahrenheit", isConflict: true),
      ])
    // Their region is the base now; the unit changed here stays a conflict at the save.
    #expect(store.values == ["unit": "celsius", "region": "US", "new": 1])
    let error = storeError { try store.save(["unit": "kelvin"], changedKeys: ["unit"]) }
    #expect(error?.conflicts.map(\.key) == ["unit"])
    // A file that no longer parses leaves the store as it was.
    try writeText("{", to: path)
    #expect(storeError { _ = try store.refresh(keepingBaseOf: []) }?.kind == .unreadable)
    #expect(store.values == ["unit": "celsius", "region": "US", "new": 1])
  }

  @Test func aSaveReportsWhatItReplacedAndTheNewestEarlierSavesAreKept() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("settings.json")
    let state = folder.file("state")
    let store = try SettingsStore.load(path: path)
    let first = try store.save(["unit": "celsius"], changedKeys: ["unit"])
    #expect(first.replaced == nil, "there was no file")
    let before = try readBytes(path)
    let second = try store.save(["unit": "kelvin"], changedKeys: ["unit"])
    #expect(second.replaced == before)
    for (second, unit) in [(100, "a"), (100, "b"), (101, "c")] {
      try store.keepEarlierSave(
        Array(#"{"unit":"\#(unit)"}"#.utf8), in: state, limit: 2, now: second)
    }
    let saves = store.earlierSaves(in: state)
    #expect(saves.map(\.replacedAt) == [101, 100])
    #expect(try saves.map { try SettingsStore.values(of: $0) } == [["unit": "c"], ["unit": "b"]])
    #expect(mode(saves[0].path).map { $0 & 0o777 } == 0o600)
  }

  @Test func overwritingResolvesTheConflictsTheUserSaw() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("settings.json")
    try writeText(#"{"unit": "celsius"}"#, to: path)
    let store = try SettingsStore.load(path: path)
    try writeText(#"{"unit": "fahrenheit", "region": "US"}"#, to: path)
    let mine: [PropertyListKey: PropertyListValue] = ["unit": "kelvin"]
    let error = storeError { try store.save(mine, changedKeys: ["unit"]) }
    try store.save(mine, changedKeys: ["unit"], overwriting: error?.conflicts ?? [])
    #expect(try SettingsStore.load(path: path).values == ["unit": "kelvin", "region": "US"])
  }

  /// Overwriting holds for the value the user was shown: a value the other program wrote
  /// after the conflict was reported is a conflict again, and nothing is written.
  @Test func overwritingDoesNotCoverAValueChangedAgainSinceItWasShown() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("settings.json")
    try writeText(#"{"unit": "celsius"}"#, to: path)
    let store = try SettingsStore.load(path: path)
    try writeText(#"{"unit": "fahrenheit"}"#, to: path)
    let mine: [PropertyListKey: PropertyListValue] = ["unit": "kelvin"]
    let first = storeError { try store.save(mine, changedKeys: ["unit"]) }
    let again = #"{"unit": "rankine"}"#
    try writeText(again, to: path)
    let second = storeError {
      try store.save(mine, changedKeys: ["unit"], overwriting: first?.conflicts ?? [])
    }
    #expect(second?.kind == .conflict)
    #expect(
      second?.conflicts == [
        StoreError.Conflict(key: "unit", loaded: "celsius", onDisk: "rankine", mine: "kelvin")
      ])
    #expect(try readText(path) == again)
    try store.save(mine, changedKeys: ["unit"], overwriting: second?.conflicts ?? [])
    #expect(try SettingsStore.load(path: path).values == ["unit": "kelvin"])
  }

  @Test func theSameChangeOnBothSidesIsNoConflict() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("settings.json")
    try writeText(#"{"unit": "celsius"}"#, to: path)
    let store = try SettingsStore.load(path: path)
    try writeText(#"{"unit": "fahrenheit"}"#, to: path)
    let before = fileStatus(path)
    let report = try store.save(["unit": "fahrenheit"], changedKeys: ["unit"])
    #expect(!report.wroteFile)
    #expect(fileStatus(path)?.st_ino == before?.st_ino)
  }

  @Test func aRemovalAgainstAChangeIsAConflictToo() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("settings.json")
    try writeText(#"{"unit": "celsius"}"#, to: path)
    let store = try SettingsStore.load(path: path)
    try writeText(#"{"unit": "fahrenheit"}"#, to: path)
    let error = storeError { try store.save([:], changedKeys: ["unit"]) }
    #expect(error?.conflicts.first?.mine == nil)
    #expect(error?.reason.contains("(yours: (not set))") == true)
  }

  @Test func aStaleLockIsTakenOverWithANote() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("settings.json")
    try writeText("{\"unit\": \"cel", to: path + ".lock")
    let store = try SettingsStore.load(path: path)
    let report = try store.save(["unit": "celsius"], changedKeys: ["unit"])
    #expect(report.tookOverStaleLock)
    #expect(report.notes.first?.contains(path + ".lock: took over a lock") == true)
    #expect(try readText(path) == "{\n  \"unit\": \"celsius\"\n}\n")
    #expect(folderEntries(folder.path) == ["settings.json"])
  }

  @Test func aLiveLockIsReportedAsLocked() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("settings.json")
    let held = try FileLock.acquire(for: path, waitingUpTo: 0)
    defer { held.release() }
    let error = storeError {
      try SettingsStore.load(path: path).save(["a": 1], changedKeys: ["a"])
    }
    #expect(error?.kind == .locked)
    #expect(error?.path == path + ".lock")
    #expect(error?.reason.contains("is locked: another program (process \(getpid())") == true)
    #expect(error?.advice.contains("remove \(path).lock only if no other program") == true)
    #expect(fileStatus(path) == nil)
  }
}

@Suite struct SettingsStoreRecoveryTests {
  @Test func recoveryRoundTripsSetAndRemovedKeysPrivately() throws {
    let folder = try TemporaryFolder()
    let store = folder.file("config/settings.json")
    let changes: [PropertyListKey: PropertyListValue?] = [
      "unit": "fahrenheit", "region": nil,
      "when": .date(PropertyListDate(secondsSince1970: 1_795_996_800)), "blob": .data([0, 1]),
    ]
    let path = SettingsStore.recoveryPath(for: store)
    #expect(path == store + ".recover")
    try SettingsStore.writeRecovery(changes, to: path)
    #expect(mode(path) == 0o600)
    #expect(mode(folder.file("config")) == 0o700)
    #expect(folderEntries(folder.file("config")) == ["settings.json.recover"])
    let read = try #require(try SettingsStore.readRecovery(for: store))
    #expect(read == changes)
    #expect(read.keys.contains("region") && read["region"] == PropertyListValue??.some(nil))
    try SettingsStore.removeRecovery(for: store)
    #expect(try SettingsStore.readRecovery(for: store) == nil)
    try SettingsStore.removeRecovery(for: store)
  }

  @Test func aRecoveryFileOfTheWrongShapeIsUnreadableAndKept() throws {
    let folder = try TemporaryFolder()
    let store = folder.file("settings.json")
    let text = plistDocument("<dict><key>set</key><array/></dict>")
    try writeText(text, to: store + ".recover")
    let error = storeError { _ = try SettingsStore.readRecovery(for: store) }
    #expect(error?.kind == .unreadable)
    #expect(error?.path == store + ".recover")
    #expect(try readText(store + ".recover") == text)
  }

  @Test func theRecoveryFileOfASymlinkedStoreSitsBesideTheRealFile() throws {
    let folder = try TemporaryFolder()
    mkdir(folder.file("real"), 0o700)
    symlink("real/settings.json", folder.file("settings.json"))
    #expect(
      SettingsStore.recoveryPath(for: folder.file("settings.json"))
        == folder.file("real/settings.json.recover"))
  }
}
