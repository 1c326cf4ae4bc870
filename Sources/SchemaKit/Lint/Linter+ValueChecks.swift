import FileFormats

extension Linter {
  // MARK: Checks of arrays, defaults, sliders and child panes

  /// A member that should hold an array (`Titles`, `ShortTitles`, `Values`), as written.
  enum ArrayMember {
    case missing
    case notAnArray(PropertyListValue)
    case array(count: Int)
  }

  /// `member` of `specifier`, from its field when it is there, without making its array.
  @inline(__always)
  func arrayMember(_ member: Specifier.Member, of specifier: Specifier) -> ArrayMember {
    let fields = specifier.fields
    switch member {
    case .titles: if let titles = fields.titles { return .array(count: titles.count) }
    case .shortTitles: if let titles = fields.shortTitles { return .array(count: titles.count) }
    case .values: if let values = fields.values { return .array(count: values.count) }
    default: break
    }
    return arrayMemberAsWritten(member, of: specifier)
  }

  /// `member` of `specifier` among its extras: titles that are not all strings, or a member
  /// that is no array, are kept as written.
  private func arrayMemberAsWritten(_ member: Specifier.Member, of specifier: Specifier)
    -> ArrayMember
  {
    guard let value = specifier.fields.extra?[member.name] else { return .missing }
    guard let array = value.arrayValue else { return .notAnArray(value) }
    return .array(count: array.count)
  }

  /// Reports a missing or non-array member; its number of entries if it is an array.
  @inline(__always)
  mutating func requireArray(
    _ value: ArrayMember, _ member: String, _ specifier: Specifier, on page: SettingsSchema.Page
  ) -> Int? {
    if case .array(let count) = value { return count }
    return reportArray(value, member, specifier, on: page)
  }

  /// Reports a missing or non-array member; `nil`.
  private mutating func reportArray(
    _ value: ArrayMember, _ member: String, _ specifier: Specifier, on page: SettingsSchema.Page
  ) -> Int? {
    guard case .missing = value else { return optionalArray(value, member, specifier, on: page) }
    report(
      .error, specifier, on: page,
      "the \(specifier.kind.typeName) has no \(member), so there is nothing to choose from",
      fix: "add \(member): "
        + (member == "Titles" ? "the text of each choice" : "the value stored for each choice"))
    return nil
  }

  /// Reports a member that is present but not an array; its number of entries if it is an
  /// array, `nil` if it is not or is missing.
  mutating func optionalArray(
    _ value: ArrayMember, _ member: String, _ specifier: Specifier, on page: SettingsSchema.Page
  ) -> Int? {
    switch value {
    case .missing:
      return nil
    case .notAnArray(let value):
      report(
        .error, specifier, on: page, "\(member) is \(describe(value)), not an array",
        fix: "make \(member) an array with one entry per choice")
      return nil
    case .array(let count):
      return count
    }
  }

  /// Checks `Titles` against `Values` and the titles themselves, given the number of entries
  /// of each that is an array, and `ShortTitles`.
  @inline(__always)
  mutating func checkTitles(
    _ specifier: Specifier, on page: SettingsSchema.Page, titleCount: Int?, valueCount: Int?
  ) {
    if let titleCount, let valueCount, titleCount != valueCount {
      report(
        .error, specifier, on: page,
        "Titles has \(entries(titleCount)) but Values has \(entries(valueCount))",
        fix: "give every value a title, in the same order")
    }
    // The rest are warnings.
    guard reportsEverything else { return }
    checkTitleWarnings(specifier, on: page, titleCount: titleCount, valueCount: valueCount)
  }

  /// The warnings of ``checkTitles(_:on:titleCount:valueCount:)``.
  private mutating func checkTitleWarnings(
    _ specifier: Specifier, on page: SettingsSchema.Page, titleCount: Int?, valueCount: Int?
  ) {
    // Titles that are not all strings are kept as written, among the extras.
    if titleCount != nil, let titles = specifier.fields.extra?[SpecifierKey.titles]?.arrayValue,
      let firstNonString = titles.firstIndex(where: { $0.stringValue == nil })
    {
      report(
        .warning, specifier, on: page,
        "Titles[\(firstNonString)] is \(describe(titles[firstNonString])), not a string; "
          + "titles are the text shown for each choice",
        fix: "write every title as a string")
    }
    switch arrayMember(.shortTitles, of: specifier) {
    case .missing:
      break
    case .notAnArray(let short):
      report(
        .warning, specifier, on: page, "ShortTitles is \(describe(short)), not an array",
        fix: "make ShortTitles an array with one entry per value")
    case .array(let count):
      if let valueCount, count != valueCount {
        report(
          .warning, specifier, on: page,
          "ShortTitles has \(entries(count)) but Values has \(entries(valueCount)); the full "
            + "titles are shown instead",
          fix: "give every value a short title, in the same order")
      }
    }
  }

