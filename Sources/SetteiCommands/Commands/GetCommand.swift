import SettingsKit
import TableREPL
import TextSafety

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
    // The model finds a key itself; the index (breadcrumbs, suggestions) is made only to
    // say what a key that is not there may have meant.
    guard model.hasSetting(forKey: key) || model.storedValues[key] != nil else {
      throw context.program.unknownKey(key, index: SettingsIndex(model: model), model: model)
    }
    let text =
      model.value(forKey: key).map { context.program.shownText($0, key: key, model: model) } ?? ""
    // Printed exactly when that is safe; a line break stays one.
    let shown = Escaper.escapedLines(text)
    if model.holdsSecret(key) {
      context.diagnostics.write(context.messages.text(.secureMasked, key), kind: .note)
    } else if shown != text {
      context.diagnostics.write(context.messages.text(.valueEscaped, key), kind: .note)
    }
    context.standardOutput.write(shown + "\n")
  }
}
