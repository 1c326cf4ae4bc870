import TableKit
import Testing

@testable import FileFormats
@testable import SchemaKit
@testable import SettingsKit
@testable import SettingsScreens

/// A schema with one specifier of every kind settei edits, for screen tests.
private let everyKind = """
  {"Title": "All", "PreferenceSpecifiers": [
    {"Type": "PSGroupSpecifier", "Title": "Texts", "FooterText": "About texts"},
    {"Type": "PSTextFieldSpecifier", "Title": "Name", "Key": "name", "DefaultValue": "",
     "AutocapitalizationType": "Words"},
    {"Type": "PSTextFieldSpecifier", "Title": "Password", "Key": "password", "IsSecure": true},
    {"Type": "PSTextFieldSpecifier", "Title": "Age", "Key": "age", "KeyboardType": "NumberPad"},
    {"Type": "PSSliderSpecifier", "Key": "volume", "DefaultValue": 0.5,
     "MinimumValue": 0, "MaximumValue": 1},
    {"Type": "PSTitleValueSpecifier", "Title": "Version", "Key": "version",
     "DefaultValue": "1.0"},
    {"Type": "PSRadioGroupSpecifier", "Title": "Size", "Key": "size", "DefaultValue": "m",
     "Titles": ["Small", "Medium", "Large"], "Values": ["s", "m", "l"], "FooterText": "Pick one"},
    {"Type": "IASKTextViewSpecifier", "Title": "Notes", "Key": "notes"},
    {"Type": "IASKDatePickerSpecifier", "Title": "Birthday", "Key": "birthday"},
    {"Type": "IASKListGroupSpecifier", "Title": "Tags", "Key": "tags",
     "AddSpecifier": {"Type": "PSTextFieldSpecifier", "Key": "tag", "Title": "Add Tag"},
     "ItemSpecifier": {"Type": "PSTextFieldSpecifier"}},
    {"Type": "IASKButtonSpecifier", "Title": "Reset", "Key": "reset"}
  ]}
  """

private func screen(stored: [PropertyListKey: PropertyListValue] = [:]) throws -> (
  SettingsPageViewController, NavigationController, SettingsModel
) {
  let schema = try JSONSchemaReader.read(Array(everyKind.utf8), source: "every.json")
  let model = SettingsModel(schema: schema, storedValues: stored, language: "en")
  let page = try #require(schema.rootPage)
  let controller = SettingsPageViewController(page: page, model: model)
  let navigation = NavigationController(rootViewController: controller)
  navigation.viewWillAppear(false)
  return (controller, navigation, model)
}

/// Selects a row and answers its text request.
private func answer(
  _ text: String?, selecting title: String, in controller: SettingsPageViewController,
  _ navigation: NavigationController
) throws -> TextInputRequest {
  #expect(select(title, in: controller))
  let request = try #require(navigation.takePresentedTextInput())
  if let text {
    if let problem = request.validate(text) {
      Issue.record("'\(text)' refused: \(problem)")
    } else {
      request.completion(.entered(text))
    }
  } else {
    request.completion(.cancelled)
  }
  return request
}

@Suite struct SpecifierScreensTests {
  @Test func everyKindHasARowWithItsValue() throws {
    let (controller, _, _) = try screen(stored: ["password": "hunter2", "tags": ["a", "b"]])
    let shown = rows(of: controller)
    func detail(_ text: String) -> String?? { shown.first { $0.text == text }.map(\.detail) }
    #expect(detail("Password") == "• ••••••", "secure text is masked, and marked as changed")
    #expect(detail("") == "0.5 █████░░░░░", "a slider without a title shows no key, as on iOS")
    #expect(!shown.map(\.text).contains("volume"))
    #expect(detail("Version") == "1.0")
    #expect(detail("Reset") == "(button)")
    #expect(shown.map(\.text).contains("Medium"))
    #expect(shown.map(\.text).contains("a") && shown.map(\.text).contains("+ Add Tag"))
  }

