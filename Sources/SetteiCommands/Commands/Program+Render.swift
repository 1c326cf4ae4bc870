import SchemaKit
import SystemIO
import TableREPL

/// `settei render PATH`: every page as the REPL shows it, for review and diffs in CI.
extension Program {
  func render(_ path: String, options: Options) throws(Failure) {
    let schema = try loadSchema(
      path, idiom: options.idiom, title: options.title, inApp: options.inApp
    ).schema
    notePagesRead(path, inApp: options.inApp)
    let errors = SchemaLinter.rowBreakingErrors(in: schema)
    let languages =
      options.language == "all"
      ? BundleRenderer.allLanguages(of: schema)
      : [PreferredLanguage.resolve(option: options.language, environment: environment.values)]
    for language in languages { warnOfUnreadableTables(schema.strings, language: language) }
    guard let folder = options.outputFolder else {
      for language in languages {
        if languages.count > 1 { standardOutput.write("# \(TerminalText.sanitize(language))\n\n") }
        standardOutput.write(
          BundleRenderer.render(
            schema, language: language, width: options.width, specifierErrors: errors))
      }
      return
    }
    // Two languages whose files would be one (`x.y` and `x_y`): refused before anything is
    // written, rather than the later one silently replacing the other.
    var languageOfFile: [String: String] = [:]
    for language in languages {
      let file = Self.fileName(for: language)
      if let other = languageOfFile.updateValue(language, forKey: file) {
        throw Failure.unreadableInput(
          messages.text(.renderFileClash, path, other, language, folder + "/" + file))
      }
    }
    do {
      try FileSystem.createFolders(folder, mode: 0o755)
      for language in languages {
        let text = BundleRenderer.render(
          schema, language: language, width: options.width, specifierErrors: errors)
        try FileSystem.replaceFile(
          folder + "/" + Self.fileName(for: language), with: Array(text.utf8), mode: 0o644)
      }
    } catch {
      throw .notSaved(
        messages.text(.renderNotWritten, error.path, error.operation, error.reason), kind: nil)
    }
    return
  }

  /// Names, on standard error, each strings table `language` reads that cannot be read, with
  /// its file, line and column: its text is shown as written.
  func warnOfUnreadableTables(_ strings: StringsCatalog, language: String) {
    for why in strings.unreadableTables(for: language) {
      diagnostics.write(messages.text(.stringsUnreadable, why, language), kind: .warning)
    }
  }

  /// The file of one language in `--out`: `en.txt`; a code that is not a plain name is
  /// written with what a file name cannot hold replaced.
  static func fileName(for language: String) -> String {
    let safe = String(language.map { $0.isLetter || $0.isNumber || "-_".contains($0) ? $0 : "_" })
    return (safe.isEmpty ? "_" : safe) + ".txt"
  }
}

/// `settei lint --l10n PATH`: a bundle's translations checked against its pages.
extension Program {
  /// `developmentLanguage`: `--development-language`, else the bundle's
  /// (``L10nLinter/developmentLanguage(ofBundleAt:)``).
  func lintTranslations(
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
    for problem in problems {
      standardOutput.write(TerminalText.sanitize(problem.description) + "\n")
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
