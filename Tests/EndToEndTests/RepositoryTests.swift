import Glibc
import TestSupport
import Testing

/// The repository stands on its own: what it ships reads nothing beside it, and what the
/// README shows is what the program prints.
@Suite struct RepositoryTests {
  /// The folders and files a clone ships, relative to the root.
  static let shipped = [
    "Sources", "Tests", "Examples", "Benchmarks", "docs", "scripts", ".ci", "completions",
    "Schemas", "Tools", "Package.swift", "README.md", "Makefile",
  ]

  /// Every regular file below `path` (or `path` itself), skipping build folders.
  static func files(below path: String) -> [String] {
    var info = stat()
    guard lstat(path, &info) == 0 else { return [] }
    if info.st_mode & S_IFMT == S_IFREG { return [path] }
    guard info.st_mode & S_IFMT == S_IFDIR else { return [] }
    return folderEntries(path).filter { $0 != ".build" }.flatMap { files(below: path + "/" + $0) }
  }

  /// The text of every shipped file that is text (no NUL byte), by path from the root.
  static let shippedTexts: [(path: String, text: String)] = shipped.flatMap { top in
    files(below: PackagePaths.root + "/" + top).compactMap { path in
      guard let bytes = contents(of: path), !bytes.contains(0) else { return nil }
      let relative = String(path.dropFirst(PackagePaths.root.count + 1))
      return (relative, String(decoding: bytes, as: UTF8.self))
    }
  }

  /// The places in `text` where a relative path climbs above the repository's root, read
  /// from the folder of `path` (e.g. `../outside` in `README.md`).
  static func escapes(in text: String, of path: String) -> [String] {
    let depth = path.split(separator: "/").count - 1
    var found: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var rest = Substring(line)
      while let start = rest.firstRange(of: "../") {
        // Count the `../` in a row, then the folders before them on the same word.
        var climbs = 0
        var cursor = start.lowerBound
        while rest[cursor...].hasPrefix("../") {
          climbs += 1
          cursor = rest.index(cursor, offsetBy: 3)
        }
        let wordStart =
          rest[..<start.lowerBound].lastIndex { " \t\"'`(=:[<".contains($0) }
          .map { rest.index(after: $0) } ?? rest.startIndex
        let descents = rest[wordStart..<start.lowerBound].split(separator: "/").count
        if climbs > depth + descents { found.append(String(line)) }
        rest = rest[cursor...]
      }
    }
    return found
  }

  @Test func noShippedFileReachesOutsideTheRepositoryOrNamesAnIssue() {
    #expect(Self.shippedTexts.count > 100)
    for (path, text) in Self.shippedTexts {
      for line in Self.escapes(in: text, of: path) {
        Issue.record("\(path) names a path outside the repository: \(line)")
      }
      let words = text.lowercased().split { !$0.isLetter && !$0.isNumber && $0 != "#" }
      for (word, next) in zip(words, words.dropFirst()) where word == "issue" {
        let number = next.hasPrefix("#") ? next.dropFirst() : next
        #expect(
          !(number.first?.isASCII == true && number.first?.isNumber == true),
          "\(path) names an issue: issue \(next)")
      }
    }
  }

  @Test func theEscapeCheckCountsFoldersFromTheFilesOwnFolder() {
    #expect(Self.escapes(in: "see ../x", of: "README.md") == ["see ../x"])
    #expect(Self.escapes(in: "see ../x", of: "docs/a.md").isEmpty)
    #expect(Self.escapes(in: "see ../../x", of: "docs/a.md") == ["see ../../x"])
    #expect(Self.escapes(in: "path: \"a/../../x\"", of: "docs/a.md").isEmpty)
    #expect(Self.escapes(in: "path: \"a/../../../x\"", of: "docs/a.md").count == 1)
  }

  @Test func everyFixtureIsInTheRepositoryWithItsLicence() {
    #expect(contents(of: PackagePaths.fixtures + "/README.md") != nil)
    #expect(contents(of: PackagePaths.fixtures + "/LICENSE.InAppSettingsKit") != nil)
    for bundle in PackagePaths.bundles {
      #expect(contents(of: bundle + "/Root.plist") != nil, "\(bundle)/Root.plist")
      #expect(contents(of: bundle + "/LICENSE.InAppSettingsKit") != nil, "\(bundle)")
    }
  }

  /// A README transcript: the piped script, the options and what the program printed.
  struct Transcript {
    var script: String
    var arguments: [String]
    var output: String
  }

  /// The README's ```` ``` ```` blocks that start with `$ printf '…' | settei …`.
  static func transcripts(in readme: String) -> [Transcript] {
    let blocks = readme.split(separator: "```\n", omittingEmptySubsequences: false)
    return blocks.compactMap { block -> Transcript? in
      guard block.hasPrefix("$ printf '"), let firstLine = block.split(separator: "\n").first,
        let pipe = firstLine.firstRange(of: "' | settei")
      else { return nil }
      let quoted = firstLine[firstLine.index(firstLine.startIndex, offsetBy: 10)..<pipe.lowerBound]
      let script = String(quoted).replacing("\\n", with: "\n")
      let arguments = firstLine[pipe.upperBound...].split(separator: " ").map(String.init)
      let output = block.dropFirst(firstLine.count + 1)
      return Transcript(script: script, arguments: arguments, output: String(output))
    }
  }

  @Test func theReadmeTranscriptIsWhatTheProgramPrints() throws {
    let readme = String(
      decoding: contents(of: PackagePaths.root + "/README.md") ?? [], as: UTF8.self)
    let transcripts = Self.transcripts(in: readme)
    #expect(!transcripts.isEmpty)
    for transcript in transcripts {
      let home = try TemporaryFolder()
      let store = "/tmp/s.json"
      let arguments = transcript.arguments.map { $0 == store ? home.file("s.json") : $0 }
      #expect(arguments != transcript.arguments, "the transcript names its store \(store)")
      let run = try runSettei(arguments, script: transcript.script, home: home.path)
      #expect(run.status == 0)
      #expect(
        run.standardOutput.replacing(home.file("s.json"), with: store) == transcript.output,
        "README.md: settei \(transcript.arguments.joined(separator: " ")) prints otherwise")
    }
  }
}
