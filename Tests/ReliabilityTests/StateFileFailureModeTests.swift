import Glibc
import SettingsStorage
import TestSupport
import Testing

/// settei's own files in its state folder (`$XDG_STATE_HOME/settei`): the recovery files that
/// cannot go beside their store, the history, the keys a schema had at the last start.
@Suite("State file failure modes")
struct StateFileFailureModeTests {
  /// How a session with unsaved edits ends.
  enum Ending: String, CaseIterable, CustomTestStringConvertible {
    case controlD = "Ctrl-D after a failed save"
    case closedTerminal = "a closed terminal"
    var testDescription: String { rawValue }
  }

  /// The user settei runs as: `nobody` when the tests run as root (root writes read-only
  /// folders), else the test's own user.
  static let user: UInt32 = geteuid() == 0 ? 65_534 : geteuid()

  /// settei on a pseudo-terminal as ``user``.
  static func startAsUser(_ arguments: [String], home: String) throws -> PseudoTerminal {
    let asUser = ["--reuid=\(user)", "--regid=\(user)", "--clear-groups"]
    return try PseudoTerminal(
      executable: geteuid() == 0 ? "/usr/bin/setpriv" : setteiPath,
      arguments: geteuid() == 0 ? asUser + [setteiPath] + arguments : arguments,
      environment: testEnvironment(home: home))
  }

  /// A store holding `{"calendar": "buddhist"}`, mode 0644, at `folder/name` in a folder
  /// made read-only (0555) once it is written; `home` is opened to others (0755) so that
  /// ``user`` reaches it.
  static func storeInReadOnlyFolder(_ folder: String, name: String, home: TemporaryFolder)
    -> (store: String, original: String)
  {
    chmod(home.path, 0o755)
    let store = folder + "/" + name
    let original = #"{"calendar": "buddhist"}"#
    write(original, to: store, mode: 0o644)
    chmod(folder, 0o555)
    return (store, original)
  }

  /// Runs the REPL once on a terminal and quits, which leaves the known keys of the store in
  /// the state folder, and returns that file's path.
  static func knownKeysFile(arguments: [String], home: TemporaryFolder) throws -> String {
    let terminal = try PseudoTerminal(
      executable: setteiPath, arguments: arguments, environment: testEnvironment(home: home.path))
    try terminal.waitFor("> ")
    terminal.send("quit\r")
    #expect(try terminal.waitForExit() == 0)
    let folder = home.path + "/state/settei/known-keys"
    return try #require(entries(of: folder).first.map { folder + "/" + $0 })
  }

  @Test(
    "RM-54 a store path too long to name a file after: the edits still go to the state folder",
    .enabled(
      if: geteuid() != 0 || access("/usr/bin/setpriv", X_OK) == 0,
      "as root this needs setpriv to run settei as nobody"),
    arguments: Ending.allCases)
  func longStorePath(ending: Ending) throws {
    let home = try TemporaryFolder()
    var folder = home.path
    for letter in ["a", "b", "c"] {
      folder += "/" + String(repeating: letter, count: 100)
      mkdir(folder, 0o755)
    }
    let (store, original) = Self.storeInReadOnlyFolder(folder, name: "settings.json", home: home)
    let state = home.path + "/state"
    mkdir(state, 0o700)
    chown(state, Self.user, Self.user)
    let terminal = try Self.startAsUser(["--lang", "en", "--store", store], home: home.path)
    try terminal.chooseFahrenheit()
    let fallback = SettingsStore.fallbackRecoveryPath(for: store, in: state + "/settei")
    let name = try #require(fallback.split(separator: "/").last)
    #expect(name.utf8.count <= Int(NAME_MAX), "\(name)")
    #expect(name.hasPrefix("settings.json-"), "a readable name, then the path's hash")
    switch ending {
    case .controlD:
      terminal.send("\u{04}")
      let said = unwrapped(try terminal.waitForText("settei offers them at the next start."))
      #expect(said.contains("kept 1 unsaved change in \(fallback)"), "\(said)")
      #expect(try terminal.waitForExit() == 74, "\(terminal.output)")
    case .closedTerminal:
      terminal.hangUp()
      #expect(try terminal.waitForExit() == 129)
    }
    #expect(try SettingsStore.readRecovery(at: fallback) == ["temperatureUnit": "fahrenheit"])
    #expect(text(of: store) == original)
  }