  @Test func radioGroupListsItsChoicesInlineWithACheckmark() throws {
    let (controller, _, model) = try screen()
    let tableView = controller.tableView
    let section = try #require(
      (0..<tableView.numberOfSections).first { tableView.headerTitle(forSection: $0) == "Size" })
    #expect(tableView.footerTitle(forSection: section) == "Pick one")
    let marks = (0..<3).compactMap {
      tableView.currentCell(at: IndexPath(row: $0, section: section))?.accessoryType
    }
    #expect(
      marks == [TableViewCell.AccessoryType.none, .checkmark, TableViewCell.AccessoryType.none])
    #expect(select("Large", in: controller))
    #expect(model.value(forKey: "size") == "l")
  }

  @Test func textFieldAsksAndAppliesAutocapitalization() throws {
    let (controller, navigation, model) = try screen()
    let request = try answer("ada lovelace", selecting: "Name", in: controller, navigation)
    #expect(!request.isSecure)
    #expect(model.value(forKey: "name") == "Ada Lovelace")
    _ = try answer(nil, selecting: "Name", in: controller, navigation)
    #expect(model.value(forKey: "name") == "Ada Lovelace", "cancelling keeps the value")
  }

  @Test func secureTextFieldAsksHidden() throws {
    let (controller, navigation, model) = try screen()
    let request = try answer("s3cret", selecting: "Password", in: controller, navigation)
    #expect(request.isSecure)
    #expect(model.value(forKey: "password") == "s3cret")
    #expect(request.message?.contains("s3cret") != true)
  }

  @Test func numberPadRefusesLetters() throws {
    let (controller, navigation, _) = try screen()
    #expect(select("Age", in: controller))
    let request = try #require(navigation.takePresentedTextInput())
    #expect(request.validate("4x") != nil)
    #expect(request.validate("42") == nil)
  }

  @Test func sliderAsksForANumberInRange() throws {
    let (controller, navigation, model) = try screen()
    #expect(select("", in: controller), "the slider, which has no title")
    let request = try #require(navigation.takePresentedTextInput())
    #expect(request.validate("2")?.contains("out of range") == true)
    #expect(request.validate("loud")?.contains("not a number") == true)
    #expect(request.validate("0.25") == nil)
    request.completion(.entered("0.25"))
    #expect(model.value(forKey: "volume") == .real(0.25))
  }

  @Test func textViewTakesSeveralLines() throws {
    let (controller, navigation, model) = try screen()
    let request = try answer("one\ntwo", selecting: "Notes", in: controller, navigation)
    #expect(request.isMultiline)
    #expect(model.value(forKey: "notes") == "one\ntwo")
    #expect(rows(of: controller).first { $0.text == "Notes" }?.detail == "• one …")
  }

  @Test func datePickerTakesISO8601Dates() throws {
    let (controller, navigation, model) = try screen()
    #expect(select("Birthday", in: controller))
    let request = try #require(navigation.takePresentedTextInput())
    #expect(request.validate("tomorrow") != nil)
    request.completion(.entered("2026-11-30"))
    #expect(
      rows(of: controller).first { $0.text == "Birthday" }?.detail == "• 2026-11-30T00:00:00Z")
    #expect(model.changedKeys == ["birthday"])
  }

  @Test func listGroupAddsEditsAndRemovesItems() throws {
    let (controller, navigation, model) = try screen(stored: ["tags": ["a"]])
    _ = try answer("b", selecting: "+ Add Tag", in: controller, navigation)
    #expect(model.value(forKey: "tags") == ["a", "b"])
    _ = try answer("A", selecting: "a", in: controller, navigation)
    #expect(model.value(forKey: "tags") == ["A", "b"])
    _ = try answer("-", selecting: "b", in: controller, navigation)
    #expect(model.value(forKey: "tags") == ["A"])
    #expect(rows(of: controller).map(\.text).contains("A"))
    #expect(!rows(of: controller).map(\.text).contains("b"))
  }

  @Test func aSpecifierWithAnErrorIsARowNamingIt() throws {
    let schema = try JSONSchemaReader.read(Array(everyKind.utf8), source: "every.json")
    let model = SettingsModel(schema: schema, storedValues: [:], language: "en")
    model.specifierErrors = ["Root": [6: "Titles has 3 entries but Values has 2"]]
    let page = try #require(schema.rootPage)
    let controller = SettingsPageViewController(page: page, model: model)
    let row = try #require(rows(of: controller).first { $0.text == "Size" })
    #expect(row.detail == "⚠ Titles has 3 entries but Values has 2")
    #expect(!rows(of: controller).map(\.text).contains("Medium"))
  }
}
