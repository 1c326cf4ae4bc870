import FileFormats

/// Why a schema cannot be used: the one error type of every schema reader and loader, with
/// where (file, line and column, specifier) and what to do.
package enum SchemaError: Error, CustomStringConvertible, Equatable, Sendable {
  /// The file is not valid JSON (or text): the line, column and what was expected.
  case syntax(SourceError)
  /// The file reads but is not a schema: the file, the specifier's index in
  /// `PreferenceSpecifiers` when the problem is in one, and what is wrong and what to do.
  case invalid(source: String, specifierIndex: Int? = nil, reason: SchemaReason)
  /// The schema cannot be loaded at all (no such file, no root page, a page that is not a
  /// property list); the reason names the file and the problem.
  case unreadable(SchemaReason)
  /// The folder has no page Settings.app shows (`Root.plist`), only InAppSettingsKit's
  /// in-app one (`Root.inApp.plist`), and was not read as the app reads it.
  case noSettingsAppPage(folder: String)

  /// The message in English: `settings.json:3:7: …`, `Root.plist: PreferenceSpecifiers[2]: …`.
  package var description: String { worded(in: .english) }

  /// The message in the language of `catalog`.
  package func worded(in catalog: SchemaMessages) -> String {
    reason.worded(in: catalog)
  }

  /// The message as a reason: where, and what is wrong.
  package var reason: SchemaReason {
    switch self {
    case .syntax(let error): SchemaReason(.verbatim, .sourceError(error))
    case .invalid(let source, let specifierIndex?, let reason):
      SchemaReason(.invalidAtSpecifier, .text(source), .index(specifierIndex), .reason(reason))
    case .invalid(let source, nil, let reason):
      SchemaReason(.located, .text(source), .reason(reason))
    case .unreadable(let reason): reason
    case .noSettingsAppPage(let folder): SchemaReason(.noSettingsAppPage, .text(folder))
    }
  }
}
