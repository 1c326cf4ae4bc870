import GSettings
import SchemaKit
import SystemIO

/// `settei --gsettings lint`: what keeps the installed GSettings schemas from showing as
/// their authors meant, each problem with the `.gschema.xml` file and line it is in.
///
/// - errors: a schema file that cannot be read or is not XML (`glib-compile-schemas`
///   refuses it too, so what GIO has compiled is not that file), and a `<child>` naming a
///   schema GIO does not have;
/// - warnings: a key without a `<summary>` (its row is titled by its name), a schema in a
///   file GIO has not compiled, a compiled schema no file describes, and in a language other
///   than English, a schema without a gettext domain, a domain without a catalog in that
///   language, and a summary its catalog does not translate.
package enum GSettingsLinter {
  /// The problems of the schemas `screens` shows, and of those `only` names (that schema and
  /// the ones below it) when given.
  ///
  /// - Parameters:
  ///   - screens: The schemas as the REPL shows them, in `language`.
  ///   - text: The schemas' XML text, as the screens were made from.
  ///   - syntaxErrors: The schema files that could not be read as XML.
  ///   - compiled: The ids of every schema GIO has compiled, relocatable ones too.
  ///   - language: The language the titles are checked in.
  ///   - messages: The words of the problems.
  ///   - only: A schema id, to check only it and the schemas below it.
  /// - Returns: The problems in the order of their files and lines.
  package static func problems(
    screens: GSettingsScreens, text: GSchemaText, syntaxErrors: [MarkupScanner.SyntaxError],
    compiled: Set<String>, language: String, messages: GSettingsMessages, only: String? = nil
  ) -> [LintProblem] {
    func included(_ id: String) -> Bool {
      guard let only else { return true }
      return id == only || id.hasPrefix(only + ".")
    }
    var problems: [LintProblem] = []
    func add(
      _ severity: LintProblem.Severity, _ source: String, line: Int, column: Int? = nil,
      page: String, key: String? = nil, _ message: String, fix: String = ""
    ) {
      problems.append(
        LintProblem(
          severity: severity, source: source, page: page, key: key, message: message, fix: fix,
          line: line > 0 ? line : nil, column: column))
    }
    if only == nil {
      for error in syntaxErrors {
        add(
          .error, error.source, line: error.line, column: error.line > 0 ? error.column : nil,
          page: "", error.reasonText(messages), fix: messages.text(.lintFixXML))
      }
    }
    // Translations are checked in a language other than English: its tables, none when no
    // catalog had a translation.
    let translated: [String: [String: String]]? =
      language.hasPrefix("en") ? nil : screens.schema.strings.tables[language] ?? [:]
    var domainsWithoutCatalog = Set<String>()
    for id in text.schemas.keys.sorted() where included(id) {
      guard let schemaText = text.schemas[id] else { continue }
      let source = schemaText.source
      guard compiled.contains(id) else {
        add(
          .warning, source, line: schemaText.line, page: id, messages.text(.lintNotCompiled, id),
          fix: messages.text(.lintFixCompile, FileSystem.parentFolder(of: source)))
        continue
      }
      for child in schemaText.children where !compiled.contains(child.schema) {
        add(
          .error, source, line: schemaText.line, page: id,
          messages.text(.lintChildMissing, child.name, id, child.schema),
          fix: messages.text(.lintFixChild))
      }
      if translated != nil, schemaText.gettextDomain == nil,
        schemaText.keys.values.contains(where: { $0.summary != nil })
      {
        add(
          .warning, source, line: schemaText.line, page: id,
          messages.text(.lintNoDomain, id, language), fix: messages.text(.lintFixDomain))
      }
      if let domain = schemaText.gettextDomain, translated != nil, translated?[domain] == nil,
        domainsWithoutCatalog.insert(domain).inserted
      {
        add(
          .warning, source, line: schemaText.line, page: id,
          messages.text(.lintNoCatalog, domain, language),
          fix: messages.text(.lintFixCatalog, language, domain))
      }
    }
    // A relocatable schema's key once, however many paths it is shown at.
    var checked = Set<String>()
    for key in screens.settings.keys.sorted() {
      guard let setting = screens.settings[key], included(setting.schema),
        checked.insert(setting.schema + ":" + setting.key.name).inserted
      else { continue }
      let schemaText = text.schemas[setting.schema]
      let keyText = schemaText?.keys[setting.key.name]
      let source = schemaText?.source ?? ""
      let line = keyText?.line ?? schemaText?.line ?? 0
      guard let summary = keyText?.summary ?? setting.key.summary else {
        add(
          .warning, source, line: line, page: setting.schema, key: key,
          messages.text(.lintNoSummary, key), fix: messages.text(.lintFixSummary))
        continue
      }
      if let domain = schemaText?.gettextDomain, let tables = translated?[domain],
        tables[summary] == nil
      {
        add(
          .warning, source, line: line, page: setting.schema, key: key,
          messages.text(.lintUntranslated, key, summary, language, domain),
          fix: messages.text(.lintFixTranslate, domain, language))
      }
    }
    for id in compiled.sorted() where included(id) && text.schemas[id] == nil {
      add(.warning, id, line: 0, page: id, messages.text(.lintNoXML))
    }
    // In the order of the files and their lines, as a reader goes through them.
    return problems.enumerated().sorted {
      ($0.element.source, $0.element.line ?? 0, $0.offset)
        < ($1.element.source, $1.element.line ?? 0, $1.offset)
    }.map(\.element)
  }
}
