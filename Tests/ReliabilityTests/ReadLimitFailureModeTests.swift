import Glibc
import SettingsStorage
import TestSupport
import Testing

/// Files settei reads that are far too big, or that are not files: a sparse file of a
/// terabyte takes no room on disk but says it holds a terabyte, and a FIFO with a writer
/// never ends. Each is refused by its size or its kind before anything is read.
@Suite("Read limit failure modes")
struct ReadLimitFailureModeTests {
  /// Makes `path` a sparse file of 1 TiB (as `truncate -s 1T` does).
  static func makeHuge(_ path: String) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    ftruncate(descriptor, 1 << 40)
    close(descriptor)
  }

  /// The size of the file at `path`, or -1.
  static func size(of path: String) -> Int {
    status(of: path).map { Int($0.st_size) } ?? -1
  }

  /// Where the 1 TiB file is given to settei.
  enum Place: String, CaseIterable, CustomTestStringConvertible {
    case store = "the REPL's store"
    case scriptStore = "settei get's store"
    case importFile = "an imported file"
    case diffStore = "a diff store"
    case lintStore = "a lint --store store"
    var testDescription: String { rawValue }
  }

  @Test(
    "RM-51 a store or imported file over 256 MiB is refused by its size: exit 65, named",
    arguments: Place.allCases)
  func hugeStore(at place: Place) throws {
    let home = try TemporaryFolder()
    let huge = home.file("huge.json")
    Self.makeHuge(huge)
    let store = home.file("s.json")
    write(#"{"calendar": "buddhist"}"#, to: store)
    let schema = home.file("account.json")
    write(HangupFailureModeTests.schema, to: schema)
    let (arguments, script): ([String], String) =
      switch place {
      case .store: (["--store", huge], "4\n2\nquit\n")
      case .scriptStore: (["get", "calendar", "--store", huge], "")
      case .importFile: (["import", huge, "--store", store], "")
      case .diffStore: (["diff", huge, store], "")
      case .lintStore: (["lint", "--store", huge, schema], "")
      }
    let run = try settei(arguments, script: script, home: home.path)
    #expect(run.status == 65, "\(run.errors)")
    // An imported file's advice is about the import; a store's about the store.
    let advice =
      place == .importFile
      ? "Nothing was imported; the store is unchanged." : "settei has not changed the file."
    #expect(
      run.errors.contains(
        "\(huge): cannot read: it holds 1024 GiB, more than the 256 MiB settei reads from such "
          + "a file\n" + advice), "\(run.errors)")
    #expect(Self.size(of: huge) == 1 << 40, "the file is untouched")
    #expect(text(of: store) == #"{"calendar": "buddhist"}"#)
  }

  @Test(
    "RM-51 a recovery or known-keys file over its limit: a warning names it, the REPL starts, the file stays"
  )
  func hugeStateFiles() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    write("{}", to: store)
    let arguments = ["--lang", "en", "--store", store]
    let known = try StateFileFailureModeTests.knownKeysFile(arguments: arguments, home: home)
    Self.makeHuge(known)
    let recovery = store + ".recover"
    Self.makeHuge(recovery)

    // Wide enough that no warning is wrapped: the test reads what they say.
    let terminal = try PseudoTerminal(
      executable: setteiPath, arguments: arguments, environment: testEnvironment(home: home.path),
      columns: 400)
    try terminal.chooseFahrenheit()
    let said = try terminal.waitForText("Temperature Unit> ")
    #expect(
      said.contains(
        "\(known): cannot read: it holds 1024 GiB, more than the 32 MiB settei reads from such a "
          + "file"), "\(said)")
    #expect(
      said.contains(
        "\(recovery): cannot read: it holds 1024 GiB, more than the 256 MiB settei reads from "
          + "such a file"), "\(said)")
    // A signal keeps the edits, but never over the recovery file that could not be read.
    kill(terminal.processID, SIGTERM)
    #expect(try terminal.waitForExit() == 143, "\(terminal.output)")
    #expect(Self.size(of: recovery) == 1 << 40, "never overwritten")
    #expect(Self.size(of: known) == 1 << 40, "never overwritten")
    let kept = SettingsStore.fallbackRecoveryPath(for: store, in: home.path + "/state/settei")
    #expect(try SettingsStore.readRecovery(at: kept) == ["temperatureUnit": "fahrenheit"])
    #expect(text(of: store) == "{}")
  }

  @Test(
    "RM-52 a store swapped for a 1 TiB file while the REPL has edits: quit keeps them, Ctrl-D too"
  )
  func storeSwappedForAHugeFile() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    write("{}", to: store)
    let terminal = try PseudoTerminal(
      executable: setteiPath, arguments: ["--lang", "en", "--store", store],
      environment: testEnvironment(home: home.path))
    try terminal.chooseFahrenheit()
    Self.makeHuge(home.file("huge.json"))
    rename(home.file("huge.json"), store)
    terminal.send("quit\r")
    let said = unwrapped(try terminal.waitForTextCount("Temperature Unit> ", 3))
    #expect(
      said.contains(
        "\(store): cannot read: it holds 1024 GiB, more than the 256 MiB settei reads from such "
          + "a file"), "\(said)")
    #expect(said.contains("type quit to try again"), "\(said)")
    terminal.send("\u{04}")
    try terminal.waitForText("settei offers them at the next start.")
    #expect(try terminal.waitForExit() == 74, "\(terminal.output)")
    #expect(Self.size(of: store) == 1 << 40, "the file is untouched")
    #expect(try SettingsStore.readRecovery(for: store) == ["temperatureUnit": "fahrenheit"])
  }

  /// A bundle whose root has a text field and a child pane, `More.plist`.
  static func bundle(in home: TemporaryFolder) -> String {
    let bundle = home.file("B.bundle")
    mkdir(bundle, 0o755)
    let header = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>"#
    write(
      header + """
        <key>PreferenceSpecifiers</key><array>
        <dict><key>Type</key><string>PSTextFieldSpecifier</string>
          <key>Title</key><string>Name</string><key>Key</key><string>name</string></dict>
        <dict><key>Type</key><string>PSChildPaneSpecifier</string>
          <key>Title</key><string>More</string><key>File</key><string>More</string></dict>
        </array></dict></plist>
        """, to: bundle + "/Root.plist")
    write(
      header + """
        <key>PreferenceSpecifiers</key><array>
        <dict><key>Type</key><string>PSToggleSwitchSpecifier</string>
          <key>Title</key><string>Sound</string><key>Key</key><string>sound</string>
          <key>DefaultValue</key><true/></dict>
        </array></dict></plist>
        """, to: bundle + "/More.plist")
    return bundle
  }

  @Test(
    "RM-53 a child page replaced by a FIFO with a writer is refused at once; SIGTERM then keeps the edit"
  )
  func childPageReplacedByAFIFO() throws {
    let home = try TemporaryFolder()
    let bundle = Self.bundle(in: home)
    let store = home.file("s.json")
    let arguments = ["--lang", "en", "--schema", bundle, "--store", store]
    // The first start on a terminal reads every page to know the schema's keys; the next
    // one, with the bundle unchanged, reads a page only when it is opened.
    let first = try PseudoTerminal(
      executable: setteiPath, arguments: arguments, environment: testEnvironment(home: home.path))
    try first.waitForText("Settings> ")
    first.send("quit\r")
    #expect(try first.waitForExit() == 0)
    let terminal = try PseudoTerminal(
      executable: setteiPath, arguments: arguments, environment: testEnvironment(home: home.path))
    try terminal.waitForText("Settings> ")
    terminal.send("1\r")
    try terminal.waitForText("Name: ")
    terminal.send("ada\r")
    try terminal.waitForText("• ada")
    try terminal.waitForTextCount("Settings> ", 2)
    // The page is read when first opened: by then it is a FIFO that a writer holds open.
    unlink(bundle + "/More.plist")
    mkfifo(bundle + "/More.plist", 0o600)
    let writer = open(bundle + "/More.plist", O_RDWR | O_NONBLOCK | O_CLOEXEC)
    defer { close(writer) }
    #expect(writer >= 0)
    terminal.send("2\r")
    let said = unwrapped(try terminal.waitForTextCount("Settings> ", 3))
    #expect(
      said.contains(
        "Row 2 (More) cannot be selected: ⚠ File 'More' names a page that cannot be used: "
          + "\(bundle)/More.plist: cannot read: it is not a regular file"), "\(said)")
    kill(terminal.processID, SIGTERM)
    #expect(try terminal.waitForExit() == 143, "\(terminal.output)")
    #expect(try SettingsStore.readRecovery(for: store) == ["name": "ada"])
  }
}

/// A terminal's text with the session's message wrapping undone: a message longer than the
/// terminal goes on, on the next line, indented by two spaces.
func unwrapped(_ text: String) -> String {
  text.split(separator: "\n  ", omittingEmptySubsequences: false).joined(separator: " ")
}
