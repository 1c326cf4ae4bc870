import Glibc
import TestSupport
import Testing

/// The REPL's `set KEY VALUE` reads its value with quotes as a shell does, and `get KEY`
/// shows the value beside its default.
@Suite("set and get in the REPL")
struct ValueCommandTests {
  static let schema = """
    {"Title": "Profile", "PreferenceSpecifiers": [
      {"Type": "PSTextFieldSpecifier", "Title": "Name", "Key": "name", "DefaultValue": "Ann"},
      {"Type": "PSTextFieldSpecifier", "Title": "Motto", "Key": "motto"},
      {"Type": "PSTextFieldSpecifier", "Title": "Path", "Key": "path"},
      {"Type": "PSTextFieldSpecifier", "Title": "PIN", "Key": "pin", "IsSecure": true,
       "DefaultValue": "0000"}
    ]}
    """

  /// Runs a script on the schema above; returns the run and the store's text.
  private func run(_ script: String, language: String = "en") throws -> (ProcessResult, String) {
    let home = try TemporaryFolder()
    let schema = home.file("profile.json")
    write(Array(Self.schema.utf8), to: schema)
    let store = home.file("s.json")
    let run = try runSettei(
      ["--lang", language, "--schema", schema, "--store", store], script: script,
      home: home.path)
    return (run, String(decoding: contents(of: store) ?? [], as: UTF8.self))
  }

  @Test func quotesAreReadAsAShellReadsThem() throws {
    let (run, store) = try self.run(
      #"""
      set name ""
      set motto 'a  b' "it's" \"q\"
      set path C:\\Users\\'Ann'
      quit

      """#)
    try #require(run.status == 0, "\(run.standardError)")
    #expect(store.contains(#""name": """#), "\(store)")
    #expect(store.contains(#""motto": "a  b it's \"q\"""#), "\(store)")
    #expect(store.contains(#""path": "C:\\Users\\Ann""#), "\(store)")
  }

  @Test(arguments: [
    ("en", "input line 1: The ' that starts 'a b is not closed"),
    ("ja", "入力の 1 行目: 'a b の始めの ' が閉じていません"),
  ])
  func anUnclosedQuoteFailsAndNamesIt(language: String, message: String) throws {
    let (run, store) = try self.run("set motto 'a b\nquit\n", language: language)
    #expect(run.status == 1)
    #expect(run.standardError.contains(message), "\(run.standardError)")
    #expect(!store.contains("motto"))
  }

  @Test(arguments: [
    ("en", #"name = Ann ("Ann") (the default)"#, #"name = Bob ("Bob") · default Ann ("Ann")"#),
    ("ja", #"name = Ann ("Ann") （デフォルト）"#, #"name = Bob ("Bob") · デフォルト Ann ("Ann")"#),
  ])
  func getShowsTheDefaultBesideTheValue(language: String, same: String, changed: String) throws {
    let (run, _) = try self.run("get name\nset name Bob\nget name\nquit!\n", language: language)
    try #require(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.contains(same + " · Profile › Name"), "\(run.standardOutput)")
    #expect(run.standardOutput.contains(changed + " · Profile › Name"), "\(run.standardOutput)")
  }

  /// Whether a secret is its default would tell it: neither "(the default)" nor the default.
  @Test func getOfASecureFieldDoesNotSayWhetherItIsTheDefault() throws {
    let (run, _) = try self.run("get pin\nset pin 1234\nget pin\nquit!\n")
    try #require(run.status == 0, "\(run.standardError)")
    let lines = run.standardOutput.split(separator: "\n").filter { $0.hasPrefix("pin = ") }
    // get, what set says, get.
    #expect(
      lines == ["pin = •••••• · Profile › PIN", "pin = ••••••", "pin = •••••• · Profile › PIN"])
  }
}
