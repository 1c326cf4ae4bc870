import FileFormats
import SettingsKit
import SettingsStorage
import TableREPL

/// `settei diff STORE_A [STORE_B]`: the settings two stores (or a store and the defaults)
/// hold differently; `settei diff --save N`: the store and its earlier save N. Exit 1 when
/// some differ, like diff(1).
struct DiffCommand: SetteiCommand {
  enum Arguments: Equatable {
    /// `storeB` `nil`: the store is compared with the schema's defaults.
    case stores(storeA: String, storeB: String?)
    /// The store the options name against its earlier save, by number as typed.
    case save(String)
  }

  static let name = "diff"
  static let options = ["--save", "--schema", "--store", "--lang"]
  static let help = ProgramMessage.diffHelp

  static func parse(
    _ words: [String], _ flags: CommandFlags, messages: ProgramMessages
  ) throws(Options.UsageError) -> Arguments {
    if let save = flags.save {
      try expect(0, words, .takesDiffSave, messages)
      return .save(save)
    }
    guard words.count == 1 || words.count == 2 else {
      throw Options.UsageError(message: messages.text(.takesDiff))
    }
    return .stores(storeA: words[0], storeB: words.count == 2 ? words[1] : nil)
  }

  static func run(_ arguments: Arguments, in context: CommandContext) throws(Failure) {
    switch arguments {
    case .stores(let storeA, let storeB):
      let (schema, language) = try context.program.loadSchema(context.options)
      let model = SettingsModel(schema: schema.schema, storedValues: [:], language: language)
      let a = try context.program.existingStore(storeA)
      if let storeB {
        try context.program.diff(old: a, new: context.program.existingStore(storeB), model: model)
      } else {
        try context.program.diff(old: nil, new: a, model: model)
      }
    case .save(let number):
      let history = try context.program.saveHistory(context.options)
      // Checked to name a save that is there and can be read.
      let (found, _) = try context.program.values(ofSave: number, in: history)
      let save = try context.program.existingStore(history.saves[found - 1].path)
      try context.program.diff(old: save, new: history.store, model: history.model)
    }
  }
}

extension Program {
  /// `settei diff STORE_A [STORE_B]`: every setting whose value differs, with its key, title
  /// path, old and new value; secrets masked. Exit 1 when something differs, like diff(1).
  fileprivate func diff(
    old: SettingsStore?, new: SettingsStore, model: SettingsModel
  ) throws(Failure) {
    // A number no value holds exactly (`123456789012345678901234567890`) is compared and
    // shown as its store writes it.
    let (oldNumbers, newNumbers) = (old?.writtenNumbers ?? .init(), new.writtenNumbers)
    let index = SettingsIndex(model: model)
    let rows = StoreDifference.rows(
      old: old?.values ?? [:], new: new.values, model: model, index: index,
      messages: .forLanguage(messagesLanguage)
    ) { key in oldNumbers.values(inMember: key) == newNumbers.values(inMember: key) }
    guard !rows.isEmpty else { return }
    var table = [["KEY", old == nil ? "DEFAULT" : "OLD", "NEW", "WHERE"]]
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
