import Glibc
import TestSupport
import Testing

/// The failure modes of the commands for scripts and CI (docs/reliability.md, "Commands,
/// numbers and names"): what they write when standard output fails, what they refuse to
/// import or write, and the numbers, keys and names they must keep apart. Each test runs
/// the built settei on real files.
@Suite("failure modes: commands, numbers and names", .serialized)
struct CommandFailureModeTests {
  /// A schema with a text field and a switch.
  static let schema = """
    {"Title": "Account", "PreferenceSpecifiers": [
      {"Type": "PSTextFieldSpecifier", "Title": "User", "Key": "user", "DefaultValue": "ann"},
      {"Type": "PSToggleSwitchSpecifier", "Title": "Sound", "Key": "sound",
       "DefaultValue": true}
    ]}
    """

  /// A folder with the schema and a store.
  final class Folder {
    let home: TemporaryFolder
    let schema: String
    let store: String

    init(store contents: String = #"{"user": "bo"}"#) throws {
      home = try TemporaryFolder()
      schema = home.file("account.json")
      write(Array(CommandFailureModeTests.schema.utf8), to: schema)
      store = home.file("s.json")
      write(Array(contents.utf8), to: store)
    }

    /// settei with `arguments`, its standard output sent to `output` by the shell.
    func run(_ arguments: [String], output: String) throws -> ProcessResult {
      try runProcess(
        "/bin/sh",
        ["-c", "out=$1; shift; exec \"$0\" \"$@\" >\"$out\"", setteiPath, output]
          + arguments,
        input: [], environment: testEnvironment(home: home.path))
    }

    func run(_ arguments: [String]) throws -> ProcessResult {
      try runSettei(arguments, script: "", home: home.path)
    }
  }

  @Test(
    "RM-60 export, list, get, render and defaults to a full disk: exit 74, standard output named",
    arguments: [
      ["export"], ["export", "--format", "plist"], ["list"], ["list", "--json"], ["get", "user"],
      ["render"], ["defaults"], ["defaults", "--format", "swift"], ["diff"],
    ])
  func fullDisk(command: [String]) throws {
    let folder = try Folder()
    let arguments: [String] =
      switch command[0] {
      case "render", "defaults": [command[0], folder.schema] + command.dropFirst()
      case "diff": ["diff", folder.store, "--schema", folder.schema]
      default: command + ["--schema", folder.schema, "--store", folder.store]
      }
    let before = contents(of: folder.store)
    let run = try folder.run(arguments, output: "/dev/full")
    #expect(run.status == 74, "\(arguments): \(run.standardError)")
    #expect(run.standardError.contains("standard output"), "\(run.standardError)")
    #expect(run.standardError.contains("No space left on device"), "\(run.standardError)")
    #expect(contents(of: folder.store) == before)
    // The same command to a file that takes it succeeds (diff: 1, a difference listed).
    let whole = try folder.run(arguments, output: folder.home.file("out"))
    #expect(whole.status == (command[0] == "diff" ? 1 : 0), "\(whole.standardError)")
    #expect(!(contents(of: folder.home.file("out")) ?? []).isEmpty)
  }

