import TextSafety

/// Something wrong or doubtful in a schema: where it is, what is wrong, and what to do.
///
/// Printed as a compiler would:
/// `Root.plist: PreferenceSpecifiers[3] (Key 'unit'): error: Titles has 3 entries but Values
/// has 2. Fix: give every value a title, in the same order`.
package struct LintProblem: Equatable, Sendable, CustomStringConvertible {
  /// How bad a problem is.
  package enum Severity: Sendable, Equatable, CustomStringConvertible {
    /// The schema does not work as its author meant: a row is lost, a value cannot be
    /// chosen, a page cannot be opened.
    case error
    /// The schema works, but something is doubtful or differs from Apple's reference.
    case warning

    /// `"error"` or `"warning"`.
    package var description: String { worded(in: .english) }

    /// The severity in the language of `catalog`.
    package func worded(in catalog: SchemaMessages) -> String {
      catalog[self == .error ? .error : .warning]
    }
  }

  /// How bad the problem is.
  package var severity: Severity
  /// The file the problem is in: the page's plist, a `.strings` file, or a JSON schema.
  package var source: String
  /// The name of the page the problem is on (`Root`, `Advanced`); for a `.strings` file, a
  /// page that uses it.
  package var page: String
  /// The specifier's index in the page's `PreferenceSpecifiers`, when the problem is in one.
  package var specifierIndex: Int?
  /// The specifier's `Key`, when it has one.
  package var key: String?
  /// What is wrong, without a final period.
  package var reason: SchemaReason
  /// What to do about it, without a final period; `nil` when there is nothing to do.
  package var remedy: SchemaReason?
  /// What is wrong, in English.
  package var message: String { reason.description }
  /// What to do about it, in English; empty when there is nothing to do.
  package var fix: String { remedy?.description ?? "" }
  /// The 1-based line in ``source``, where known (syntax errors in `.strings` files).
  package var line: Int?
  /// The 1-based column in ``source``, where known.
  package var column: Int?
  /// Whether the specifier still works on screen despite the problem (a default outside the
  /// choices, a key used twice): such an error is for `settei lint`, and the row stays.
  package var leavesRowUsable: Bool

  /// Creates a problem.
  ///
  /// - Parameters:
  ///   - severity: How bad it is.
  ///   - source: The file it is in.
  ///   - page: The page it is on.
  ///   - specifierIndex: The specifier's index in `PreferenceSpecifiers`, if in one.
  ///   - key: The specifier's `Key`, if any.
  ///   - reason: What is wrong.
  ///   - fix: What to do, if anything.
  ///   - line: The line in `source`, if known.
  ///   - column: The column in `source`, if known.
  ///   - leavesRowUsable: Whether the specifier still works on screen despite the problem.
  package init(
    severity: Severity, source: String, page: String, specifierIndex: Int? = nil,
    key: String? = nil, reason: SchemaReason, fix: SchemaReason?, line: Int? = nil,
    column: Int? = nil, leavesRowUsable: Bool = false
  ) {
    self.leavesRowUsable = leavesRowUsable
    self.severity = severity
    self.source = source
    self.page = page
    self.specifierIndex = specifierIndex
    self.key = key
    self.reason = reason
    self.remedy = fix
    self.line = line
    self.column = column
  }

  /// Creates a problem another module has worded: `message` and `fix` are shown as they are,
  /// in every language.
  package init(
    severity: Severity, source: String, page: String, specifierIndex: Int? = nil,
    key: String? = nil, message: String, fix: String, line: Int? = nil, column: Int? = nil,
    leavesRowUsable: Bool = false
  ) {
    self.init(
      severity: severity, source: source, page: page, specifierIndex: specifierIndex, key: key,
      reason: .verbatim(message), fix: fix.isEmpty ? nil : .verbatim(fix), line: line,
      column: column, leavesRowUsable: leavesRowUsable)
  }

  /// `<file>[:line[:column]]: PreferenceSpecifiers[3] (Key 'foo'): error: <message>. Fix:
  /// <fix>`; the specifier part only when the problem is in one. In English.
  package var description: String { worded(in: .english) }

  /// The problem as ``description`` prints it, in the language of `catalog`.
  package func worded(in catalog: SchemaMessages) -> String {
    var text = source
    if let line {
      text += ":\(line)"
      if let column { text += ":\(column)" }
    }
    text += ": "
    if let specifierIndex {
      text +=
        key.map { catalog.text(.specifierWithKeyAt, String(specifierIndex), printable($0)) }
        ?? catalog.text(.specifierAt, String(specifierIndex))
      text += ": "
    }
    text += catalog.text(.problemLine, severity.worded(in: catalog), reason.worded(in: catalog))
    if let remedy { text += catalog.text(.fixLine, remedy.worded(in: catalog)) }
    return text
  }
}

extension Sequence where Element == LintProblem {
  /// The problems of one specifier, so that a screen can show what is wrong with a row.
  ///
  /// - Parameters:
  ///   - page: The page's name.
  ///   - specifierIndex: The specifier's index in the page's `PreferenceSpecifiers`.
  /// - Returns: The problems of that specifier, errors first.
  package func problems(forPage page: String, specifierIndex: Int) -> [LintProblem] {
    let found = filter { $0.page == page && $0.specifierIndex == specifierIndex }
    return found.filter { $0.severity == .error } + found.filter { $0.severity == .warning }
  }

  /// The errors, in order.
  package var errors: [LintProblem] { filter { $0.severity == .error } }

  /// The warnings, in order.
  package var warnings: [LintProblem] { filter { $0.severity == .warning } }
}

/// `text` as the one escaper shows it (`\u{1B}` for a control character), safe to print.
func printable(_ text: String) -> String { Escaper.escaped(text) }
