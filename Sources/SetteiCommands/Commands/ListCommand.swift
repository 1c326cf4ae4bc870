import FileFormats
import SettingsKit
import TableREPL

/// `settei list [--json]`: every setting with its key, value, default and place.
struct ListCommand: SetteiCommand {
  static let name = "list"
  static let options = ["--json"] + CommandTable.storeOptions
  static let help = ProgramMessage.listHelp

  /// Whether to list as JSON (`--json`).
  static func parse(
    _ words: [String], _ flags: CommandFlags, messages: ProgramMessages
  ) throws(Options.UsageError) -> Bool {
    try expect(0, words, .takesList, messages)
    return flags.json
  }

  static func run(_ json: Bool, in context: CommandContext) throws(Failure) {
    let model = try context.program.loadSettings(context.options).model
    let index = SettingsIndex(model: model)
    context.standardOutput.write(
      json
        ? context.program.listJSON(model: model, index: index)
        : context.program.listTable(model: model, index: index))
  }
}

extension Program {
  fileprivate func listTable(model: SettingsModel, index: SettingsIndex) -> String {
    var rows: [[String]] = [["KEY", "VALUE", "DEFAULT", "WHERE"]]
    for key in index.keys {
      guard let entry = index.byKey[key], entry.specifier.kind != .childPane else { continue }
      let value = model.value(forKey: key).map { shownText($0, key: key, model: model) } ?? ""
      let defaultValue =
        model.defaultValue(forKey: key).map { shownText($0, key: key, model: model) } ?? ""
      let place = index.breadcrumb(of: entry, model: model).joined(separator: " › ")
      rows.append(
        [TerminalText.identifier(key)] + [value, defaultValue, place].map(TerminalText.sanitize))
    }
    return Self.alignedTable(rows, width: Terminal.messageWidth(environment: environment.values))
  }

  fileprivate func listJSON(model: SettingsModel, index: SettingsIndex) -> String {
    var items: [PropertyListValue] = []
    for key in index.keys {
      guard let entry = index.byKey[key], entry.specifier.kind != .childPane else { continue }
      var item: [PropertyListKey: PropertyListValue] = [
        "key": .string(key), "type": .string(entry.specifier.kind.typeName),
        "path": .array(index.breadcrumb(of: entry, model: model).map(PropertyListValue.string)),
        "changed": .bool(model.storedValues[key] != nil),
      ]
      item["value"] = model.value(forKey: key).map { model.masked($0, forKey: key) }
      item["default"] = model.defaultValue(forKey: key).map { model.masked($0, forKey: key) }
      items.append(.dictionary(item))
    }
    return JSONWriter.serialize(.array(items))
  }
}
