import Glibc
import TestSupport
import Testing

/// What reaches the terminal, the history and the recovery file: escape sequences and
/// invisible characters from schemas, stores and typed lines, and the values of secure text
/// fields. Each test runs the built settei on real files, through pipes or a pseudo-terminal.
@Suite("failure modes: output, invisible characters, secrets", .serialized)
struct OutputSafetyTests {
  /// A schema with a text field, a secure email field, and keys that differ only by a
  /// zero-width space or hold an escape sequence.
  static let schema = """
    {"Title": "Account", "PreferenceSpecifiers": [
      {"Type": "PSTextFieldSpecifier", "Title": "User", "Key": "user"},
      {"Type": "PSTextFieldSpecifier", "Title": "Password", "Key": "password", "IsSecure": true,
       "KeyboardType": "EmailAddress"},
      {"Type": "PSTextFieldSpecifier", "Title": "Token", "Key": "token"},
      {"Type": "PSTextFieldSpecifier", "Title": "Token\\u2060", "Key": "tok\\u200Ben"},
      {"Type": "PSTextFieldSpecifier", "Title": "Evil", "Key": "evil\\u001B]52;c;aGk=\\u0007"},
      {"Type": "PSTextFieldSpecifier", "Title": "👩‍💻 Dev", "Key": "dev"},
      {"Type": "PSTextFieldSpecifier", "Title": "עברית\\u200F (°C)", "Key": "hebrew"}
    ]}
    """

  /// A folder with the schema and a store, and the options that use them.
  final class Account {
    let home: TemporaryFolder
    let store: String
    let options: [String]

    init(store contents: String = "{}") throws {
      home = try TemporaryFolder()
      let schema = home.file("account.json")
      write(Array(OutputSafetyTests.schema.utf8), to: schema)
      store = home.file("s.json")
      write(Array(contents.utf8), to: store)
      options = ["--schema", schema, "--store", store]
    }

    /// settei on a pseudo-terminal, at its first prompt.
    func openTerminal() throws -> TerminalTests.Running {
      let settei = try TerminalTests.Running(options, home: home.path)
      try settei.waitFor("Account> ")
      return settei
    }

    func run(_ arguments: [String], script: String = "") throws -> ProcessResult {
      try runSettei(arguments + options, script: script, home: home.path)
    }
  }

  /// Whether text holds a byte a terminal acts on: ESC, BEL, NUL, CSI (U+009B), or a bidi
  /// override.
  static func holdsRawControl(_ text: String) -> Bool {
    text.unicodeScalars.contains {
      ["\u{1B}", "\u{07}", "\u{00}", "\u{9B}", "\u{202E}"].contains($0)
    }
  }

