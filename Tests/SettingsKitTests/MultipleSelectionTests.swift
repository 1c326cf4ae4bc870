import TableKit
import Testing

@testable import FileFormats
@testable import SchemaKit
@testable import SettingsKit
@testable import SettingsScreens

/// A multi-value whose value is a set of its choices (`Specifier.allowsMultipleSelection`, a
/// GSettings flags key): a ✓ on each chosen one, choosing a row adds or takes out that one.
@Suite struct MultipleSelectionTests {
  /// A page with the set `days` (default: Monday), titled in English and Japanese, and a
  /// single-choice multi-value beside it.
  private func model(
    stored: [PropertyListKey: PropertyListValue] = [:], language: String = "en"
  ) -> SettingsModel {
    let days = Specifier(
      index: 0,
      multipleSelectionRaw: [
        "Type": "PSMultiValueSpecifier", "Title": "Days", "Key": "days",
        "DefaultValue": ["monday"], "Titles": ["Monday", "Tuesday", "Wednesday"],
        "Values": ["monday", "tuesday", "wednesday"],
      ])
    let page = SettingsSchema.Page(
      name: "Root", title: nil, stringsTable: "Root", specifiers: [days], source: "test")
    let strings = StringsCatalog(tables: [
      "en": ["Root": [:]],
      "ja": ["Root": ["Days": "曜日", "Monday": "月曜日", "Tuesday": "火曜日", "Wednesday": "水曜日"]],
    ])
    let schema = SettingsSchema(pages: ["Root": page], rootPageName: "Root", strings: strings)
    return SettingsModel(schema: schema, storedValues: stored, language: language)
  }

  private func setting(of model: SettingsModel) throws -> (Specifier, SettingsSchema.Page) {
    let page = try #require(model.schema.rootPage)
    return (try #require(page.specifiers.first), page)
  }

  /// Each row's title, with a ✓ on each chosen one.
  private func shown(_ controller: MultiValueViewController) -> [String] {
    cells(of: controller).map { ($0.accessoryType == .checkmark ? "✓ " : "") + ($0.text ?? "") }
  }

  @Test func choosingARowTogglesItsCheckmarkAndTheOthersStay() throws {
    let model = model()
    let (specifier, page) = try setting(of: model)
    let list = MultiValueViewController(specifier: specifier, page: page, model: model)
    #expect(shown(list) == ["✓ Monday", "Tuesday", "Wednesday"])
    list.tableView.userSelectRow(at: IndexPath(row: 2, section: 0))
    #expect(shown(list) == ["✓ Monday", "Tuesday", "✓ Wednesday"])
    // Added in the choices' order, not the order chosen.
    list.tableView.userSelectRow(at: IndexPath(row: 1, section: 0))
    #expect(model.value(forKey: "days") == ["monday", "tuesday", "wednesday"])
    list.tableView.userSelectRow(at: IndexPath(row: 0, section: 0))
    #expect(model.value(forKey: "days") == ["tuesday", "wednesday"])
    #expect(shown(list) == ["Monday", "✓ Tuesday", "✓ Wednesday"])
    // The list stays open: choosing one of a set is not the end of choosing.
    #expect(list.navigationController == nil)
    model.undo()
    #expect(shown(list) == ["✓ Monday", "✓ Tuesday", "✓ Wednesday"])
  }

  @Test func takingOutTheLastChoiceLeavesTheEmptySet() throws {
    let model = model()
    let (specifier, page) = try setting(of: model)
    let list = MultiValueViewController(specifier: specifier, page: page, model: model)
    list.tableView.userSelectRow(at: IndexPath(row: 0, section: 0))
    #expect(model.value(forKey: "days") == [])
    #expect(shown(list) == ["Monday", "Tuesday", "Wednesday"])
    #expect(model.displayText(of: [], for: specifier, on: page) == "None")
    model.language = "ja"
    #expect(model.displayText(of: [], for: specifier, on: page) == "なし")
  }

  @Test func thePagesRowShowsTheSetInTheSessionsLanguage() throws {
    let model = model(stored: ["days": ["wednesday", "monday"]])
    let page = try #require(model.schema.rootPage)
    let controller = SettingsPageViewController(page: page, model: model)
    // Marked • as changed from the default, as any row is.
    #expect(rows(of: controller).first?.detail == "• Monday, Wednesday")
    model.language = "ja"
    #expect(rows(of: controller).first?.detail == "• 月曜日、水曜日")
    model.setValue([], forKey: "days")
    #expect(rows(of: controller).first?.detail == "• なし")
    model.setValue(nil, forKey: "days")
    #expect(rows(of: controller).first?.detail == "月曜日")
  }

  @Test func aSetIsValidWhenEveryValueIsAChoice() throws {
    let model = model()
    #expect(model.isValid(["tuesday", "monday"], forKey: "days"))
    #expect(model.isValid([], forKey: "days"))
    #expect(!model.isValid(["sunday"], forKey: "days"))
    #expect(!model.isValid("monday", forKey: "days"))
    let (specifier, page) = try setting(of: model)
    #expect(
      model.allowedValues(of: specifier, on: page)
        == "any set of Monday (monday), Tuesday (tuesday), Wednesday (wednesday)")
  }

