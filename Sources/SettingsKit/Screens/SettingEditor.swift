import FileFormats
import SchemaKit
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
    let keep = "Press Enter on an empty line to keep it; Ctrl-C cancels."
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

    switch specifier.kind {
    case .slider:
      let range = SpecifierValues.sliderRange(of: specifier)
      let low = SpecifierValues.format(range.minimum)
      let high = SpecifierValues.format(range.maximum)
      let now = SpecifierValues.number(current).map(SpecifierValues.format) ?? "none"
      return TextInputRequest(
        title: title,
        message: "Now \(now). Type a number from \(low) to \(high). \(keep)",
        validate: check, completion: store)

    case .datePicker:
      let mode = SpecifierValues.DateMode(of: specifier)
      let now = current?.dateValue.map { SpecifierValues.dateText($0, mode: mode) } ?? "none"
      return TextInputRequest(
        title: title,
        message: "Now \(now). Type \(mode.example). \(keep)",
        validate: check, completion: store)

    case .textView:
      let now = current.map(SpecifierValues.text(of:)) ?? ""
      return TextInputRequest(
        title: title,
        message: now.isEmpty ? "Now empty. \(keep)" : "Now:\n\(now)\n\(keep)",
        isMultiline: true, completion: store)

    default:
      let isSecure = specifier.isSecure
      let now = current.map(SpecifierValues.text(of:)) ?? ""
      let example = placeholder.map { " (e.g. \($0))" } ?? ""
      let shown = now.isEmpty ? "empty\(example)" : (isSecure ? "set (hidden)" : "'\(now)'")
      return TextInputRequest(
        title: title, message: "Now \(shown). \(keep)", text: isSecure ? nil : now,
        isSecure: isSecure,
        validate: check, completion: store)
    }
  }
}
