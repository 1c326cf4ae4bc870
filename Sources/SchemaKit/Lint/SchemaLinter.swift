import FileFormats

/// Checks a schema against Apple's Settings Application Schema Reference and
/// InAppSettingsKit's extensions, and reports what is wrong with the file, the specifier and
/// the fix.
///
/// The checks, per specifier:
/// - `Type` is present and a string; an unknown `Type` is a warning (with the nearest known
///   name), unless InAppSettingsKit knows it.
/// - The keys Apple marks required: `Key` for settings that store a value; `DefaultValue` for
///   toggles, multi-values, radio groups and sliders (a warning for title values); `Titles`
///   and `Values` for multi-values and radio groups; `MinimumValue` and `MaximumValue` for
///   sliders; `File` for child panes. A missing `Title` where Apple requires one is a
///   warning.
/// - `Titles` and `Values` of different lengths (error); `ShortTitles` of another length than
///   `Values`, or titles that are not strings (warnings).
/// - A `DefaultValue` not among `Values` of a multi-value or radio group (error; numbers
///   match by value, `0` is `0.0`, as iOS compares them); a toggle's `DefaultValue` that is
///   neither its `TrueValue` nor its `FalseValue`; a slider's that is not a number or is
///   outside its range; a text field's that is not a string. A slider number written as text
///   (`"40"`) is a warning: iOS reads it as the number.
/// - `MinimumValue` greater than `MaximumValue`.
/// - A child pane whose `File` names no page (error), with the files looked for.
/// - A `Key` used twice: an error when the two specifiers differ (type, default, values),
///   a warning when they are the same setting shown twice. Pages reached only through an
///   `IASKListGroupSpecifier` edit the items of a list, so their keys are checked per page.
/// - `AutoCorrectionType` and `AutoCapitalizationType`, misspellings of Apple's
///   `AutocorrectionType` and `AutocapitalizationType` (warnings).
///
/// Problems found while loading (``SettingsSchema/loadProblems``) are included.
public enum SchemaLinter {
  /// The `Type`s of Apple's Settings.app.
  public static let appleTypes: [String] = Specifier.Kind.appleKinds.map(\.typeName)

  /// The `Type`s InAppSettingsKit adds (its `IASKSettingsReader.h`).
  public static let inAppSettingsKitTypes: [String] = Specifier.Kind.inAppSettingsKitKinds.map(
    \.typeName)

  /// Misspelled keys that Settings.app ignores, and the right spelling.
  static let misspelledKeys: [(wrong: String, right: String)] = [
    ("AutoCorrectionType", "AutocorrectionType"),
    ("AutoCapitalizationType", "AutocapitalizationType"),
  ]

  /// Checks a schema.
  ///
  /// - Parameter schema: The schema to check.
  /// - Returns: The problems, page by page from the root (breadth-first), in specifier
  ///   order; problems found while loading come with the page they belong to.
  public static func lint(_ schema: SettingsSchema) -> [LintProblem] {
    var linter = Linter(schema: schema)
    return linter.run()
  }

  /// The lint errors that keep a specifier from working, by page and index: such a
  /// specifier is shown as a row naming its error, and the rest of the schema still works.
  /// Errors that leave the row usable (``LintProblem/leavesRowUsable``) are for `settei lint`
  /// only.
  ///
  /// It gives what keeping those errors of ``lint(_:)`` gives (the first of each specifier),
  /// without running the checks that can find nothing else or wording the other problems.
  public static func rowBreakingErrors(in schema: SettingsSchema) -> [String: [Int: String]] {
    var linter = Linter(schema: schema, reporting: .rowBreakingErrors)
    // A specifier's problems from loading come before those of its checks, as in `lint`.
    for problem in schema.loadProblems { linter.note(problem) }
    for page in schema.pages.values { linter.check(page) }
    return linter.rowBreakingErrors
  }

  /// ``rowBreakingErrors(in:)`` of one page, checking that page alone: what a screen needs
  /// when it first shows the page. The checks across pages (a `Key` used twice) leave rows
  /// usable, so the result is the same.
  public static func rowBreakingErrors(onPage name: String, of schema: SettingsSchema)
    -> [Int: String]
  {
    guard let page = schema.pages[name] else { return [:] }
    var linter = Linter(schema: schema, reporting: .rowBreakingErrors)
    for problem in schema.loadProblems where problem.page == name { linter.note(problem) }
    linter.check(page)
    return linter.rowBreakingErrors[name] ?? [:]
  }

