import SchemaKit
import TableREPL

extension Program {
  /// `settei lint PATH`: every problem with its file, specifier, key and fix; exit 65 when
  /// there are errors. The schema is checked as every idiom shows it (`Root~ipad.plist`,
  /// rows limited by `SupportedUserInterfaceIdioms`), and a bundle with `.inApp.plist` pages
  /// both as Settings.app and as InAppSettingsKit in the app read it, each problem once (a
  /// problem names its file). A bundle with only an in-app root is checked in the app, with
  /// a note.
  func lint(_ path: String) throws(Failure) {
    var problems: [LintProblem] = []
    var seen: Set<String> = []
    let pageSets = SchemaLoader.hasInAppPages(path: path) ? [false, true] : [false]
    for inApp in pageSets {
      for idiom in Idiom.allCases {
        let schema: SettingsSchema
        do {
          schema = try SchemaLoader.load(path: path, idiom: idiom, inApp: inApp)
        } catch .noSettingsAppPage where pageSets.count > 1 {
          if idiom == Idiom.allCases.first { note(messages.text(.lintInAppOnly, path)) }
          continue
        } catch {
          throw Failure.unreadableInput("\(error)")
        }
        for problem in SchemaLinter.lint(schema) where seen.insert(problem.description).inserted {
          problems.append(problem)
        }
      }
    }
    for problem in problems {
      standardOutput.write(TerminalText.sanitize(problem.description) + "\n")
    }
    let errors = problems.errors.count
    let warnings = problems.warnings.count
    let summary =
      problems.isEmpty
      ? messages.text(.lintNoProblems, path)
      : messages.text(
        .lintCounts, path, messages.count(errors, .errorsOne, .errorsMany),
        messages.count(warnings, .warningsOne, .warningsMany))
    standardOutput.write(TerminalText.sanitize(summary) + "\n")
    if errors > 0 { throw .problemsFound }
  }
}
