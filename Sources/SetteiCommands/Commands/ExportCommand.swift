import FileFormats
import SettingsKit
import SettingsStorage

/// `settei export [--format json|plist] [--changed]`: the stored values, exactly, as JSON or
/// a property list.
struct ExportCommand: SetteiCommand {
  /// What `--format` takes.
  enum Format: String, Equatable, CaseIterable {
    case json, plist
  }

  static let name = "export"
  static let options = ["--format", "--changed", "--schema", "--store"]
  static let formats = Format.allCases.map(\.rawValue)
  static let help = ProgramMessage.exportHelp

  static func parse(
    _ words: [String], _ flags: CommandFlags, messages: ProgramMessages
  ) throws(Options.UsageError) -> Format {
    try expect(0, words, .takesExport, messages)
    guard let format = Format(rawValue: flags.format ?? "json") else {
      throw Options.UsageError(message: messages.text(.unknownExportFormat, flags.format ?? ""))
    }
    return format
  }

  static func run(_ format: Format, in context: CommandContext) throws(Failure) {
    let loaded = try context.program.loadSettings(context.options)
    let store = loaded.store
    if context.options.changedOnly {
      try context.program.exportChanged(model: loaded.model, store: store, format: format)
    } else {
      try context.program.exportValues(
        store.values, format: format, numbers: store.writtenNumbers)
    }
  }
}

extension Program {
  /// Prints values as `export` does: exactly, secrets included, what the user asked for,
  /// the `numbers` no value holds exactly as the JSON store wrote them. Both writers escape
  /// what a terminal would act on; a character XML cannot hold is refused, not written.
  fileprivate func exportValues(
    _ values: [PropertyListKey: PropertyListValue], format: ExportCommand.Format,
    numbers: JSONWrittenNumbers
  ) throws(Failure) {
    let values = PropertyListValue.dictionary(values)
    if format == .plist, let (path, code) = Self.characterXMLCannotHold(in: values) {
      throw Failure.refused(messages.text(.exportXMLCannotHold, path, code))
    }
    standardOutput.write(
      format == .json
        ? JSONWriter.serialize(values, numbers: numbers) : PropertyListWriter.serialize(values))
  }

  /// `settei export --changed`: the stored values that differ from their defaults (and every
  /// stored key the schema does not know, which has no default to equal), as kconfig's
  /// `savedefconfig` keeps only what is not the default.
  fileprivate func exportChanged(
    model: SettingsModel, store: SettingsStore, format: ExportCommand.Format
  )
    throws(Failure)
  {
    try exportValues(
      StoreDifference.changedValues(store.values, model: model), format: format,
      numbers: store.writtenNumbers)
  }
}