  /// Every problem of one specifier of a page, errors first, each with its file and fix as
  /// ``lint(_:)`` words it, checking that page alone: what a screen says of a row that shows
  /// an error (the checks across pages find only errors that leave rows usable).
  public static func problems(
    ofSpecifier index: Int, onPage name: String, of schema: SettingsSchema
  ) -> [LintProblem] {
    guard let page = schema.pages[name] else { return [] }
    var linter = Linter(schema: schema)
    linter.check(page)
    return (schema.loadProblems + linter.problems).problems(
      forPage: name, specifierIndex: index)
  }
}

/// One run of the checks.
private struct Linter {
  /// What a run keeps.
  enum Reporting {
    /// Every problem, with its message and fix: `settei lint`.
    case everything
    /// The first error of each specifier that keeps it from working, by page and index: what
    /// a screen shows. Checks that can find nothing else are skipped, and no other problem's
    /// message is made.
    case rowBreakingErrors
  }

  let schema: SettingsSchema
  let reporting: Reporting
  /// The problems found, with ``Reporting/everything``.
  var problems: [LintProblem] = []
  /// The row-breaking errors found, with ``Reporting/rowBreakingErrors``.
  var rowBreakingErrors: [String: [Int: String]] = [:]

  init(schema: SettingsSchema, reporting: Reporting = .everything) {
    self.schema = schema
    self.reporting = reporting
  }

  /// Whether every problem is reported, not only the errors that break a row.
  private var reportsEverything: Bool { reporting == .everything }

  /// The pages from the root, breadth-first through every link, then any others by name.
  var pageOrder: [String] {
    let reached = schema.reachablePages(includingItemPages: true).map(\.page.name)
    let seen = Set(reached)
    return reached + schema.pages.keys.filter { !seen.contains($0) }.sorted()
  }

  /// The pages that share one key space with the root: those reached through child panes.
  var rootScope: Set<String> {
    Set(schema.reachablePages().map(\.page.name))
  }

  mutating func run() -> [LintProblem] {
    let order = pageOrder
    for name in order {
      guard let page = schema.pages[name] else { continue }
      check(page)
    }
    checkDuplicateKeys(order: order)
    // Merge the problems of loading, and sort by page and specifier, keeping the order of
    // checks within one specifier.
    let rank = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
    let all = schema.loadProblems + problems
    return all.enumerated().sorted { left, right in
      let a = (rank[left.element.page] ?? order.count, left.element.specifierIndex ?? -1)
      let b = (rank[right.element.page] ?? order.count, right.element.specifierIndex ?? -1)
      return a != b ? a < b : left.offset < right.offset
    }.map(\.element)
  }

  // MARK: Reporting

  /// Reports a problem of `specifier`. The message and the fix are made only when the run
  /// keeps the problem.
  private mutating func report(
    _ severity: LintProblem.Severity, _ specifier: Specifier, on page: SettingsSchema.Page,
    _ message: @autoclosure () -> String, fix: @autoclosure () -> String,
    leavesRowUsable: Bool = false
  ) {
    guard reportsEverything else {
      if severity == .error, !leavesRowUsable {
        noteRowBreakingError(message, page: page.name, specifierIndex: specifier.index)
      }
      return
    }
    problems.append(
      LintProblem(
        severity: severity, source: page.source, page: page.name,
        specifierIndex: specifier.index, key: specifier.key, message: message(), fix: fix(),
        leavesRowUsable: leavesRowUsable))
  }

  /// Adds a problem found while loading to ``rowBreakingErrors`` if it breaks its row.
  mutating func note(_ problem: LintProblem) {
    // Not `.errors`: that generic extension is not specialized across modules, and running
    // it unspecialized cost more at start-up than the lint itself.
    guard problem.severity == .error, let index = problem.specifierIndex,
      !problem.leavesRowUsable
    else { return }
    noteRowBreakingError({ problem.message }, page: problem.page, specifierIndex: index)
  }

