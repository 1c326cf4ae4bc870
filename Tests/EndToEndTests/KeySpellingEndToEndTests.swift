import Glibc
import TestSupport
import Testing

/// `café` composed (NFC) and decomposed (NFD) are two keys, as `NSUserDefaults` has them:
/// `settei get` and `set` match a key by its bytes, and a store holding both spellings
/// keeps both, byte for byte, through every save.
@Suite("keys compared by bytes")
struct KeySpellingEndToEndTests {
  static let composed = "caf\u{E9}"
  static let decomposed = "cafe\u{301}"

  static let schema = """
    {"Title": "Profile", "PreferenceSpecifiers": [
      {"Type": "PSTextFieldSpecifier", "Title": "Café", "Key": "\(composed)",
       "DefaultValue": "default"},
      {"Type": "PSToggleSwitchSpecifier", "Title": "Sound", "Key": "sound", "DefaultValue": true}
    ]}
    """

  /// A store file in the shape settei writes, holding both spellings (NFD sorts first by
  /// bytes: "e" is 0x65, "é" 0xC3 0xA9).
  static let bothSpellings =
    "{\n  \"\(decomposed)\": \"nfd\",\n  \"\(composed)\": \"nfc\",\n  \"sound\": true\n}\n"

  private struct Setup {
    let home: TemporaryFolder
    let store: String
    var options: [String] {
      ["--lang", "en", "--schema", home.file("profile.json"), "--store", store]
    }

    init(store text: String, name: String = "s.json") throws {
      home = try TemporaryFolder()
      write(Array(KeySpellingEndToEndTests.schema.utf8), to: home.file("profile.json"))
      store = home.file(name)
      write(Array(text.utf8), to: store)
    }

    func run(_ arguments: [String]) throws -> ProcessResult {
      try runSettei(arguments + options, script: "", home: home.path)
    }

    var bytes: [UInt8] { contents(of: store) ?? [] }
  }

  @Test("RM-71 a setting does not show a value stored under another spelling of its key")
  func aSettingDoesNotShowAValueStoredUnderAnotherSpelling() throws {
    let setup = try Setup(store: "{\"\(Self.decomposed)\": \"nfd\"}")
    let get = try setup.run(["get", Self.composed])
    #expect(get.status == 0, "\(get.standardError)")
    #expect(get.standardOutput == "default\n")
    let other = try setup.run(["get", Self.decomposed])
    #expect(other.status == 0, "\(other.standardError)")
    #expect(other.standardOutput == "nfd\n", "a stored key the schema lacks")
  }

  @Test("RM-71 get and set match a key by bytes, and a store holding both spellings keeps both")
  func getAndSetMatchTheKeyByBytesAndKeepBothSpellings() throws {
    let setup = try Setup(store: Self.bothSpellings)
    let nfc = try setup.run(["get", Self.composed])
    #expect(nfc.status == 0, "\(nfc.standardError)")
    #expect(nfc.standardOutput == "nfc\n")
    let nfd = try setup.run(["get", Self.decomposed])
    #expect(nfd.standardOutput == "nfd\n", "\(nfd.standardError)")

    // Another key set: both spellings stay as they were, byte for byte.
    let set = try setup.run(["set", "sound", "off"])
    #expect(set.status == 0, "\(set.standardError)")
    let afterSound = Self.bothSpellings.replacing("\"sound\": true", with: "\"sound\": false")
    #expect(setup.bytes == Array(afterSound.utf8))

    // The setting's own spelling set: the other keeps its value.
    let setNFC = try setup.run(["set", Self.composed, "changed"])
    #expect(setNFC.status == 0, "\(setNFC.standardError)")
    #expect(setup.bytes == Array(afterSound.replacing("\"nfc\"", with: "\"changed\"").utf8))

    // The other spelling is no setting's key, and the message says how it differs.
    let setNFD = try setup.run(["set", Self.decomposed, "x"])
    #expect(setNFD.status == 1)
    #expect(
      setNFD.standardError.contains(
        "The setting caf\\u{E9} has a key that looks the same but is written with other "
          + "Unicode characters (typed: cafe\\u{301})"), "\(setNFD.standardError)")
    #expect(setup.bytes == Array(afterSound.replacing("\"nfc\"", with: "\"changed\"").utf8))
  }

  /// `reset` removes the setting's key and keeps the other spelling, which no setting has;
  /// `import` of a file holding both writes both.
  @Test("RM-71 reset --all and import keep both spellings")
  func resetAndImportKeepBothSpellings() throws {
    let setup = try Setup(store: Self.bothSpellings)
    let reset = try setup.run(["reset", "--all"])
    #expect(reset.status == 0, "\(reset.standardError)")
    #expect(setup.bytes == Array("{\n  \"\(Self.decomposed)\": \"nfd\"\n}\n".utf8))

    write(
      Array(
        plistDocument(
          "<dict><key>\(Self.composed)</key><string>a</string>"
            + "<key>\(Self.decomposed)</key><string>b</string></dict>"
        ).utf8), to: setup.home.file("backup.plist"))
    let imported = try setup.run(["import", setup.home.file("backup.plist")])
    #expect(imported.status == 0, "\(imported.standardError)")
    let expected = "{\n  \"\(Self.decomposed)\": \"b\",\n  \"\(Self.composed)\": \"a\"\n}\n"
    #expect(setup.bytes == Array(expected.utf8))
  }

  /// A property-list store keeps both spellings through a save of the REPL too.
  @Test("RM-71 a property-list store keeps both spellings through the REPL's quit")
  func aPropertyListStoreKeepsBothSpellingsThroughTheREPL() throws {
    let setup = try Setup(
      store: plistDocument(
        "<dict><key>\(Self.composed)</key><string>nfc</string>"
          + "<key>\(Self.decomposed)</key><string>nfd</string></dict>"),
      name: "s.plist")
    let repl = try runSettei(setup.options, script: "set sound off\nquit\n", home: setup.home.path)
    #expect(repl.status == 0, "\(repl.standardError)")
    let text = String(decoding: setup.bytes, as: UTF8.self)
    let keys = text.split(separator: "\n").filter { $0.contains("<key>") }
      .map { Array($0.utf8) }
    #expect(
      keys == [
        Array("\t<key>\(Self.decomposed)</key>".utf8), Array("\t<key>\(Self.composed)</key>".utf8),
        Array("\t<key>sound</key>".utf8),
      ])
  }
}
