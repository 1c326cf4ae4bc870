import FileFormats
import Testing

@testable import SchemaKit
@testable import SettingsKit

@Suite struct SpecifierValuesTests {
  let toggle = Specifier(index: 0, raw: ["Type": "PSToggleSwitchSpecifier", "Key": "t"])
  let custom = Specifier(
    index: 0,
    raw: ["Type": "PSToggleSwitchSpecifier", "Key": "t", "TrueValue": "on", "FalseValue": "off"])

  @Test func togglesReadTruthyValuesAsFoundationDoes() {
    #expect(SpecifierValues.isOn(true, for: toggle))
    #expect(!SpecifierValues.isOn(false, for: toggle))
    #expect(SpecifierValues.isOn("YES", for: toggle))
    #expect(!SpecifierValues.isOn("NO", for: toggle))
    #expect(SpecifierValues.isOn(1, for: toggle))
    #expect(!SpecifierValues.isOn(nil, for: toggle))
    #expect(SpecifierValues.isOn("on", for: custom))
    #expect(!SpecifierValues.isOn("off", for: custom))
  }

  @Test(
    arguments: [
      ("12345", "NumberPad", true), ("12a", "NumberPad", false), ("-1", "NumberPad", false),
      ("3.5", "DecimalPad", true), ("3,5", "DecimalPad", false),
      ("a@example.com", "EmailAddress", true), ("a@b", "EmailAddress", false),
      ("not mail", "EmailAddress", false), ("https://example.com/x", "URL", true),
      ("example com", "URL", false), ("anything", "Alphabet", true), ("x", nil, true),
    ] as [(String, String?, Bool)])
  func keyboardTypesValidateInput(text: String, keyboard: String?, isValid: Bool) {
    let problem = SpecifierValues.problem(with: text, keyboardType: keyboard).map {
      SettingsMessages.forLanguage("en").text($0, text)
    }
    #expect((problem == nil) == isValid, "\(problem ?? "")")
    if let problem { #expect(problem.contains(text), "the message quotes the input") }
  }

  @Test func autocapitalization() {
    #expect(SpecifierValues.autocapitalize("hello world", type: "Words") == "Hello World")
    #expect(SpecifierValues.autocapitalize("hi. there", type: "Sentences") == "Hi. There")
    #expect(SpecifierValues.autocapitalize("abc", type: "AllCharacters") == "ABC")
    #expect(SpecifierValues.autocapitalize("abc", type: "None") == "abc")
    #expect(SpecifierValues.autocapitalize("abc", type: nil) == "abc")
  }

  @Test func slidersShowTheNumberAndABar() {
    #expect(SpecifierValues.sliderText(0.5, minimum: 0, maximum: 1) == "0.5 █████░░░░░")
    #expect(SpecifierValues.sliderText(100, minimum: 0, maximum: 100) == "100 ██████████")
    #expect(SpecifierValues.sliderText(-5, minimum: 0, maximum: 10) == "-5 ░░░░░░░░░░")
    #expect(SpecifierValues.format(0.1 + 0.2) == "0.3")
  }

  @Test func datesAreISO8601() {
    #expect(SpecifierValues.date(from: "2026-11-30") != nil)
    #expect(SpecifierValues.date(from: "2026-11-30T09:00:00Z") != nil)
    #expect(SpecifierValues.date(from: "30.11.2026") == nil)
    #expect(SpecifierValues.date(from: "2026-02-30") == nil)
  }
}

/// Values read and compared as iOS reads and compares them.
@Suite struct SpecifierValuesAsIOSTests {
  @Test func numbersWrittenAsTextAreNumbers() {
    #expect(SpecifierValues.number("40") == 40)
    #expect(SpecifierValues.number(" 0.5 ") == 0.5)
    #expect(SpecifierValues.number(.integer(2)) == 2)
    #expect(SpecifierValues.number("forty") == nil)
    #expect(SpecifierValues.number("inf") == nil)
    #expect(SpecifierValues.number(.bool(true)) == nil)
    let slider = Specifier(
      index: 0,
      raw: ["Type": "PSSliderSpecifier", "MinimumValue": "2", "MaximumValue": "40"])
    #expect(SpecifierValues.sliderRange(of: slider) == (2, 40))
  }

  @Test func numbersCompareByValue() {
    #expect(SpecifierValues.same(.integer(250), .real(250)))
    #expect(!SpecifierValues.same(.integer(250), .real(250.5)))
    #expect(!SpecifierValues.same(.string("250"), .integer(250)))
    let choices = Specifier(index: 0, raw: ["Values": [100.0, 250.0]])
    #expect(SpecifierValues.choiceIndex(of: .integer(250), in: choices) == 1)
    #expect(SpecifierValues.choiceIndex(of: "lb", in: choices) == nil)
    let toggle = Specifier(index: 0, raw: ["TrueValue": 1.0, "FalseValue": 0.0])
    #expect(SpecifierValues.isOn(.integer(1), for: toggle))
    #expect(!SpecifierValues.isOn(.integer(0), for: toggle))
  }

