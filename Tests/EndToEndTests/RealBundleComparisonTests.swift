import Glibc
import TestSupport
import Testing

/// scripts/compare-real-bundles.sh, run on bundles committed to a git repository in a
/// temporary folder (as a mirror of a public one), so that its checks work without the network.
@Suite(
  "the script that compares real bundles",
  .enabled(if: access("/usr/bin/git", X_OK) == 0 && access("/usr/bin/timeout", X_OK) == 0))
struct RealBundleComparisonTests {
  static let script = PackagePaths.root + "/scripts/compare-real-bundles.sh"

  /// A page with `specifiers` (the XML of their dictionaries).
  static func page(_ specifiers: String) -> String {
    plistDocument("<dict><key>PreferenceSpecifiers</key><array>\(specifiers)</array></dict>")
  }

  /// A switch titled `title` keyed `key`, on by default.
  static func toggle(_ title: String, key: String) -> String {
    """
    <dict><key>Type</key><string>PSToggleSwitchSpecifier</string>\
    <key>Title</key><string>\(title)</string><key>Key</key><string>\(key)</string>\
    <key>DefaultValue</key><true/></dict>
    """
  }

  /// Runs git in `folder`, failing the test when it fails.
  static func git(_ arguments: [String], in folder: String) throws -> String {
    let run = try runProcess(
      "/usr/bin/git", ["-C", folder] + arguments,
      environment: [
        "PATH": "/usr/bin:/bin", "HOME": folder, "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
        "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com",
      ])
    #expect(run.status == 0, "git \(arguments): \(run.standardError)")
    return run.standardOutput.split(separator: "\n").first.map(String.init) ?? ""
  }

  /// A mirror folder holding `acme+app`, a repository of `files` (path → text) in one
  /// commit; returns the mirrors folder and the commit.
  static func mirror(
    _ files: [String: String], name: String = "acme+app", in root: TemporaryFolder
  ) throws -> (String, String) {
    let repository = root.file("mirrors/" + name)
    for (path, text) in files {
      let file = repository + "/" + path
      var folder = ""
      for piece in file.split(separator: "/").dropLast() {
        folder += "/" + piece
        mkdir(folder, 0o755)
      }
      try writeText(text, to: file)
    }
    _ = try git(["init", "-q"], in: repository)
    _ = try git(["add", "."], in: repository)
    _ = try git(["commit", "-q", "-m", "bundles"], in: repository)
    return (root.file("mirrors"), try git(["rev-parse", "HEAD"], in: repository))
  }

  /// Runs the script with a list of `lines`, the known differences `known`, and `options`.
  static func compare(
    _ lines: [String], known: String = "", mirrors: String, options: [String] = [],
    in root: TemporaryFolder
  ) throws -> ProcessResult {
    try writeText(lines.joined(separator: "\n") + "\n", to: root.file("list.txt"))
    try writeText(known, to: root.file("known.txt"))
    return try runProcess(
      script,
      [
        "--list", root.file("list.txt"), "--known", root.file("known.txt"), "--mirrors", mirrors,
        "--offline", "--settei", setteiPath,
      ] + options,
      environment: ["PATH": "/usr/bin:/bin", "HOME": root.path, "TMPDIR": root.path],
      timeout: 120)
  }

  /// A bundle in two languages that Settings.app would show as settei does, and one that
  /// shows a build setting and an empty key.
  static let files = [
    "Good/Settings.bundle/Root.plist": page(toggle("Sound", key: "sound")),
    "Good/Settings.bundle/en.lproj/Root.strings": "\"Sound\" = \"Sound\";\n",
    "Good/Settings.bundle/de.lproj/Root.strings": "\"Sound\" = \"Ton\";\n",
    "Good/Info.plist": plistDocument(
      "<dict><key>CFBundleDisplayName</key><string>Good App</string></dict>"),
    "Solo/Settings.bundle/Root.plist": page(toggle("Sound", key: "sound")),
    "Solo/Settings.bundle/de.lproj/Root.strings": "\"Sound\" = \"Ton\";\n",
    "Settings.bundle/Root.plist": page(
      toggle("${PRODUCT_NAME} sounds", key: "sound") + toggle("Nothing", key: "")),
  ]

