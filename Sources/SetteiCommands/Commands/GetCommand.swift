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
    // Printed exactly when that is safe; a line break stays one. Appended line by line: the
    // first `joined(separator:)` of a run costs 159,000 instructions of generic set-up, an
    // eighth of a `settei get` (callgrind, make bench figure 10).
    var shown = ""
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      if number > 0 { shown += "\n" }
      shown += TerminalText.sanitize(String(line))
    }
    if model.keysHoldingSecrets.contains(key) {
      context.diagnostics.write(context.messages.text(.secureMasked, key), kind: .note)
    } else if shown != text {
      context.diagnostics.write(context.messages.text(.valueEscaped, key), kind: .note)
    }
    context.standardOutput.write(shown + "\n")
  }
}
