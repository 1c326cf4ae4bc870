import SchemaKit
import TableREPL

extension Program {
  /// `settei lint PATH`: every problem with its file, specifier, key and fix; exit 65 when
  /// there are errors. The schema is checked as every idiom shows it (`Root~ipad.plist`,
  /// rows limited by `SupportedUserInterfaceIdioms`), each problem once.
  func lint(_ path: String) throws(Failure) -> ExitStatus {
    var problems: [LintProblem] = []
    var seen: Set<String> = []
    for idiom in Idiom.allCases {
      let schema: SettingsSchema
      do {
        schema = try SchemaLoader.load(path: path, idiom: idiom)
      } catch {
        throw Failure(status: .unreadableInput, message: "\(error)")
      }
      for problem in SchemaLinter.lint(schema) where seen.insert(problem.description).inserted {
        problems.append(problem)
      }
    }
    for problem in problems {
      standardOutput.write(TerminalText.sanitize(problem.description) + "\n")
    }
    let errors = problems.errors.count
    let warnings = problems.warnings.count
    let summary =
      problems.isEmpty
      ? "\(path): no problems found."
      : "\(path): \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")."
    standardOutput.write(TerminalText.sanitize(summary) + "\n")
    return errors > 0 ? .unreadableInput : .success
  }

  /// The lint errors that keep a specifier from working, by page and index: such a specifier
  /// is shown as a row naming its error, and the rest of the schema still works. Errors that
  /// leave the row usable (``LintProblem/leavesRowUsable``) are for `settei lint` only.
  static func rowBreakingErrors(in schema: SettingsSchema) -> [String: [Int: String]] {
    var result: [String: [Int: String]] = [:]
    // Not `.errors`: that generic extension is not specialized across modules, and running
    // it unspecialized cost more at start-up than the lint itself.
    for problem in SchemaLinter.lint(schema) where problem.severity == .error {
      guard let index = problem.specifierIndex, result[problem.page]?[index] == nil,
        !problem.leavesRowUsable
      else { continue }
      result[problem.page, default: [:]][index] = problem.message
    }
    return result
  }
}
