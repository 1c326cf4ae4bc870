import SchemaKit
import SystemIO
import TableREPL

/// `settei render PATH`: every page as the REPL shows it, for review and diffs in CI.
struct RenderCommand: SetteiCommand {
  static let name = "render"
  static let options = ["--lang", "--idiom", "--title", "--width", "--out", "--in-app"]
  static let help = ProgramMessage.renderHelp

  /// The schema to render.
  static func parse(
    _ words: [String], _ flags: CommandFlags, messages: ProgramMessages
  ) throws(Options.UsageError) -> String {
    try single(words, .takesRender, messages)
  }

  static func run(_ path: String, in context: CommandContext) throws(Failure) {
    try context.program.render(path, options: context.options)
  }
}

extension Program {
  fileprivate func render(_ path: String, options: Options) throws(Failure) {
    let schema = try loadSchema(
      path, idiom: options.idiom, title: options.title, inApp: options.inApp
    ).schema
    notePagesRead(path, inApp: options.inApp)
    let reasons = SchemaLinter.rowBreakingReasons(in: schema)
    // Each language's pages name their rows' errors in that language.
    func errors(in language: String) -> [String: [Int: String]] {
      let catalog = SchemaMessages.forLanguage(language)
      return reasons.mapValues { $0.mapValues { $0.worded(in: catalog) } }
    }
    let languages =
      options.language == "all"
      ? BundleRenderer.allLanguages(of: schema)
      : [PreferredLanguage.resolve(option: options.language, environment: environment.values)]
    for language in languages { warnOfUnreadableTables(schema.strings, language: language) }
    try writeRenderings(of: path, languages: languages, options: options) { language in
      BundleRenderer.render(
        schema, language: language, width: options.width, specifierErrors: errors(in: language))
    }
  }

  /// Writes each language's rendering (`text(language)`): to standard output, each after a
  /// line `# CODE` when there are several, or with `--out DIR` to `DIR/CODE.txt`, every
  /// file name checked before anything is written.
  func writeRenderings(
    of path: String, languages: [String], options: Options,
    text: (String) throws(Failure) -> String
  ) throws(Failure) {
    guard let folder = options.outputFolder else {
      for language in languages {
        if languages.count > 1 { standardOutput.write("# \(TerminalText.sanitize(language))\n\n") }
        standardOutput.write(try text(language))
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
    var texts: [String] = []
    for language in languages { texts.append(try text(language)) }
    do {
      try FileSystem.createFolders(folder, mode: 0o755)
      for (language, text) in zip(languages, texts) {
        try FileSystem.replaceFile(
          folder + "/" + Self.fileName(for: language), with: Array(text.utf8), mode: 0o644)
      }
    } catch {
      throw .notSaved(
        messages.text(
          .renderNotWritten, error.path, error.operationText(in: systemMessages),
          error.reasonText(in: systemMessages)), kind: nil)
    }
  }

  /// The file of one language in `--out`: `en.txt`; a code that is not a plain name is
  /// written with what a file name cannot hold replaced.
  static func fileName(for language: String) -> String {
    let safe = String(language.map { $0.isLetter || $0.isNumber || "-_".contains($0) ? $0 : "_" })
    return (safe.isEmpty ? "_" : safe) + ".txt"
  }
}