  /// Reports a `DefaultValue` that is not among `Values`: the row works all the same.
  mutating func checkDefaultAmongValues(
    _ specifier: Specifier, on page: SettingsSchema.Page
  ) {
    guard let value = specifier.defaultValue,
      let values = specifier.fields.values
    else { return }
    // Numbers match by value, as iOS compares them: 250 is the choice 250.0.
    if values.contains(where: { $0.isSame(as: value) }) { return }
    report(
      .error, specifier, on: page,
      "DefaultValue \(value.debugDescription) is not among Values (\(list(values)))",
      fix: "use one of Values as DefaultValue, or add it to Values", leavesRowUsable: true)
  }

  /// Reports a toggle's `DefaultValue` that is neither of its values: the row works all the
  /// same. Where the switch shows the state the value plainly means (``Specifier/showsOn(_:)``,
  /// the screens' reading: `"YES"` on, `"NO"` off), it is a warning; else an error.
  mutating func checkToggleDefault(_ specifier: Specifier, on page: SettingsSchema.Page) {
    guard let value = specifier.defaultValue else { return }
    let on = specifier.trueValue
    let off = specifier.falseValue
    if value.isSame(as: on) || value.isSame(as: off) { return }
    let shown = specifier.showsOn(value)
    let shownAsMeant = Specifier.plainToggleState(of: value) == shown
    let hasOwnValues = specifier.has(.trueValue) || specifier.has(.falseValue)
    let fix =
      hasOwnValues
      ? "use TrueValue (\(on.debugDescription)) or FalseValue (\(off.debugDescription)) as "
        + "DefaultValue"
      : "write DefaultValue as a Boolean (<true/> or <false/>; true or false in JSON)"
    let state = shown ? "on" : "off"
    report(
      shownAsMeant ? .warning : .error, specifier, on: page,
      "DefaultValue \(value.debugDescription) is neither TrueValue (\(on.debugDescription)) nor "
        + "FalseValue (\(off.debugDescription))"
        + (shownAsMeant
          ? "; iOS reads it as \(state) and shows the switch \(state)"
          : "; iOS shows the switch \(state), which it may not mean"),
      fix: fix, leavesRowUsable: true)
  }

  mutating func checkSlider(_ specifier: Specifier, on page: SettingsSchema.Page) {
    // Each of the three is checked, in this order, before they are compared.
    let value = sliderNumber(.defaultValue, of: specifier, on: page)
    let minimum = sliderNumber(.minimumValue, of: specifier, on: page)
    let maximum = sliderNumber(.maximumValue, of: specifier, on: page)
    guard let minimum, let maximum else { return }
    if minimum > maximum {
      report(
        .error, specifier, on: page,
        "MinimumValue \(format(minimum)) is greater than MaximumValue \(format(maximum))",
        fix: "swap MinimumValue and MaximumValue")
    } else if let value, value < minimum || value > maximum {
      report(
        .warning, specifier, on: page,
        "DefaultValue \(format(value)) is outside the slider's range, \(format(minimum)) to "
          + "\(format(maximum))",
        fix: "choose a DefaultValue within MinimumValue and MaximumValue")
    }
  }

  /// A slider's `DefaultValue`, `MinimumValue` or `MaximumValue` as iOS reads it; reports one
  /// that is missing, not a number, or a number written as text.
  private mutating func sliderNumber(
    _ member: Specifier.Member, of specifier: Specifier, on page: SettingsSchema.Page
  ) -> Double? {
    let name = member.name
    // Without a `DefaultValue` the slider starts at its minimum: the row works.
    let isDefault = member == .defaultValue
    guard let value = specifier[member: member] else {
      report(
        .error, specifier, on: page,
        "the slider has no \(name); Apple's reference requires one",
        fix: "add \(name), a number", leavesRowUsable: isDefault)
      return nil
    }
    guard let number = value.numberValue else {
      report(
        .error, specifier, on: page, "\(name) is \(describe(value)), not a number",
        fix: "write \(name) as a number (<real> or <integer>)", leavesRowUsable: isDefault)
      return nil
    }
    if value.stringValue != nil {
      // iOS and InAppSettingsKit read the text as a number: the slider works.
      report(
        .warning, specifier, on: page,
        "\(name) is \(describe(value)); iOS reads it as the number \(format(number))",
        fix: "write \(name) as <real> or <integer>", leavesRowUsable: true)
    }
    return number
  }

