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
  /// languages; a set of choices (``SchemaKit/Specifier/allowsMultipleSelection``) as a
  /// JSON array of them (`["monday", "tuesday"]`, `[]`) or separated by commas
  /// (`monday, tuesday`), stored in the choices' order; a switch as on/off, yes/no,
  /// true/false, 1/0 or its own values.
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
    /// The position of the choice `text` names, by its value or a title.
    func choice(_ text: String) -> Int? {
      let lowered = text.lowercased()
      // A title in any language: a bundle read lazily has only its language's at first.
      model.readEveryLanguage()
      for (index, value) in specifier.values.enumerated() {
        if SpecifierValues.text(of: value).lowercased() == lowered { return index }
        if index < specifier.titles.count {
          let raw = specifier.titles[index]
          let titles =
            [raw]
            + model.schema.strings.languages.map {
              model.schema.strings.localized(raw, table: page.stringsTable, language: $0)
            }
          if titles.contains(where: { $0.lowercased() == lowered }) { return index }
        }
      }
      return nil
    }
    switch specifier.kind {
    case .multiValue where specifier.allowsMultipleSelection:
      guard let words = listWords(text) else { return failure(.notAChoiceList, text, title) }
      var chosen = Set<Int>()
      // Every word that is no choice is named, not only the first.
      var unknown: [String] = []
      for word in words {
        if let index = choice(word) {
          chosen.insert(index)
        } else {
          unknown.append("'" + word + "'")
        }
      }
      if unknown.count == 1 {
        return failure(.notAChoice, String(unknown[0].dropFirst().dropLast()), title)
      }
      if !unknown.isEmpty {
        return failure(
          .notChoices, unknown.joined(separator: messages.text(.choiceSeparator)), title)
      }
      return .success(.array(chosen.sorted().map { specifier.values[$0] }))
    case .multiValue, .radioGroup:
      guard let index = choice(text) else { return failure(.notAChoice, text, title) }
      return .success(specifier.values[index])
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

extension SettingValueParser {
  /// The words of a list typed as JSON (`["a", "b"]`), or as its elements separated by
  /// commas, in brackets or not, each in quotes or not (`a, b`, `[a, 'b']`: what the REPL's
  /// quoting leaves of a JSON list typed unquoted); `nil` for a bracket left open.
  package static func listWords(_ text: String) -> [String]? {
    func trimmed(_ text: Substring) -> Substring {
      let start = text.drop(while: \.isWhitespace)
      guard let last = start.lastIndex(where: { !$0.isWhitespace }) else { return "" }
      return start[...last]
    }
    var inner = trimmed(text[...])
    if inner.hasPrefix("[") {
      if let list = try? JSONReader.parse(Array(inner.utf8), source: "").arrayValue {
        return list.map(SpecifierValues.text(of:))
      }
      guard inner.hasSuffix("]"), inner.count >= 2 else { return nil }
      inner = inner.dropFirst().dropLast()
    }
    return inner.split(separator: ",").map { piece in
      let word = trimmed(piece)
      for quote in ["\"", "'"]
      where word.count >= 2 && word.hasPrefix(quote) && word.hasSuffix(quote) {
        return String(word.dropFirst().dropLast())
      }
      return String(word)
    }.filter { !$0.isEmpty }
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
