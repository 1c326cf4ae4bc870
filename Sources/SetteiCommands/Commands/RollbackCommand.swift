import SettingsKit

/// `settei rollback N`: the values of save N stored as a new save, each through the one
/// validator, all or none; `rollback 1` twice returns to where it started.
struct RollbackCommand: SetteiCommand {
  static let name = "rollback"
  static let options = ["--schema", "--store"]
  static let help = ProgramMessage.rollbackHelp

  /// The save's number, as typed.
  static func parse(
    _ words: [String], _ flags: CommandFlags, messages: ProgramMessages
  ) throws(Options.UsageError) -> String {
    try single(words, .takesRollback, messages)
  }

  static func run(_ argument: String, in context: CommandContext) throws(Failure) {
    let history = try context.program.saveHistory(context.options)
    let (number, values) = try context.program.values(ofSave: argument, in: history)
    let differences = history.differences(to: values)
    let messages = context.messages
    guard !differences.isEmpty else {
      context.standardOutput.write(
        messages.text(.rollbackNothingStore, String(number)) + "\n")
      return
    }
    let (accepted, refused) = history.restoring(differences)
    guard refused.isEmpty else {
      throw .refused(
        ([
          messages.text(
            .rollbackRefusedStore, messages.count(refused.count, .settingsOne, .settingsMany),
            String(number))
        ]
          + refused.map { "  \($0.title): \($0.problem)" }).joined(separator: "\n"))
    }
    history.model.setValues(accepted)
    try context.program.commit(history.model, to: history.store)
    context.standardOutput.write(
      messages.text(
        .rolledBack, String(number), messages.count(accepted.count, .settingsOne, .settingsMany))
        + "\n")
  }
}
