import FileFormats
import SchemaKit
import Testing

@testable import SettingsKit
@testable import SettingsScreens

@Suite struct SettingValueParserTests {
  /// The value typed `text` gives the setting `key` of the sample schema.
  private func parse(_ text: String, _ key: String) throws -> Result<
    PropertyListValue, SettingValueError
  > {
    let schema = try sampleSchema()
    let model = SettingsModel(schema: schema, storedValues: [:], language: "en")
    let page = try #require(schema.rootPage)
    let specifier = try #require(page.specifiers.first { $0.key == key })
    return SettingValueParser.value(from: text, for: specifier, on: page, model: model)
  }

  @Test(arguments: [
    ("on", "sound", PropertyListValue.bool(true)), ("No", "sound", .bool(false)),
    ("1", "sound", .bool(true)), ("blue", "colour", "blue"), ("BLUE", "colour", "blue"),
    ("Red", "colour", "red"), ("2.5", "volume", .real(2.5)), ("10", "volume", .real(10)),
    ("42", "age", "42"), ("ann lee", "name", "Ann Lee"), ("two\nlines", "notes", "two\nlines"),
  ])
  func typedTextBecomesTheSettingsValue(text: String, key: String, expected: PropertyListValue)
    throws
  {
    #expect(try parse(text, key) == .success(expected))
  }

  @Test func aDateIsTypedAsISO8601() throws {
    guard case .success(.date) = try parse("2026-11-30", "birthday") else {
      Issue.record("2026-11-30 is not read as a date")
      return
    }
    #expect(
      try parse("30/11/2026", "birthday").failureReason == "'30/11/2026' is not an ISO 8601 date")
  }

  @Test(arguments: [
    ("maybe", "sound", "'maybe' is neither on nor off for Sound"),
    ("green", "colour", "'green' is not one of the choices of Colour"),
    ("loud", "volume", "'loud' is not a number"),
    ("11", "volume", "11 is out of range for volume"),
    ("2", "version", "Version is read-only"),
    ("x", "resetButton", "Reset (IASKButtonSpecifier) cannot be set"),
  ])
  func aMistakeSaysWhatIsWrong(text: String, key: String, reason: String) throws {
    #expect(try parse(text, key).failureReason == reason)
  }

  /// A store that knows more of a value than its specifier (GSettings: the key's type and
  /// range) checks it after the specifier: typed text, and what import and recovery store.
  @Test func theValueCheckerRefusesWhatTheSpecifierAllows() throws {
    let schema = try sampleSchema()
    let model = SettingsModel(schema: schema, storedValues: [:], language: "en")
    let page = try #require(schema.rootPage)
    let specifier = try #require(page.specifiers.first { $0.key == "name" })
    model.valueChecker = { value, key in
      key == "name" && value == "Ann" ? "'Ann' is taken" : nil
    }
    guard
      case .failure(let error) = SettingValueParser.value(
        from: "Ann", for: specifier, on: page, model: model)
    else {
      Issue.record("Ann was accepted")
      return
    }
    #expect(error.reason == "'Ann' is taken")
    #expect(model.problem(storing: "Ann", forKey: "name") == "'Ann' is taken")
    #expect(model.problem(storing: "Bo", forKey: "name") == nil)
    // The specifier's own check comes first.
    #expect(model.problem(storing: .integer(3), forKey: "name") != "'Ann' is taken")
  }

  @Test func aMistakeNamesTheKeyAndWhatIsAllowed() throws {
    guard case .failure(let error) = try parse("green", "colour") else {
      Issue.record("green was accepted")
      return
    }
    #expect(error.key == "colour")
    #expect(error.allowed == "Red (red), Blue (blue)")
    #expect(
      error.description
        == "'green' is not one of the choices of Colour. Allowed: Red (red), Blue (blue).")
  }
}

@Suite struct OneMessagePerMistakeTests {
  @Test(arguments: [
    ("volume", "11", "11 is out of range for volume. Allowed: a number from 0 to 10."),
    ("volume", "loud", "'loud' is not a number. Allowed: a number from 0 to 10."),
    ("age", "4x", "'4x' is not a whole number. Allowed: digits."),
    (
      "birthday", "soon",
      "'soon' is not an ISO 8601 date. Allowed: an ISO 8601 date, e.g. 2026-11-30."
    ),
  ])
  func theEditorAndSetSayTheSame(key: String, text: String, message: String) throws {
    let schema = try sampleSchema()
    let model = SettingsModel(schema: schema, storedValues: [:], language: "en")
    let page = try #require(schema.rootPage)
    let specifier = try #require(page.specifiers.first { $0.key == key })
    let request = try #require(
      SettingEditor.request(for: specifier, title: key, page: page, model: model) {})
    #expect(request.validate(text) == message)
    let parsed = SettingValueParser.value(from: text, for: specifier, on: page, model: model)
    #expect(parsed.failureError?.description == message)
  }
}

extension Result where Failure == SettingValueError {
  /// The error of a failure, or `nil` on success.
  fileprivate var failureError: SettingValueError? {
    if case .failure(let error) = self { return error }
    return nil
  }

  /// The reason of a failure, or `nil` on success.
  fileprivate var failureReason: String? {
    if case .failure(let error) = self { return error.reason }
    return nil
  }
}

/// A model in Japanese says what is wrong with a value, and what is allowed, in Japanese: the
/// same words for the editor's question, `set` and lint.
@Suite struct JapaneseValueMessagesTests {
  @Test(arguments: [
    ("volume", "11", "11 は volume の範囲外です。使える値: 0 から 10 までの数。"),
    ("volume", "loud", "「loud」は数ではありません。使える値: 0 から 10 までの数。"),
    ("age", "4x", "「4x」は整数ではありません。使える値: 数字。"),
    ("sound", "maybe", "「maybe」は Sound のオンでもオフでもありません。使える値: オン (true)、オフ (false)。"),
    ("colour", "green", "「green」は Colour の選択肢にありません。使える値: Red (red)、Blue (blue)。"),
  ])
  func aMistakeIsWordedInTheModelsLanguage(key: String, text: String, message: String) throws {
    let schema = try sampleSchema()
    let model = SettingsModel(schema: schema, storedValues: [:], language: "ja")
    let page = try #require(schema.rootPage)
    let specifier = try #require(page.specifiers.first { $0.key == key })
    let parsed = SettingValueParser.value(from: text, for: specifier, on: page, model: model)
    #expect(parsed.failureError?.description == message)
    if let request = SettingEditor.request(
      for: specifier, title: key, page: page, model: model, onChange: {})
    {
      #expect(request.validate(text) == message)
    }
  }

  @Test func aStoredValueThatDoesNotFitIsWordedInTheModelsLanguage() throws {
    let model = SettingsModel(schema: try sampleSchema(), storedValues: [:], language: "ja")
    #expect(model.problem(storing: "4x", forKey: "age") == "「4x」は整数ではありません")
  }
}
