import FileFormats
import SchemaKit
import Testing

@testable import SettingsKit

/// A schema with one setting of each checked kind.
func sampleSchema() throws -> SettingsSchema {
  let json = """
    {"Title": "Top", "PreferenceSpecifiers": [
      {"Type": "PSToggleSwitchSpecifier", "Title": "Sound", "Key": "sound", "DefaultValue": true},
      {"Type": "PSMultiValueSpecifier", "Title": "Colour", "Key": "colour", "DefaultValue": "red",
       "Titles": ["Red", "Blue"], "Values": ["red", "blue"]},
      {"Type": "PSSliderSpecifier", "Key": "volume", "DefaultValue": 0.5,
       "MinimumValue": 0, "MaximumValue": 10},
      {"Type": "PSTextFieldSpecifier", "Title": "Age", "Key": "age", "DefaultValue": "",
       "KeyboardType": "NumberPad"},
      {"Type": "PSTextFieldSpecifier", "Title": "Name", "Key": "name", "DefaultValue": "",
       "AutocapitalizationType": "Words"},
      {"Type": "IASKDatePickerSpecifier", "Title": "Birthday", "Key": "birthday"},
      {"Type": "IASKTextViewSpecifier", "Title": "Notes", "Key": "notes"},
      {"Type": "PSTitleValueSpecifier", "Title": "Version", "Key": "version", "DefaultValue": "1"},
      {"Type": "IASKButtonSpecifier", "Title": "Reset", "Key": "resetButton"}
    ]}
    """
  return try JSONSchemaReader.read(Array(json.utf8), source: "sample.json")
}

@Suite struct SettingsModelValueTests {
  @Test func aKeyShowsItsChangeElseAValidStoredValueElseTheDefault() throws {
    let model = SettingsModel(
      schema: try sampleSchema(), storedValues: ["colour": "blue", "volume": 42],
      language: "en")
    #expect(model.value(forKey: "colour") == "blue")
    #expect(model.value(forKey: "volume") == 0.5, "out of range: the default shows")
    #expect(model.value(forKey: "sound") == true)
    model.setValue("red", forKey: "colour")
    #expect(model.value(forKey: "colour") == "red")
    #expect(model.value(forKey: "unknown") == nil)
  }

  /// A row asks for a key's value and its default at once: the same as asking for each.
  @Test func aValueAndItsDefaultTogetherAreEachAsAskedAlone() throws {
    let keys = ["colour", "volume", "sound", "unknown"]
    let stores: [[PropertyListKey: PropertyListValue]] = [
      [:], ["colour": "blue", "volume": 42], ["colour": "purple", "sound": "yes", "other": 1],
    ]
    for stored in stores {
      let model = SettingsModel(schema: try sampleSchema(), storedValues: stored, language: "en")
      func expectBothAsAlone(_ moment: String) {
        for key in keys {
          let both = model.valueAndDefault(forKey: key)
          #expect(both.value == model.value(forKey: key), "\(key), \(moment), \(stored)")
          #expect(both.defaultValue == model.defaultValue(forKey: key), "\(key), \(moment)")
        }
      }
      expectBothAsAlone("as loaded")
      model.setValue("red", forKey: "colour")
      model.setValue(nil, forKey: "volume")
      expectBothAsAlone("after changes")
      _ = model.undo()
      expectBothAsAlone("after an undo")
    }
  }

  @Test func anInvalidStoredValueIsKeptUnlessChangedAndWarnedAbout() throws {
    let model = SettingsModel(
      schema: try sampleSchema(), storedValues: ["volume": 42, "other": "x"], language: "en")
    #expect(model.values == ["volume": 42, "other": "x"])
    #expect(model.storedValueWarnings.count == 1)
    #expect(model.storedValueWarnings.first?.contains("'volume'") == true)
    #expect(model.storedValueWarnings.first?.contains("showing the default") == true)
    model.setValue(3, forKey: "volume")
    #expect(model.values["volume"] == 3)
  }

  @Test func settingTheStoredValueBackIsNoChangeButStaysInTheLog() throws {
    let model = SettingsModel(
      schema: try sampleSchema(), storedValues: ["colour": "blue"], language: "en")
    model.setValue("red", forKey: "colour")
    #expect(model.changedKeys == ["colour"])
    model.setValue("blue", forKey: "colour")
    #expect(model.changedKeys.isEmpty)
    #expect(model.changes.count == 2)
    model.setValue("blue", forKey: "colour")
    #expect(model.changes.count == 2, "setting the value it has records nothing")
  }

  @Test func undoRestoresTheValueBeforeTheLastChange() throws {
    let model = SettingsModel(schema: try sampleSchema(), storedValues: [:], language: "en")
    model.setValue("blue", forKey: "colour")
    model.setValue(false, forKey: "sound")
    model.setValue("red", forKey: "colour")
    #expect(model.undo()?.key == "colour")
    #expect(model.value(forKey: "colour") == "blue")
    #expect(model.undo()?.key == "sound")
    #expect(model.undo()?.newValue == "blue")
    #expect(model.changedKeys.isEmpty)
    #expect(model.undo() == nil)
  }

  @Test func observersHearEveryChangeUntilRemoved() throws {
    let model = SettingsModel(schema: try sampleSchema(), storedValues: [:], language: "en")
    final class Owner {}
    let owner = Owner()
    var calls = 0
    model.addObserver(owner) { calls += 1 }
    model.setValue(false, forKey: "sound")
    model.undo()
    #expect(calls == 2)
    model.removeObserver(owner)
    model.setValue(false, forKey: "sound")
    #expect(calls == 2)
  }

  @Test func differsFromDefaultComparesWithTheSchemasDefault() throws {
    let model = SettingsModel(
      schema: try sampleSchema(), storedValues: ["sound": false], language: "en")
    #expect(model.differsFromDefault("sound"))
    #expect(!model.differsFromDefault("colour"))
    #expect(!model.differsFromDefault("birthday"), "no value and no default")
  }

  @Test(arguments: [
    ("sound", PropertyListValue.bool(false), true), ("sound", "yes", false), ("sound", 1, true),
    ("sound", 2, false),
    ("colour", "blue", true), ("colour", "green", false),
    ("volume", 10, true), ("volume", 10.5, false), ("volume", "5", true), ("volume", "loud", false),
    ("age", "12", true), ("age", 12, false),
    ("notes", 3, false), ("notes", "a\nb", true), ("unknown", 3, true),
  ])
  func isValidChecksTheSpecifiersType(key: String, value: PropertyListValue, valid: Bool) throws {
    let model = SettingsModel(schema: try sampleSchema(), storedValues: [:], language: "en")
    #expect(model.isValid(value, forKey: key) == valid)
  }
}
