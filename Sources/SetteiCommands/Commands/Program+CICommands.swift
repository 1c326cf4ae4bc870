import FileFormats
import Glibc
import SchemaKit
import SettingsKit
import SettingsStorage
import TableREPL

/// The commands for iOS developers' CI, which read a Settings.bundle (and a store) without a
/// device: defaults, diff, export --changed.
extension Program {
  /// `settei defaults PATH`: every key's default, as JSON, a property list or Swift.
  func defaults(_ path: String, format: Options.DefaultsFormat, inApp: Bool) throws(Failure) {
    let schema = try loadSchema(path, inApp: inApp).schema
    notePagesRead(path, inApp: inApp)
    let catalog = DefaultsCatalog(schema: schema, messages: messages)
    for entry in catalog.entries {
      guard let ambiguity = entry.type.ambiguity else { continue }
      note(messages.text(.ambiguousDefault, entry.key, entry.page, ambiguity, entry.type.swiftName))
    }
    let values = PropertyListValue.dictionary(catalog.dictionary)
    switch format {
    case .json: standardOutput.write(JSONWriter.serialize(values))
    case .plist:
      if let (key, code) = Self.characterXMLCannotHold(in: values) {
        throw Failure.refused(messages.text(.defaultsXMLCannotHold, path, key, code))
      }
      standardOutput.write(PropertyListWriter.serialize(values))
    case .swift:
      // The Swift is English, whatever the language of the notes.
      standardOutput.write(SwiftDefaultsWriter.write(DefaultsCatalog(schema: schema), source: path))
    }
    return
  }

  /// A note on standard error, sanitised: `settei: note: …`.
  func note(_ message: String) {
    diagnostics.write(message, kind: .note)
  }
}

/// `settei diff` and `settei export --changed`: stores compared with each other and with the
/// schema's defaults.
extension Program {
  /// `settei export --changed`: the stored values that differ from their defaults (and every
  /// stored key the schema does not know, which has no default to equal), as kconfig's
  /// `savedefconfig` keeps only what is not the default.
  func exportChanged(model: SettingsModel, store: SettingsStore, format: Options.StoreFormat)
    throws(Failure)
  {
    try exportValues(
      StoreDifference.changedValues(store.values, model: model), format: format,
      numbers: store.writtenNumbers)
    return
  }