  @Test("RM-40 get, export, list and completion never write a stored escape sequence raw")
  func scriptOutput() throws {
    let account = try Account(
      store: #"{"user": "ada", "token": "x\u001b]52;c;aGk=\u0007\u202ey", "other": "\u009b2J"}"#)
    let get = try account.run(["get", "token"])
    #expect(get.status == 0)
    #expect(!Self.holdsRawControl(get.standardOutput), "\(get.standardOutput.debugDescription)")
    #expect(get.standardOutput == "x\\u{1B}]52;c;aGk=\\u{7}\\u{202E}y\n")
    #expect(get.standardError.contains("export --format json prints it exactly"))
    let plain = try account.run(["get", "user"])
    #expect(plain.standardOutput == "ada\n" && plain.standardError.isEmpty, "a safe value as is")

    let json = try account.run(["export"])
    #expect(json.status == 0 && !Self.holdsRawControl(json.standardOutput))
    #expect(json.standardOutput.contains(#""token": "x\u001B]52;c;aGk=\u0007\u202Ey""#))
    #expect(json.standardOutput.contains(#""other": "\u009B2J""#))

    // ESC cannot be in well-formed XML in any form: refused, nothing written.
    let plist = try account.run(["export", "--format", "plist"])
    #expect(plist.status == 1 && plist.standardOutput.isEmpty)
    #expect(plist.standardError.contains("token holds the control character U+001B"))
    write(Array(#"{"token": "a\u202eb\u009b&\r"}"#.utf8), to: account.store)
    let xml = try account.run(["export", "--format", "plist"])
    #expect(xml.status == 0 && !Self.holdsRawControl(xml.standardOutput))
    #expect(xml.standardOutput.contains("<string>a&#x202E;b&#x9B;&amp;&#xD;</string>"))

    let list = try account.run(["list"])
    #expect(!Self.holdsRawControl(list.standardOutput))
    let listJSON = try account.run(["list", "--json"])
    #expect(!Self.holdsRawControl(listJSON.standardOutput))

    // A key with an escape sequence cannot be typed back: not a completion.
    let complete = try runSettei(
      ["__complete", "--schema", account.options[1], "get", "e"], script: "",
      home: account.home.path)
    #expect(complete.standardOutput.isEmpty, "\(complete.standardOutput.debugDescription)")
  }

  @Test(
    "RM-41 an error echoing a scripted line shows its escapes and NUL as text",
    // ESC, BEL and NUL are spelled out here, so that the test's own log shows no raw ones.
    arguments: ["go ESC[31mredNUL", "set ESC]52;c;aGk=BEL 1", "lang ESC[2J", "/ESC[5m"]
  )
  func errorEchoes(spelled: String) throws {
    let line = spelled.replacing("ESC", with: "\u{1B}").replacing("BEL", with: "\u{07}")
      .replacing("NUL", with: "\u{0}")
    let account = try Account()
    let run = try account.run([], script: line + "\n")
    #expect(run.status == 1)
    #expect(run.standardError.contains("input line 1:") && run.standardError.contains("\\u{1B}"))
    #expect(!Self.holdsRawControl(run.standardError), "\(run.standardError.debugDescription)")
    #expect(!Self.holdsRawControl(run.standardOutput))
  }

  @Test("RM-42 invisible characters in keys and titles are shown, so no two look the same")
  func invisibleCharacters() throws {
    let account = try Account()
    let list = try account.run(["list"])
    #expect(list.standardOutput.contains("tok\\u{200B}en"), "\(list.standardOutput)")
    #expect(!list.standardOutput.contains("\u{200B}"))
    let screen = try account.run([], script: "? 4\n")
    #expect(screen.standardOutput.contains("Token\\u{2060}"))
    #expect(screen.standardOutput.contains("key:      tok\\u{200B}en"))
    // Where they are how the text is written, they stay: an emoji sequence, a bidi mark
    // beside Hebrew.
    #expect(screen.standardOutput.contains("👩‍💻 Dev"))
    #expect(screen.standardOutput.contains("עברית\u{200F} (°C)"))
  }

  /// Keys that differ only by a default-ignorable character beyond the common joiners (an
  /// invisible separator, a soft hyphen, a Hangul filler, a variation selector, an
  /// ideographic variation selector): `list`, `diff`, `lint --store` and `? N` show each
  /// escaped, so no two keys look alike, while a soft hyphen in a title stays as it is.
  @Test("RM-48 keys differing by any default-ignorable character never look the same")
  func everyDefaultIgnorableInAKeyIsShown() throws {
    let keys = ["ab", "a\u{2063}b", "a\u{AD}b", "a\u{3164}b", "a\u{FE0F}b", "a\u{E0100}b"]
    let home = try TemporaryFolder()
    let specifiers = keys.enumerated().map { number, key in
      let title = number == 2 ? "Benachrichti\u{AD}gungen" : "Row \(number)"
      return #"{"Type": "PSTextFieldSpecifier", "Title": "\#(title)", "Key": "\#(key)"}"#
    }
    let schema = home.file("keys.json")
    write(
      Array(
        #"{"Title": "Keys", "PreferenceSpecifiers": [\#(specifiers.joined(separator: ","))]}"#.utf8),
      to: schema)
    let store = home.file("s.json")
    let stored = keys.map { #""\#($0)": "x""# }.joined(separator: ", ")
    write(Array("{\(stored), \"a\u{2064}b\": 1}".utf8), to: store)
    let options = ["--schema", schema, "--store", store]
    let shown = ["ab", "a\\u{2063}b", "a\\u{AD}b", "a\\u{3164}b", "a\\u{FE0F}b", "a\\u{E0100}b"]

    let list = try runSettei(["list"] + options, script: "", home: home.path)
    let diff = try runSettei(["diff", store] + options, script: "", home: home.path)
    let lint = try runSettei(["lint", "--store", store, schema], script: "", home: home.path)
    for key in shown {
      #expect(list.standardOutput.contains("\n" + key + " "), "list: \(key)")
      #expect(diff.standardOutput.contains("\n" + key + " "), "diff: \(key)")
    }
    #expect(lint.standardOutput.contains("key 'a\\u{2064}b'"), "\(lint.standardOutput)")
    for output in [list.standardOutput, diff.standardOutput, lint.standardOutput] {
      let hidden = output.unicodeScalars.filter {
        $0.properties.isDefaultIgnorableCodePoint && $0.value != 0xAD
      }
      #expect(hidden.isEmpty, "\(hidden.map(\.value))")
    }
    let describe = try runSettei(options, script: "? 3\n", home: home.path)
    #expect(describe.standardOutput.contains("key:      a\\u{AD}b"), "\(describe.standardOutput)")
    // In a title, a soft hyphen between letters is where the word may break, and stays.
    #expect(describe.standardOutput.contains("Benachrichti\u{AD}gungen"))
  }

  @Test("RM-43 set of a secure field typed at the REPL is not kept in the history")
  func secretNotInHistory() throws {
    let account = try Account()
    let settei = try account.openTerminal()
    settei.type("set password s3cr3t-777@example.com")
    try settei.waitFor("password = ••••••")
    settei.type("set user ada")
    try settei.waitFor("user = ada")
    settei.type("quit")
    #expect(try settei.terminal.waitForExit() == 0)
    let history = String(
      decoding: contents(of: account.home.path + "/state/settei/history") ?? [], as: UTF8.self)
    // libedit's file encodes a space as \040.
    #expect(history.contains("set\\040user\\040ada"), "other lines are kept: \(history)")
    #expect(!history.contains("s3cr3t"), "\(history)")
    #expect(String(decoding: contents(of: account.store) ?? [], as: UTF8.self).contains("s3cr3t"))
  }

  @Test("RM-44 a secret is masked in get, list, a refused answer and a conflict")
  func secretsMasked() throws {
    let account = try Account(store: #"{"password": "s3cr3t-777@example.com"}"#)
    let get = try account.run([], script: "get password\n")
    #expect(get.standardOutput.contains("password = ••••••"))
    let list = try account.run(["list"])
    let listJSON = try account.run(["list", "--json"])
    let scriptGet = try account.run(["get", "password"])
    for output in [get.standardOutput, list.standardOutput, listJSON.standardOutput] {
      #expect(!output.contains("s3cr3t"), "\(output)")
    }
    #expect(scriptGet.standardOutput == "••••••\n" && scriptGet.standardError.contains("masked"))
    // export is where the user asks for the values themselves.
    #expect(try account.run(["export"]).standardOutput.contains("s3cr3t-777@example.com"))

    // An answer refused at the hidden prompt, or by set, is not repeated.
    let hidden = try account.run([], script: "2\nhunter2SECRET\n")
    #expect(hidden.status == 1 && hidden.standardError.contains("is not an email address"))
    let set = try account.run(["set", "password", "hunter2SECRET"])
    #expect(set.status == 1 && set.standardError.contains("is not an email address"))
    for output in [hidden.standardOutput, hidden.standardError, set.standardError] {
      #expect(!output.contains("hunter2"), "\(output)")
    }

    // Another program changes the password while the session changes it too.
    let session = try ChildProcess(
      executable: setteiPath, arguments: account.options,
      environment: testEnvironment(home: account.home.path))
    session.write("set password mine@example.com\n")
    try session.waitForOutput("password = ••••••")
    write(Array(#"{"password": "theirs@example.com"}"#.utf8), to: account.store)
    session.write("quit\n")
    session.closeInput()
    #expect(try session.waitForExit() == 74)
    #expect(session.standardError.contains("'password' is now a hidden value there"))
    #expect(!session.standardError.contains("mine@") && !session.standardError.contains("theirs@"))
  }

  @Test("RM-45 arrow keys at the hidden prompt never end up in the secret")
  func arrowKeysAtTheHiddenPrompt() throws {
    let account = try Account()
    let settei = try account.openTerminal()
    settei.type("2")
    try settei.waitFor("Password: ")
    // Left, Up, a function key and Ctrl-V Escape, among the letters.
    settei.terminal.send("x@y.z\u{1B}[D\u{1B}[A\u{1B}[15~\u{16}\u{1B}\r")
    try settei.waitFor("Account> ", count: 2)
    settei.type("quit")
    #expect(try settei.terminal.waitForExit() == 0)
    let saved = String(decoding: contents(of: account.store) ?? [], as: UTF8.self)
    #expect(saved.contains(#""password": "x@y.z""#), "\(saved.debugDescription)")
  }

  @Test("RM-46 --recover restores only values that set would take, and names the others")
  func recoverChecksValues() throws {
    let home = try TemporaryFolder()
    let store = home.file("s.json")
    write(Array(#"{"calendar": "buddhist"}"#.utf8), to: store)
    let recovery = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
        <key>set</key><dict>
          <key>temperatureUnit</key><string>kelvin</string>
          <key>liveText</key><date>2026-01-01T00:00:00Z</date>
          <key>&#x1B;[31mevil</key><string>x</string>
          <key>region</key><string>DE</string>
        </dict>
        <key>removed</key><array/>
      </dict></plist>
      """
    write(Array(recovery.utf8), to: store + ".recover")
    let run = try runSettei(["--store", store, "--recover"], script: "quit\n", home: home.path)
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.contains("Restored 1 change; quit saves them."))
    #expect(run.standardError.contains("holds 3 changes that do not fit their settings"))
    #expect(run.standardError.contains("temperatureUnit: \"kelvin\" does not fit"))
    #expect(run.standardError.contains("liveText: ") && run.standardError.contains("2026-01-01"))
    #expect(run.standardError.contains("\\u{1B}[31mevil: no setting of this schema has this key"))
    #expect(!Self.holdsRawControl(run.standardError + run.standardOutput))
    let saved = String(decoding: contents(of: store) ?? [], as: UTF8.self)
    #expect(saved.contains(#""region": "DE""#) && saved.contains("buddhist"))
    #expect(!saved.contains("kelvin") && !saved.contains("2026-01-01") && !saved.contains("evil"))
  }
}
