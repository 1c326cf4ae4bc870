import FileFormats

extension Specifier {
  /// `DatePickerMode`: `Date`, `Time` or `DateAndTime`; `nil` when not given.
  package var datePickerMode: String? { fields.detail(.datePickerMode)?.stringValue }

  /// Whether choosing in the multi-value's list returns to the page
  /// (`IASKQuickMultiValueSelection`).
  package var selectsQuickly: Bool { fields.detail(.quickMultiValueSelection)?.boolValue ?? false }

  /// `IASKSubtitle` as written: a string, or a dictionary of subtitles by value.
  package var subtitle: PropertyListValue? { fields.detail(.subtitle) }

  /// Whether the specifier has an `IASKSubtitle` (``subtitle`` is not `nil`), without making
  /// its value. Inlined where it is asked: laying out the rows of a page that opens asks it
  /// of each of its settings.
  @inlinable package var hasSubtitle: Bool { fields.hasSubtitle }

  /// `IASKPlaceholder`.
  package var placeholder: String? { fields.detail(.placeholder)?.stringValue }

  /// The `TrueConfirmationPrompt` (turning on) or `FalseConfirmationPrompt` (turning off)
  /// of a toggle: `Title`, `Prompt`, `ConfirmText`, `DenyText`.
  package func confirmationPrompt(turningOn: Bool) -> [PropertyListKey: PropertyListValue]? {
    fields.detail(turningOn ? .trueConfirmationPrompt : .falseConfirmationPrompt)?.dictionaryValue
  }
}
