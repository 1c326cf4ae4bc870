import Testing

@testable import FileFormats
@testable import SettingsKit

/// Store differences beside the model they read: a key absent from a store has its default,
/// and a key the schema lacks is named in the language asked.
@Suite struct StoreDifferenceTests {
  @Test func onlyWhatDiffersFromTheDefaultsIsARow() throws {
    let model = try embeddedModel(language: "en")
    let index = SettingsIndex(model: model)
    let rows = StoreDifference.rows(
      old: ["gone": 1], new: [:], model: model, index: index, messages: .forLanguage("ja"))
    #expect(rows == [.init(key: "gone", path: ["(スキーマにありません)"], old: 1, new: nil)])
    let english = StoreDifference.rows(
      old: [:], new: ["gone": "x"], model: model, index: index)
    #expect(english == [.init(key: "gone", path: ["(not in the schema)"], old: nil, new: "x")])
  }

  @Test func changedValuesKeepUnknownKeysAndDropDefaults() throws {
    let model = try embeddedModel(language: "en")
    let key = try #require(SettingsIndex(model: model).keys.first)
    let stored = try #require(model.defaultValue(forKey: key))
    let values: [PropertyListKey: PropertyListValue] = [PropertyListKey(key): stored, "gone": 1]
    #expect(StoreDifference.changedValues(values, model: model) == ["gone": 1])
  }
}
