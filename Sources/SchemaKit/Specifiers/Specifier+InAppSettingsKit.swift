import FileFormats

extension Specifier {
  /// `DatePickerMode`: `Date`, `Time` or `DateAndTime`; `nil` when not given.
  public var datePickerMode: String? { fields.detail(.datePickerMode)?.stringValue }

  /// Whether choosing in the multi-value's list returns to the page
  /// (`IASKQuickMultiValueSelection`).
  public var selectsQuickly: Bool { fields.detail(.quickMultiValueSelection)?.boolValue ?? false }

  /// `IASKSubtitle` as written: a string, or a dictionary of subtitles by value.
  public var subtitle: PropertyListValue? { fields.detail(.subtitle) }

  /// Whether the specifier has an `IASKSubtitle` (``subtitle`` is not `nil`), without making
  /// its value. Inlined where it is asked: laying out the rows of a page that opens asks it
  /// of each of its settings.
  @inlinable public var hasSubtitle: Bool { fields.hasSubtitle }

  /// `IASKPlaceholder`.
  public var placeholder: String? { fields.detail(.placeholder)?.stringValue }

  /// The `TrueConfirmationPrompt` (turning on) or `FalseConfirmationPrompt` (turning off)
  /// of a toggle: `Title`, `Prompt`, `ConfirmText`, `DenyText`.
  public func confirmationPrompt(turningOn: Bool) -> [PropertyListKey: PropertyListValue]? {
    fields.detail(turningOn ? .trueConfirmationPrompt : .falseConfirmationPrompt)?.dictionaryValue
  }
}
