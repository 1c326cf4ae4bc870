import SchemaKit
import SystemIO
import TableREPL

/// `settei render PATH`: every page as the REPL shows it, for review and diffs in CI.
extension Program {
  func render(_ path: String, options: Options) throws(Failure) -> ExitStatus {
    let schema = try loadSchema(path).schema
    let errors = Self.rowBreakingErrors(in: schema)
    let languages =
      options.language == "all"
      ? BundleRenderer.allLanguages(of: schema)
      : [PreferredLanguage.resolve(option: options.language, environment: environment.values)]
    guard let folder = options.outputFolder else {
      for language in languages {
        if languages.count > 1 { standardOutput.write("# \(TerminalText.sanitize(language))\n\n") }
        standardOutput.write(
          BundleRenderer.render(
            schema, language: language, width: options.width, specifierErrors: errors))
      }
      return .success
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
      throw Failure(
        status: .saveFailed,
        message: "\(error.path): \(error.operation): \(error.reason). Nothing more was written; "
          + "check that --out names a folder you can write.")
    }
    return .success
  }

  /// The file of one language in `--out`: `en.txt`; a code that is not a plain name is
  /// written with what a file name cannot hold replaced.
  static func fileName(for language: String) -> String {
    let safe = String(language.map { $0.isLetter || $0.isNumber || "-_".contains($0) ? $0 : "_" })
    return (safe.isEmpty ? "_" : safe) + ".txt"
  }
}
