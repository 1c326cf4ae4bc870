import FileFormats
import SchemaKit

/// `settei defaults PATH [--format json|plist|swift]`: every key's default, for
/// `register(defaults:)`.
struct DefaultsCommand: SetteiCommand {
  struct Arguments: Equatable {
    var path: String
    var format: Format
  }

  /// What `--format` takes.
  enum Format: String, Equatable, CaseIterable {
    case json, plist, swift
  }

  static let name = "defaults"
  static let options = ["--format", "--in-app"]
  static let formats = Format.allCases.map(\.rawValue)
  static let help = ProgramMessage.defaultsHelp

  static func parse(
    _ words: [String], _ flags: CommandFlags, messages: ProgramMessages
  ) throws(Options.UsageError) -> Arguments {
    try expect(1, words, .takesDefaults, messages)
    guard let format = Format(rawValue: flags.format ?? "json") else {
      throw Options.UsageError(message: messages.text(.unknownDefaultsFormat, flags.format ?? ""))
    }
    return Arguments(path: words[0], format: format)
  }

  static func run(_ arguments: Arguments, in context: CommandContext) throws(Failure) {
    try context.program.defaults(
      arguments.path, format: arguments.format, inApp: context.options.inApp)
  }
}

extension Program {
  /// `settei defaults PATH`: every key's default, as JSON, a property list or Swift.
  fileprivate func defaults(_ path: String, format: DefaultsCommand.Format, inApp: Bool)
    throws(Failure)
  {
    let schema = try loadSchema(path, inApp: inApp).schema
    notePagesRead(path, inApp: inApp)
    let catalog = DefaultsCatalog(schema: schema, messages: messages)
    for entry in catalog.entries {
      guard let ambiguity = entry.type.ambiguity else { continue }
      note(messages.text(.ambiguousDefault, entry.key, entry.page, ambiguity, entry.type.swiftName))
    }
    let values = PropertyListValue.dictionary(catalog.dictionary)
    switch format {
    case .json: standardOutput.write(JSONWriter.serialize(values))
    case .plist:
      if let (key, code) = Self.characterXMLCannotHold(in: values) {
        throw Failure.refused(messages.text(.defaultsXMLCannotHold, path, key, code))
      }
      standardOutput.write(PropertyListWriter.serialize(values))
    case .swift:
      // The Swift is English, whatever the language of the notes.
      standardOutput.write(SwiftDefaultsWriter.write(DefaultsCatalog(schema: schema), source: path))
    }
    return
  }
}
