import FileFormats
import SchemaKit
import TableKit

/// The questions settings ask when a person selects them: a text field's new text, a
/// slider's number, a text view's lines, a date. Each answer is checked before it is stored.
enum SettingEditor {
  /// The request for a specifier's new value, or `nil` if the specifier has no key. An empty
  /// text field names its `IASKPlaceholder` (`placeholder`, localized) as an example.
  static func request(
    for specifier: Specifier, title: String, model: SettingsModel, placeholder: String? = nil,
    onChange: @escaping () -> Void
  ) -> TextInputRequest? {
    guard let key = specifier.key else { return nil }
    let current = model.value(forKey: key)
    let keep = "Press Enter on an empty line to keep it; Ctrl-C cancels."
    func store(_ value: PropertyListValue) {
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
        validate: { text in
          guard let number = Double(text), number.isFinite else {
            return "'\(text)' is not a number: type one from \(low) to \(high)."
          }
          guard number >= range.minimum, number <= range.maximum else {
            return "\(text) is out of range: type a number from \(low) to \(high)."
          }
          return nil
        },
        completion: { result in
          if case .entered(let text) = result, let number = Double(text) { store(.real(number)) }
        })

    case .datePicker:
      let mode = SpecifierValues.DateMode(of: specifier)
      let currentDate = current?.dateValue
      let now = currentDate.map { SpecifierValues.dateText($0, mode: mode) } ?? "none"
      func parse(_ text: String) -> PropertyListValue? {
        SpecifierValues.date(from: text, mode: mode, current: currentDate).map(
          PropertyListValue.date)
      }
      return TextInputRequest(
        title: title,
        message: "Now \(now). Type \(mode.example). \(keep)",
        validate: { text in
          parse(text) == nil ? "'\(text)' is not \(mode.example): type one like it." : nil
        },
        completion: { result in
          if case .entered(let text) = result, let date = parse(text) { store(date) }
        })

    case .textView:
      let now = current.map(SpecifierValues.text(of:)) ?? ""
      return TextInputRequest(
        title: title,
        message: now.isEmpty ? "Now empty. \(keep)" : "Now:\n\(now)\n\(keep)",
        isMultiline: true,
        completion: { result in
          if case .entered(let text) = result { store(.string(text)) }
        })

    default:
      let isSecure = specifier.isSecure
      let keyboard = specifier.keyboardType
      let capitalization = specifier.autocapitalizationType
      let now = current.map(SpecifierValues.text(of:)) ?? ""
      let example = placeholder.map { " (e.g. \($0))" } ?? ""
      let shown = now.isEmpty ? "empty\(example)" : (isSecure ? "set (hidden)" : "'\(now)'")
      return TextInputRequest(
        title: title, message: "Now \(shown). \(keep)", isSecure: isSecure,
        validate: { SpecifierValues.problem(with: $0, keyboardType: keyboard) },
        completion: { result in
          guard case .entered(let text) = result else { return }
          // Text fields store strings, whatever their keyboard, as Settings.app does.
          store(.string(SpecifierValues.autocapitalize(text, type: capitalization)))
        })
    }
  }
}
