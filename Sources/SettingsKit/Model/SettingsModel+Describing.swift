import FileFormats
import SchemaKit

/// Settings described in words: what changed, what a row is, what a value may be.
extension SettingsModel {
  /// The value of a key as a person reads it: the localized title of a choice, "On"/"Off"
  /// for a switch, else the value as text; "(not set)" for nothing.
  public func displayText(
    of value: PropertyListValue?, for specifier: Specifier, on page: SettingsSchema.Page
  )
    -> String
  {
    guard let value else { return "(not set)" }
    switch specifier.kind {
    case .multiValue, .radioGroup, .titleValue:
      if let index = SpecifierValues.choiceIndex(of: value, in: specifier),
        index < specifier.titles.count
      {
        return localized(specifier.titles[index], on: page)
      }
    case .toggleSwitch:
      return SpecifierValues.isOn(value, for: specifier)
        ? ChromeStrings.on(language) : ChromeStrings.off(language)
    case .textField where specifier.isSecure:
      return Self.maskedSecret
    default:
      break
    }
    return SpecifierValues.text(of: specifier.key.map { masked(value, forKey: $0) } ?? value)
  }

  /// The title of the root page in the model's language; without a `Title`, the word
  /// Settings (iOS shows the app's name there, which a bundle does not hold).
  public var rootPageTitle: String {
    guard let root = schema.rootPage else { return ChromeStrings.settings(language) }
    return root.title.map { localized($0, on: root) } ?? ChromeStrings.settings(language)
  }

  /// This session's changes as "Page › Title: old → new", one per changed key, in the order
  /// the keys were first changed.
  public func changeSummaries(index: SettingsIndex) -> [String] {
    var order: [String] = []
    var first: [String: PropertyListValue?] = [:]
    for change in changes where first[change.key] == nil {
      order.append(change.key)
      first[change.key] = .some(change.oldValue)
    }
    return order.compactMap { key in
      guard changedKeys.contains(key) else { return nil }
      let old = first[key] ?? nil
      let new = value(forKey: key)
      guard let entry = index.byKey[key] else {
        return
          "\(key): \(old.map(SpecifierValues.text(of:)) ?? "(not set)") → \(new.map(SpecifierValues.text(of:)) ?? "(not set)")"
      }
      let place = index.breadcrumb(of: entry, model: self).joined(separator: " › ")
      let from = displayText(of: old, for: entry.specifier, on: entry.page)
      let to = displayText(of: new, for: entry.specifier, on: entry.page)
      return "\(place): \(from) → \(to)"
    }
  }

  /// What `? N` says of a setting: key, type, allowed values or range, default, current value
  /// and footer text.
  public func describe(_ specifier: Specifier, on page: SettingsSchema.Page, footer: String?)
    -> String
  {
    var lines: [String] = []
    let title = specifier.title.map { localized($0, on: page) } ?? specifier.key ?? ""
    lines.append(title)
    if let key = specifier.key { lines.append("  key:      \(key)") }
    lines.append("  type:     \(specifier.kind.typeName)")
    if let allowed = allowedValues(of: specifier, on: page) {
      lines.append("  allowed:  \(allowed)")
    }
    if let key = specifier.key {
      let defaultText = displayText(of: defaultValue(forKey: key), for: specifier, on: page)
      lines.append("  default:  \(defaultText)")
      let current = displayText(of: value(forKey: key), for: specifier, on: page)
      let mark = differsFromDefault(key) ? "  (changed from the default)" : ""
      lines.append("  current:  \(current)\(mark)")
    }
    if let footer, !footer.isEmpty { lines.append("  note:     \(footer)") }
    return lines.joined(separator: "\n")
  }

  /// The values a specifier accepts, in words: choices with their stored values, a range, a
  /// keyboard type.
  public func allowedValues(of specifier: Specifier, on page: SettingsSchema.Page) -> String? {
    switch specifier.kind {
    case .multiValue, .radioGroup:
      let pairs = zip(specifier.titles, specifier.values).map {
        "\(localized($0, on: page)) (\(SpecifierValues.text(of: $1)))"
      }
      return pairs.joined(separator: ", ")
    case .toggleSwitch:
      return
        "on (\(SpecifierValues.text(of: specifier.trueValue))), off (\(SpecifierValues.text(of: specifier.falseValue)))"
    case .slider:
      let range = SpecifierValues.sliderRange(of: specifier)
      return
        "a number from \(SpecifierValues.format(range.minimum)) to \(SpecifierValues.format(range.maximum))"
    case .textField:
      switch specifier.keyboardType {
      case "NumberPad": return "digits"
      case "DecimalPad": return "a number"
      case "PhonePad": return "a phone number"
      case "AsciiCapable", "ASCIICapable": return "ASCII text"
      case "EmailAddress": return "an email address"
      case "URL": return "a URL"
      default: return "any text"
      }
    case .datePicker:
      return SpecifierValues.DateMode(of: specifier) == .time
        ? "a time, e.g. 09:30 (UTC)" : "an ISO 8601 date, e.g. 2026-11-30"
    default:
      return nil
    }
  }
}
