import Glibc
import LineEditor
import SystemIO
import TestSupport
import Testing

@Suite struct LineHistoryTests {
  @Test func addSkipsBlankLinesAndAnEntryEqualToThePreviousOne() {
    let history = LineHistory()
    for line in ["a", "", "   ", "a", "b", "a", "\t"] {
      history.add(line)
    }
    #expect(history.entries == ["a", "b", "a"])
  }

  @Test func capacityKeepsTheNewestEntries() {
    let history = LineHistory(capacity: 3)
    for number in 1...5 {
      history.add(String(number))
    }
    #expect(history.entries == ["3", "4", "5"])
  }

  @Test func saveAndLoadRoundTripJapaneseSpacesAndBackslashes() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/history"
    let lines = [
      "温度単位", "two words", #"back\slash"#, "tab\there", " leading", "trailing ", #"\040"#,
    ]
    let saved = LineHistory()
    for line in lines {
      saved.add(line)
    }
    try saved.save(to: path)

    let loaded = LineHistory()
    try loaded.load(from: path)
    #expect(loaded.entries == lines)
    #expect(try readText(path).hasPrefix("_HiStOrY_V2_\n"))
  }

  @Test func missingOrEmptyFileLoadsAsAnEmptyHistory() throws {
    let folder = try TemporaryFolder()
    let history = LineHistory()
    try history.load(from: folder.path + "/missing")
    try write("", to: folder.path + "/empty")
    try history.load(from: folder.path + "/empty")
    #expect(history.entries.isEmpty)
  }

  @Test func saveCreatesTheFolder0700AndTheFile0600() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/state/settei/history"
    let history = LineHistory()
    history.add("one")
    try history.save(to: path)

    #expect(try mode(of: folder.path + "/state") == 0o700)
    #expect(try mode(of: folder.path + "/state/settei") == 0o700)
    #expect(try mode(of: path) == 0o600)
  }

  @Test func aFileNotInLibeditFormatIsReportedAndNeverOverwritten() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/history"
    let foreign = "ls -l\ncd /tmp\n"
    try write(foreign, to: path)

    let history = LineHistory()
    let loadError = #expect(throws: HistoryFileError.self) { try history.load(from: path) }
    #expect(loadError?.path == path)
    #expect(loadError?.description.contains(path) == true)
    history.add("new line")
    #expect(throws: HistoryFileError.self) { try history.save(to: path) }

    // An instance that never loaded it must not overwrite it either.
    let other = LineHistory()
    other.add("other line")
    #expect(throws: HistoryFileError.self) { try other.save(to: path) }

    #expect(try readText(path) == foreign)
    #expect(try names(in: folder.path) == ["history"])
  }

  /// The reason is the format alone: an `errno` left over from before (here ENOENT) must
  /// not end it as "(No such file or directory)".
  @Test func aGarbageFileIsReportedWithoutAStaleSystemError() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/history"
    try write("\u{00}\u{FF}garbage\n", to: path)
    errno = ENOENT
    let error = #expect(throws: HistoryFileError.self) { try LineHistory().load(from: path) }
    #expect(
      error?.description
        == "history file \(path): not a libedit history file (its first line is not "
        + "_HiStOrY_V2_)")
  }

  /// A history file over 16 MiB (here sparse: libedit would read its zeros as one line) is
  /// refused by its size, named, and never overwritten.
  @Test func aHistoryFileOverItsLimitIsRefusedByItsSizeAndKept() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/history"
    try write("_HiStOrY_V2_\nfirst\n", to: path)
    let size = (16 << 20) + 1
    #expect(truncate(path, off_t(size)) == 0)
    let history = LineHistory()
    let error = #expect(throws: HistoryFileError.self) { try history.load(from: path) }
    #expect(
      error?.description
        == "history file \(path): it holds \(size) bytes, more than the 16 MiB read from a "
        + "history file; move it aside")
    history.add("second")
    #expect(throws: HistoryFileError.self) { try history.save(to: path) }
    var info = stat()
    #expect(stat(path, &info) == 0 && Int(info.st_size) == size)
  }

  /// A history file kept elsewhere (a dotfiles folder) and linked in stays a link: the
  /// file it points to gets the lines, through a relative link too.
  @Test func aSymlinkedHistoryFileStaysALinkAndItsTargetIsUpdated() throws {
    let folder = try TemporaryFolder()
    mkdir(folder.path + "/dotfiles", 0o700)
    let target = folder.path + "/dotfiles/history"
    let earlier = LineHistory()
    earlier.add("from before")
    try earlier.save(to: target)
    let path = folder.path + "/history"
    #expect(symlink("dotfiles/history", path) == 0)

    let history = LineHistory()
    try history.load(from: path)
    history.add("new line")
    try history.save(to: path)

    var info = stat()
    #expect(lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "still a link")
    let reread = LineHistory()
    try reread.load(from: target)
    #expect(reread.entries == ["from before", "new line"])
    #expect(try names(in: folder.path + "/dotfiles") == ["history"])
  }

  @Test func twoInstancesSavingOneAfterTheOtherKeepBothSetsOfEntries() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/history"
    let earlier = LineHistory()
    earlier.add("from an earlier run")
    try earlier.save(to: path)

    let first = LineHistory()
    let second = LineHistory()
    try first.load(from: path)
    try second.load(from: path)
    first.add("first 1")
    second.add("second 1")
    first.add("first 2")
    second.add("second 2")
    try first.save(to: path)
    try second.save(to: path)

    let merged = LineHistory()
    try merged.load(from: path)
    #expect(
      merged.entries == ["from an earlier run", "first 1", "first 2", "second 1", "second 2"])
  }

  @Test func savingTwiceDoesNotAppendTheSameEntriesTwice() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/history"
    let history = LineHistory()
    history.add("once")
    history.add("twice")
    try history.save(to: path)
    try history.save(to: path)

    let loaded = LineHistory()
    try loaded.load(from: path)
    #expect(loaded.entries == ["once", "twice"])
  }

  @Test func saveCapsTheMergedFileAtCapacityKeepingTheNewest() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/history"
    let other = LineHistory()
    for number in 1...4 {
      other.add("old \(number)")
    }
    try other.save(to: path)

    let history = LineHistory(capacity: 3)
    history.add("new")
    try history.save(to: path)

    let loaded = LineHistory()
    try loaded.load(from: path)
    #expect(loaded.entries == ["old 3", "old 4", "new"])
  }

  @Test func saveToAReadOnlyFolderThrowsWithThePathAndLeavesNoTemporaryFile() throws {
    // Root ignores folder permissions, but not sysfs, which refuses new files to anyone.
    let isRoot = geteuid() == 0
    let folder = try TemporaryFolder()
    let readOnly = isRoot ? "/sys" : folder.path + "/read-only"
    if !isRoot {
      #expect(mkdir(readOnly, 0o500) == 0)
    }
    let path = readOnly + "/settei-history-test-\(getpid())"
    let history = LineHistory()
    history.add("line")

    let error = #expect(throws: HistoryFileError.self) { try history.save(to: path) }
    #expect(error?.path == path)
    #expect(error?.description.contains(path) == true)
    #expect(error?.reason(language: "en").isEmpty == false)
    #expect(try names(in: readOnly).filter { $0.hasPrefix("settei-history-test") }.isEmpty)
  }

  @Test func errorDescriptionNamesTheFileAndTheReason() {
    let failed = HistoryFileError(
      path: "/x/history", .call(SystemCallError(.open, path: "/x/history", code: EACCES)))
    #expect(
      failed.description
        == "history file /x/history: /x/history: cannot open: \(String(cString: strerror(EACCES)))")
    let notHistory = HistoryFileError(path: "/x/history", .notHistoryFile(cookie: "_HiStOrY_V2_"))
    #expect(
      notHistory.message(language: "en")
        == "history file /x/history: not a libedit history file (its first line is not _HiStOrY_V2_)"
    )
    #expect(
      notHistory.message(language: "ja")
        == "履歴ファイル /x/history: libedit の履歴ファイルではありません (1 行目が _HiStOrY_V2_ ではありません)")
    let held = HistoryFileError(
      path: "/x/history",
      .held(lockPath: "/x/history.lock", holder: FileLock.Holder(pid: 42, name: "settei")))
    #expect(
      held.reason(language: "en")
        == "/x/history.lock is held by process 42 (settei); the lines of this session were not added"
    )
    #expect(
      HistoryFileError(path: "/x/history", .notOverwritten).reason(language: "ja")
        == "読み込めなかったので上書きしていません")
  }
}

// MARK: - File helpers

private struct FileError: Error, CustomStringConvertible {
  let description: String
}

private func write(_ text: String, to path: String) throws {
  guard let file = fopen(path, "wb") else {
    throw FileError(description: "\(path): \(String(cString: strerror(errno)))")
  }
  defer { fclose(file) }
  let bytes = Array(text.utf8)
  guard fwrite(bytes, 1, bytes.count, file) == bytes.count else {
    throw FileError(description: "\(path): short write")
  }
}

private func mode(of path: String) throws -> mode_t {
  var info = stat()
  guard stat(path, &info) == 0 else {
    throw FileError(description: "\(path): \(String(cString: strerror(errno)))")
  }
  return info.st_mode & 0o7777
}

private func names(in folder: String) throws -> [String] {
  guard let directory = opendir(folder) else {
    throw FileError(description: "\(folder): \(String(cString: strerror(errno)))")
  }
  defer { closedir(directory) }
  var result: [String] = []
  while let entry = readdir(directory) {
    let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
      pointer.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
    }
    if name != "." && name != ".." { result.append(name) }
  }
  return result.sorted()
}
