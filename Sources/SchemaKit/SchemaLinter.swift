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
  public static func rowBreakingErrors(in schema: SettingsSchema) -> [String: [Int: String]] {
    var result: [String: [Int: String]] = [:]
    for problem in lint(schema) { note(problem, in: &result) }
    return result
  }

  /// ``rowBreakingErrors(in:)`` of one page, checking that page alone: what a screen needs
  /// when it first shows the page. The checks across pages (a `Key` used twice) leave rows
  /// usable, so the result is the same.
  public static func rowBreakingErrors(onPage name: String, of schema: SettingsSchema)
    -> [Int: String]
  {
    guard let page = schema.pages[name] else { return [:] }
    var linter = Linter(schema: schema)
    for specifier in page.specifiers { linter.check(specifier, on: page) }
    var result: [String: [Int: String]] = [:]
    for problem in schema.loadProblems where problem.page == name { note(problem, in: &result) }
    for problem in linter.problems { note(problem, in: &result) }
    return result[name] ?? [:]
  }

  /// Adds a problem to row-breaking errors if it is one, and the first of its specifier.
  private static func note(_ problem: LintProblem, in result: inout [String: [Int: String]]) {
    // Not `.errors`: that generic extension is not specialized across modules, and running
    // it unspecialized cost more at start-up than the lint itself.
    guard problem.severity == .error, let index = problem.specifierIndex,
      result[problem.page]?[index] == nil, !problem.leavesRowUsable
    else { return }
    result[problem.page, default: [:]][index] = problem.message
  }
}

/// One run of the checks.
private struct Linter {
  let schema: SettingsSchema
  var problems: [LintProblem] = []

  init(schema: SettingsSchema) {
    self.schema = schema
  }

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
      for specifier in page.specifiers { check(specifier, on: page) }
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

  private mutating func report(
    _ severity: LintProblem.Severity, _ specifier: Specifier, on page: SettingsSchema.Page,
    _ message: String, fix: String, leavesRowUsable: Bool = false
  ) {
    problems.append(
      LintProblem(
        severity: severity, source: page.source, page: page.name,
        specifierIndex: specifier.index, key: specifier.key, message: message, fix: fix,
        leavesRowUsable: leavesRowUsable))
  }

  // MARK: Checks of one specifier

