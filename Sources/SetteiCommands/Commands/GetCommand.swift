import SettingsKit
import TableREPL

/// `settei get KEY`: a setting's value as a script reads it, secrets masked.
struct GetCommand: SetteiCommand {
  static let name = "get"
  static let options = CommandTable.storeOptions
  static let help = ProgramMessage.getHelp

  static func parse(
    _ words: [String], _ flags: CommandFlags, messages: ProgramMessages
  ) throws(Options.UsageError) -> String {
    try single(words, .takesGet, messages)
  }

  static func run(_ key: String, in context: CommandContext) throws(Failure) {
    let model = try context.program.loadSettings(context.options).model
    let index = SettingsIndex(model: model)
    guard index.byKey[key] != nil || model.storedValues[key] != nil else {
      throw context.program.unknownKey(key, index: index, model: model)
    }
    let text =
      model.value(forKey: key).map { context.program.shownText($0, key: key, model: model) } ?? ""
    // Printed exactly when that is safe; a line break stays one.
    let shown = text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { TerminalText.sanitize(String($0)) }.joined(separator: "\n")
    if model.keysHoldingSecrets.contains(key) {
      context.diagnostics.write(context.messages.text(.secureMasked, key), kind: .note)
    } else if shown != text {
      context.diagnostics.write(context.messages.text(.valueEscaped, key), kind: .note)
    }
    context.standardOutput.write(shown + "\n")
  }
}
