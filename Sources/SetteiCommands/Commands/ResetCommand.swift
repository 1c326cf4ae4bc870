import SettingsKit

/// `settei reset KEY` and `settei reset --all`: settings back to their defaults, saved.
struct ResetCommand: SetteiCommand {
  static let name = "reset"
  static let options = ["--all", "--schema", "--store"]
  static let help = ProgramMessage.resetHelp

  /// The key to reset, or `nil` for every setting (`--all`).
  static func parse(
    _ words: [String], _ flags: CommandFlags, messages: ProgramMessages
  ) throws(Options.UsageError) -> String? {
    if flags.all {
      try expect(0, words, .takesResetAll, messages)
      return nil
    }
    return try single(words, .takesReset, messages)
  }

  static func run(_ key: String?, in context: CommandContext) throws(Failure) {
    let loaded = try context.program.loadSettings(context.options)
    let model = loaded.model
    let index = SettingsIndex(model: model)
    if let key {
      guard index.byKey[key] != nil || model.storedValues[key] != nil else {
        throw context.program.unknownKey(key, index: index, model: model)
      }
      model.setValue(nil, forKey: key)
    } else {
      for key in model.storedValues.keys where index.byKey[key.string] != nil {
        model.setValue(nil, forKey: key.string)
      }
    }
    try context.program.commit(model, to: loaded.store)
  }
}
