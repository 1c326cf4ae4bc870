import Glibc
import TestSupport
import Testing

@testable import SystemIO

@Suite struct FileSystemTests {
  @Test(arguments: [
    ("/a/b/c", "/a/b"), ("/a/b/c/", "/a/b"), ("c", "."), ("/c", "/"), ("a/c", "a"), ("/", "/"),
  ])
  func parentFolder(path: String, parent: String) {
    #expect(FileSystem.parentFolder(of: path) == parent)
  }

  /// 0o777 is what the umask (0o022 usually; not changed here, it is process-wide) would
  /// cut down: the folders still get it exactly.
  @Test func createdFoldersGetTheModeWhateverTheUmask() throws {
    let folder = try TemporaryFolder()
    try FileSystem.createFolders(folder.file("a/b"), mode: 0o777)
    #expect(mode(folder.file("a")) == 0o777)
    #expect(mode(folder.file("a/b")) == 0o777)
  }

  @Test func aLockCommitWritesLargeFilesWholeAndLeavesNoTemporaryFile() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("big")
    let bytes = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    try FileLock.acquire(for: path, waitingUpTo: 0).commit(bytes, mode: 0o604, owner: nil)
    #expect(try readBytes(path) == bytes)
    #expect(mode(path) == 0o604)
    #expect(folderEntries(folder.path) == ["big"])
  }

  @Test func replaceFileReplacesWholeWithTheModeAndLeavesNoTemporaryFile() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("history")
    try writeText("old contents, longer than the new ones", to: path)
    // A temporary file left by a dead process that had this pid.
    try writeText("half", to: path + ".tmp.\(getpid())")
    try FileSystem.replaceFile(path, with: Array("new".utf8), mode: 0o600)
    #expect(try readText(path) == "new")
    #expect(mode(path) == 0o600)
    #expect(folderEntries(folder.path) == ["history"])
  }

  @Test func aFailedReplacementNamesTheFileAndLeavesNothing() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("missing/history")
    let error = #expect(throws: SystemCallError.self) {
      try FileSystem.replaceFile(path, with: [1, 2, 3], mode: 0o600)
    }
    #expect(error?.code == ENOENT)
    #expect(error?.path.hasPrefix(path) == true)
    #expect(folderEntries(folder.path).isEmpty)
  }

  @Test func aReplacementOverAFolderFailsAndKeepsTheFolder() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("taken")
    try FileSystem.createFolders(path, mode: 0o700)
    #expect(throws: SystemCallError.self) {
      try FileSystem.replaceFile(path, with: [1], mode: 0o600)
    }
    #expect(FileSystem.isFolder(path))
    #expect(folderEntries(folder.path) == ["taken"])
  }

  @Test func readFileRefusesAFIFOInsteadOfBlocking() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("fifo")
    mkfifo(path, 0o600)
    #expect(
      throws: SystemCallError(
        operation: "cannot read", path: path, code: EINVAL, reason: "not a regular file")
    ) {
      try FileSystem.readFile(path)
    }
  }

  /// Sizes around the first read (the file's size and one byte more) and the chunks after it.
  @Test(arguments: [0, 1, 65_535, 65_536, 65_537, 300_313])
  func readFileReadsTheWholeFile(size: Int) throws {
    let folder = try TemporaryFolder()
    let path = folder.file("f")
    let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) }
    try writeBytes(bytes, to: path)
    #expect(try FileSystem.readFile(path)?.bytes == bytes)
    #expect(try FileSystem.readFile(path, limit: size)?.bytes == bytes)
    #expect(throws: SystemCallError.self) { try FileSystem.readFile(path, limit: size - 1) }
  }

  /// Files in /proc say they are empty but are not: what `fstat` says is only a first
  /// guess, and reading goes on to the end.
  @Test func readFileGoesOnPastTheSizeFstatGave() throws {
    var info = stat()
    #expect(stat("/proc/self/maps", &info) == 0 && info.st_size == 0)
    let file = try #require(try FileSystem.readFile("/proc/self/maps"))
    #expect(file.bytes.count > 1_000)
    #expect(file.bytes.last == UInt8(ascii: "\n"))
  }

  @Test func sameBytesComparesContents() {
    #expect(FileSystem.sameBytes([], []))
    #expect(FileSystem.sameBytes([1, 2, 3], [1, 2, 3]))
    #expect(!FileSystem.sameBytes([1, 2, 3], [1, 2, 4]))
    #expect(!FileSystem.sameBytes([1, 2], [1, 2, 3]))
  }
}