  mutating func checkChildPane(_ specifier: Specifier, on page: SettingsSchema.Page) {
    if specifier.opensCustomController { return }
    // A File that is a string, as nearly always, is in its field: the pane's one reference
    // (``Specifier/forEachPageReference(_:)``), looked up at once.
    if let file = specifier.file {
      if !schema.hasPage(named: file, namedBy: specifier.index, on: page.name) {
        reportMissingPage(Specifier.PageReference(nestedIn: nil, file: file), specifier, on: page)
      }
      return
    }
    guard let file = specifier[member: .file] else {
      report(
        .error, specifier, on: page, "the child pane has no File, so it opens nothing",
        fix: "add File, the name of the page's .plist without the extension")
      return
    }
    report(
      .error, specifier, on: page, "File is \(describe(file)), not a string",
      fix: "write File as the name of the page's .plist without the extension")
  }

  /// Reports pages named by a specifier (or its nested specifiers) that are not loaded.
  mutating func checkPageReferences(_ specifier: Specifier, on page: SettingsSchema.Page) {
    for reference in missingPageReferences(of: specifier) {
      reportMissingPage(reference, specifier, on: page)
    }
  }

  /// Reports a page that `specifier` names and the schema does not have.
  private mutating func reportMissingPage(
    _ reference: Specifier.PageReference, _ specifier: Specifier, on page: SettingsSchema.Page
  ) {
    let what = reference.nestedIn.map { "\($0)'s File" } ?? "File"
    let file = printable(reference.file)
    let record = schema.missingPages.first {
      $0.page == page.name && $0.specifierIndex == specifier.index && $0.file == reference.file
    }
    var fix =
      reference.file.contains("/")
      ? "add the page \(file).plist to the bundle folder, or correct \(what)"
      : "add the page \(file).plist beside this one, or correct \(what)"
    if reference.file.hasSuffix(".plist") {
      fix =
        "write \(what) without the extension: \(printable(String(reference.file.dropLast(6))))"
    }
    let message: String
    if let reason = record?.reason {
      message = "\(what) '\(file)' names a page that cannot be used: \(reason)"
      // A File refused names no file: nothing was looked for.
      fix = record?.searched.isEmpty == true ? "correct \(what)" : "correct that file"
    } else if let record, !record.searched.isEmpty {
      // Each file as the bundle names it: as many components as File has.
      let depth = reference.file.split(separator: "/").count
      let names = record.searched.map {
        $0.split(separator: "/").suffix(depth).joined(separator: "/")
      }
      message = "\(what) '\(file)' names no page: none of \(names.joined(separator: ", ")) exists"
    } else {
      message = "\(what) '\(file)' names no page in this schema"
      if record == nil { fix = "add the page (under Children in JSON), or correct \(what)" }
    }
    report(.error, specifier, on: page, message, fix: fix)
  }

  /// The pages `specifier` names that the schema does not have: nearly always none, and
  /// then no array is made.
  private func missingPageReferences(of specifier: Specifier) -> [Specifier.PageReference] {
    var missing: [Specifier.PageReference] = []
    specifier.forEachPageReference { reference in
      if !schema.hasPage(named: reference.file) { missing.append(reference) }
    }
    return missing
  }
}

// MARK: Text of the messages

// Free functions, so that a message handed to `report` unmade captures no linter.

func describe(_ value: PropertyListValue) -> String {
  let text = value.debugDescription
  let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
  switch value {
  case .array, .dictionary: return SettingsBundleLoader.article(value.typeName)
  default: return "\(shown) (\(SettingsBundleLoader.article(value.typeName)))"
  }
}

private func list(_ values: [PropertyListValue]) -> String {
  let shown = values.prefix(6).map(\.debugDescription).joined(separator: ", ")
  return values.count > 6 ? shown + ", …" : shown
}

private func entries(_ count: Int) -> String { count == 1 ? "1 entry" : "\(count) entries" }

private func format(_ number: Double) -> String {
  number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
}
