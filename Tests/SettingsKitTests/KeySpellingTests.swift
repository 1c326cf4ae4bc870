import FileFormats
import SchemaKit
import TableKit
import Testing

@testable import SettingsKit
@testable import SettingsScreens

/// Keys are told apart by their bytes, as `NSUserDefaults` tells them apart: a setting keyed
/// `café` composed (NFC) does not show a value stored under `café` decomposed (NFD).
@Suite struct KeySpellingTests {
  static let composed = "caf\u{E9}"
  static let decomposed = "cafe\u{301}"

  /// A page with a multi-value keyed `café` (NFC), and, with `both`, a second one keyed
  /// `café` (NFD).
  static func schema(both: Bool = false) throws -> SettingsSchema {
    func drink(_ title: String, key: String) -> String {
      """
      {"Type": "PSMultiValueSpecifier", "Title": "\(title)", "Key": "\(key)",
       "DefaultValue": "tea", "Titles": ["Tea", "Coffee", "Water"],
       "Values": ["tea", "coffee", "water"]}
      """
    }
    let specifiers =
      [
        drink("Drink", key: composed),
        #"{"Type": "PSToggleSwitchSpecifier", "Title": "Sound", "Key": "sound", "DefaultValue": true}"#,
      ]
      + (both ? [drink("Other Drink", key: decomposed)] : [])
    let json =
      #"{"Title": "Top", "PreferenceSpecifiers": ["# + specifiers.joined(separator: ", ")
      + "]}"
    return try JSONSchemaReader.read(Array(json.utf8), source: "keys.json")
  }

  static let stored: [PropertyListKey: PropertyListValue] = [
    PropertyListKey(composed): "water", PropertyListKey(decomposed): "coffee",
  ]

  @Test func aSettingDoesNotShowTheValueOfAnotherSpellingOfItsKey() throws {
    let onlyDecomposed: [PropertyListKey: PropertyListValue] = [
      PropertyListKey(Self.decomposed): "coffee"
    ]
    let model = SettingsModel(
      schema: try Self.schema(), storedValues: onlyDecomposed, language: "en")
    #expect(model.value(forKey: Self.composed) == "tea", "the default")
    #expect(model.value(forKey: Self.decomposed) == "coffee", "kept as an unknown key is")
    let root = SettingsPageViewController(page: try #require(model.schema.rootPage), model: model)
    let drink = try #require(rows(of: root).first { $0.text == "Drink" })
    #expect(drink.detail?.contains("Tea") == true, "\(drink)")
    #expect(drink.detail?.contains("Coffee") == false, "\(drink)")
    #expect(SettingsIndex(model: model).byKey[Self.decomposed] == nil)

    // A change to another key saves both spellings as they were.
    model.setValue(false, forKey: "sound")
    #expect(model.values == onlyDecomposed.merging(["sound": false]) { $1 })
  }

  @Test func bothSpellingsStoredAreEachKeptAndChangedAlone() throws {
    let model = SettingsModel(schema: try Self.schema(), storedValues: Self.stored, language: "en")
    #expect(model.value(forKey: Self.composed) == "water")
    model.setValue("tea", forKey: Self.composed)
    #expect(model.changedKeys == [PropertyListKey(Self.composed)])
    #expect(model.values.count == 2)
    #expect(model.values[Self.composed] == "tea")
    #expect(model.values[Self.decomposed] == "coffee")
    _ = model.undo()
    #expect(model.values == Self.stored)
  }

  /// A key typed in another spelling than a setting's is named with its code points, and
  /// the setting's, since the two look the same.
  @Test(arguments: [
    ("en", "The setting caf\\u{E9} has a key that looks the same", "(typed: cafe\\u{301})"),
    ("ja", "設定 caf\\u{E9} のキーは同じに見えますが", "（入力: cafe\\u{301}）"),
  ])
  func aKeyInAnotherSpellingIsNamedWithItsCodePoints(
    language: String, setting: String, typed: String
  ) throws {
    let model = SettingsModel(schema: try Self.schema(), storedValues: [:], language: language)
    let message = SettingsIndex(model: model).unknownKeyMessage(
      Self.decomposed, otherwise: "", messages: model.messages)
    #expect(message.contains(setting), "\(message)")
    #expect(message.contains(typed), "\(message)")
    let other = SettingsIndex(model: model).unknownKeyMessage(
      "drink", otherwise: "none close", messages: model.messages)
    #expect(!other.contains("\\u{"), "\(other)")
  }

  @Test func twoSettingsWhoseKeysDifferOnlyInNormalisationAreTwoSettings() throws {
    let schema = try Self.schema(both: true)
    let model = SettingsModel(schema: schema, storedValues: Self.stored, language: "en")
    #expect(model.value(forKey: Self.composed) == "water")
    #expect(model.value(forKey: Self.decomposed) == "coffee")
    let index = SettingsIndex(model: model)
    #expect(index.byKey[Self.composed]?.specifier.title == "Drink")
    #expect(index.byKey[Self.decomposed]?.specifier.title == "Other Drink")
    #expect(index.keys.count == 3)
    let root = SettingsPageViewController(page: try #require(model.schema.rootPage), model: model)
    let shown = rows(of: root)
    #expect(shown.first { $0.text == "Drink" }?.detail?.contains("Water") == true)
    #expect(shown.first { $0.text == "Other Drink" }?.detail?.contains("Coffee") == true)
    // Not the same key twice for lint.
    #expect(!SchemaLinter.lint(schema).contains { $0.message.contains("is also used by") })
  }
}
