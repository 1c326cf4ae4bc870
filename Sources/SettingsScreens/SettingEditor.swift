import FileFormats
import SchemaKit
import SettingsKit
import TableKit

/// The questions settings ask when a person selects them: a text field's new text, a
/// slider's number, a text view's lines, a date. Each answer is checked before it is stored.
enum SettingEditor {
  /// The request for a specifier's new value, or `nil` if the specifier has no key. An empty
  /// text field names its `IASKPlaceholder` (`placeholder`, localized) as an example.
  static func request(
    for specifier: Specifier, title: String, page: SettingsSchema.Page, model: SettingsModel,
    placeholder: String? = nil, onChange: @escaping () -> Void
  ) -> TextInputRequest? {
    guard let key = specifier.key else { return nil }
    let current = model.value(forKey: key)
    // Answers are checked and turned into values by the one parser `set` uses too, so a
    // mistake reads the same wherever it is typed.
    func parse(_ text: String) -> Result<PropertyListValue, SettingValueError> {
      SettingValueParser.value(from: text, for: specifier, on: page, model: model)
    }
    func check(_ text: String) -> String? {
      if case .failure(let error) = parse(text) { return error.description }
      return nil
    }
    func store(_ result: TextInputRequest.Result) {
      guard case .entered(let text) = result, case .success(let value) = parse(text) else {
        return
      }
      model.setValue(value, forKey: key)
      onChange()
    }

    // The request says what is asked; the front end words it (and how to keep the value).
    switch specifier.kind {
    case .slider:
      let now = SpecifierValues.number(current).map(SpecifierValues.format)
      return TextInputRequest(
        title: title, current: now.map { .value($0) } ?? TextInputRequest.CurrentValue.none,
        expected: model.allowedValues(of: specifier, on: page),
        validate: check, completion: store)

    case .datePicker:
      let mode = SpecifierValues.DateMode(of: specifier)
      let now = current?.dateValue.map { SpecifierValues.dateText($0, mode: mode) }
      return TextInputRequest(
        title: title, current: now.map { .value($0) } ?? TextInputRequest.CurrentValue.none,
        expected: model.messages.text(mode.example),
        validate: check, completion: store)

    case .textView:
      let now = current.map(SpecifierValues.text(of:)) ?? ""
      return TextInputRequest(
        title: title, current: .text(now), isMultiline: true, completion: store)

    case .group, .toggleSwitch, .multiValue, .radioGroup, .textField, .titleValue, .childPane,
      .listGroup, .openURL, .button, .mailCompose, .customView, .other(_):
      let isSecure = specifier.isSecure
      let now = current.map(SpecifierValues.text(of:)) ?? ""
      let shown: TextInputRequest.CurrentValue =
        now.isEmpty ? .empty(example: placeholder) : (isSecure ? .hidden : .text(now))
      return TextInputRequest(
        title: title, current: shown, isSecure: isSecure, validate: check, completion: store)
    }
  }
}
