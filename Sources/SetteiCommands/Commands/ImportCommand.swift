import SettingsKit
import SettingsStorage

/// `settei import FILE`: the values of a .json or .plist file stored, all or none, each
/// through the one validator.
struct ImportCommand: SetteiCommand {
  static let name = "import"
  static let options = ["--schema", "--store"]
  static let help = ProgramMessage.importHelp

  /// The file to import.
  static func parse(
    _ words: [String], _ flags: CommandFlags, messages: ProgramMessages
  ) throws(Options.UsageError) -> String {
    try single(words, .takesImport, messages)
  }

  static func run(_ path: String, in context: CommandContext) throws(Failure) {
    let loaded = try context.program.loadSettings(context.options)
    try context.program.importValues(
      from: path, model: loaded.model, store: loaded.store,
      index: SettingsIndex(model: loaded.model))
  }
}

extension Program {
  fileprivate func importValues(
    from path: String, model: SettingsModel, store: SettingsStore, index: SettingsIndex
  ) throws(Failure) {
    let imported: SettingsStore
    do {
      imported = try SettingsStore.existing(path: path, advice: messages.text(.importAdvice))
    } catch {
      throw Failure.unreadableInput(error.worded(in: storeMessages))
    }
    let values = imported.values
    var problems: [String] = []
    for key in values.keys.sorted().map(\.string) where index.byKey[key] != nil {
      if let problem = model.problem(storing: values[key], forKey: key) {
        problems.append("\(key): \(problem)")
      }
    }
    guard problems.isEmpty else {
      throw Failure.refused(
        messages.text(.importRefused, path, String(problems.count)) + "\n  "
          + problems.joined(separator: "\n  "))
    }
    for (key, value) in values { model.setValue(value, forKey: key.string) }
    // A number no value holds exactly is stored as the file writes it.
    store.numbersToWrite = imported.writtenNumbers
    return try commit(model, to: store)
  }
}
