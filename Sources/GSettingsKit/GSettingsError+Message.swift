import GSettings
import SystemIO
import TextSafety

extension GSettingsError {
  /// What went wrong and what to do, in the catalog's language.
  package func message(_ messages: GSettingsMessages) -> String {
    switch self {
    case .libraryMissing(let reason): messages.text(.libraryMissing, reason)
    case .symbolMissing(let name): messages.text(.symbolMissing, name)
    case .staticallyLinked: messages.text(.staticallyLinked)
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
    if case .unreadable(let error) = reason {
      return messages.text(
        .unreadableFile, source, error.reasonText(in: .forLanguage(messages.language)))
    }
    return messages.text(.xmlError, source, String(line), String(column), reasonText(messages))
  }

  /// What is wrong, without the file and line: `the tag <key never ends`.
  package func reasonText(_ messages: GSettingsMessages) -> String {
    switch reason {
    case .unreadable(let error): error.reasonText(in: .forLanguage(messages.language))
    case .unterminated(let opening): messages.text(.xmlUnterminated, opening)
    case .tagWithoutName: messages.text(.xmlTagWithoutName)
    case .tagNeverEnds(let name): messages.text(.xmlTagNeverEnds, name)
    case .attributeWithoutValue(let name): messages.text(.xmlAttributeWithoutValue, name)
    case .valueNotQuoted(let name): messages.text(.xmlValueNotQuoted, name)
    case .valueNeverEnds(let name): messages.text(.xmlValueNeverEnds, name)
    case .unknownEntity(let name): messages.text(.xmlUnknownEntity, name)
    }
  }
}

extension MOCatalog.FormatError {
  /// Why the catalog cannot be read and what that means, in the catalog's language.
  package func message(_ messages: GSettingsMessages) -> String {
    let what =
      switch reason {
      case .unreadable(let error): error.reasonText(in: .forLanguage(messages.language))
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
