import Glibc
import Synchronization
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
      throws: SystemCallError(.read, path: path, code: EINVAL, problem: .notRegularFile)
    ) {
      try FileSystem.readFile(path, limit: 1 << 20)
    }
    let error = SystemCallError(.read, path: path, code: EINVAL, problem: .notRegularFile)
    #expect(error.description == "\(path): cannot read: not a regular file")
    #expect(error.message(in: .forLanguage("ja")) == "\(path): 読めません: 通常のファイルではありません")
  }

  /// A sparse file of a terabyte takes no room on disk: its size alone refuses it, before
  /// anything is allocated or read.
  @Test func readFileRefusesAFileOverItsLimitByItsSize() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("huge")
    let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
    #expect(ftruncate(descriptor, 1 << 40) == 0)
    close(descriptor)
    let tooLarge = SystemCallError(
      .read, path: path, code: EFBIG, problem: .tooLarge(size: 1 << 40, limit: 256 << 20))
    #expect(throws: tooLarge) {
      try FileSystem.readFile(path, limit: 256 << 20)
    }
    #expect(
      tooLarge.reasonText(in: .forLanguage("en"))
        == "it holds 1024 GiB, more than the 256 MiB settei reads from such a file")
    #expect(
      tooLarge.reasonText(in: .forLanguage("ja"))
        == "1024 GiB あり、settei がこの種のファイルから読む 256 MiB を超えています")
  }

  /// Sizes around the first read (the file's size and one byte more) and the chunks after it.
  @Test(arguments: [0, 1, 65_535, 65_536, 65_537, 300_313])
  func readFileReadsTheWholeFile(size: Int) throws {
    let folder = try TemporaryFolder()
    let path = folder.file("f")
    let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) }
    try writeBytes(bytes, to: path)
    #expect(try FileSystem.readFile(path, limit: 1 << 20)?.bytes == bytes)
    #expect(try FileSystem.readFile(path, limit: size)?.bytes == bytes)
    #expect(throws: SystemCallError.self) { try FileSystem.readFile(path, limit: size - 1) }
  }

  /// Files in /proc say they are empty but are not: what `fstat` says is only a first
  /// guess, and reading goes on to the end.
  @Test func readFileGoesOnPastTheSizeFstatGave() throws {
    var info = stat()
    #expect(stat("/proc/self/maps", &info) == 0 && info.st_size == 0)
    let file = try #require(try FileSystem.readFile("/proc/self/maps", limit: 1 << 20))
    #expect(file.bytes.count > 1_000)
    #expect(file.bytes.last == UInt8(ascii: "\n"))
  }

  /// The file a save replaces through a chain of links: relative targets from each link's
  /// folder, a target that does not exist yet, and no end for a loop.
  @Test func theEndOfAChainOfLinks() throws {
    let folder = try TemporaryFolder()
    let file = folder.file("real/settings.json")
    try FileSystem.createFolders(folder.file("real"), mode: 0o700)
    try FileSystem.createFolders(folder.file("links"), mode: 0o700)
    symlink("../real/settings.json", folder.file("links/second"))
    symlink("second", folder.file("links/first"))
    symlink(folder.file("links/first"), folder.file("start"))
    #expect(
      FileSystem.endOfLinks(folder.file("start")) == folder.file("links/../real/settings.json"))
    #expect(FileSystem.endOfLinks(file) == file, "no link, and no file yet")
    symlink("loop-b", folder.file("loop-a"))
    symlink("loop-a", folder.file("loop-b"))
    #expect(FileSystem.endOfLinks(folder.file("loop-a")) == nil)
  }

  @Test func sameBytesComparesContents() {
    #expect(FileSystem.sameBytes([], []))
    #expect(FileSystem.sameBytes([1, 2, 3], [1, 2, 3]))
    #expect(!FileSystem.sameBytes([1, 2, 3], [1, 2, 4]))
    #expect(!FileSystem.sameBytes([1, 2], [1, 2, 3]))
  }

  /// A FIFO whose writer never writes: a signal whose handler does not restart calls (as
  /// settei's SIGTERM and SIGHUP handlers do not) ends the read with `EINTR`, rather than the
  /// read being retried for ever.
  @Test func aSignalEndsTheReadOfAPipeThatNeverEnds() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("fifo")
    mkfifo(path, 0o600)
    let writer = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
    try #require(writer >= 0)
    let reading = PipeRead(path: path)
    interruptingWithSIGUSR1(
      {
        reading.outcome = Result { () throws(SystemCallError) in
          try FileSystem.readFile(reading.path, acceptsPipes: true, limit: 1 << 20)?.bytes
        }
        reading.finished.store(true, ordering: .sequentiallyConsistent)
      },
      until: { reading.finished.load(ordering: .sequentiallyConsistent) },
      then: {
        // A read that no signal ended gets a byte and the end of the pipe instead.
        _ = write(writer, "x", 1)
        close(writer)
      })
    withExtendedLifetime(reading) {}
    #expect(throws: SystemCallError(.read, path: path, code: EINTR)) {
      try reading.outcome?.get()
    }
  }
}

/// A read of a FIFO on a thread of its own, and how it ended.
private final class PipeRead: @unchecked Sendable {
  let path: String
  let finished = Atomic<Bool>(false)
  var outcome: Result<[UInt8]?, SystemCallError>?

  init(path: String) {
    self.path = path
  }
}
