import FileFormats

/// Why a schema cannot be used: the one error type of every schema reader and loader, with
/// where (file, line and column, specifier) and what to do.
package enum SchemaError: Error, CustomStringConvertible, Equatable, Sendable {
  /// The file is not valid JSON (or text): the line, column and what was expected.
  case syntax(SourceError)
  /// The file reads but is not a schema: the file, the specifier's index in
  /// `PreferenceSpecifiers` when the problem is in one, and what is wrong and what to do.
  case invalid(source: String, specifierIndex: Int? = nil, message: String)
  /// The schema cannot be loaded at all (no such file, no root page, a page that is not a
  /// property list); the message names the file and the problem.
  case unreadable(String)
  /// The folder has no page Settings.app shows (`Root.plist`), only InAppSettingsKit's
  /// in-app one (`Root.inApp.plist`), and was not read as the app reads it.
  case noSettingsAppPage(folder: String)

  /// The message: `settings.json:3:7: …`, `Root.plist: PreferenceSpecifiers[2]: …`.
  package var description: String {
    switch self {
    case .syntax(let error): error.description
    case .invalid(let source, let specifierIndex?, let message):
      "\(source): PreferenceSpecifiers[\(specifierIndex)]: \(message)"
    case .invalid(let source, nil, let message): "\(source): \(message)"
    case .unreadable(let message): message
    case .noSettingsAppPage(let folder):
      "\(folder): Settings.app shows no page here: the folder has Root.inApp.plist, which "
        + "only InAppSettingsKit reads inside an app, and no Root.plist. Give --in-app to read "
        + "the in-app pages, or add Root.plist"
    }
  }
}