  mutating func check(_ specifier: Specifier, on page: SettingsSchema.Page) {
    guard let type = specifier[member: .type] else {
      report(
        .error, specifier, on: page, "the specifier has no Type",
        fix: "add Type, such as PSGroupSpecifier or PSToggleSwitchSpecifier")
      return
    }
    guard let typeName = type.stringValue else {
      report(
        .error, specifier, on: page,
        "Type is \(describe(type)), not a string",
        fix: "write the type's name as a string, such as PSToggleSwitchSpecifier")
      return
    }
    checkMisspelledKeys(specifier, on: page)
    switch specifier.kind {
    case .group:
      break
    case .toggleSwitch:
      requireKey(specifier, on: page)
      requireTitle(specifier, on: page)
      if requireDefault(specifier, on: page) { checkToggleDefault(specifier, on: page) }
    case .multiValue, .radioGroup:
      requireKey(specifier, on: page)
      if specifier.kind == .multiValue { requireTitle(specifier, on: page) }
      let hasDefault = requireDefault(specifier, on: page)
      let hasTitles = requireArray("Titles", specifier, on: page)
      let hasValues = requireArray("Values", specifier, on: page)
      checkTitles(specifier, on: page, hasTitles: hasTitles, hasValues: hasValues)
      if hasDefault, hasValues { checkDefaultAmongValues(specifier, on: page) }
    case .textField:
      requireKey(specifier, on: page)
      if let value = specifier[member: .defaultValue], value.stringValue == nil {
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
      if specifier[member: .defaultValue] == nil {
        report(
          .warning, specifier, on: page,
          "the title value has no DefaultValue; Apple's reference requires one, and the row "
            + "is empty until the app stores a value",
          fix: "add DefaultValue")
      }
      let hasTitles =
        specifier[member: .titles] != nil && optionalArray("Titles", specifier, on: page)
      let hasValues =
        specifier[member: .values] != nil && optionalArray("Values", specifier, on: page)
      if hasTitles || hasValues {
        checkTitles(specifier, on: page, hasTitles: hasTitles, hasValues: hasValues)
      }
    case .childPane:
      requireTitle(specifier, on: page)
      checkChildPane(specifier, on: page)
    case .listGroup:
      checkPageReferences(specifier, on: page)
    case .textView, .openURL, .button, .mailCompose, .customView, .datePicker:
      break
    case .other:
      reportUnknownType(typeName, specifier, on: page)
    }
  }

  private mutating func reportUnknownType(
    _ name: String, _ specifier: Specifier, on page: SettingsSchema.Page
  ) {
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

  private mutating func checkMisspelledKeys(_ specifier: Specifier, on page: SettingsSchema.Page) {
    // No one defines the misspelled keys: a specifier with only keys someone defines (nearly
    // every one) has none of them.
    guard specifier.fields.extra != nil else { return }
    for (wrong, right) in SchemaLinter.misspelledKeys where specifier[member: wrong] != nil {
      report(
        .warning, specifier, on: page,
        "\(wrong) is not a key Settings.app reads (it is spelled \(right)); it is ignored",
        fix: "rename \(wrong) to \(right)")
    }
  }

  private mutating func requireKey(_ specifier: Specifier, on page: SettingsSchema.Page) {
    guard let key = specifier[member: .key] else {
      report(
        .error, specifier, on: page,
        "the \(specifier.kind.typeName) has no Key, so its value cannot be stored",
        fix: "add Key, the name under which the app reads the value")
      return
    }
    if key.stringValue?.isEmpty ?? true {
      report(
        .error, specifier, on: page,
        "Key is \(describe(key)); it must be a non-empty string",
        fix: "give Key the name under which the app reads the value")
    }
  }

  private mutating func requireTitle(_ specifier: Specifier, on page: SettingsSchema.Page) {
    guard !specifier.has(.title) else { return }
    report(
      .warning, specifier, on: page,
      "the \(specifier.kind.typeName) has no Title; Apple's reference requires one, and the "
        + "row shows its Key instead",
      fix: "add Title")
  }

  /// Reports a missing `DefaultValue`; `true` if there is one.
  private mutating func requireDefault(_ specifier: Specifier, on page: SettingsSchema.Page)
    -> Bool
  {
    guard !specifier.has(.defaultValue) else { return true }
    report(
      .error, specifier, on: page,
      "the \(specifier.kind.typeName) has no DefaultValue; Apple's reference requires one",
      fix: "add DefaultValue, the value shown until the user changes it", leavesRowUsable: true)
    return false
  }

  /// Reports a missing or non-array member; `true` if it is an array.
  private mutating func requireArray(
    _ member: String, _ specifier: Specifier, on page: SettingsSchema.Page
  ) -> Bool {
    guard specifier[member: member] != nil else {
      report(
        .error, specifier, on: page,
        "the \(specifier.kind.typeName) has no \(member), so there is nothing to choose from",
        fix: "add \(member): "
          + (member == "Titles" ? "the text of each choice" : "the value stored for each choice"))
      return false
    }
    return optionalArray(member, specifier, on: page)
  }

  /// Reports a member that is present but not an array; `true` if it is an array.
  private mutating func optionalArray(
    _ member: String, _ specifier: Specifier, on page: SettingsSchema.Page
  ) -> Bool {
    guard let value = specifier[member: member], value.arrayValue == nil else { return true }
    report(
      .error, specifier, on: page, "\(member) is \(describe(value)), not an array",
      fix: "make \(member) an array with one entry per choice")
    return false
  }

  private mutating func checkTitles(
    _ specifier: Specifier, on page: SettingsSchema.Page, hasTitles: Bool, hasValues: Bool
  ) {
    let titles = hasTitles ? specifier[member: .titles]?.arrayValue ?? [] : []
    let values = hasValues ? specifier[member: .values]?.arrayValue ?? [] : []
    if hasTitles, hasValues, titles.count != values.count {
      report(
        .error, specifier, on: page,
        "Titles has \(entries(titles.count)) but Values has \(entries(values.count))",
        fix: "give every value a title, in the same order")
    }
    if let firstNonString = titles.firstIndex(where: { $0.stringValue == nil }) {
      report(
        .warning, specifier, on: page,
        "Titles[\(firstNonString)] is \(describe(titles[firstNonString])), not a string; "
          + "titles are the text shown for each choice",
        fix: "write every title as a string")
    }
    if let short = specifier[member: .shortTitles] {
      if let shortTitles = short.arrayValue {
        if hasValues, shortTitles.count != values.count {
          report(
            .warning, specifier, on: page,
            "ShortTitles has \(entries(shortTitles.count)) but Values has "
              + "\(entries(values.count)); the full titles are shown instead",
            fix: "give every value a short title, in the same order")
        }
      } else {
        report(
          .warning, specifier, on: page, "ShortTitles is \(describe(short)), not an array",
          fix: "make ShortTitles an array with one entry per value")
      }
    }
  }

  private mutating func checkDefaultAmongValues(
    _ specifier: Specifier, on page: SettingsSchema.Page
  ) {
    guard let value = specifier[member: .defaultValue],
      let values = specifier[member: .values]?.arrayValue
    else { return }
    // Numbers match by value, as iOS compares them: 250 is the choice 250.0.
    if values.contains(where: { $0.isSame(as: value) }) { return }
    report(
      .error, specifier, on: page,
      "DefaultValue \(value.debugDescription) is not among Values (\(list(values)))",
      fix: "use one of Values as DefaultValue, or add it to Values", leavesRowUsable: true)
  }

  private mutating func checkToggleDefault(_ specifier: Specifier, on page: SettingsSchema.Page) {
    guard let value = specifier[member: .defaultValue] else { return }
    let on = specifier.trueValue
    let off = specifier.falseValue
    if value.isSame(as: on) || value.isSame(as: off) { return }
    let hasOwnValues =
      specifier[member: .trueValue] != nil || specifier[member: .falseValue] != nil
    let fix =
      hasOwnValues
      ? "use TrueValue (\(on.debugDescription)) or FalseValue (\(off.debugDescription)) as "
        + "DefaultValue"
      : "write DefaultValue as a Boolean (<true/> or <false/>; true or false in JSON)"
    report(
      .error, specifier, on: page,
      "DefaultValue \(value.debugDescription) is neither TrueValue (\(on.debugDescription)) nor "
        + "FalseValue (\(off.debugDescription))",
      fix: fix, leavesRowUsable: true)
  }

  private mutating func checkSlider(_ specifier: Specifier, on page: SettingsSchema.Page) {
    var numbers: [String: Double] = [:]
    for member in ["DefaultValue", "MinimumValue", "MaximumValue"] {
      guard let value = specifier[member: member] else {
        report(
          .error, specifier, on: page,
          "the slider has no \(member); Apple's reference requires one",
          fix: "add \(member), a number", leavesRowUsable: member == "DefaultValue")
        continue
      }
      guard let number = value.numberValue else {
        report(
          .error, specifier, on: page, "\(member) is \(describe(value)), not a number",
          fix: "write \(member) as a number (<real> or <integer>)",
          leavesRowUsable: member == "DefaultValue")
        continue
      }
      if value.stringValue != nil {
        // iOS and InAppSettingsKit read the text as a number: the slider works.
        report(
          .warning, specifier, on: page,
          "\(member) is \(describe(value)); iOS reads it as the number \(format(number))",
          fix: "write \(member) as <real> or <integer>", leavesRowUsable: true)
      }
      numbers[member] = number
    }
    guard let minimum = numbers["MinimumValue"], let maximum = numbers["MaximumValue"] else {
      return
    }
    if minimum > maximum {
      report(
        .error, specifier, on: page,
        "MinimumValue \(format(minimum)) is greater than MaximumValue \(format(maximum))",
        fix: "swap MinimumValue and MaximumValue")
    } else if let value = numbers["DefaultValue"], value < minimum || value > maximum {
      report(
        .warning, specifier, on: page,
        "DefaultValue \(format(value)) is outside the slider's range, \(format(minimum)) to "
          + "\(format(maximum))",
        fix: "choose a DefaultValue within MinimumValue and MaximumValue")
    }
  }

  private mutating func checkChildPane(_ specifier: Specifier, on page: SettingsSchema.Page) {
    if specifier.opensCustomController { return }
    // A File that is a string, as nearly always, is in its field.
    if specifier.file != nil {
      checkPageReferences(specifier, on: page)
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
      let what = reference.nestedIn.map { "\($0)'s File" } ?? "File"
      let file = printable(reference.file)
      let record = schema.missingPages.first {
        $0.page == page.name && $0.specifierIndex == specifier.index && $0.file == reference.file
      }
      var fix = "add the page \(file).plist beside this one, or correct \(what)"
      if reference.file.hasSuffix(".plist") {
        fix =
          "write \(what) without the extension: \(printable(String(reference.file.dropLast(6))))"
      }
      let message: String
      if let reason = record?.reason {
        message = "\(what) '\(file)' names a page that cannot be used: \(reason)"
        fix = reference.file.contains("/") ? fix : "correct that file"
      } else if let record, !record.searched.isEmpty {
        let names = record.searched.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
        message = "\(what) '\(file)' names no page: none of \(names.joined(separator: ", ")) exists"
      } else {
        message = "\(what) '\(file)' names no page in this schema"
        if record == nil { fix = "add the page (under Children in JSON), or correct \(what)" }
      }
      report(.error, specifier, on: page, message, fix: fix)
    }
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
      var first: [String: Place] = [:]
      for name in scope {
        guard let page = schema.pages[name] else { continue }
        for specifier in page.specifiers where specifier.kind.storesValue {
          guard let key = specifier.key, !key.isEmpty else { continue }
          guard let earlier = first[key] else {
            first[key] = Place(page: page, specifier: specifier)
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

  // MARK: Text

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