  /// `settei diff STORE_A [STORE_B]`: every setting whose value differs, with its key, title
  /// path, old and new value; secrets masked. Exit 1 when something differs, like diff(1).
  func diff(_ pathA: String, _ pathB: String?, model: SettingsModel) throws(Failure) {
    let storeA = try existingStore(pathA)
    let storeB = try pathB.map { path throws(Failure) in try existingStore(path) }
    // A number no value holds exactly (`123456789012345678901234567890`) is compared and
    // shown as its store writes it.
    let old = pathB == nil ? nil : storeA
    let new = storeB ?? storeA
    let (oldNumbers, newNumbers) = (old?.writtenNumbers ?? .init(), new.writtenNumbers)
    let index = SettingsIndex(model: model)
    let rows = StoreDifference.rows(
      old: old?.values ?? [:], new: new.values, model: model, index: index, messages: messages
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

  /// A store file that must exist (a missing one is a typo, not an empty store).
  private func existingStore(_ path: String) throws(Failure) -> SettingsStore {
    guard access(path, F_OK) == 0 else {
      throw Failure.unreadableInput(messages.text(.noSuchStore, path))
    }
    do {
      return try SettingsStore.load(path: path)
    } catch {
      throw Failure.unreadableInput("\(error)")
    }
  }
}

/// How two sets of stored values differ, as a user sees them: a key absent from a store has
/// its default.
enum StoreDifference {
  /// One setting that differs.
  struct Row: Equatable {
    var key: String
    /// The titles from the root page to the setting, or a note when the schema lacks it.
    var path: [String]
    var old: PropertyListValue?
    var new: PropertyListValue?
  }

  /// Every key whose value differs between `old` and `new` (each falling back to the
  /// default), or whose numbers are written as different numbers (`sameNumbers` says
  /// whether a key's are the same): the schema's keys, then the keys it does not know, each
  /// sorted.
  static func rows(
    old: [PropertyListKey: PropertyListValue], new: [PropertyListKey: PropertyListValue],
    model: SettingsModel,
    index: SettingsIndex, messages: ProgramMessages = .forLanguage("en"),
    sameNumbers: (String) -> Bool = { _ in true }
  ) -> [Row] {
    let unknown = Set(old.keys).union(new.keys).filter { index.byKey[$0.string] == nil }.sorted()
      .map(\.string)
    var rows: [Row] = []
    for key in index.keys + unknown {
      let before = old[key] ?? model.defaultValue(forKey: key)
      let after = new[key] ?? model.defaultValue(forKey: key)
      guard before != after || !sameNumbers(key) else { continue }
      let path =
        index.byKey[key].map { index.breadcrumb(of: $0, model: model) }
        ?? [messages.text(.notInSchema)]
      rows.append(Row(key: key, path: path, old: before, new: after))
    }
    return rows
  }

  /// The stored values that differ from their defaults, and those of keys the schema lacks.
  static func changedValues(_ values: [PropertyListKey: PropertyListValue], model: SettingsModel)
    -> [PropertyListKey: PropertyListValue]
  {
    values.filter { key, value in value != model.defaultValue(forKey: key.string) }
  }
}

/// `settei lint --store STORE PATH`, and the REPL's start-up note on schema upgrades.
extension Program {
  /// Checks a store against the schema at `path`: exit 65 when a value does not fit (or,
  /// with `--strict`, when a key is unknown too).
  func lintStore(_ storePath: String, schemaPath path: String, strict: Bool, inApp: Bool)
    throws(Failure)
  {
    let schema = try loadSchema(path, inApp: inApp).schema
    let values = try existingStore(storePath).values
    let model = SettingsModel(
      schema: schema, storedValues: values, language: messagesLanguage)
    let problems = StoreLinter.problems(in: values, model: model, messages: messages)
    for problem in problems {
      standardOutput.write(
        TerminalText.sanitize("\(storePath): key '")
          + TerminalText.identifier(problem.key)
          + TerminalText.sanitize("': \(problem.severity): \(problem.message).") + "\n")
    }
    let errors = problems.filter { $0.severity == .error }.count
    let warnings = problems.count - errors
    let summary =
      problems.isEmpty
      ? messages.text(.storeFits, storePath, path)
      : messages.text(
        .lintCounts, storePath, messages.count(errors, .errorsOne, .errorsMany),
        messages.count(warnings, .warningsOne, .warningsMany))
    standardOutput.write(TerminalText.sanitize(summary) + "\n")
    if errors > 0 || (strict && warnings > 0) { throw .problemsFound }
  }

  /// Says once, on standard error at the start of the REPL on a terminal, which settings the schema gained
  /// since the last start with this store and which stored keys it lacks. What the schema had
  /// is remembered per store in `<state folder>/known-keys/`; without a state folder, or the
  /// first time, there is no "since last time" and nothing new is named. With it is kept the
  /// schema's ``SchemaLoader/fingerprint(path:idiom:language:inApp:)``: while that is the same,
  /// the schema's keys are the ones remembered, and no page of a bundle is read for them.
  func noteSchemaUpgrades(
    model: SettingsModel, store: SettingsStore, schemaPath: String?, idiom: Idiom,
    language: String, inApp: Bool
  ) {
    guard let stateFolder = environment.stateFolder else { return }
    // Named as the recovery files in the state folder are, in a folder of its own.
    let memoryPath =
      stateFolder + "/known-keys/" + SettingsStore.stateFileName(for: store.path) + ".json"
    let memory: SettingsStore
    do {
      memory = try SettingsStore.load(path: memoryPath, sizeLimit: SettingsStore.stateSizeLimit)
    } catch  where error.systemError == ENOTDIR || error.systemError == EACCES {
      return  // a state folder settei cannot use: the history's warning has said so
    } catch {
      diagnostics.write(messages.text(.knownKeysUnreadable, "\(error)"), kind: .warning)
      return
    }
    // Keys by their bytes, as the store holds them.
    let strings = { (member: String) -> Set<PropertyListKey>? in
      memory.values[member]?.arrayValue.map {
        Set($0.compactMap { $0.stringValue.map { PropertyListKey($0) } })
      }
    }
    // While the schema's files stay as they were, its keys are the ones remembered: no page
    // of a bundle is read before the first screen.
    let fingerprint = SchemaLoader.fingerprint(
      path: schemaPath, idiom: idiom, language: language, inApp: inApp)
    let (notes, stranded, keys) = StoreLinter.upgradeNotes(
      model: model, storedKeys: store.values.keys, previous: strings("keys"),
      reported: strings("reported") ?? [],
      schemaUnchanged: memory.values["schema"]?.stringValue == fingerprint, messages: messages)
    for text in notes { note(text) }
    let remembered: [PropertyListKey: PropertyListValue] = [
      "keys": .array(keys.map(PropertyListValue.string)),
      "reported": .array(stranded.map(PropertyListValue.string)),
      "schema": .string(fingerprint),
    ]
    guard remembered != memory.values else { return }
    do {
      // Replaced, never written through a symbolic link (which could point anywhere).
      try SettingsStore.writeStateFile(remembered, to: memoryPath)
    } catch {
      diagnostics.write(messages.text(.knownKeysNotSaved, "\(error)"), kind: .warning)
    }
  }
}
