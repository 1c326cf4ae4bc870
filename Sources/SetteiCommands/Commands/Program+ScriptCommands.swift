import FileFormats
import SchemaKit
import SettingsKit
import SettingsStorage
import TableREPL

/// The commands for scripts and CI: get, set, list, export, import, reset, and shell
/// completion. Each loads what the REPL loads, does one thing, and saves with the same
/// protocol.
extension Program {
  func runScriptCommand(_ command: Options.Subcommand, model: SettingsModel, store: SettingsStore)
    throws(Failure)
  {
    let index = SettingsIndex(model: model)
    switch command {
    case .get(let key):
      guard index.byKey[key] != nil || model.storedValues[key] != nil else {
        throw Failure.refused(
          index.unknownKeyMessage(
            key, otherwise: messages.text(.listShowsEveryKey), messages: model.messages))
      }
      let text = model.value(forKey: key).map { shownText($0, key: key, model: model) } ?? ""
      // Printed exactly when that is safe; a line break stays one.
      let shown = text.split(separator: "\n", omittingEmptySubsequences: false)
        .map { TerminalText.sanitize(String($0)) }.joined(separator: "\n")
      if model.keysHoldingSecrets.contains(key) {
        diagnostics.write(messages.text(.secureMasked, key), kind: .note)
      } else if shown != text {
        diagnostics.write(messages.text(.valueEscaped, key), kind: .note)
      }
      standardOutput.write(shown + "\n")
      return

    case .set(let key, let text):
      guard let entry = index.byKey[key] else {
        throw Failure.refused(
          index.unknownKeyMessage(
            key, otherwise: messages.text(.listShowsEveryKey), messages: model.messages))
      }
      switch SettingValueParser.value(
        from: text, for: entry.specifier, on: entry.page, model: model)
      {
      case .failure(let error):
        throw Failure.refused("\(key): \(error)")
      case .success(let value):
        model.setValue(value, forKey: key)
        return try commit(model, to: store)
      }

    case .list(let json):
      standardOutput.write(
        json ? listJSON(model: model, index: index) : listTable(model: model, index: index))
      return

    case .export(let format):
      try exportValues(store.values, format: format, numbers: store.writtenNumbers)
      return

    case .importFile(let path):
      return try importValues(from: path, model: model, store: store, index: index)

    case .reset(let key):
      if let key {
        guard index.byKey[key] != nil || model.storedValues[key] != nil else {
          throw Failure.refused(
            index.unknownKeyMessage(
              key, otherwise: messages.text(.listShowsEveryKey), messages: model.messages))
        }
        model.setValue(nil, forKey: key)
      } else {
        for key in model.storedValues.keys where index.byKey[key.string] != nil {
          model.setValue(nil, forKey: key.string)
        }
      }
      return try commit(model, to: store)

    case .repl, .lint, .defaults, .diff, .render, .complete:
      return
    }
  }

  /// Prints values as `export` does: exactly, secrets included, what the user asked for,
  /// the `numbers` no value holds exactly as the JSON store wrote them. Both writers escape
  /// what a terminal would act on; a character XML cannot hold is refused, not written.
  func exportValues(
    _ values: [PropertyListKey: PropertyListValue], format: Options.StoreFormat,
    numbers: JSONWrittenNumbers
  ) throws(Failure) {
    let values = PropertyListValue.dictionary(values)
    if format == .plist, let (path, code) = Self.characterXMLCannotHold(in: values) {
      throw Failure.refused(messages.text(.exportXMLCannotHold, path, code))
    }
    standardOutput.write(
      format == .json
        ? JSONWriter.serialize(values, numbers: numbers) : PropertyListWriter.serialize(values))
  }