  @Test func aTimePickerTakesATimeOnTheDayItHad() throws {
    let day = try #require(SpecifierValues.date(from: "2026-11-30T23:59:00Z"))
    let time = try #require(SpecifierValues.date(from: "7:05", mode: .time, current: day))
    #expect(ISO8601Date.string(from: time) == "2026-11-30T07:05:00Z")
    #expect(SpecifierValues.dateText(time, mode: .time) == "07:05")
    #expect(SpecifierValues.dateText(time, mode: .date) == "2026-11-30")
    let first = try #require(SpecifierValues.date(from: "23:59:30", mode: .time, current: nil))
    #expect(ISO8601Date.string(from: first) == "2001-01-01T23:59:30Z")
    for wrong in ["24:00", "7", "7:60", "ab:cd", "7:5:1:2"] {
      #expect(SpecifierValues.date(from: wrong, mode: .time, current: day) == nil, "\(wrong)")
    }
    #expect(SpecifierValues.date(from: "7:05", mode: .date, current: day) == nil)
  }

  @Test func theExtraKeyboardTypesCheckWhatTheirKeysCanType() {
    #expect(SpecifierValues.problem(with: "+1 (555) 010-0*#", keyboardType: "PhonePad") == nil)
    #expect(SpecifierValues.problem(with: "call me", keyboardType: "PhonePad") != nil)
    #expect(SpecifierValues.problem(with: "plain", keyboardType: "AsciiCapable") == nil)
    #expect(SpecifierValues.problem(with: "café", keyboardType: "AsciiCapable") != nil)
    #expect(SpecifierValues.problem(with: "Ada 555", keyboardType: "NamePhonePad") == nil)
  }

  @Test func aTextFieldShowsABooleanAsNSNumberDescribesIt() {
    #expect(SpecifierValues.fieldText(of: .bool(true)) == "1")
    #expect(SpecifierValues.fieldText(of: .bool(false)) == "0")
    #expect(SpecifierValues.fieldText(of: "Ada") == "Ada")
  }
}

/// What `import` and the recovery file may store: what `set` would.
@Suite struct StoredValueProblemTests {
  @Test func valuesAreCheckedAsSetChecksThem() throws {
    let model = try embeddedModel(language: "en")
    #expect(model.problem(storing: "fahrenheit", forKey: "temperatureUnit") == nil)
    #expect(model.problem(storing: nil, forKey: "temperatureUnit") == nil, "back to the default")
    #expect(
      model.problem(storing: "kelvin", forKey: "temperatureUnit")?.hasPrefix(
        #""kelvin" does not fit (allowed: Celsius (°C) (celsius), Fahrenheit (°F) (fahrenheit))"#)
        == true)
    // A toggle takes what its screen stores, as set does: true or false (NSNumber's 1 or 0),
    // never text that iOS would only read as on or off.
    #expect(model.problem(storing: true, forKey: "liveText") == nil)
    #expect(model.problem(storing: 0, forKey: "liveText") == nil)
    #expect(model.problem(storing: "maybe", forKey: "liveText") != nil)
    #expect(model.problem(storing: "yes", forKey: "liveText") != nil)
    #expect(model.problem(storing: [1, 2], forKey: "liveText") != nil)
    #expect(model.problem(storing: "x", forKey: "\u{1B}[31mevil") != nil)
  }

  @Test func aSecretIsNeverQuoted() throws {
    let json = """
      {"Title": "A", "PreferenceSpecifiers": [
        {"Type": "PSTextFieldSpecifier", "Title": "P", "Key": "p", "IsSecure": true,
         "KeyboardType": "EmailAddress"}]}
      """
    let schema = try JSONSchemaReader.read(Array(json.utf8), source: "a.json")
    let model = SettingsModel(schema: schema, storedValues: [:], language: "en")
    #expect(model.secureKeys == ["p"])
    #expect(model.problem(storing: "a@b.c", forKey: "p") == nil)
    let problems = [
      model.problem(storing: "hunter2", forKey: "p"), model.problem(storing: 7, forKey: "p"),
    ]
    #expect(
      problems.allSatisfy { $0.map { !$0.contains("hunter2") && !$0.contains("7") } ?? false })
  }
}

/// Secrets inside a list group's items are masked as a secure field's value is.
@Suite struct MaskedValueTests {
  @Test func theSecureFieldsOfListItemsAreMasked() throws {
    let json = """
      {"Title": "A", "PreferenceSpecifiers": [
        {"Type": "IASKListGroupSpecifier", "Title": "Accounts", "Key": "accounts",
         "ItemSpecifier": {"Type": "PSChildPaneSpecifier", "Title": "Account", "Children": {
           "Title": "Account", "PreferenceSpecifiers": [
             {"Type": "PSTextFieldSpecifier", "Title": "User", "Key": "user"},
             {"Type": "PSTextFieldSpecifier", "Title": "Password", "Key": "pw", "IsSecure": true}]}}},
        {"Type": "IASKListGroupSpecifier", "Title": "Pins", "Key": "pins",
         "ItemSpecifier": {"Type": "PSTextFieldSpecifier", "IsSecure": true}},
        {"Type": "IASKListGroupSpecifier", "Title": "Tags", "Key": "tags",
         "ItemSpecifier": {"Type": "PSTextFieldSpecifier"}}]}
      """
    let schema = try JSONSchemaReader.read(Array(json.utf8), source: "a.json")
    let model = SettingsModel(schema: schema, storedValues: [:], language: "en")
    let hidden = PropertyListValue.string(SettingsModel.maskedSecret)
    #expect(
      model.masked([["user": "bob", "pw": "hunter2"]], forKey: "accounts")
        == [["user": "bob", "pw": hidden]])
    #expect(model.masked(["1234", "5678"], forKey: "pins") == [hidden, hidden])
    #expect(model.masked(["a", "b"], forKey: "tags") == ["a", "b"])
    #expect(model.keysHoldingSecrets == ["accounts", "pins"])
  }
}
