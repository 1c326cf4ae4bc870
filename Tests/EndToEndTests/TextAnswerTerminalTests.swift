import Glibc
import TestSupport
import Testing

/// How a typed value enters on a terminal: the prompt that starts with the field's text, the
/// answer after a refused one, and the history that keeps commands only.
// Serialized: each test blocks a thread while it waits for the terminal.
@Suite("answers typed on a terminal", .serialized)
struct TextAnswerTerminalTests {
  static let schema = """
    {"Title": "Profile", "PreferenceSpecifiers": [
      {"Type": "PSTextFieldSpecifier", "Title": "Name", "Key": "name", "DefaultValue": "Ann"},
      {"Type": "PSTextFieldSpecifier", "Title": "Code", "Key": "code",
       "KeyboardType": "NumberPad", "DefaultValue": "5"},
      {"Type": "PSToggleSwitchSpecifier", "Title": "Sync", "Key": "sync", "DefaultValue": false}
    ]}
    """

  /// settei on the schema above, with its store, on a terminal.
  private static func start(home: TemporaryFolder) throws -> (TerminalTests.Running, String) {
    let schema = home.file("profile.json")
    write(Array(Self.schema.utf8), to: schema)
    let store = home.file("s.json")
    let settei = try TerminalTests.Running(["--schema", schema, "--store", store], home: home.path)
    try settei.waitFor("Profile> ")
    return (settei, store)
  }

  /// The store's value of `key` as it is written in the file: `"name": "…"`.
  private static func stored(_ key: String, in store: String) -> String? {
    let text = String(decoding: contents(of: store) ?? [], as: UTF8.self)
    return text.split(separator: "\n").first { $0.contains("\"\(key)\"") }.map(String.init)
  }

  @Test func ctrlUThenEnterEmptiesAPrefilledTextField() throws {
    let home = try TemporaryFolder()
    let (settei, store) = try Self.start(home: home)
    settei.type("1")
    // The line starts with the text, and the words at the prompt say an empty line clears it.
    let prompt = try settei.waitFor("Name: Ann")
    #expect(prompt.contains("an empty line clears it"), "\(prompt)")
    settei.terminal.send("\u{15}\r")
    let screen = try settei.waitFor("Profile> ", count: 2)
    #expect(!screen.contains("Unchanged."), "\(screen)")
    settei.type("quit")
    #expect(try settei.terminal.waitForExit() == 0)
    #expect(Self.stored("name", in: store)?.contains("\"name\": \"\"") == true)
  }

  @Test func aRefusedAnswerIsOfferedAgainToCorrect() throws {
    let home = try TemporaryFolder()
    let (settei, store) = try Self.start(home: home)
    settei.type("2")
    try settei.waitFor("Code: 5")
    // "5x" is no whole number: the line starts with it again, and Backspace and 7 make 57.
    settei.type("x")
    try settei.waitFor("Code: 5x", count: 2)
    settei.terminal.send("\u{7F}7\r")
    try settei.waitFor("Profile> ", count: 2)
    settei.type("quit")
    #expect(try settei.terminal.waitForExit() == 0)
    let line = Self.stored("code", in: store)
    #expect(line?.contains("\"code\": \"57\"") == true, "\(line ?? "no code in the store")")
  }

  @Test func answersAreNotKeptInTheHistory() throws {
    let home = try TemporaryFolder()
    let (settei, _) = try Self.start(home: home)
    settei.type("1")
    try settei.waitFor("Name: Ann")
    settei.terminal.send("\u{15}answer-not-a-command\r")
    try settei.waitFor("Profile> ", count: 2)
    // The yes of a question is an answer too.
    settei.type("reset all")
    try settei.waitFor("[y/N]")
    settei.type("y")
    try settei.waitFor("Profile> ", count: 3)
    settei.type("quit")
    #expect(try settei.terminal.waitForExit() == 0)

    let history = String(
      decoding: contents(of: home.path + "/state/settei/history") ?? [], as: UTF8.self)
    let lines = history.split(separator: "\n").map(String.init)
    #expect(lines.contains("reset\\040all") || lines.contains("reset all"), "\(lines)")
    #expect(!history.contains("answer-not-a-command"), "\(lines)")
    #expect(!lines.contains("y"), "\(lines)")
  }

  /// Editing a list group's text item starts the line with the item, as a text field's
  /// prompt does; Backspace and a letter change it in place.
  @Test func aListItemsLineStartsWithItsText() throws {
    let home = try TemporaryFolder()
    let schema = home.file("tags.json")
    write(
      Array(
        """
        {"Title": "Tags", "PreferenceSpecifiers": [
          {"Type": "IASKListGroupSpecifier", "Title": "Tags", "Key": "tags",
           "ItemSpecifier": {"Type": "PSTextFieldSpecifier"}}
        ]}
        """.utf8), to: schema)
    let store = home.file("s.json")
    write(Array(#"{"tags": ["swift"]}"#.utf8), to: store)
    let settei = try TerminalTests.Running(["--schema", schema, "--store", store], home: home.path)
    try settei.waitFor("Tags> ")
    settei.type("1")
    let prompt = try settei.waitFor("Tags: swift")
    #expect(prompt.contains("an empty line clears it"), "\(prompt)")
    settei.terminal.send("\u{7F}y\r")
    try settei.waitFor("Tags> ", count: 2)
    settei.type("quit")
    #expect(try settei.terminal.waitForExit() == 0)
    let text = String(decoding: contents(of: store) ?? [], as: UTF8.self)
    #expect(text.contains("\"swify\""), "\(text)")
  }
}
