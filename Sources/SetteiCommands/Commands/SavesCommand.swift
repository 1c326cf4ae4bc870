import FileFormats
import SettingsKit
import TableREPL

/// `settei saves`: the store now (0) and its earlier saves, newest first, with when each was
/// saved and what it changed.
struct SavesCommand: SetteiCommand {
  static let name = "saves"
  static let options = ["--schema", "--store", "--lang"]
  static let help = ProgramMessage.savesHelp

  static func parse(
    _ words: [String], _ flags: CommandFlags, messages: ProgramMessages
  ) throws(Options.UsageError) -> Bool {
    try expect(0, words, .takesSaves, messages)
    return true
  }

  static func run(_ arguments: Bool, in context: CommandContext) throws(Failure) {
    let history = try context.program.saveHistory(context.options)
    context.standardOutput.write(
      Program.alignedTable(
        history.listing(messages: context.messages),
        width: Terminal.messageWidth(environment: context.environment.values)))
  }
}

extension Program {
  /// The store the options name with its earlier saves, read against the schema.
  func saveHistory(_ options: Options) throws(Failure) -> SaveHistory {
    guard let stateFolder = environment.stateFolder else {
      throw .usage(messages.text(.noStateFolder))
    }
    let loaded = try loadSettings(options)
    return SaveHistory(
      store: loaded.store, stateFolder: stateFolder, model: loaded.model,
      index: SettingsIndex(model: loaded.model))
  }

  /// The values of save `number` of `history`, or the failure that names why not.
  func values(ofSave number: String, in history: SaveHistory) throws(Failure)
    -> (number: Int, values: [PropertyListKey: PropertyListValue])
  {
    do {
      return try history.values(ofSave: number)
    } catch {
      switch error {
      case .noSuchSave: throw .usage(error.message(messages))
      case .unreadable: throw .unreadableInput(error.message(messages))
      }
    }
  }
}
