import GSettings
import TextSafety

extension GSettingsError {
  /// What went wrong and what to do, in the catalog's language.
  public func message(_ messages: GSettingsMessages) -> String {
    switch self {
    case .libraryMissing(let reason): messages.text(.libraryMissing, reason)
    case .symbolMissing(let name): messages.text(.symbolMissing, name)
    case .noSuchSchema(let id): messages.text(.noSuchSchema, id)
    case .noSuchKey(let schema, let key): messages.text(.noSuchKey, schema, key)
    case .relocatable(let id): messages.text(.relocatable, id)
    case .invalidPath(let path): messages.text(.invalidPath, path)
    case .invalidValue(let key, let problem):
      messages.text(.invalidValue, key, problem.message(messages))
    case .notWritable(let key): messages.text(.notWritable, key)
    }
  }

  /// Why a value does not fit, without the key: what the model's value check says.
  public func problemMessage(_ messages: GSettingsMessages) -> String {
    guard case .invalidValue(_, let problem) = self else { return message(messages) }
    return problem.message(messages)
  }
}

extension GSettingsValueProblem {
  /// Why the value does not fit, in the catalog's language (GLib's own reason as GLib
  /// words it).
  public func message(_ messages: GSettingsMessages) -> String {
    switch self {
    case .notTexts: messages.text(.notTexts)
    case .notOfType(let value, let type): messages.text(.notOfType, value, type)
    case .unparsable(let text, let type, nil): messages.text(.unparsable, text, type)
    case .unparsable(let text, let type, let reason?):
      messages.text(.unparsableBecause, text, type, reason)
    case .outOfRange(let value): messages.text(.outOfRange, value)
    }
  }
}
