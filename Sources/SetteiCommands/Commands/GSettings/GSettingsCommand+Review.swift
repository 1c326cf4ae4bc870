import GSettings
import GSettingsKit
import SchemaKit
import TableREPL

/// `settei --gsettings render` and `lint`: the desktop's schemas reviewed as a bundle's are,
/// through the same renderer and the same lint lines.
extension Program {
  /// Every page of the GSettings screens (from `schema`'s page, when given) as `settei
  /// render` prints a bundle's: the defaults as values, in the session's language, each
  /// language with a catalog (`--lang all`), to standard output or `--out DIR`.
  func renderGSettings(
    _ session: GSettingsSession, schema: String?, options: Options, words: GSettingsMessages
  ) throws(Failure) {
    if let schema, !session.model.hasPage(named: schema) {
      // A relocatable schema has a page at each path it is shown at, none of its own.
      if session.schemaIDs.relocatable.contains(schema) {
        throw .refused(words.text(.relocatablePages, schema))
      }
      throw .refused(words.text(.noSuchSchema, schema))
    }
    let domains = session.screens.schema.strings.tables["en"].map { Array($0.keys) } ?? []
    let languages =
      options.language == "all"
      ? GSettingsScreens.catalogLanguages(domains: domains)
      : [session.model.language]
    try writeRenderings(of: schema ?? "GSettings", languages: languages, options: options) {
      language throws(Failure) in
      var screens = session.screens
      if language != session.model.language {
        do throws(GSettingsError) {
          let loaded = try GSettingsScreens.load(
            source: session.store.source, environment: environment.values, language: language)
          screens = loaded.screens
          for problem in loaded.problems { note(problem) }
        } catch {
          throw .unreadableInput(error.message(words))
        }
      }
      if let schema {
        screens.schema.rootPageName = schema
        screens.schema.appName = schema
      }
      return BundleRenderer.render(screens.schema, language: language, width: options.width)
    }
  }

  /// The schemas' problems (of `schema` and those below it, when given) as `settei lint`
  /// prints a bundle's, then a count; exit 65 when there are errors (with `--strict`, also
  /// warnings).
  func lintGSettings(
    _ session: GSettingsSession, schema: String?, strict: Bool, words: GSettingsMessages
  ) throws(Failure) {
    let ids = session.schemaIDs
    // A schema's problems are in its file, whatever path it is shown at: a relocatable
    // schema is checked by its id, and `SCHEMA:PATH` (one of its pages) as SCHEMA.
    let only = schema.map { GSettingsSource.parts(of: $0).schema }
    if let schema, !session.model.hasPage(named: schema), !ids.relocatable.contains(schema) {
      if let only, only != schema, ids.relocatable.contains(only) {
        throw .refused(
          words.text(.noSuchInstance, only, String(schema.dropFirst(only.count + 1))))
      }
      throw .refused(words.text(.noSuchSchema, schema))
    }
    // What the session's screens were made from: the files are not read again.
    let (text, syntaxErrors) = session.schemaText
    let problems = GSettingsLinter.problems(
      screens: session.screens, text: text, syntaxErrors: syntaxErrors,
      compiled: Set(ids.fixed + ids.relocatable), language: session.model.language,
      messages: words, only: only)
    for problem in problems {
      standardOutput.write(TerminalText.sanitize(problem.worded(in: schemaMessages)) + "\n")
    }
    if writeLintSummary(schema ?? "GSettings", problems: problems, strict: strict) {
      throw .problemsFound
    }
  }
}
