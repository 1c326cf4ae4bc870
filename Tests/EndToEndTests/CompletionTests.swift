import Glibc
import TestSupport
import Testing

/// Shell completion follows the command typed: its schema, its own options and its formats,
/// through `settei __complete` and through the bash script that calls it.
@Suite struct CompletionTests {
  func complete(_ words: [String]) throws -> [String] {
    let home = try TemporaryFolder()
    let run = try runSettei(["__complete"] + words, script: "", home: home.path)
    #expect(run.status == 0, "\(run.standardError)")
    return run.standardOutput.split(separator: "\n").map(String.init)
  }

  @Test(arguments: [
    ["get", "--schema", PackagePaths.sampleBundle, ""],
    ["--schema", PackagePaths.sampleBundle, "get", ""],
    ["get", "--schema=" + PackagePaths.sampleBundle, ""],
    ["set", "--schema", PackagePaths.sampleBundle, ""],
    ["reset", "--schema", PackagePaths.sampleBundle, ""],
  ])
  func keysComeFromTheSchemaGivenAfterTheCommand(words: [String]) throws {
    let keys = try complete(words)
    #expect(keys.contains("AutoConnect"), "\(keys)")
    #expect(!keys.contains("temperatureUnit"), "\(keys)")
  }

  @Test func choicesComeFromTheSchemaGivenAfterTheCommand() throws {
    let home = try TemporaryFolder()
    let list = try runSettei(
      ["list", "--json", "--schema", PackagePaths.sampleBundle, "--store", home.file("s.json")],
      script: "", home: home.path)
    #expect(list.standardOutput.contains("\"key\": \"AutoConnect\""))
    let choices = try complete(["set", "--schema", PackagePaths.sampleBundle, "AutoConnect", ""])
    #expect(choices == ["on", "off"])
  }

  @Test(arguments: [
    ("lint", ["--store", "--l10n", "--strict"], ["--json", "--format", "--width"]),
    ("defaults", ["--format", "--in-app"], ["--store", "--strict"]),
    ("render", ["--lang", "--width", "--out", "--in-app"], ["--store", "--strict"]),
    ("export", ["--format", "--changed", "--store"], ["--strict", "--width"]),
    ("reset", ["--all", "--store"], ["--strict", "--json"]),
  ])
  func afterACommandItsOwnOptionsAreOffered(
    command: String, offered: [String], notOffered: [String]
  ) throws {
    let options = try complete([command, "--"])
    for option in offered { #expect(options.contains(option), "\(command): \(options)") }
    for option in notOffered { #expect(!options.contains(option), "\(command): \(options)") }
  }

  @Test func eachCommandOffersTheFormatsItTakes() throws {
    #expect(try complete(["export", "--format", ""]) == ["json", "plist"])
    #expect(try complete(["defaults", "x.bundle", "--format", ""]) == ["json", "plist", "swift"])
    #expect(try complete(["--idiom", ""]) == ["phone", "pad", "mac", "vision"])
  }

  @Test func afterHelpTheCommandsAreOffered() throws {
    #expect(try complete(["help", "ex"]) == ["export"])
  }

  func bashCompletes(_ words: [String]) throws -> [String] {
    let home = try TemporaryFolder()
    return try bashCompletion(words, environment: testEnvironment(home: home.path))
  }

  @Test func theBashScriptOffersEachCommandsOptionsFormatsAndKeys() throws {
    let lint = try bashCompletes(["lint", "--"])
    #expect(lint.contains("--strict") && lint.contains("--l10n"), "\(lint)")
    #expect(try bashCompletes(["export", "--format", ""]) == ["json", "plist"])
    #expect(try bashCompletes(["defaults", "x", "--format", ""]) == ["json", "plist", "swift"])
    let keys = try bashCompletes(["get", "--schema", PackagePaths.sampleBundle, "Auto"])
    #expect(keys.contains("AutoConnect"), "\(keys)")
  }
}

/// What the bash script offers for `settei WORDS…` (COMP_WORDS as bash splits them, the last
/// the word completed), sourced in a real bash with the built settei on PATH.
func bashCompletion(_ words: [String], environment: [String: String]) throws -> [String] {
  let folder = String(setteiPath[..<(setteiPath.lastIndex(of: "/") ?? setteiPath.startIndex)])
  let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
  let script = """
    source '\(PackagePaths.root)/completions/settei.bash'
    COMP_WORDS=(settei \(quoted)); COMP_CWORD=\(words.count); _settei
    printf '%s\\n' "${COMPREPLY[@]}"
    """
  var environment = environment
  environment["PATH"] = folder + ":/usr/bin:/bin"
  let run = try runProcess(
    "/bin/bash", ["--noprofile", "--norc", "-c", script], input: [], environment: environment)
  #expect(run.status == 0, "\(run.standardError)")
  return run.standardOutput.split(separator: "\n").map(String.init)
}
