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
}