  @Test("RM-54 a recovery file under the name earlier versions gave it is still found")
  func recoveryUnderTheEarlierName() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    write("{}", to: store)
    let real = try #require(realpath(store, nil))
    defer { free(real) }
    let encoded = String(cString: real).replacing("%", with: "%25").replacing("/", with: "%2F")
    mkdir(home.path + "/state", 0o700)
    mkdir(home.path + "/state/settei", 0o700)
    mkdir(home.path + "/state/settei/recover", 0o700)
    let earlier = home.path + "/state/settei/recover/" + encoded + ".recover"
    try SettingsStore.writeRecovery(["temperatureUnit": "fahrenheit"], to: earlier, store: store)
    let run = try settei(["--recover", "--store", store], script: "quit\n", home: home.path)
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("\(earlier) holds 1 change"), "\(run.output)")
    #expect(storeValues(store) == ["temperatureUnit": "fahrenheit"])
    #expect(status(of: earlier) == nil, "restored, then removed")
  }

  @Test(
    "RM-55 nothing can keep the edits: Ctrl-D says so and stays on a terminal; a script exits 74",
    .enabled(
      if: geteuid() != 0 || access("/usr/bin/setpriv", X_OK) == 0,
      "as root this needs setpriv to run settei as nobody"))
  func nothingCanKeepTheEdits() throws {
    let home = try TemporaryFolder()
    let folder = home.path + "/config"
    mkdir(folder, 0o755)
    let (store, original) = Self.storeInReadOnlyFolder(folder, name: "s.json", home: home)
    // A state folder settei may not write either (nor create: its parent is read-only).
    let state = home.path + "/state"
    mkdir(state, 0o555)
    let terminal = try Self.startAsUser(["--lang", "en", "--store", store], home: home.path)
    try terminal.chooseFahrenheit()
    terminal.send("\u{04}")
    let said = unwrapped(try terminal.waitForTextCount("Temperature Unit> ", 3))
    #expect(said.contains("so it stays open and they stay here"), "\(said)")
    #expect(said.contains("\(store).lock: cannot create the lock file: Permission denied"))
    #expect(said.contains("\(store).recover.lock: cannot create the lock file"), "\(said)")
    #expect(!said.contains("settei keeps your changes"), "\(said)")
    // Still there, edits and all: quit! asks before it throws them away.
    terminal.send("quit!\r")
    let asked = try terminal.waitForText("Discard them and quit? [y/N] ")
    #expect(asked.contains("This change will be lost:"), "\(asked)")
    terminal.send("y\r")
    #expect(try terminal.waitForExit() == 0, "\(terminal.output)")
    #expect(text(of: store) == original)
    #expect(entries(of: state) == [])

    let asUser = ["--reuid=\(Self.user)", "--regid=\(Self.user)", "--clear-groups"]
    let run = try runProcess(
      geteuid() == 0 ? "/usr/bin/setpriv" : setteiPath,
      (geteuid() == 0 ? asUser + [setteiPath] : []) + ["--lang", "en", "--store", store],
      input: Array("4\n2\n".utf8), environment: testEnvironment(home: home.path))
    #expect(run.status == 74, "\(run.standardError)")
    #expect(
      run.standardError.contains("\(store).lock: cannot create the lock file: Permission denied"))
    #expect(
      run.standardError.contains(
        "The script's changes were not saved; run it again once that is resolved."))
    #expect(text(of: store) == original)
  }

  @Test("RM-56 REPLs on terminals that quit at the same moment all keep their lines in the history")
  func concurrentHistories() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    let history = home.path + "/state/settei/history"
    var typed: [String] = []
    for round in 1...4 {
      let terminals = try (1...3).map { _ in
        try PseudoTerminal(
          executable: setteiPath, arguments: ["--lang", "en", "--store", store],
          environment: testEnvironment(home: home.path))
      }
      for (number, terminal) in terminals.enumerated() {
        let word = "round\(round)session\(number + 1)"
        typed.append(word)
        try terminal.waitForText("Language & Region> ")
        terminal.send("find \(word)\r")
        try terminal.waitForTextCount("Language & Region> ", 2)
      }
      for terminal in terminals { terminal.send("quit\r") }
      for terminal in terminals { #expect(try terminal.waitForExit() == 0) }
      let kept = text(of: history)
      let lost = typed.filter { !kept.contains($0) }
      #expect(lost.isEmpty, "round \(round): \(lost) lost from \(kept)")
      let left = entries(of: home.path + "/state/settei").filter {
        $0.hasSuffix(".lock") || $0.contains(".tmp.")
      }
      #expect(left.isEmpty, "no lock or temporary file left")
    }
  }

  @Test("RM-57 a known-keys file that is a symbolic link is replaced, never written through")
  func knownKeysThroughASymlink() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    write("{}", to: store)
    let arguments = ["--lang", "en", "--store", store]
    let known = try Self.knownKeysFile(arguments: arguments, home: home)
    let victim = home.file("victim.json")
    let victimText = #"{"victim": true}"#
    write(victimText, to: victim)
    unlink(known)
    symlink(victim, known)

    let terminal = try PseudoTerminal(
      executable: setteiPath, arguments: arguments, environment: testEnvironment(home: home.path))
    try terminal.waitForText("Language & Region> ")
    terminal.send("quit\r")
    #expect(try terminal.waitForExit() == 0, "\(terminal.output)")
    #expect(text(of: victim) == victimText, "the file the link pointed to is untouched")
    #expect(status(of: known).map { $0.st_mode & S_IFMT } == S_IFREG, "the link is replaced")
    #expect(text(of: known).contains("\"keys\""))
    #expect(
      entries(of: home.path + "/state/settei/known-keys").count == 1,
      "no lock or temporary file left")
  }
}