  /// Keeps a row-breaking error unless its specifier has one already: a row names its first.
  private mutating func noteRowBreakingError(
    _ message: () -> String, page: String, specifierIndex index: Int
  ) {
    guard rowBreakingErrors[page]?[index] == nil else { return }
    rowBreakingErrors[page, default: [:]][index] = message()
  }

  // MARK: Checks of one specifier

  // The checks read the specifier's fields (``Specifier/Fields``): a member of the type its
  // field holds is in the field, one of another type among the extras, as written. So a
  // `Type` that is a string is the kind's name, and a `Titles` in its field is all strings.
  //
  // A page shown for the first time checks each of its specifiers, nearly all of them
  // sound: each check tests first, inlined (`@inline(__always)`), what a sound specifier
  // passes, and only then calls what words a problem.

  /// Checks each specifier of a page.
  mutating func check(_ page: SettingsSchema.Page) {
    // Read in place from the page's storage, not copied one by one: a page that opens is
    // checked whole.
    page.specifiers.withUnsafeBufferPointer { specifiers in
      for index in specifiers.indices { check(specifiers[index], on: page) }
    }
  }

  // Inlined into its one caller, so that a specifier is read in place, not copied.
  @inline(__always)
  private mutating func check(_ specifier: Specifier, on page: SettingsSchema.Page) {
    guard specifier.fields.hasType else {
      reportType(specifier, on: page)
      return
    }
    checkMisspelledKeys(specifier, on: page)
    switch specifier.kind {
    case .group:
      break
    case .toggleSwitch:
      requireKey(specifier, on: page)
      requireTitle(specifier, on: page)
      // A default missing, or neither of the toggle's values, leaves the row usable: only
      // `settei lint` looks at it.
      if reportsEverything, requireDefault(specifier, on: page) {
        checkToggleDefault(specifier, on: page)
      }
    case .multiValue, .radioGroup:
      requireKey(specifier, on: page)
      if case .multiValue = specifier.kind { requireTitle(specifier, on: page) }
      // A default missing or not among the values leaves the row usable, as a toggle's does.
      let hasDefault = reportsEverything && requireDefault(specifier, on: page)
      let titles = arrayMember(.titles, of: specifier)
      let values = arrayMember(.values, of: specifier)
      let titleCount = requireArray(titles, "Titles", specifier, on: page)
      let valueCount = requireArray(values, "Values", specifier, on: page)
      if reportsEverything, case .radioGroup = specifier.kind, specifier.values.isEmpty {
        report(
          .warning, specifier, on: page,
          "the radio group has no choices; Settings.app skips it, and so do settei's screens",
          fix: "add Titles and Values, one entry per choice, or remove the radio group")
      }
      checkTitles(specifier, on: page, titleCount: titleCount, valueCount: valueCount)
      if hasDefault, valueCount != nil { checkDefaultAmongValues(specifier, on: page) }
    case .textField:
      requireKey(specifier, on: page)
      guard reportsEverything else { break }
      if let value = specifier.defaultValue, value.stringValue == nil {
        report(
          .warning, specifier, on: page,
          "DefaultValue is \(describe(value)), not a string; a text field holds text",
          fix: "write DefaultValue as a string")
      }
    case .slider:
      requireKey(specifier, on: page)
      checkSlider(specifier, on: page)
    case .titleValue:
      requireKey(specifier, on: page)
      if reportsEverything, !specifier.has(.defaultValue) {
        report(
          .warning, specifier, on: page,
          "the title value has no DefaultValue; Apple's reference requires one, and the row "
            + "is empty until the app stores a value",
          fix: "add DefaultValue")
      }
      // Optional here: only a member that is there is checked.
      let titles = arrayMember(.titles, of: specifier)
      let values = arrayMember(.values, of: specifier)
      let titleCount = optionalArray(titles, "Titles", specifier, on: page)
      let valueCount = optionalArray(values, "Values", specifier, on: page)
      if titleCount != nil || valueCount != nil {
        checkTitles(specifier, on: page, titleCount: titleCount, valueCount: valueCount)
      }
    case .childPane:
      requireTitle(specifier, on: page)
      checkChildPane(specifier, on: page)
    case .listGroup:
      checkPageReferences(specifier, on: page)
    case .textView, .openURL, .button, .mailCompose, .customView, .datePicker:
      break
    case .other:
      reportUnknownType(specifier, on: page)
    }
  }