  @Test("RM-60 a closed pipe still ends a command as SIGPIPE would: exit 141, no message")
  func closedPipe() throws {
    // More than a pipe holds, so that the write is still going when head is gone.
    let value = String(repeating: "x", count: 40)
    let folder = try Folder(
      store: "{" + (0..<20000).map { #""k\#($0)": "\#(value)""# }.joined(separator: ", ") + "}")
    let run = try runProcess(
      "/bin/bash",
      [
        "-c", "\"$0\" export --store \"$1\" | head -c 1 >/dev/null; echo ${PIPESTATUS[0]}",
        setteiPath, folder.store,
      ],
      input: [], environment: testEnvironment(home: folder.home.path))
    #expect(run.standardOutput == "141\n")
    #expect(run.standardError.isEmpty, "\(run.standardError)")
  }
}

extension CommandFailureModeTests {
  @Test(
    "RM-61 import of a missing file, a folder or garbage: exit 65 naming the file, advice for an import"
  )
  func importRefusals() throws {
    let folder = try Folder()
    let garbage = folder.home.file("garbage.json")
    write(Array("{\"user\": ".utf8), to: garbage)
    let cases = [
      (folder.home.file("no/such/file.json"), "No such file or directory"),
      (folder.home.path, "Is a directory"), (garbage, "garbage.json:1:"),
    ]
    let before = contents(of: folder.store)
    for (path, reason) in cases {
      let run = try folder.run(["import", path, "--schema", folder.schema, "--store", folder.store])
      #expect(run.status == 65, "\(path): \(run.standardError)")
      #expect(run.standardError.contains(path), "\(run.standardError)")
      #expect(run.standardError.contains(reason), "\(run.standardError)")
      #expect(run.standardError.contains("Nothing was imported"), "\(run.standardError)")
      #expect(!run.standardError.contains("move it aside"), "\(run.standardError)")
      #expect(contents(of: folder.store) == before)
    }
  }
}

extension CommandFailureModeTests {
  @Test("RM-64 a TERM holding an escape sequence never reaches the terminal raw")
  func escapeSequenceInTerm() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    for term in ["\u{1B}]52;c;aGk=\u{07}", "xterm\u{1B}[2J", String(repeating: "x", count: 300)] {
      let settei = try TerminalTests.Running(
        ["--lang", "en", "--store", store], home: home.path, extra: ["TERM": term])
      try settei.waitFor("Region> ")
      settei.type("quit")
      #expect(try settei.terminal.waitForExit() == 0)
      let output = settei.terminal.output
      #expect(!output.contains(term), "the TERM value reached the terminal as it is")
      #expect(!output.contains("No entry for terminal type"), "\(output)")
    }
  }
}

extension CommandFailureModeTests {
  @Test("RM-65 export, import and diff keep the numbers of a JSON store as written")
  func numbersAsWritten() throws {
    let stored = """
      {"big": 123456789012345678901234567890, "tiny": 1e-400, "user": "bo",
       "list": [1.5, 0.1, {"deep": 3.14159265358979323846264338327950288}], "exact": 1E2}
      """
    let folder = try Folder(store: stored)
    let options = ["--schema", folder.schema]
    let export = try folder.run(["export", "--store", folder.store] + options)
    try #require(export.status == 0, "\(export.standardError)")
    for written in [
      "\"big\": 123456789012345678901234567890", "\"tiny\": 1e-400",
      "\"deep\": 3.14159265358979323846264338327950288", "\"exact\": 100.0", "0.1,",
    ] {
      #expect(export.standardOutput.contains(written), "\(export.standardOutput)")
    }
    // The backup restores the numbers as written, and diff finds the stores equal.
    let backup = folder.home.file("backup.json")
    write(Array(export.standardOutput.utf8), to: backup)
    let restored = folder.home.file("restored.json")
    let run = try folder.run(["import", backup, "--store", restored] + options)
    try #require(run.status == 0, "\(run.standardError)")
    let text = String(decoding: contents(of: restored) ?? [], as: UTF8.self)
    #expect(text.contains("\"big\": 123456789012345678901234567890"), "\(text)")
    #expect(text.contains("\"tiny\": 1e-400"), "\(text)")
    #expect(text.contains("3.14159265358979323846264338327950288"), "\(text)")
    let same = try folder.run(["diff", folder.store, restored] + options)
    #expect(same.status == 0, "\(same.standardOutput)")
    #expect(same.standardOutput.isEmpty)
    // Numbers that round to the same double but are written as other numbers differ.
    let other = folder.home.file("other.json")
    write(
      Array(stored.replacing("67890,", with: "67891,").replacing("1e-400", with: "1e-401").utf8),
      to: other)
    let differs = try folder.run(["diff", folder.store, other] + options)
    #expect(differs.status == 1)
    #expect(
      differs.standardOutput.contains(
        "123456789012345678901234567890  123456789012345678901234567891"),
      "\(differs.standardOutput)")
    #expect(differs.standardOutput.contains("1e-400"), "\(differs.standardOutput)")
    #expect(!differs.standardOutput.contains("user"))
  }
}
