import FileFormats
import SchemaKit
import TextSafety

/// Turns typed text into a setting's value: what is typed at a value's prompt and given to
/// `set` in the REPL and on the command line. The value it makes then goes through the one
/// check of every value that enters the store,
/// ``SettingsModel/problem(storing:for:on:)``. Values that come typed already (`import`,
/// `--recover`, `rollback`, a store read at start) are not parsed: they reach the same check
/// through ``SettingsModel/problem(storing:forKey:)``.
package enum SettingValueParser {
  /// The value `text` stands for, or what is wrong with it and what is allowed.
  ///
  /// A choice may be typed as its stored value or as its title in any of the schema's
  /// languages; a switch as on/off, yes/no, true/false, 1/0 or its own values.
  package static func value(
    from text: String, for specifier: Specifier, on page: SettingsSchema.Page,
    model: SettingsModel
  ) -> Result<PropertyListValue, SettingValueError> {
    let parsed = convert(text, for: specifier, on: page, model: model)
    guard case .success(let value) = parsed,
      let problem = model.problem(storing: value, for: specifier, on: page)
    else { return parsed }
    return .failure(
      SettingValueError(
        key: specifier.key ?? "", reason: problem, allowed: nil, language: model.language))
  }

  /// The value `text` stands for, before the store's check.
  private static func convert(
    _ text: String, for specifier: Specifier, on page: SettingsSchema.Page,
    model: SettingsModel
  ) -> Result<PropertyListValue, SettingValueError> {
    let title = specifier.title.map { model.localized($0, on: page) } ?? specifier.key ?? ""
    let messages = model.messages
    func failure(
      _ reason: SettingsMessage, _ arguments: String...
    ) -> Result<PropertyListValue, SettingValueError> {
      .failure(
        SettingValueError(
          key: specifier.key ?? "", reason: messages.text(reason, arguments: arguments),
          allowed: model.allowedValues(of: specifier, on: page), language: model.language))
    }
    switch specifier.kind {
    case .multiValue, .radioGroup:
      let lowered = text.lowercased()
      for (index, value) in specifier.values.enumerated() {
        if SpecifierValues.text(of: value).lowercased() == lowered { return .success(value) }
        if index < specifier.titles.count {
          let raw = specifier.titles[index]
          let titles =
            [raw]
            + model.schema.strings.languages.map {
              model.schema.strings.localized(raw, table: page.stringsTable, language: $0)
            }
          if titles.contains(where: { $0.lowercased() == lowered }) { return .success(value) }
        }
      }
      return failure(.notAChoice, text, title)
    case .toggleSwitch:
      let lowered = text.lowercased()
      if lowered == SpecifierValues.text(of: specifier.trueValue).lowercased()
        || ["on", "yes", "true", "1", model.chromeWords.on.lowercased()].contains(
          lowered)
      {
        return .success(specifier.trueValue)
      }
      if lowered == SpecifierValues.text(of: specifier.falseValue).lowercased()
        || ["off", "no", "false", "0", model.chromeWords.off.lowercased()].contains(
          lowered)
      {
        return .success(specifier.falseValue)
      }
      return failure(.neitherOnNorOff, text, title)
    case .slider:
      let range = SpecifierValues.sliderRange(of: specifier)
      guard let number = Double(text), number.isFinite else {
        return failure(.notANumber, text)
      }
      guard number >= range.minimum, number <= range.maximum else {
        return failure(.outOfRange, text, title)
      }
      return .success(.real(number))
    case .textField:
      if let problem = SpecifierValues.problem(
        with: text, keyboardType: specifier.keyboardType)
      {
        // A password is never repeated back, not even in what is wrong with it.
        return failure(problem, specifier.isSecure ? SettingsModel.maskedSecret : text)
      }
      let type = specifier.autocapitalizationType
      return .success(.string(SpecifierValues.autocapitalize(text, type: type)))
    case .textView:
      return .success(.string(text))
    case .datePicker:
      let mode = SpecifierValues.DateMode(of: specifier)
      let current = specifier.key.flatMap { model.value(forKey: $0)?.dateValue }
      guard let date = SpecifierValues.date(from: text, mode: mode, current: current) else {
        return failure(mode == .time ? .notATime : .notADate, text)
      }
      return .success(.date(date))
    case .titleValue:
      return failure(.readOnly, title)
    case .group, .childPane, .listGroup, .openURL, .button, .mailCompose, .customView, .other(_):
      return failure(.cannotBeSet, title, specifier.kind.typeName)
    }
  }
}

/// A value that does not fit its setting, in the words of the model's language.
package struct SettingValueError: Error, CustomStringConvertible, Equatable, Sendable {
  /// The setting's key.
  package var key: String
  /// What is wrong.
  package var reason: String
  /// What the setting accepts, in words.
  package var allowed: String?
  /// The language `reason` and `allowed` are in, which words the sentence that joins them.
  package var language: String

  /// Creates an error; `reason` and `allowed` are in `language`.
  package init(key: String, reason: String, allowed: String?, language: String = "en") {
    self.key = key
    self.reason = reason
    self.allowed = allowed
    self.language = language
  }

  /// The whole message: what is wrong, then what is allowed.
  package var description: String {
    let messages = SettingsMessages.forLanguage(language)
    guard let allowed else { return messages.text(.problemAlone, reason) }
    return messages.text(.problemAllowed, reason, allowed)
  }
}