  /// Reports a specifier without a `Type` of its own field: none, or one that is no string.
  private mutating func reportType(_ specifier: Specifier, on page: SettingsSchema.Page) {
    guard let type = specifier.fields.extra?[SpecifierKey.type] else {
      report(
        .error, specifier, on: page,
        "the specifier has no Type; Settings.app skips it, and so do settei's screens",
        fix: "add Type, such as PSGroupSpecifier or PSToggleSwitchSpecifier")
      return
    }
    report(
      .error, specifier, on: page,
      "Type is \(describe(type)), not a string; Settings.app skips the entry, and so do "
        + "settei's screens",
      fix: "write the type's name as a string, such as PSToggleSwitchSpecifier")
  }

  private mutating func reportUnknownType(_ specifier: Specifier, on page: SettingsSchema.Page) {
    // A warning: the nearest name is not looked for when only row-breaking errors count.
    guard reportsEverything else { return }
    let name = specifier.kind.typeName
    let known = SchemaLinter.appleTypes + SchemaLinter.inAppSettingsKitTypes
    let nearest = known.map { ($0, editDistance($0.lowercased(), name.lowercased())) }
      .min { $0.1 < $1.1 }
    let fix: String
    if let (candidate, distance) = nearest, distance <= max(2, name.count / 6) {
      fix = "did you mean \(candidate)?"
    } else {
      fix =
        "use one of Apple's types (PSGroupSpecifier, PSToggleSwitchSpecifier, "
        + "PSMultiValueSpecifier, PSRadioGroupSpecifier, PSTextFieldSpecifier, "
        + "PSSliderSpecifier, PSTitleValueSpecifier, PSChildPaneSpecifier)"
    }
    report(
      .warning, specifier, on: page,
      "unknown Type '\(printable(name))'; neither Settings.app nor InAppSettingsKit shows it, "
        + "and settei shows it as a read-only row",
      fix: fix)
  }

  @inline(__always)
  private mutating func checkMisspelledKeys(_ specifier: Specifier, on page: SettingsSchema.Page) {
    // Warnings only. No one defines the misspelled keys, so they are among the extras: a
    // specifier with only keys someone defines (nearly every one) has none of them.
    guard reportsEverything, let extra = specifier.fields.extra else { return }
    reportMisspelledKeys(in: extra, specifier, on: page)
  }

  private mutating func reportMisspelledKeys(
    in extra: [PropertyListKey: PropertyListValue], _ specifier: Specifier,
    on page: SettingsSchema.Page
  ) {
    for (wrong, right) in SchemaLinter.misspelledKeys where extra[wrong] != nil {
      report(
        .warning, specifier, on: page,
        "\(wrong) is not a key Settings.app reads (it is spelled \(right)); it is ignored",
        fix: "rename \(wrong) to \(right)")
    }
  }

  @inline(__always)
  private mutating func requireKey(_ specifier: Specifier, on page: SettingsSchema.Page) {
    // A string `Key` is in its field.
    if let key = specifier.key, !key.isEmpty { return }
    reportKey(specifier, on: page)
  }

  /// Reports a `Key` that is missing, empty or not a string.
  private mutating func reportKey(_ specifier: Specifier, on page: SettingsSchema.Page) {
    if let key = specifier.key {
      report(
        .error, specifier, on: page,
        "Key is \(describe(.string(key))); it must be a non-empty string",
        fix: "give Key the name under which the app reads the value")
      return
    }
    guard let key = specifier.fields.extra?[SpecifierKey.key] else {
      report(
        .error, specifier, on: page,
        "the \(specifier.kind.typeName) has no Key, so its value cannot be stored",
        fix: "add Key, the name under which the app reads the value")
      return
    }
    report(
      .error, specifier, on: page,
      "Key is \(describe(key)); it must be a non-empty string",
      fix: "give Key the name under which the app reads the value")
  }

  @inline(__always)
  private mutating func requireTitle(_ specifier: Specifier, on page: SettingsSchema.Page) {
    guard reportsEverything, !specifier.has(.title) else { return }
    reportNoTitle(specifier, on: page)
  }

