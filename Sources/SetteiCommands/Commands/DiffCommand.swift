import FileFormats
import SettingsKit
import SettingsStorage
import TableREPL

/// `settei diff STORE_A [STORE_B]`: the settings two stores (or a store and the defaults)
/// hold differently; exit 1 when some do, like diff(1).
struct DiffCommand: SetteiCommand {
  struct Arguments: Equatable {
    var storeA: String
    /// `nil`: the store is compared with the schema's defaults.
    var storeB: String?
  }

  static let name = "diff"
  static let options = ["--schema", "--lang"]
  static let help = ProgramMessage.diffHelp

  static func parse(
    _ words: [String], _ flags: CommandFlags, messages: ProgramMessages
  ) throws(Options.UsageError) -> Arguments {
    guard words.count == 1 || words.count == 2 else {
      throw Options.UsageError(message: messages.text(.takesDiff))
    }
    return Arguments(storeA: words[0], storeB: words.count == 2 ? words[1] : nil)
  }

  static func run(_ arguments: Arguments, in context: CommandContext) throws(Failure) {
    let (schema, language) = try context.program.loadSchema(context.options)
    let model = SettingsModel(schema: schema.schema, storedValues: [:], language: language)
    try context.program.diff(arguments.storeA, arguments.storeB, model: model)
  }
}

extension Program {
  /// `settei diff STORE_A [STORE_B]`: every setting whose value differs, with its key, title
  /// path, old and new value; secrets masked. Exit 1 when something differs, like diff(1).
  fileprivate func diff(_ pathA: String, _ pathB: String?, model: SettingsModel) throws(Failure) {
    let storeA = try existingStore(pathA)
    let storeB = try pathB.map { path throws(Failure) in try existingStore(path) }
    // A number no value holds exactly (`123456789012345678901234567890`) is compared and
    // shown as its store writes it.
    let old = pathB == nil ? nil : storeA
    let new = storeB ?? storeA
    let (oldNumbers, newNumbers) = (old?.writtenNumbers ?? .init(), new.writtenNumbers)
    let index = SettingsIndex(model: model)
    let rows = StoreDifference.rows(
      old: old?.values ?? [:], new: new.values, model: model, index: index,
      messages: .forLanguage(messagesLanguage)
    ) { key in oldNumbers.values(inMember: key) == newNumbers.values(inMember: key) }
    guard !rows.isEmpty else { return }
    var table = [["KEY", pathB == nil ? "DEFAULT" : "OLD", "NEW", "WHERE"]]
    for row in rows {
      let texts = [oldNumbers, newNumbers].map { $0.texts[[.key(PropertyListKey(row.key))]] }
      let shown = zip([row.old, row.new], texts).map { value, text in
        model.keysHoldingSecrets.contains(row.key)
          ? value.map { shownText($0, key: row.key, model: model) } ?? "(none)"
          : text ?? value.map { shownText($0, key: row.key, model: model) } ?? "(none)"
      }
      table.append(
        [TerminalText.identifier(row.key)]
          + [shown[0], shown[1], row.path.filter { !$0.isEmpty }.joined(separator: " › ")]
          .map(TerminalText.sanitize))
    }
    standardOutput.write(
      Self.alignedTable(table, width: Terminal.messageWidth(environment: environment.values)))
    throw .differencesFound
  }
}
