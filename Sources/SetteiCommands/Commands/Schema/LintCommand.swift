import SchemaKit
import SettingsKit
import SystemIO
import TableREPL

/// `settei lint PATH`: a schema's mistakes; with `--store STORE`, a store checked against
/// the schema; with `--l10n`, a bundle's translations checked against its pages.
struct LintCommand: SetteiCommand {
  static let name = "lint"
  static let options = ["--store", "--l10n", "--strict", "--development-language"]
  static let help = ProgramMessage.lintHelp

  /// The schema to check.
  static func parse(
    _ words: [String], _ flags: CommandFlags, messages: ProgramMessages
  ) throws(Options.UsageError) -> String {
    try single(words, .takesLint, messages)
  }

  static func run(_ path: String, in context: CommandContext) throws(Failure) {
    let (program, options) = (context.program, context.options)
    if options.l10n {
      try program.lintTranslations(
        path, strict: options.strict, developmentLanguage: options.developmentLanguage,
        inApp: options.inApp)
    } else if let storePath = options.storePath {
      try program.lintStore(
        storePath, schemaPath: path, strict: options.strict, inApp: options.inApp)
    } else {
      try program.lint(path)
    }
  }
}

extension Program {
  /// `settei lint PATH`: every problem with its file, specifier, key and fix; exit 65 when
  /// there are errors. The schema is checked as every idiom shows it (`Root~ipad.plist`,
  /// rows limited by `SupportedUserInterfaceIdioms`), and a bundle with `.inApp.plist` pages
  /// both as Settings.app and as InAppSettingsKit in the app read it, each problem once (a
  /// problem names its file). A bundle with only an in-app root is checked in the app, with
  /// a note.
  fileprivate func lint(_ path: String) throws(Failure) {
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
          throw Failure.unreadableInput(error.worded(in: schemaMessages))
        }
        for problem in SchemaLinter.lint(schema) where seen.insert(problem.description).inserted {
          problems.append(problem)
        }
      }
    }
    let words = schemaMessages
    for problem in problems {
      standardOutput.write(TerminalText.sanitize(problem.worded(in: words)) + "\n")
    }
    if writeLintSummary(path, problems: problems, strict: false) { throw .problemsFound }
  }

  /// Writes the line that ends a lint (`PATH: no problems found.`, or its errors and
  /// warnings counted), and says whether they fail it: errors, or with `strict` warnings too.
  func writeLintSummary(_ name: String, problems: [LintProblem], strict: Bool) -> Bool {
    let errors = problems.errors.count
    let warnings = problems.warnings.count
    let summary =
      problems.isEmpty
      ? messages.text(.lintNoProblems, name)
      : messages.text(
        .lintCounts, name, messages.count(errors, .errorsOne, .errorsMany),
        messages.count(warnings, .warningsOne, .warningsMany))
    standardOutput.write(TerminalText.sanitize(summary) + "\n")
    return errors > 0 || (strict && warnings > 0)
  }

  /// Checks a store against the schema at `path`: exit 65 when a value does not fit (or,
  /// with `--strict`, when a key is unknown too).
  fileprivate func lintStore(
    _ storePath: String, schemaPath path: String, strict: Bool, inApp: Bool
  )
    throws(Failure)
  {
    let schema = try loadSchema(path, inApp: inApp).schema
    let values = try existingStore(storePath).values
    let model = SettingsModel(
      schema: schema, storedValues: values, language: messagesLanguage)
    let problems = StoreLinter.problems(
      in: values, model: model, messages: .forLanguage(messagesLanguage))
    let severities = schemaMessages
    for problem in problems {
      // The key is shown as an identifier (its control characters escaped), the rest as text.
      var line = ""
      for (text, argument) in ProgramMessages.segments(of: messages[.storeKeyProblem]) {
        line += TerminalText.sanitize(text)
        switch argument?.index {
        case 0: line += TerminalText.sanitize(storePath)
        case 1: line += TerminalText.identifier(problem.key)
        case 2: line += TerminalText.sanitize(problem.severity.worded(in: severities))
        case 3: line += TerminalText.sanitize(problem.message)
        default: break
        }
      }
      standardOutput.write(line + "\n")
    }
    let errors = problems.filter { $0.severity == .error }.count
    let warnings = problems.count - errors
    let summary =
      problems.isEmpty
      ? messages.text(.storeFits, storePath, path)
      : messages.text(
        .lintCounts, storePath, messages.count(errors, .errorsOne, .errorsMany),
        messages.count(warnings, .warningsOne, .warningsMany))
    standardOutput.write(TerminalText.sanitize(summary) + "\n")
    if errors > 0 || (strict && warnings > 0) { throw .problemsFound }
  }

  /// `developmentLanguage`: `--development-language`, else the bundle's
  /// (``L10nLinter/developmentLanguage(ofBundleAt:)``).
  fileprivate func lintTranslations(
    _ path: String, strict: Bool, developmentLanguage: String?, inApp: Bool
  ) throws(Failure) {
    let schema = try loadSchema(path, inApp: inApp).schema
    let folder = FileSystem.isFolder(path) ? path : FileSystem.parentFolder(of: path)
    var problems: [LintProblem] = []
    var language = developmentLanguage ?? "en"
    if developmentLanguage == nil {
      let found = L10nLinter.developmentLanguage(ofBundleAt: folder)
      language = found.language
      if let problem = found.problem { problems.append(problem) }
    }
    problems += L10nLinter.problems(
      in: schema, bundleFolder: folder, developmentLanguage: language)
    let words = schemaMessages
    for problem in problems {
      standardOutput.write(TerminalText.sanitize(problem.worded(in: words)) + "\n")
    }
    let languages = schema.strings.languages
    let summary = messages.text(
      .l10nSummary, path, messages.count(problems.count, .warningsOne, .warningsMany),
      messages.count(languages.count, .languagesOne, .languagesMany),
      languages.isEmpty ? "" : messages.text(.languageList, languages.joined(separator: ", ")),
      String(L10nLinter.titleWidth), language)
    standardOutput.write(TerminalText.sanitize(summary) + "\n")
    if strict && !problems.isEmpty { throw .problemsFound }
  }
}
