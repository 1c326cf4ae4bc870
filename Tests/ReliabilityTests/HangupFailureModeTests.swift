import Glibc
import SettingsStorage
import TestSupport
import Testing

/// A terminal that is really closed: the master side of the pseudo-terminal goes, so the
/// read sees end of input or `EIO`, with or without a SIGHUP, at whatever prompt settei was.
@Suite("Hangup failure modes")
struct HangupFailureModeTests {
  static let schema = """
    {"Title": "Account", "PreferenceSpecifiers": [
      {"Type": "PSTextFieldSpecifier", "Title": "User", "Key": "user"},
      {"Type": "PSTextFieldSpecifier", "Title": "Password", "Key": "password", "IsSecure": true},
      {"Type": "IASKTextViewSpecifier", "Title": "Notes", "Key": "notes"}
    ]}
    """

  /// The prompt settei shows when the terminal goes.
  enum Prompt: String, CaseIterable, CustomTestStringConvertible {
    case main = "the main prompt"
    case secret = "a secure text prompt"
    case discardQuestion = "the quit! confirmation"
    case multiline = "a multi-line text"
    var testDescription: String { rawValue }
  }

  /// How the terminal goes.
  enum Hangup: String, CaseIterable, CustomTestStringConvertible {
    /// The window closes and settei leads the terminal's session: the kernel sends SIGHUP,
    /// racing the read's end of input.
    case closedWithSIGHUP = "closed, with SIGHUP"
    /// The window closes and no SIGHUP comes (a shell that does not pass it on).
    case closedWithoutSIGHUP = "closed, no SIGHUP"
    /// `kill -HUP`: the terminal stays.
    case signalOnly = "kill -HUP"
    var testDescription: String { rawValue }
  }

  @Test(
    "RM-31 a closed terminal is a hangup, never a Ctrl-D: edits kept in <store>.recover, exit 129",
    arguments: Prompt.allCases, Hangup.allCases)
  func closedTerminal(at prompt: Prompt, hangup: Hangup) throws {
    let home = try TemporaryFolder()
    let schema = home.file("account.json")
    write(Self.schema, to: schema)
    let store = home.file("s.json")
    let original = #"{"notes": "old"}"#
    write(original, to: store)
    let terminal = try PseudoTerminal(
      executable: setteiPath, arguments: ["--schema", schema, "--store", store],
      environment: testEnvironment(home: home.path),
      controllingTerminal: hangup != .closedWithoutSIGHUP)
    try terminal.waitForText("Account> ")
    terminal.send("1\r")
    try terminal.waitForText("User: ")
    terminal.send("ada\r")
    try terminal.waitForText("ada")
    try terminal.waitForTextCount("Account> ", 2)
    switch prompt {
    case .main:
      terminal.send("quit")  // half typed: never run
      try terminal.waitForText("> quit")
    case .secret:
      terminal.send("2\r")
      try terminal.waitForText("Password: ")
      terminal.send("hunt")
    case .discardQuestion:
      terminal.send("quit!\r")
      try terminal.waitForText("Discard them and quit? [y/N] ")
    case .multiline:
      terminal.send("3\r")
      try terminal.waitForText("Notes: ")
      terminal.send("first line\r")
      try terminal.waitForText("… ")
    }
    if hangup == .signalOnly {
      kill(terminal.processID, SIGHUP)
    } else {
      terminal.hangUp()
    }
    #expect(try terminal.waitForExit() == 129)
    #expect(text(of: store) == original, "the store is untouched")
    #expect(try SettingsStore.readRecovery(for: store) == ["user": "ada"])
    #expect(mode(of: store + ".recover") == 0o600)
  }
}

/// Ctrl-D ends the session even when its save fails: the edits must then go where they can
/// be written, and the next start must find them there.
@Suite("Failed save failure modes")
struct FailedSaveFailureModeTests {
  /// The store's folder is read-only to the user (settei runs as `nobody` when the tests
  /// run as root), so neither the store nor `<store>.recover` can be written: the edits go
  /// to the state folder, the message says where, and `--recover` finds them there.
  @Test(
    "RM-32 Ctrl-D after a failed save keeps the edits where they can be written, and says where",
    .enabled(
      if: geteuid() != 0 || access("/usr/bin/setpriv", X_OK) == 0,
      "as root this needs setpriv to run settei as nobody"))
  func controlDAfterAFailedSave() throws {
    let home = try TemporaryFolder()
    chmod(home.path, 0o755)
    let folder = home.path + "/config"
    mkdir(folder, 0o755)
    let store = folder + "/s.json"
    let original = #"{"calendar": "buddhist"}"#
    write(original, to: store, mode: 0o644)
    chmod(folder, 0o555)
    let state = home.path + "/state"
    mkdir(state, 0o700)
    let user: UInt32 = geteuid() == 0 ? 65_534 : geteuid()
    chown(state, user, user)
    let arguments = ["--lang", "en", "--store", store]
    let asUser = geteuid() == 0 ? ["--reuid=\(user)", "--regid=\(user)", "--clear-groups"] : []
    let terminal = try PseudoTerminal(
      executable: geteuid() == 0 ? "/usr/bin/setpriv" : setteiPath,
      arguments: geteuid() == 0 ? asUser + [setteiPath] + arguments : arguments,
      environment: testEnvironment(home: home.path))
    try terminal.chooseFahrenheit()
    terminal.send("\u{04}")
    let fallback = SettingsStore.fallbackRecoveryPath(for: store, in: state + "/settei")
    let said = try terminal.waitForText("settei offers them at the next start.")
    #expect(try terminal.waitForExit() == 74, "\(terminal.output)")
    #expect(
      said.contains("\(store).lock: cannot create the lock file: Permission denied"), "\(said)")
    #expect(!said.contains("type quit"), "input ended: no advice to type anything: \(said)")
    #expect(
      said.contains(
        "settei: not saved: kept 1 unsaved change in \(fallback) (not beside the store: "
          + "\(store).recover.lock: cannot create the lock file: Permission denied); "
          + "\(store) was not changed."), "\(said)")
    #expect(fallback.hasPrefix(state + "/settei/recover/"))
    #expect(try SettingsStore.readRecovery(at: fallback) == ["temperatureUnit": "fahrenheit"])
    #expect(text(of: store) == original)
    #expect(entries(of: folder) == ["s.json"])

    // The next start finds them there: --recover lists and restores them.
    let child =
      geteuid() == 0
      ? try startAsUser(user, setteiPath, ["--recover"] + arguments, home: home.path)
      : try ChildProcess(
        executable: setteiPath, arguments: ["--recover"] + arguments,
        environment: testEnvironment(home: home.path))
    child.write("changes\nquit!\n")
    child.closeInput()
    #expect(try child.waitForExit() == 0, "\(child.standardError)")
    #expect(
      child.standardOutput.contains(
        "\(fallback) holds 1 change not saved when settei was stopped:\n"
          + "  Language & Region › Temperature Unit (temperatureUnit): Fahrenheit (°F)\n"),
      "\(child.standardOutput)")
    #expect(child.standardOutput.contains("Restored 1 change; quit saves them."))
  }
}
