import Glibc
import TableKit
import TableREPL
import TestSupport
import Testing

@testable import files

@Suite("Examples/files")
struct FilesExampleTests {
  /// 2024-01-02 03:04:05 UTC.
  static let knownTime = 1_704_164_645

  /// A folder with a subfolder (holding one file), a Japanese file name and a 1,500-byte
  /// file, all dated ``knownTime``.
  static func makeTree(in folder: TemporaryFolder) -> String {
    let root = folder.path + "/tree"
    mkdir(root, 0o755)
    mkdir(root + "/サブフォルダ", 0o755)
    writeText("inside\n", to: root + "/サブフォルダ/中身.txt")
    writeText("hello\n", to: root + "/日本語のファイル.txt")
    writeText(String(repeating: "x", count: 1500), to: root + "/a.txt")
    for path in ["/サブフォルダ/中身.txt", "/日本語のファイル.txt", "/a.txt", "/サブフォルダ", ""] {
      setModificationTime(root + path, knownTime)
    }
    return root
  }

  @Test func listsFoldersAndFilesDrillsInAndGoesBack() throws {
    let folder = try TemporaryFolder()
    let root = Self.makeTree(in: folder)
    let result = try Example.files.run(
      [root], script: "1\nback\n日本\nquit\n", home: folder.path)
    #expect(result.status == 0, "\(result.standardError)")
    let output = result.standardOutput

    let first = try #require(output.components(before: root + "> 1"))
    #expect(first.contains("  Folders\n   1  サブフォルダ"))
    #expect(first.contains("2024-01-02 03:04 ›"))
    #expect(first.contains("  Files\n   2  a.txt"))
    #expect(first.contains("1.5 KB · 2024-01-02 03:04"))
    #expect(first.contains("   3  日本語のファイル.txt"))
    #expect(first.contains("6 B · 2024-01-02 03:04"))
    #expect(first.contains("1 folder, 2 files"))

    let inside = try #require(output.screen(after: "1"))
    #expect(inside.hasPrefix(root + " › サブフォルダ\n"))
    #expect(inside.contains("   1  中身.txt"))
    #expect(inside.contains("‹ " + root))

    let back = try #require(output.screen(after: "back"))
    #expect(back.hasPrefix(root + "\n\n  Folders\n   1  サブフォルダ"))

    let info = try #require(output.screen(after: "日本"))
    #expect(info.hasPrefix(root + " › 日本語のファイル.txt\n"))
    #expect(info.contains("6 B (6 bytes)"))
    #expect(info.contains("2024-01-02 03:04 UTC"))
  }

  @Test func aFolderThatCannotBeOpenedIsAnError() throws {
    let folder = try TemporaryFolder()
    let result = try Example.files.run(
      [folder.path + "/missing"], script: "", home: folder.path)
    #expect(result.status == 66)
    #expect(result.standardError.contains("No such file or directory"))
  }

  @Test func aFolderOf100000FilesOpensAndOnlyTheRowsShownAreStated() throws {
    let folder = try TemporaryFolder()
    let big = folder.path + "/big"
    mkdir(big, 0o755)
    for index in 0..<100_000 {
      let digits = String(index)
      let name = "file-" + String(repeating: "0", count: 6 - digits.count) + digits
      let descriptor = open(big + "/" + name, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
      guard descriptor >= 0 else {
        Issue.record("cannot create file \(index): \(errno)")
        return
      }
      close(descriptor)
    }

    let start = monotonicSeconds()
    let listing = FolderListing(path: Array(big.utf8))
    let opened = monotonicSeconds() - start
    #expect(listing.failure == nil)
    #expect(listing.files.count == 100_000)
    #expect(listing.statCount == 0, "listing reads names only")
    #expect(opened < 10, "listing 100,000 names took \(opened) s")

    let controller = FolderViewController(listing: listing, title: "big")
    let navigation = NavigationController(rootViewController: controller)
    let output = StringOutput()
    let session = Session(
      navigationController: navigation, reader: ScriptedLineReader(["n", "quit"], echo: output),
      output: output, terminalSize: { Session.TerminalSize(columns: 80, rows: 30) })
    #expect(session.run() == .quit)
    #expect(output.text.contains("   1  file-000000"))
    #expect(output.text.contains("page 2/"))
    // Two pages of a 30-row terminal were shown: a few dozen rows, not 100,000.
    #expect(listing.statCount > 0)
    #expect(listing.statCount <= 2 * 30, "stat calls: \(listing.statCount)")

    // The program opens the folder too, and shows the first page.
    let result = try Example.files.run([big], script: "quit\n", home: folder.path)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("of 100000"))
  }

  @Test func sortsLettersWithoutCaseThenByBytes() {
    let names = ["b", "C", "a", "B", "日本", "Ab", "aa"].map { Array($0.utf8) }
    let sorted = names.sorted(by: FolderListing.precedes).map {
      String(decoding: $0, as: UTF8.self)
    }
    #expect(sorted == ["a", "aa", "Ab", "B", "b", "C", "日本"])
  }

  @Test func formatsSizesDatesAndModes() {
    #expect(FileDetails.formatSize(0) == "0 B")
    #expect(FileDetails.formatSize(999) == "999 B")
    #expect(FileDetails.formatSize(1500) == "1.5 KB")
    #expect(FileDetails.formatSize(123_456) == "123 KB")
    #expect(FileDetails.formatSize(999_999) == "1.0 MB")
    #expect(FileDetails.formatSize(4_200_000_000) == "4.2 GB")
    #expect(FileDetails.formatDate(Self.knownTime) == "2024-01-02 03:04")
    #expect(FileDetails.formatDate(0) == "1970-01-01 00:00")
    #expect(FileDetails.formatMode(S_IFDIR | 0o755) == "drwxr-xr-x")
    #expect(FileDetails.formatMode(S_IFREG | 0o640) == "-rw-r-----")
    #expect(FileDetails.formatCount(1_234_567) == "1,234,567")
    #expect(FileDetails.formatCount(100) == "100")
  }
}

extension String {
  /// The text before the first occurrence of `marker`.
  func components(before marker: String) -> String? {
    guard let range = firstRange(of: marker) else { return nil }
    return String(self[..<range.lowerBound])
  }
}