  @Test func aBundleShownAsSettingsAppShowsItPassesAndOneThatIsNotIsReported() throws {
    let root = try TemporaryFolder()
    let (mirrors, commit) = try Self.mirror(Self.files, in: root)
    let run = try Self.compare(
      [
        "# a comment", "", "acme/app \(commit) Good/Settings.bundle",
        "acme/app \(commit) Settings.bundle",
      ],
      mirrors: mirrors, in: root)
    #expect(run.status == 1, "\(run.standardOutput)\(run.standardError)")
    let rows = run.standardOutput.split(separator: "\n").map(String.init)
    // The good bundle: 2 languages, one screen each, every command exit 0, no problem.
    let good = rows.first { $0.hasPrefix("acme/app:Good/Settings.bundle") } ?? ""
    #expect(
      good.split(separator: " ").map(String.init) == [
        "acme/app:Good/Settings.bundle", "2", "2", "0/0/-/0/0", "0", "0",
      ])
    let bad = rows.first { $0.hasPrefix("acme/app:Settings.bundle ") } ?? ""
    #expect(bad.split(separator: " ").suffix(3) == ["0/0/-/65/0", "4", "0"])
    #expect(
      rows.contains { $0.contains("build-variable") && $0.contains("${PRODUCT_NAME} sounds") })
    #expect(rows.filter { $0.contains("problem-row") }.count == 2)
    #expect(run.standardOutput.contains("2 bundles, 2 distinct languages, 3 screens rendered"))
  }

  @Test func knownDifferencesCountApartWhenTheyNameASectionOfTheSchemaReference() throws {
    let root = try TemporaryFolder()
    let (mirrors, commit) = try Self.mirror(Self.files, in: root)
    let line = "acme/app \(commit) Settings.bundle"
    let known = """
      # the bundle's own text, and its empty key
      acme/app Settings.bundle build-variable docs/schema.md#Rows with a problem.
      acme/app Settings.bundle problem-row docs/schema.md#Rows with a problem.

      """
    let passing = try Self.compare([line], known: known, mirrors: mirrors, in: root)
    #expect(passing.status == 0, "\(passing.standardOutput)\(passing.standardError)")
    #expect(passing.standardOutput.contains("0 problems, 4 known differences"))

    let stale = known.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.hasSuffix("#Rows with a problem.") ? $0.dropLast(21) + "#No such part" : $0
    }.joined(separator: "\n")
    let failing = try Self.compare([line], known: stale, mirrors: mirrors, in: root)
    #expect(failing.status == 1)
    #expect(failing.standardError.contains("names 'docs/schema.md#No such part', not a section"))
  }

  @Test func crashesHangsEscapesEnglishWordsAndMissingBundlesAreFound() throws {
    let root = try TemporaryFolder()
    let (mirrors, commit) = try Self.mirror(Self.files, in: root)
    // A settei that renders what Settings.app never shows, crashes in lint and hangs in
    // lint --l10n.
    let fake = root.file("fake-settei")
    try writeText(
      """
      #!/bin/sh
      case "$1 $2" in
        "lint --l10n") exec sleep 30 ;;
        lint*) kill -SEGV $$ ;;
      esac
      case "$2" in
        *Solo*) printf '## Root\\n\\nEinstellungen\\n\\n   1  Ton      Off\\n'; exit 0 ;;
      esac
      printf '# de\\n\\n## Root\\n\\nEinstellungen\\n\\n   1  Ton      On\\n   2  \\\\u{200B}Ton  Aus\\n'

      """, to: fake)
    chmod(fake, 0o755)
    try writeText(
      "acme/app \(commit) Good/Settings.bundle\nacme/app \(commit) Solo/Settings.bundle\n"
        + "acme/gone \(commit) Settings.bundle\n",
      to: root.file("list.txt"))
    try writeText("", to: root.file("known.txt"))
    let run = try runProcess(
      Self.script,
      [
        "--list", root.file("list.txt"), "--known", root.file("known.txt"),
        "--mirrors", mirrors, "--offline", "--settei", fake, "--timeout", "1",
      ], environment: ["PATH": "/usr/bin:/bin", "HOME": root.path, "TMPDIR": root.path],
      timeout: 120)
    #expect(run.status == 1)
    let output = run.standardOutput
    #expect(output.contains("english-chrome:de\trender de: Root: 1  Ton      On"))
    #expect(output.contains("escaped-text\trender de: Root: 2  \\u{200B}Ton  Aus"))
    // A bundle of one language is rendered without a "# de" line.
    #expect(
      output.contains("Solo/Settings.bundle: english-chrome:de\trender de: Root: 1  Ton      Off"))
    #expect(output.contains("crash:lint=139"))
    #expect(output.contains("hang:l10n"))
    #expect(output.contains("acme/gone:Settings.bundle: unavailable"))
  }

  @Test func aRepositoryWithoutALocalCopyIsFetchedAtItsCommit() throws {
    let root = try TemporaryFolder()
    let (mirrors, commit) = try Self.mirror(Self.files, in: root)
    // The server: SETTEI_GIT_URL/acme/app, a repository the script fetches the commit from.
    mkdir(root.file("server"), 0o755)
    mkdir(root.file("server/acme"), 0o755)
    symlink(mirrors + "/acme+app", root.file("server/acme/app"))
    try writeText("acme/app \(commit) Good/Settings.bundle\n", to: root.file("list.txt"))
    try writeText("", to: root.file("known.txt"))
    let run = try runProcess(
      Self.script,
      [
        "--list", root.file("list.txt"), "--known", root.file("known.txt"), "--settei",
        setteiPath,
      ],
      environment: [
        "PATH": "/usr/bin:/bin", "HOME": root.path, "TMPDIR": root.path,
        "SETTEI_GIT_URL": "file://" + root.file("server"), "GIT_CONFIG_NOSYSTEM": "1",
      ], timeout: 120)
    #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
    #expect(run.standardOutput.contains("1 bundles, 2 distinct languages, 2 screens rendered"))
  }

  @Test func aRepositoryNamedLikeAnAppIsNotTakenForTheAppTheBundleIsIn() throws {
    let root = try TemporaryFolder()
    let (mirrors, commit) = try Self.mirror(
      ["Settings.bundle/Root.plist": Self.page(Self.toggle("Sound", key: "sound"))],
      name: "acme+Tool.app", in: root)
    let run = try Self.compare(
      ["acme/Tool.app \(commit) Settings.bundle"], mirrors: mirrors,
      options: ["--work", root.file("work")], in: root)
    #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
    let folders = folderEntries(root.file("work")).filter { $0.hasPrefix("01-") }
    #expect(folders.count == 1)
    let render = try readText(root.file("work/" + (folders.first ?? "") + "/render.out"))
    // No Info.plist: Settings.app titles the page Settings, never with the work folder's name.
    #expect(render.hasPrefix("## Root\n\nSettings\n"))
  }

  @Test func itsHelpIsTheCommentAtItsTopWhole() throws {
    let run = try runProcess(
      Self.script, ["--help"], environment: ["PATH": "/usr/bin:/bin"])
    #expect(run.status == 0)
    #expect(run.standardOutput.hasPrefix("compare-real-bundles.sh — runs settei"))
    #expect(run.standardOutput.hasSuffix("2 usage or setup error.\n"))
    let wrong = try runProcess(Self.script, ["--bogus"], environment: ["PATH": "/usr/bin:/bin"])
    #expect(wrong.status == 2)
    #expect(wrong.standardError.contains("Usage: scripts/compare-real-bundles.sh [--list FILE]"))
  }
}
