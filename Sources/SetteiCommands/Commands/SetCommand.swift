import SettingsKit

/// `settei set KEY VALUE`: a setting changed through the one validator, and saved.
struct SetCommand: SetteiCommand {
  struct Arguments: Equatable {
    var key: String
    /// The words after the key, joined by spaces.
    var value: String
  }

  static let name = "set"
  static let options = CommandTable.storeOptions
  static let help = ProgramMessage.setHelp

  static func parse(
    _ words: [String], _ flags: CommandFlags, messages: ProgramMessages
  ) throws(Options.UsageError) -> Arguments {
    guard words.count >= 2 else {
      throw Options.UsageError(message: messages.text(.takesSet))
    }
    return Arguments(key: words[0], value: words.dropFirst().joined(separator: " "))
  }

  static func run(_ arguments: Arguments, in context: CommandContext) throws(Failure) {
    let loaded = try context.program.loadSettings(context.options)
    let (model, key) = (loaded.model, arguments.key)
    let index = SettingsIndex(model: model)
    guard let entry = index.byKey[key] else {
      throw context.program.unknownKey(key, index: index, model: model)
    }
    switch SettingValueParser.value(
      from: arguments.value, for: entry.specifier, on: entry.page, model: model)
    {
    case .failure(let error):
      throw .refused("\(key): \(error)")
    case .success(let value):
      model.setValue(value, forKey: key)
      try context.program.commit(model, to: loaded.store)
    }
  }
}
