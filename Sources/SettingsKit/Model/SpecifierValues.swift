import FileFormats
import SchemaKit

/// How each specifier type shows its value and checks what the user types. Pure functions, so
/// that every rule is tested without a screen.
package enum SpecifierValues {
  /// Whether a toggle is on: ``SchemaKit/Specifier/showsOn(_:)``, the reading lint checks
  /// a `DefaultValue` with.
  package static func isOn(_ value: PropertyListValue?, for specifier: Specifier) -> Bool {
    specifier.showsOn(value)
  }

  /// Whether a stored value shows as it is on the row of `specifier`, though it may be no
  /// value the row could have stored: ``SettingsModel``'s `isShown(_:forKey:)` for the
  /// key's specifier.
  static func isShown(_ stored: PropertyListValue, for specifier: Specifier?) -> Bool {
    switch specifier?.kind {
    case .multiValue, .radioGroup: return true
    case .toggleSwitch:
      switch stored {
      case .bool, .integer, .unsignedInteger, .real, .string: return true
      default: return false
      }
    case .none, .some(.group), .some(.textField), .some(.slider), .some(.titleValue),
      .some(.childPane), .some(.listGroup), .some(.textView), .some(.openURL), .some(.button),
      .some(.mailCompose), .some(.customView), .some(.datePicker), .some(.other(_)):
      return false
    }
  }

  /// Whether a value fits `specifier` (`nil`: no specifier knows the key, which accepts
  /// anything): ``SettingsModel/isValid(_:forKey:)`` for the key's specifier.
  static func isValid(_ value: PropertyListValue, for specifier: Specifier?) -> Bool {
    guard let specifier else { return true }
    switch specifier.kind {
    case .multiValue where specifier.allowsMultipleSelection:
      return SpecifierValues.chosenIndices(of: value, in: specifier) != nil
    case .multiValue, .radioGroup:
      return SpecifierValues.choiceIndex(of: value, in: specifier) != nil
    case .toggleSwitch:
      // What its screen stores: its TrueValue or FalseValue (`true`, `false`, or `1`, `0`).
      return SpecifierValues.same(value, specifier.trueValue)
        || SpecifierValues.same(value, specifier.falseValue)
    case .slider:
      // A number of the slider's range (out of range shows the default: docs/reliability.md).
      guard let number = SpecifierValues.number(value) else { return false }
      let range = SpecifierValues.sliderRange(of: specifier)
      return number >= range.minimum && number <= range.maximum
    case .textField, .textView:
      return value.stringValue != nil
    case .group, .titleValue, .childPane, .listGroup, .openURL, .button, .mailCompose, .customView,
      .datePicker, .other(_):
      return true
    }
  }

  /// A number as iOS and InAppSettingsKit read one (`floatValue`, `doubleValue`): an
  /// integer or a real, or text that is a number (`"2"`, `" 40 "`, `"0.5"`), as real bundles
  /// often write a slider's `MinimumValue` and `MaximumValue`. `nil` for anything else.
  package static func number(_ value: PropertyListValue?) -> Double? { value?.numberValue }

  /// Whether two values are the same as iOS compares them (`isEqual:`): numbers by value
  /// (a stored `250` is the choice `250.0`), everything else exactly.
  package static func same(_ a: PropertyListValue?, _ b: PropertyListValue?) -> Bool {
    a.map { $0.isSame(as: b) } ?? (b == nil)
  }

  /// The position of `value` among a specifier's `Values`, compared as ``same(_:_:)``.
  package static func choiceIndex(of value: PropertyListValue?, in specifier: Specifier) -> Int? {
    guard let value else { return nil }
    return specifier.values.firstIndex { same($0, value) }
  }

  /// The positions among a multi-value's `Values` of the choices a set of them holds
  /// (``SchemaKit/Specifier/allowsMultipleSelection``): `value` is an array of them, in any
  /// order, each any number of times. In the values' order, each once; `nil` when `value` is
  /// not an array, or holds a value that is none of the choices.
  package static func chosenIndices(of value: PropertyListValue?, in specifier: Specifier)
    -> [Int]?
  {
    guard let elements = value?.arrayValue else { return nil }
    var chosen = Set<Int>()
    for element in elements {
      guard let index = choiceIndex(of: element, in: specifier) else { return nil }
      chosen.insert(index)
    }
    return chosen.sorted()
  }

  /// The set of choices `value` holds with the choice at `index` added, or taken out when
  /// it is there: the array of the chosen `Values`, in their order. What `value` holds that
  /// is none of the choices is left out.
  package static func toggling(
    choice index: Int, in value: PropertyListValue?, of specifier: Specifier
  ) -> PropertyListValue {
    var chosen = Set((value?.arrayValue ?? []).compactMap { choiceIndex(of: $0, in: specifier) })
    if chosen.remove(index) == nil { chosen.insert(index) }
    let values = specifier.values
    return .array(chosen.sorted().filter { $0 < values.count }.map { values[$0] })
  }

  /// A number as a person reads it: `5`, `0.25`, `-3.5`; at most three decimals.
  package static func format(_ number: Double) -> String {
    guard number.isFinite else { return String(number) }
    let rounded = (number * 1000).rounded() / 1000
    if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
    var text = String(rounded)
    if text.contains("e") { return text }
    while text.hasSuffix("0") { text.removeLast() }
    return text
  }

  /// A slider's value with a ten-cell bar: `0.5 █████░░░░░`.
  package static func sliderText(_ value: Double, minimum: Double, maximum: Double) -> String {
    let span = maximum - minimum
    let fraction = span > 0 ? min(1, max(0, (value - minimum) / span)) : 0
    let filled = Int((fraction * 10).rounded())
    return format(value) + " " + String(repeating: "█", count: filled)
      + String(repeating: "░", count: 10 - filled)
  }

  /// The slider's range, from `MinimumValue` and `MaximumValue` (0…1 when missing), read
  /// as ``number(_:)``.
  package static func sliderRange(of specifier: Specifier) -> (minimum: Double, maximum: Double) {
    let minimum = specifier.minimumValue
    let maximum = specifier.maximumValue
    return (minimum, max(minimum, maximum))
  }

  /// A value as text on a row.
  package static func text(of value: PropertyListValue) -> String {
    switch value {
    case .string(let text): text
    case .integer(let number): String(number)
    case .unsignedInteger(let number): String(number)
    case .real(let number): format(number)
    case .bool(let flag): flag ? "true" : "false"
    case .date(let date): ISO8601Date.string(from: date)
    default: value.debugDescription
    }
  }

  /// A text field's value as its field shows it: text as it is; anything else as its
  /// `description`, as InAppSettingsKit's `defaultStringValue` gives it (a Boolean is `1`
  /// or `0`, as `NSNumber` describes it).
  package static func fieldText(of value: PropertyListValue) -> String {
    if case .bool(let flag) = value { return flag ? "1" : "0" }
    return text(of: value)
  }

  /// Why a text field's input does not fit its `KeyboardType` (a message whose placeholder is
  /// the text), or `nil` when it fits; what it should be is said by
  /// ``SettingsModel/allowedValues(of:on:)``.
  package static func problem(with text: String, keyboardType: String?) -> SettingsMessage? {
    switch keyboardType {
    case "NumberPad":
      return text.allSatisfy({ $0.isASCII && $0.isNumber }) ? nil : .notAWholeNumber
    case "DecimalPad", "NumbersAndPunctuation":
      return Double(text) != nil || keyboardType == "NumbersAndPunctuation" ? nil : .notANumber
    case "PhonePad":
      // The keys of iOS's phone pad: digits, + * # and, as typed numbers have them, ( ) - and
      // spaces.
      return text.allSatisfy({ $0.isASCII && ($0.isNumber || "+*#()- ".contains($0)) })
        ? nil : .notAPhoneNumber
    case "AsciiCapable", "ASCIICapable":
      return text.allSatisfy(\.isASCII) ? nil : .notASCII
    case "EmailAddress":
      return isEmailAddress(text) ? nil : .notAnEmailAddress
    case "URL":
      return isURL(text) ? nil : .notAURL
    default:
      return nil
    }
  }

  /// The text with `AutocapitalizationType` applied: `Words`, `Sentences`, `AllCharacters`,
  /// or `None` (the default for settings).
  package static func autocapitalize(_ text: String, type: String?) -> String {
    switch type {
    case "AllCharacters":
      return text.uppercased()
    case "Words":
      var result = ""
      var atWordStart = true
      for character in text {
        result += atWordStart ? character.uppercased() : String(character)
        atWordStart = character == " " || character == "\t"
      }
      return result
    case "Sentences":
      var result = ""
      var atSentenceStart = true
      for character in text {
        if atSentenceStart, character.isLetter {
          result += character.uppercased()
          atSentenceStart = false
        } else {
          result.append(character)
          if ".!?".contains(character) { atSentenceStart = true }
        }
      }
      return result
    default:
      return text
    }
  }

  /// A date typed as `2026-11-30` or `2026-11-30T09:00:00Z`.
  package static func date(from text: String) -> PropertyListDate? {
    let trimmed = String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    let full = trimmed.count == 10 ? trimmed + "T00:00:00Z" : trimmed
    return ISO8601Date.date(from: Array(full.utf8))
  }

  private static func isEmailAddress(_ text: String) -> Bool {
    let parts = text.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, !text.contains(" ") else { return false }
    let domain = parts[1].split(separator: ".", omittingEmptySubsequences: false)
    return domain.count >= 2 && domain.allSatisfy { !$0.isEmpty }
  }

  private static func isURL(_ text: String) -> Bool {
    guard let colon = text.firstIndex(of: ":"), !text.contains(" ") else { return false }
    let scheme = text[..<colon]
    guard let first = scheme.first, first.isLetter,
      scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) })
    else { return false }
    let rest = text[text.index(after: colon)...]
    return rest.count > 0 && (!rest.hasPrefix("//") || rest.count > 2)
  }
}
