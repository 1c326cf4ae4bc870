import FileFormats
import TextSafety

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
/// - `VisibleWhen` (settei's key): one that cannot be read, one naming a `Key` no setting of
///   the schema has, a value its setting cannot hold, and chains of them that come back to
///   where they started (errors that leave the row usable: it is shown).
///
/// Problems found while loading (``SettingsSchema/loadProblems``) are included.
package enum SchemaLinter {
  /// The `Type`s of Apple's Settings.app.
  package static let appleTypes: [String] = Specifier.Kind.appleKinds.map(\.typeName)

  /// The `Type`s InAppSettingsKit adds (its `IASKSettingsReader.h`).
  package static let inAppSettingsKitTypes: [String] = Specifier.Kind.inAppSettingsKitKinds.map(
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
  package static func lint(_ schema: SettingsSchema) -> [LintProblem] {
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
  package static func rowBreakingErrors(
    in schema: SettingsSchema, wordedIn catalog: SchemaMessages = .english
  ) -> [String: [Int: String]] {
    rowBreakingReasons(in: schema).mapValues { $0.mapValues { $0.worded(in: catalog) } }
  }

  /// ``rowBreakingErrors(in:wordedIn:)`` as reasons, for a caller that words them in several
  /// languages (`settei render --lang all`).
  package static func rowBreakingReasons(in schema: SettingsSchema) -> [String: [Int: SchemaReason]]
  {
    var linter = Linter(schema: schema, reporting: .rowBreakingErrors)
    // A specifier's problems from loading come before those of its checks, as in `lint`.
    for problem in schema.loadProblems { linter.note(problem) }
    for page in schema.pages.values { linter.check(page) }
    return linter.rowBreakingErrors
  }

  /// ``rowBreakingErrors(in:wordedIn:)`` of one page, checking that page alone: what a
  /// screen needs when it first shows the page, in the screen's language. The checks across
  /// pages (a `Key` used twice) leave rows usable, so the result is the same.
  package static func rowBreakingErrors(
    onPage name: String, of schema: SettingsSchema, wordedIn catalog: SchemaMessages = .english
  ) -> [Int: String] {
    guard let page = schema.pages[name] else { return [:] }
    var linter = Linter(schema: schema, reporting: .rowBreakingErrors)
    for problem in schema.loadProblems where problem.page == name { linter.note(problem) }
    linter.check(page)
    return (linter.rowBreakingErrors[name] ?? [:]).mapValues { $0.worded(in: catalog) }
  }

  /// Every problem of one specifier of a page, errors first, each with its file and fix as
  /// ``lint(_:)`` words it, checking that page alone: what a screen says of a row that shows
  /// an error (the checks across pages find only errors that leave rows usable).
  package static func problems(
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
struct Linter {
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
  var rowBreakingErrors: [String: [Int: SchemaReason]] = [:]

  init(schema: SettingsSchema, reporting: Reporting = .everything) {
    self.schema = schema
    self.reporting = reporting
  }

  /// Whether every problem is reported, not only the errors that break a row.
  var reportsEverything: Bool { reporting == .everything }

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
    checkVisibleWhen(order: order)
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
  mutating func report(
    _ severity: LintProblem.Severity, _ specifier: Specifier, on page: SettingsSchema.Page,
    _ reason: @autoclosure () -> SchemaReason, fix: @autoclosure () -> SchemaReason?,
    leavesRowUsable: Bool = false
  ) {
    guard reportsEverything else {
      if severity == .error, !leavesRowUsable {
        noteRowBreakingError(reason, page: page.name, specifierIndex: specifier.index)
      }
      return
    }
    problems.append(
      LintProblem(
        severity: severity, source: page.source, page: page.name,
        specifierIndex: specifier.index, key: specifier.key, reason: reason(), fix: fix(),
        leavesRowUsable: leavesRowUsable))
  }

  /// Adds a problem found while loading to ``rowBreakingErrors`` if it breaks its row.
  mutating func note(_ problem: LintProblem) {
    // Not `.errors`: that generic extension is not specialized across modules, and running
    // it unspecialized cost more at start-up than the lint itself.
    guard problem.severity == .error, let index = problem.specifierIndex,
      !problem.leavesRowUsable
    else { return }
    noteRowBreakingError({ problem.reason }, page: problem.page, specifierIndex: index)
  }

  /// Keeps a row-breaking error unless its specifier has one already: a row names its first.
  private mutating func noteRowBreakingError(
    _ reason: () -> SchemaReason, page: String, specifierIndex index: Int
  ) {
    guard rowBreakingErrors[page]?[index] == nil else { return }
    rowBreakingErrors[page, default: [:]][index] = reason()
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
    let reportsEverything = reportsEverything
    let schema = schema
    let name = page.name
    page.specifiers.withUnsafeBufferPointer { specifiers in
      for index in specifiers.indices {
        if !reportsEverything, Self.worksAsRow(specifiers[index], onPage: name, of: schema) {
          continue
        }
        check(specifiers[index], on: page)
      }
    }
  }

  /// Whether a switch, a multi-value or a child pane, most rows of a big page, is one that
  /// the checks below find no row-breaking error in: a `Type`; a switch's or multi-value's
  /// `Key` that is a string and not empty, and a multi-value's `Titles` and `Values`, both
  /// arrays of as many entries; a child pane's `File`, a string naming a page the schema has.
  /// Looked at in its fields, without copying the specifier: a page of a thousand settings
  /// that opens checked each at a third of the cost (`LintRowBreakingErrorsTests` holds it
  /// to the full checks). Any other specifier is checked in full.
  @inline(__always)
  private static func worksAsRow(
    _ specifier: Specifier, onPage page: String, of schema: SettingsSchema
  ) -> Bool {
    let fields = specifier.fields
    guard fields.hasType else { return false }
    switch specifier.kind {
    case .toggleSwitch:
      guard let key = fields.key else { return false }
      return !key.isEmpty
    case .multiValue:
      guard let key = fields.key, !key.isEmpty, let titles = fields.titles,
        let values = fields.values
      else { return false }
      return titles.count == values.count
    case .childPane:
      guard fields.details.isEmpty, let file = fields.file else { return false }
      return schema.hasPage(named: file, namedBy: specifier.index, on: page)
    case .group, .radioGroup, .textField, .slider, .titleValue, .listGroup, .textView,
      .openURL, .button, .mailCompose, .customView, .datePicker, .other(_):
      return false
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
          SchemaReason(.radioGroupNoChoices), fix: SchemaReason(.addChoicesOrRemove))
      }
      checkTitles(specifier, on: page, titleCount: titleCount, valueCount: valueCount)
      if hasDefault, valueCount != nil { checkDefaultAmongValues(specifier, on: page) }
    case .textField:
      requireKey(specifier, on: page)
      guard reportsEverything else { break }
      if let value = specifier.defaultValue, value.stringValue == nil {
        report(
          .warning, specifier, on: page,
          SchemaReason(.textFieldDefaultNotString, .value(value)),
          fix: SchemaReason(.writeDefaultAsString))
      }
    case .slider:
      requireKey(specifier, on: page)
      checkSlider(specifier, on: page)
    case .titleValue:
      requireKey(specifier, on: page)
      if reportsEverything, !specifier.has(.defaultValue) {
        report(
          .warning, specifier, on: page,
          SchemaReason(.titleValueNoDefault), fix: SchemaReason(.addDefault))
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
        SchemaReason(.noType), fix: SchemaReason(.addType))
      return
    }
    report(
      .error, specifier, on: page,
      SchemaReason(.typeNotString, .value(type)), fix: SchemaReason(.writeTypeAsString))
  }

  private mutating func reportUnknownType(_ specifier: Specifier, on page: SettingsSchema.Page) {
    // A warning: the nearest name is not looked for when only row-breaking errors count.
    guard reportsEverything else { return }
    let name = specifier.kind.typeName
    let known = SchemaLinter.appleTypes + SchemaLinter.inAppSettingsKitTypes
    let nearest = known.map { ($0, EditDistance.between($0.lowercased(), name.lowercased())) }
      .min { $0.1 < $1.1 }
    let fix: SchemaReason
    if let (candidate, distance) = nearest, distance <= max(2, name.count / 6) {
      fix = SchemaReason(.didYouMean, .text(candidate))
    } else {
      fix = SchemaReason(.useAppleType)
    }
    report(
      .warning, specifier, on: page, SchemaReason(.unknownType, .text(printable(name))),
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
        SchemaReason(.misspelledKey, .text(wrong), .text(right)),
        fix: SchemaReason(.renameKey, .text(wrong), .text(right)))
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
        SchemaReason(.keyNotNonEmptyString, .value(.string(key))),
        fix: SchemaReason(.giveKeyName))
      return
    }
    guard let key = specifier.fields.extra?[SpecifierKey.key] else {
      report(
        .error, specifier, on: page,
        SchemaReason(.noKey, .text(specifier.kind.typeName)), fix: SchemaReason(.addKey))
      return
    }
    report(
      .error, specifier, on: page,
      SchemaReason(.keyNotNonEmptyString, .value(key)), fix: SchemaReason(.giveKeyName))
  }

  @inline(__always)
  private mutating func requireTitle(_ specifier: Specifier, on page: SettingsSchema.Page) {
    guard reportsEverything, !specifier.has(.title) else { return }
    reportNoTitle(specifier, on: page)
  }

  private mutating func reportNoTitle(_ specifier: Specifier, on page: SettingsSchema.Page) {
    report(
      .warning, specifier, on: page,
      SchemaReason(.noTitle, .text(specifier.kind.typeName)), fix: SchemaReason(.addTitle))
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
      SchemaReason(.noDefault, .text(specifier.kind.typeName)),
      fix: SchemaReason(.addDefaultShown), leavesRowUsable: true)
  }
}
