import FileFormats

extension Specifier {
  /// `DatePickerMode`: `Date`, `Time` or `DateAndTime`; `nil` when not given.
  public var datePickerMode: String? { raw[SpecifierKey.datePickerMode]?.stringValue }

  /// Whether choosing in the multi-value's list returns to the page
  /// (`IASKQuickMultiValueSelection`).
  public var selectsQuickly: Bool { raw[SpecifierKey.quickMultiValueSelection]?.boolValue ?? false }

  /// `IASKSubtitle` as written: a string, or a dictionary of subtitles by value.
  public var subtitle: PropertyListValue? { raw[SpecifierKey.subtitle] }

  /// `IASKPlaceholder`.
  public var placeholder: String? { raw[SpecifierKey.placeholder]?.stringValue }

  /// The `TrueConfirmationPrompt` (turning on) or `FalseConfirmationPrompt` (turning off)
  /// of a toggle: `Title`, `Prompt`, `ConfirmText`, `DenyText`.
  public func confirmationPrompt(turningOn: Bool) -> [String: PropertyListValue]? {
    let key = turningOn ? SpecifierKey.trueConfirmationPrompt : SpecifierKey.falseConfirmationPrompt
    return raw[key]?.dictionaryValue
  }
}
