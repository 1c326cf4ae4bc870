import GSettings
import TextSafety

extension GSettingsError {
  /// What went wrong and what to do, in the catalog's language.
  package func message(_ messages: GSettingsMessages) -> String {
    switch self {
    case .libraryMissing(let reason): messages.text(.libraryMissing, reason)
    case .symbolMissing(let name): messages.text(.symbolMissing, name)
    case .noSuchSchema(let id): messages.text(.noSuchSchema, id)
    case .noSuchKey(let schema, let key): messages.text(.noSuchKey, schema, key)
    case .relocatable(let id): messages.text(.relocatable, id)
    case .invalidPath(let path): messages.text(.invalidPath, path)
    case .fixedPath(let schema, let path, let asked): messages.text(.fixedPath, schema, path, asked)
    case .invalidValue(let key, let problem):
      messages.text(.invalidValue, key, problem.message(messages))
    case .notWritable(let key): messages.text(.notWritable, key)
    case .notKept(let keys): messages.text(.notKept, keys.joined(separator: ", "))
    }
  }

  /// Why a value does not fit, without the key: what the model's value check says.
  package func problemMessage(_ messages: GSettingsMessages) -> String {
    guard case .invalidValue(_, let problem) = self else { return message(messages) }
    return problem.message(messages)
  }
}

extension GSettingsValueProblem {
  /// Why the value does not fit, in the catalog's language (GLib's own reason as GLib
  /// words it).
  package func message(_ messages: GSettingsMessages) -> String {
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

extension MarkupScanner.SyntaxError {
  /// Where the schema file is not XML and what that means, in the catalog's language.
  package func message(_ messages: GSettingsMessages) -> String {
    let what: String
    switch reason {
    case .unreadable(let why): return messages.text(.unreadableFile, source, why)
    case .unterminated(let opening): what = messages.text(.xmlUnterminated, opening)
    case .tagWithoutName: what = messages.text(.xmlTagWithoutName)
    case .tagNeverEnds(let name): what = messages.text(.xmlTagNeverEnds, name)
    case .attributeWithoutValue(let name): what = messages.text(.xmlAttributeWithoutValue, name)
    case .valueNotQuoted(let name): what = messages.text(.xmlValueNotQuoted, name)
    case .valueNeverEnds(let name): what = messages.text(.xmlValueNeverEnds, name)
    case .unknownEntity(let name): what = messages.text(.xmlUnknownEntity, name)
    }
    return messages.text(.xmlError, source, String(line), String(column), what)
  }
}

extension MOCatalog.FormatError {
  /// Why the catalog cannot be read and what that means, in the catalog's language.
  package func message(_ messages: GSettingsMessages) -> String {
    let what =
      switch reason {
      case .unreadable(let why): why
      case .tooShort(let count): messages.text(.moTooShort, String(count))
      case .badMagic: messages.text(.moBadMagic)
      case .unknownRevision(let major): messages.text(.moUnknownRevision, String(major))
      case .pastEnd(let offset): messages.text(.moPastEnd, String(offset))
      case .stringPastEnd(let index): messages.text(.moStringPastEnd, String(index))
      case .tooManyStrings(let count): messages.text(.moTooManyStrings, String(count))
      }
    return messages.text(.moError, source, what)
  }
}
