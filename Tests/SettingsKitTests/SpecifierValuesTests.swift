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
    let problem = SpecifierValues.problem(with: text, keyboardType: keyboard)
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
    #expect(model.problem(storing: "a string", forKey: "liveText") != nil)
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
