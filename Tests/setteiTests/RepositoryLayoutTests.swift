import Glibc
import TestSupport
import Testing

/// Every source file is short enough to read whole and every source folder small enough to
/// take in at a glance: a file that grows past the limit is split along its jobs (extensions
/// in files of their own), a folder that fills up is divided into subfolders by job.
@Suite struct RepositoryLayoutTests {
  /// The most lines a hand-written Swift file may have.
  static let lineLimit = 700
  /// The most files a folder may hold directly (its subfolders' files not counted).
  static let fileLimit = 15

  /// What breaks the limits below `folder`, one line each, naming the file or folder by its
  /// path from `root` and the limit. Files made by a tool (`*.generated.swift`) are not
  /// written by hand and may be longer.
  static func problems(below folder: String, root: String) -> [String] {
    let name = String(folder.dropFirst(root.count + 1))
    var problems: [String] = []
    var files = 0
    for entry in folderEntries(folder) where !entry.hasPrefix(".") {
      let path = folder + "/" + entry
      guard let info = fileStatus(path) else { continue }
      if info.st_mode & S_IFMT == S_IFDIR {
        problems += Self.problems(below: path, root: root)
        continue
      }
      files += 1
      guard entry.hasSuffix(".swift"), !entry.hasSuffix(".generated.swift"),
        let bytes = try? readBytes(path)
      else { continue }
      var lines = bytes.lazy.filter { $0 == UInt8(ascii: "\n") }.count
      if let last = bytes.last, last != UInt8(ascii: "\n") { lines += 1 }
      if lines > lineLimit {
        problems.append(
          "\(name)/\(entry) has \(lines) lines, more than \(lineLimit): split it along its jobs "
            + "into extensions in files of their own")
      }
    }
    if files > fileLimit {
      problems.append(
        "\(name) holds \(files) files, more than \(fileLimit): group them into subfolders by job")
    }
    return problems
  }

  @Test func noSourceFileOrFolderIsOverItsLimit() {
    let sources = PackagePaths.root + "/Sources"
    #expect(folderEntries(sources).contains("SchemaKit"), "no Sources folder at \(sources)")
    let problems = Self.problems(below: sources, root: PackagePaths.root)
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test func aLongFileAndAFullFolderAreNamedWithTheLimit() throws {
    let folder = try TemporaryFolder()
    let sources = folder.file("Sources")
    mkdir(sources, 0o755)
    mkdir(sources + "/Big", 0o755)
    mkdir(sources + "/Big/Deeper", 0o755)
    let line = "let x = 1\n"
    try writeText(String(repeating: line, count: 701), to: sources + "/Big/Long.swift")
    try writeText(String(repeating: line, count: 700), to: sources + "/Big/AtTheLimit.swift")
    // The last line without a line break still counts.
    try writeText(
      String(repeating: line, count: 700) + "let y = 2", to: sources + "/Big/Unended.swift")
    try writeText(
      String(repeating: line, count: 900), to: sources + "/Big/Words.generated.swift")
    try writeText(String(repeating: line, count: 900), to: sources + "/Big/notes.md")
    for index in 0..<16 { try writeText(line, to: sources + "/Big/Deeper/File\(index).swift") }
    for index in 0..<15 { try writeText(line, to: sources + "/Big/File\(index).swift") }

    let problems = Self.problems(below: sources, root: folder.path)
    #expect(
      problems.sorted() == [
        "Sources/Big holds 20 files, more than 15: group them into subfolders by job",
        "Sources/Big/Deeper holds 16 files, more than 15: group them into subfolders by job",
        "Sources/Big/Long.swift has 701 lines, more than 700: split it along its jobs into "
          + "extensions in files of their own",
        "Sources/Big/Unended.swift has 701 lines, more than 700: split it along its jobs into "
          + "extensions in files of their own",
      ])
  }
}