  private mutating func reportNoTitle(_ specifier: Specifier, on page: SettingsSchema.Page) {
    report(
      .warning, specifier, on: page,
      "the \(specifier.kind.typeName) has no Title; Apple's reference requires one, and the "
        + "row shows its Key instead",
      fix: "add Title")
  }

  /// Reports a missing `DefaultValue`; `true` if there is one.
  @inline(__always)
  private mutating func requireDefault(_ specifier: Specifier, on page: SettingsSchema.Page)
    -> Bool
  {
    guard !specifier.has(.defaultValue) else { return true }
    reportNoDefault(specifier, on: page)
    return false
  }

  private mutating func reportNoDefault(_ specifier: Specifier, on page: SettingsSchema.Page) {
    report(
      .error, specifier, on: page,
      "the \(specifier.kind.typeName) has no DefaultValue; Apple's reference requires one",
      fix: "add DefaultValue, the value shown until the user changes it", leavesRowUsable: true)
  }

  /// A member that should hold an array (`Titles`, `ShortTitles`, `Values`), as written.
  private enum ArrayMember {
    case missing
    case notAnArray(PropertyListValue)
    case array(count: Int)
  }

  /// `member` of `specifier`, from its field when it is there, without making its array.
  @inline(__always)
  private func arrayMember(_ member: Specifier.Member, of specifier: Specifier) -> ArrayMember {
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
  private mutating func requireArray(
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
  private mutating func optionalArray(
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
  private mutating func checkTitles(
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
  private mutating func checkDefaultAmongValues(
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
  private mutating func checkToggleDefault(_ specifier: Specifier, on page: SettingsSchema.Page) {
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

  private mutating func checkSlider(_ specifier: Specifier, on page: SettingsSchema.Page) {
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

  private mutating func checkChildPane(_ specifier: Specifier, on page: SettingsSchema.Page) {
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
  private mutating func checkPageReferences(_ specifier: Specifier, on page: SettingsSchema.Page) {
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

  // MARK: Keys across pages

  /// A specifier that stores a value, where it is.
  private struct Place {
    var page: SettingsSchema.Page
    var specifier: Specifier
  }

  private mutating func checkDuplicateKeys(order: [String]) {
    let shared = rootScope
    var scopes: [[String]] = [order.filter(shared.contains)]
    scopes += order.filter { !shared.contains($0) }.map { [$0] }
    for scope in scopes {
      // By bytes, as the store tells keys apart.
      var first: [PropertyListKey: Place] = [:]
      for name in scope {
        guard let page = schema.pages[name] else { continue }
        for specifier in page.specifiers where specifier.kind.storesValue {
          guard let key = specifier.key, !key.isEmpty else { continue }
          guard let earlier = first[key] else {
            first[PropertyListKey(key)] = Place(page: page, specifier: specifier)
            continue
          }
          let there = "\(earlier.page.source) PreferenceSpecifiers[\(earlier.specifier.index)]"
          if let difference = difference(earlier.specifier, specifier) {
            report(
              .error, specifier, on: page,
              "Key '\(printable(key))' is also used by \(there), with a different "
                + "\(difference); both write the same stored value",
              fix: "give one of them another Key, or make them the same setting",
              leavesRowUsable: true)
          } else {
            report(
              .warning, specifier, on: page,
              "Key '\(printable(key))' is also used by \(there); both show the same setting",
              fix: "nothing if that is meant; otherwise give one of them another Key")
          }
        }
      }
    }
  }

  /// The first member in which two specifiers of one key differ, or `nil`.
  private func difference(_ a: Specifier, _ b: Specifier) -> String? {
    for member in [
      "Type", "DefaultValue", "Values", "TrueValue", "FalseValue", "MinimumValue", "MaximumValue",
    ] where a[member: member] != b[member: member] {
      return member
    }
    return nil
  }
}

// MARK: Text of the messages

// Free functions, so that a message handed to `report` unmade captures no linter.

private func describe(_ value: PropertyListValue) -> String {
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

/// The Levenshtein distance between two strings, by characters.
func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a)
  let b = Array(b)
  guard !a.isEmpty else { return b.count }
  guard !b.isEmpty else { return a.count }
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      let cost = a[i - 1] == b[j - 1] ? 0 : 1
      current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
    }
    swap(&previous, &current)
  }
  return previous[b.count]
}
