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
      SchemaReason(.noChoiceArray, .text(specifier.kind.typeName), .text(member)),
      fix: SchemaReason(member == "Titles" ? .addTitlesText : .addValuesStored))
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
        .error, specifier, on: page, SchemaReason(.memberNotArray, .text(member), .value(value)),
        fix: SchemaReason(.makeArrayPerChoice, .text(member)))
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
        SchemaReason(.titlesValuesCount, .entries(titleCount), .entries(valueCount)),
        fix: SchemaReason(.giveEveryValueTitle))
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
        SchemaReason(.titleNotString, .index(firstNonString), .value(titles[firstNonString])),
        fix: SchemaReason(.writeTitlesAsStrings))
    }
    switch arrayMember(.shortTitles, of: specifier) {
    case .missing:
      break
    case .notAnArray(let short):
      report(
        .warning, specifier, on: page, SchemaReason(.shortTitlesNotArray, .value(short)),
        fix: SchemaReason(.makeShortTitlesArray))
    case .array(let count):
      if let valueCount, count != valueCount {
        report(
          .warning, specifier, on: page,
          SchemaReason(.shortTitlesCount, .entries(count), .entries(valueCount)),
          fix: SchemaReason(.giveEveryValueShortTitle))
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
      SchemaReason(.defaultNotAmongValues, .literal(value), .literals(values, limit: 6)),
      fix: SchemaReason(.useOneOfValues), leavesRowUsable: true)
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
      ? SchemaReason(.useTrueOrFalseValue, .literal(on), .literal(off))
      : SchemaReason(.writeDefaultAsBoolean)
    report(
      shownAsMeant ? .warning : .error, specifier, on: page,
      SchemaReason(
        shownAsMeant ? .toggleDefaultReadAs : .toggleDefaultShownAs, .literal(value),
        .literal(on), .literal(off), .state(on: shown)),
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
        SchemaReason(.minimumAboveMaximum, .number(minimum), .number(maximum)),
        fix: SchemaReason(.swapMinimumMaximum))
    } else if let value, value < minimum || value > maximum {
      report(
        .warning, specifier, on: page,
        SchemaReason(.defaultOutsideRange, .number(value), .number(minimum), .number(maximum)),
        fix: SchemaReason(.chooseDefaultInRange))
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
        SchemaReason(.sliderMissing, .text(name)), fix: SchemaReason(.addNumber, .text(name)),
        leavesRowUsable: isDefault)
      return nil
    }
    guard let number = value.numberValue else {
      report(
        .error, specifier, on: page, SchemaReason(.notANumber, .text(name), .value(value)),
        fix: SchemaReason(.writeAsNumber, .text(name)), leavesRowUsable: isDefault)
      return nil
    }
    if value.stringValue != nil {
      // iOS and InAppSettingsKit read the text as a number: the slider works.
      report(
        .warning, specifier, on: page,
        SchemaReason(.numberAsText, .text(name), .value(value), .number(number)),
        fix: SchemaReason(.writeAsRealOrInteger, .text(name)), leavesRowUsable: true)
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
        .error, specifier, on: page, SchemaReason(.childPaneNoFile), fix: SchemaReason(.addFile))
      return
    }
    report(
      .error, specifier, on: page, SchemaReason(.fileNotString, .value(file)),
      fix: SchemaReason(.writeFileName))
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
    let what: SchemaArgument =
      reference.nestedIn.map { .reason(SchemaReason(.nestedFile, .text($0))) } ?? .text("File")
    let file = SchemaArgument.text(printable(reference.file))
    let record = schema.missingPages.first {
      $0.page == page.name && $0.specifierIndex == specifier.index && $0.file == reference.file
    }
    var fix = SchemaReason(
      reference.file.contains("/") ? .addPageToBundle : .addPageBeside, file, what)
    if reference.file.hasSuffix(".plist") {
      fix = SchemaReason(
        .writeWithoutExtension, what, .text(printable(String(reference.file.dropLast(6)))))
    }
    let message: SchemaReason
    if let reason = record?.reason {
      message = SchemaReason(.pageUnusable, what, file, .reason(reason))
      // A File refused names no file: nothing was looked for.
      fix =
        record?.searched.isEmpty == true
        ? SchemaReason(.correctMember, what) : SchemaReason(.correctThatFile)
    } else if let record, !record.searched.isEmpty {
      // Each file as the bundle names it: as many components as File has.
      let depth = reference.file.split(separator: "/").count
      let names = record.searched.map {
        $0.split(separator: "/").suffix(depth).joined(separator: "/")
      }
      message = SchemaReason(.noneOfExists, what, file, .texts(names))
    } else {
      message = SchemaReason(.noPageInSchema, what, file)
      if record == nil { fix = SchemaReason(.addPageOrCorrect, what) }
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
