import FileFormats
import SchemaKit
import TextSafety

/// Settings described in words: what changed, what a row is, what a value may be.
extension SettingsModel {
  /// The value of a key as a person reads it: the localized title of a choice, "On"/"Off"
  /// for a switch, else the value as text; "(not set)" (``SettingsMessage/notSet``) for
  /// nothing.
  package func displayText(
    of value: PropertyListValue?, for specifier: Specifier, on page: SettingsSchema.Page
  )
    -> String
  {
    guard let value else { return messages.text(.notSet) }
    switch specifier.kind {
    case .multiValue where specifier.allowsMultipleSelection:
      if let chosen = SpecifierValues.chosenIndices(of: value, in: specifier) {
        let titles = specifier.titles
        return setText(chosen.map { $0 < titles.count ? localized(titles[$0], on: page) : "" })
      }
    case .multiValue, .radioGroup, .titleValue:
      if let index = SpecifierValues.choiceIndex(of: value, in: specifier),
        index < specifier.titles.count
      {
        return localized(specifier.titles[index], on: page)
      }
    case .toggleSwitch:
      return SpecifierValues.isOn(value, for: specifier) ? chromeWords.on : chromeWords.off
    case .textField where specifier.isSecure:
      return Self.maskedSecret
    case .group, .textField, .slider, .childPane, .listGroup, .textView, .openURL, .button,
      .mailCompose, .customView, .datePicker, .other(_):
      break
    }
    return SpecifierValues.text(of: specifier.key.map { masked(value, forKey: $0) } ?? value)
  }

  /// A set of choices as its row shows it: their titles (`titles`, localized already) in
  /// their order, joined in the model's language (`monday, wednesday`); a word for none.
  package func setText(_ titles: [String]) -> String {
    titles.isEmpty
      ? messages.text(.noneChosen) : titles.joined(separator: messages.text(.choiceSeparator))
  }

  /// The title of the root page in the model's language, as Settings.app titles it: the
  /// app's name (``SettingsSchema/appName``); else, for a JSON schema, its root `Title`;
  /// else the word Settings. Never a build setting left unexpanded (`${PRODUCT_NAME}`).
  package var rootPageTitle: String {
    if let appName = schema.appName { return appName }
    guard schema.titlesRootFromPage, let root = schema.rootPage, let title = root.title else {
      return chromeWords.settings
    }
    let shown = localized(title, on: root)
    return AppName.isWrittenOut(shown) ? shown : chromeWords.settings
  }

  /// This session's changes as "Page › Title: old → new", one per changed key, in the order
  /// the keys were first changed.
  package func changeSummaries(index: SettingsIndex) -> [String] {
    var order: [String] = []
    var first: [PropertyListKey: PropertyListValue?] = [:]
    for change in changes where first[change.key] == nil {
      order.append(change.key)
      first[change.key] = .some(change.oldValue)
    }
    return order.compactMap { key in
      guard changedKeys.contains(key) else { return nil }
      let old = first[key] ?? nil
      let new = value(forKey: key)
      guard let entry = index.byKey[key] else {
        let notSet = messages.text(.notSet)
        let from = old.map(SpecifierValues.text(of:)) ?? notSet
        return "\(key): \(from) → \(new.map(SpecifierValues.text(of:)) ?? notSet)"
      }
      let place = index.breadcrumb(of: entry, model: self).joined(separator: " › ")
      let from = displayText(of: old, for: entry.specifier, on: entry.page)
      let to = displayText(of: new, for: entry.specifier, on: entry.page)
      return "\(place): \(from) → \(to)"
    }
  }

  /// What `? N` says of a setting: key, type, allowed values or range, when it is shown (its
  /// `VisibleWhen`), default, current value and footer text.
  package func describe(_ specifier: Specifier, on page: SettingsSchema.Page, footer: String?)
    -> String
  {
    var lines: [String] = []
    let title = specifier.title.map { localized($0, on: page) } ?? specifier.key ?? ""
    if !title.isEmpty { lines.append(title) }
    let messages = self.messages
    if let key = specifier.key {
      lines.append(messages.text(.describeKey, Escaper.escaped(key, as: .identifier)))
    }
    lines.append(messages.text(.describeType, specifier.kind.typeName))
    if let error = specifierErrors[page.name]?[specifier.index] {
      // A row shown with its error: the whole of each problem, as `settei lint` words it.
      let problems = SchemaLinter.problems(
        ofSpecifier: specifier.index, onPage: page.name, of: schema)
      // In the screens' language, as the row words its error; the row's own error first.
      let catalog = SchemaMessages.forLanguage(language)
      let isOwn = { (problem: LintProblem) in problem.reason.worded(in: catalog) == error }
      let ordered = problems.filter(isOwn) + problems.filter { !isOwn($0) }
      let texts = problems.isEmpty ? [error] : ordered.map { $0.worded(in: catalog) }
      for text in texts { lines.append(messages.text(.describeProblem, text)) }
    } else if let allowed = allowedValues(of: specifier, on: page), !allowed.isEmpty {
      lines.append(messages.text(.describeAllowed, allowed))
    }
    for condition in visibilityConditions(of: specifier, on: page) {
      lines.append(messages.text(.describeShown, condition))
    }
    if let key = specifier.key {
      let defaultText = displayText(of: defaultValue(forKey: key), for: specifier, on: page)
      lines.append(messages.text(.describeDefault, defaultText))
      let current = displayText(of: value(forKey: key), for: specifier, on: page)
      lines.append(
        messages.text(differsFromDefault(key) ? .describeChanged : .describeCurrent, current))
      lines += detailLines?(key) ?? []
    }
    if let footer, !footer.isEmpty { lines.append(messages.text(.describeNote, footer)) }
    return lines.joined(separator: "\n")
  }

  /// The values a specifier accepts, in words: choices with their stored values, a range, a
  /// keyboard type.
  package func allowedValues(of specifier: Specifier, on page: SettingsSchema.Page) -> String? {
    let messages = self.messages
    switch specifier.kind {
    case .multiValue, .radioGroup:
      let pairs = zip(specifier.titles, specifier.values).map {
        messages.text(.choice, localized($0, on: page), SpecifierValues.text(of: $1))
      }
      let choices = pairs.joined(separator: messages.text(.choiceSeparator))
      return specifier.allowsMultipleSelection ? messages.text(.anySetOf, choices) : choices
    case .toggleSwitch:
      return messages.text(
        .onOrOff, SpecifierValues.text(of: specifier.trueValue),
        SpecifierValues.text(of: specifier.falseValue))
    case .slider:
      let range = SpecifierValues.sliderRange(of: specifier)
      return messages.text(
        .numberRange, SpecifierValues.format(range.minimum),
        SpecifierValues.format(range.maximum))
    case .textField:
      switch specifier.keyboardType {
      case "NumberPad": return messages.text(.digits)
      case "DecimalPad": return messages.text(.aNumber)
      case "PhonePad": return messages.text(.aPhoneNumber)
      case "AsciiCapable", "ASCIICapable": return messages.text(.asciiText)
      case "EmailAddress": return messages.text(.anEmailAddress)
      case "URL": return messages.text(.aURL)
      default: return messages.text(.anyText)
      }
    case .datePicker:
      return messages.text(
        SpecifierValues.DateMode(of: specifier) == .time ? .aTimeExample : .aDateExample)
    case .group, .titleValue, .childPane, .listGroup, .textView, .openURL, .button, .mailCompose,
      .customView, .other(_):
      return nil
    }
  }

}
