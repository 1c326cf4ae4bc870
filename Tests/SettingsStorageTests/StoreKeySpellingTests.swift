import TestSupport
import Testing

@testable import FileFormats
@testable import SettingsStorage

/// A store tells keys apart by their bytes, as `NSUserDefaults` does: `café` composed (NFC)
/// and decomposed (NFD) are two keys, each kept with its value through every save.
@Suite struct StoreKeySpellingTests {
  static let composed = "caf\u{E9}"
  static let decomposed = "cafe\u{301}"

  /// Store files holding both spellings: in the shape settei writes (saved member by member),
  /// edited by hand (put in that shape), and a property list (written whole).
  static let files: [(name: String, text: String)] = [
    (
      "settings.json",
      "{\n  \"\(decomposed)\": \"nfd\",\n  \"\(composed)\": \"nfc\",\n  \"unit\": \"c\"\n}\n"
    ),
    ("edited.json", "{\"\(composed)\": \"nfc\", \"unit\": \"c\", \"\(decomposed)\": \"nfd\"}"),
    (
      "settings.plist",
      plistDocument(
        "<dict><key>\(composed)</key><string>nfc</string><key>unit</key><string>c</string>"
          + "<key>\(decomposed)</key><string>nfd</string></dict>")
    ),
  ]

  /// Whether `bytes` hold `part`, byte for byte.
  private func holds(_ bytes: [UInt8], _ part: String) -> Bool {
    let part = Array(part.utf8)
    guard part.count <= bytes.count else { return false }
    return (0...(bytes.count - part.count)).contains {
      bytes[$0..<$0 + part.count].elementsEqual(part)
    }
  }

  @Test(arguments: files.indices)
  func bothSpellingsAreLoadedAndSavedBack(file: Int) throws {
    let folder = try TemporaryFolder()
    let path = folder.file(Self.files[file].name)
    try writeText(Self.files[file].text, to: path)
    let store = try SettingsStore.load(path: path)
    #expect(store.values.count == 3)
    #expect(store.values[Self.composed] == "nfc")
    #expect(store.values[Self.decomposed] == "nfd")

    // Another key changed: both spellings stay, with their values.
    var values = store.values
    values["unit"] = "f"
    #expect(try store.save(values, changedKeys: ["unit"]).wroteFile)
    let bytes = try readBytes(path)
    let quote = path.hasSuffix(".json") ? "\"" : ">"
    #expect(holds(bytes, quote + Self.composed + (path.hasSuffix(".json") ? "\"" : "<")))
    #expect(holds(bytes, quote + Self.decomposed + (path.hasSuffix(".json") ? "\"" : "<")))
    let reloaded = try SettingsStore.load(path: path)
    #expect(
      reloaded.values == [
        "unit": "f", PropertyListKey(Self.composed): "nfc",
        PropertyListKey(Self.decomposed): "nfd",
      ])

    // One spelling changed: the other keeps its value.
    values = reloaded.values
    values[Self.decomposed] = "changed"
    try reloaded.save(values, changedKeys: [PropertyListKey(Self.decomposed)])
    let again = try SettingsStore.load(path: path)
    #expect(again.values[Self.composed] == "nfc")
    #expect(again.values[Self.decomposed] == "changed")
    #expect(again.values.count == 3)
  }

  /// Removing one spelling leaves the other.
  @Test func removingOneSpellingKeepsTheOther() throws {
    let folder = try TemporaryFolder()
    let path = folder.file(Self.files[0].name)
    try writeText(Self.files[0].text, to: path)
    let store = try SettingsStore.load(path: path)
    var values = store.values
    values[Self.composed] = nil
    try store.save(values, changedKeys: [PropertyListKey(Self.composed)])
    let text = "{\n  \"\(Self.decomposed)\": \"nfd\",\n  \"unit\": \"c\"\n}\n"
    #expect(try readBytes(path) == Array(text.utf8))
  }

  /// Edits saved to a recovery file keep both spellings apart too.
  @Test func aRecoveryFileKeepsBothSpellings() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("settings.json.recover")
    var changes: [PropertyListKey: PropertyListValue?] = [:]
    changes[PropertyListKey(Self.composed)] = .some("nfc")
    changes[PropertyListKey(Self.decomposed)] = .some(nil)
    try SettingsStore.writeRecovery(changes, to: path)
    let read = try #require(try SettingsStore.readRecovery(at: path))
    #expect(read.count == 2)
    #expect((read[PropertyListKey(Self.composed)] ?? nil) == "nfc")
    let removed: PropertyListValue?? = .some(nil)
    #expect(read[PropertyListKey(Self.decomposed)] == removed)
  }
}