  /// The first character an XML property list cannot hold, with where it is and its code
  /// (`U+001B`).
  static func characterXMLCannotHold(in values: PropertyListValue) -> (
    path: String, code: String
  )? {
    guard let (path, character) = PropertyListWriter.characterXMLCannotHold(in: values) else {
      return nil
    }
    let hex = String(character.value, radix: 16, uppercase: true)
    return (path, "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex)
  }

  /// Saves a script command's changes; a failure is exit 74.
  private func commit(_ model: SettingsModel, to store: SettingsStore) throws(Failure) {
    let saver = StoreSaver(
      model: model, store: store, isInteractive: false, errorOutput: standardError,
      stateFolder: environment.stateFolder)
    switch saver.quit() {
    case .done: return
    case .failed(let message), .stay(let message):
      // A store locked by another settei is 75, as in the REPL (ExitStatus decides).
      throw .notSaved(message, kind: saver.lastFailure)
    }
  }

  /// A value as a script reads it: strings bare, numbers and booleans as written in JSON.
  func plainText(_ value: PropertyListValue) -> String {
    switch value {
    case .string(let text): text
    case .integer(let number): String(number)
    case .unsignedInteger(let number): String(number)
    case .real(let number): String(number)
    case .bool(let flag): flag ? "true" : "false"
    default: JSONWriter.serialize(value, pretty: false)
    }
  }

  /// A value as a script reads it (``plainText(_:)``), its secrets masked.
  func shownText(_ value: PropertyListValue, key: String, model: SettingsModel) -> String {
    plainText(model.masked(value, forKey: key))
  }

  private func listTable(model: SettingsModel, index: SettingsIndex) -> String {
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

  /// Rows of four columns, the first three padded to their widest cell, the last as it is;
  /// with a `width`, a row wider than that goes on under its last column (or, when that
  /// column starts too far right, under the row).
  static func alignedTable(_ rows: [[String]], width: Int? = nil) -> String {
    let widths = (0..<3).map { column in rows.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
    let lastColumn = widths.reduce(6, +)
    return rows.map { row in
      let line =
        (0..<3).map { DisplayWidth.pad(row[$0], toWidth: widths[$0]) }.joined(separator: "  ")
        + "  " + row[3]
      guard let width else { return line }
      return TextWrapping.lines(
        line, width: width, continuationIndent: lastColumn <= width / 2 ? lastColumn : 2
      ).joined(separator: "\n")
    }.joined(separator: "\n") + "\n"
  }

  private func listJSON(model: SettingsModel, index: SettingsIndex) -> String {
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

  private func importValues(
    from path: String, model: SettingsModel, store: SettingsStore, index: SettingsIndex
  ) throws(Failure) {
    let imported: SettingsStore
    do {
      imported = try SettingsStore.existing(path: path, advice: messages.text(.importAdvice))
    } catch {
      throw Failure.unreadableInput("\(error)")
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

  /// Shell completion: candidates for the last of `words` (the words after `settei`): the
  /// commands, then what the command typed takes (its own options, keys, choices, formats),
  /// the words after an option being its value, not the command's arguments.
  func complete(_ words: [String]) {
    let partial = words.last ?? ""
    let before = Array(words.dropLast())
    let positionals = Options.positionals(in: before)
    let verb = positionals.first.flatMap(Options.verb(named:))
    let arguments = positionals.dropFirst()
    var candidates: [String] = []
    switch before.last {
    case "--schema", "--store", "--out", "--width":
      return  // the shell completes file names; a width is a number
    case "--lang":
      // The languages the schema has text in, and English, the schema's own.
      let languages = completionModel(words)?.model.schema.strings.languages ?? []
      candidates = ["en"] + languages.filter { $0 != "Base" && $0 != "en" }.sorted()
    case "--format":
      candidates = verb?.formats ?? []
    case "--idiom":
      candidates = Idiom.allCases.map(\.rawValue)
    default:
      if partial.hasPrefix("-") {
        candidates =
          verb.map { $0.options + ["--help"] } ?? Options.valueOptions + Options.flagOptions
      } else if let verb {
        if ["get", "set", "reset"].contains(verb.name), arguments.isEmpty,
          !before.contains("--all")
        {
          candidates = completionModel(words)?.index.keys ?? []
          if verb.name == "reset" { candidates.insert("--all", at: 0) }
        } else if verb.name == "set", arguments.count == 1, let loaded = completionModel(words),
          let entry = loaded.index.byKey[arguments[arguments.startIndex]]
        {
          candidates = entry.specifier.values.map(plainText)
          if entry.specifier.kind == .toggleSwitch { candidates = ["on", "off"] }
        }
      } else if positionals.isEmpty || positionals == ["help"] {
        candidates = Options.subcommands
      }
    }
    // A candidate a terminal would act on, or that looks like another, cannot be typed back
    // as it is shown: it is left out (settei list shows it escaped).
    let matching = candidates.filter { $0.hasPrefix(partial) && TerminalText.sanitize($0) == $0 }
    if !matching.isEmpty { standardOutput.write(matching.joined(separator: "\n") + "\n") }
    return
  }

  /// The schema and model named by the options among `words`, for completion.
  private func completionModel(_ words: [String]) -> (index: SettingsIndex, model: SettingsModel)? {
    var schemaPath: String?
    var inApp = false
    for (position, word) in words.enumerated() {
      if word == "--in-app" { inApp = true }
      if word == "--schema", position + 1 < words.count { schemaPath = words[position + 1] }
      if word.hasPrefix("--schema=") { schemaPath = String(word.dropFirst(9)) }
    }
    guard let schema = try? loadSchema(schemaPath, inApp: inApp) else { return nil }
    let model = SettingsModel(schema: schema.schema, storedValues: [:], language: "en")
    return (SettingsIndex(schema: schema.schema), model)
  }
}