  @Test(
    arguments: [
      (#"["wednesday", "monday"]"#, ["monday", "wednesday"]), ("[]", []), ("", []),
      ("tuesday, Monday", ["monday", "tuesday"]),
      // What the REPL's quoting leaves of a JSON list typed without quotes around it.
      ("[monday,tuesday]", ["monday", "tuesday"]), ("['tuesday', 'tuesday']", ["tuesday"]),
      ("水曜日", ["wednesday"]),
    ] as [(String, [String])])
  func aSetIsTypedAsAListOfItsChoices(text: String, values: [String]) throws {
    let expected = PropertyListValue.array(values.map { .string($0) })
    let model = model()
    let (specifier, page) = try setting(of: model)
    let parsed = SettingValueParser.value(from: text, for: specifier, on: page, model: model)
    #expect(parsed == .success(expected))
  }

  @Test(arguments: [
    (#"["sunday"]"#, "'sunday' is not one of the choices of Days"),
    ("monday, sunday", "'sunday' is not one of the choices of Days"),
    // Every word that is no choice is named, not only the first.
    ("a, monday, sunday", "'a', 'sunday' are not among the choices of Days"),
    (
      #"["monday""#,
      #"'["monday"' is not a list of choices of Days: type them as ["a", "b"] or a, b"#
    ),
  ])
  func aListWithAnythingElseIsRefused(text: String, reason: String) throws {
    let model = model()
    let (specifier, page) = try setting(of: model)
    guard
      case .failure(let error) = SettingValueParser.value(
        from: text, for: specifier, on: page, model: model)
    else {
      Issue.record("\(text) was taken")
      return
    }
    #expect(error.reason == reason)
    #expect(error.allowed?.hasPrefix("any set of Monday (monday)") == true)
  }

  @Test func noFileMakesASetAndItStaysThroughAChangedMember() throws {
    let model = model()
    let (specifier, _) = try setting(of: model)
    #expect(specifier.allowsMultipleSelection)
    // Written as a key, it is a key nobody defines: the multi-value keeps one value.
    let written = Specifier(
      index: 0, raw: ["Type": "PSMultiValueSpecifier", "allowsMultipleSelection": true])
    #expect(!written.allowsMultipleSelection)
    var changed = specifier
    changed[member: "Title"] = "Weekdays"
    #expect(changed.allowsMultipleSelection)
    changed.raw["Title"] = "Days"
    #expect(changed.allowsMultipleSelection)
    #expect(changed == specifier)
    #expect(changed != Specifier(index: 0, raw: specifier.raw))
  }
}
