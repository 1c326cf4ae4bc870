import FileFormats
import GSettings
import GSettingsKit
import SchemaKit
import SettingsKit
import SettingsScreens
import TableKit
import TableREPL

/// `--gsettings`: the desktop's GSettings as screens over the same model, GIO loaded only
/// now. The REPL is the one of any schema; `get`, `set`, `reset` and `list` are the script
/// commands' with GSettings as the store.
extension Program {
  func runGSettings(_ options: Options, language: String) throws(Failure) -> ExitStatus {
    let words = GSettingsMessages.forLanguage(messagesLanguage)
    let session: GSettingsSession
    do {
      session = try GSettingsSession(environment: environment.values, language: language)
    } catch {
      let status: ExitStatus =
        switch error {
        case .libraryMissing, .symbolMissing: .unavailable
        default: .unreadableInput
        }
      throw Failure(status: status, message: error.message(words))
    }
    keptUntilExit.keep(session)
    let model = session.model
    switch options.subcommand {
    case .repl:
      for note in session.notes { diagnostics.write(note, kind: .note) }
      return runGSettingsREPL(session, options: options, language: language)
    case .get(let key):
      let entry = try gsettingsEntry(key, model: model)
      let value = model.value(forKey: key) ?? entry.specifier.defaultValue
      standardOutput.write(TerminalText.sanitize(value.map(plainText) ?? "") + "\n")
      return .success
    case .set(let key, let text):
      let entry = try gsettingsEntry(key, model: model)
      let value: PropertyListValue
      if entry.specifier.kind == .listGroup {
        guard let list = try? JSONReader.parse(Array(text.utf8), source: key),
          let items = list.arrayValue, items.allSatisfy({ $0.stringValue != nil })
        else {
          throw Failure(
            status: .scriptFailed, message: key + ": " + words.text(.notAList, text))
        }
        if let problem = model.problem(storing: list, forKey: key) {
          throw Failure(status: .scriptFailed, message: key + ": " + problem)
        }
        value = .array(items)
      } else {
        switch SettingValueParser.value(
          from: text, for: entry.specifier, on: entry.page, model: model)
        {
        case .failure(let error):
          throw Failure(status: .scriptFailed, message: "\(key): \(error)")
        case .success(let parsed): value = parsed
        }
      }
      model.setValue(value, forKey: key)
      return try saveGSettings(session)
    case .reset(let key?):
      _ = try gsettingsEntry(key, model: model)
      model.setValue(nil, forKey: key)
      return try saveGSettings(session)
    case .reset(nil):
      throw Failure(status: .usage, message: words.text(.resetNeedsKey))
    case .list:
      standardOutput.write(gsettingsList(model: model, schema: options.gsettingsListSchema))
      return .success
    default:
      return .success
    }
  }

  /// The setting of the model key `key` (`schema:key`), or the failure that names what is
  /// wrong: not SCHEMA:KEY, no such schema, no such key.
  private func gsettingsEntry(_ key: String, model: SettingsModel) throws(Failure)
    -> SettingsIndex.Entry
  {
    let index = SettingsIndex(model: model)
    if let entry = index.byKey[key] { return entry }
    let words = GSettingsMessages.forLanguage(messagesLanguage)
    guard let colon = key.lastIndex(of: ":"), colon != key.startIndex else {
      throw Failure(status: .scriptFailed, message: words.text(.notSchemaKey, key))
    }
    let schema = String(key[..<colon])
    guard model.hasPage(named: schema) else {
      throw Failure(status: .scriptFailed, message: words.text(.noSuchSchema, schema))
    }
    throw Failure(
      status: .scriptFailed,
      message: words.text(.noSuchKey, schema, String(key[key.index(after: colon)...])))
  }

  private func saveGSettings(_ session: GSettingsSession) throws(Failure) -> ExitStatus {
    switch session.save() {
    case .success: return .success
    case .failure(let failure): throw Failure(status: .saveFailed, message: failure.message)
    }
  }

  /// Every key (of `schema`, and the schemas below it, when given): KEY, VALUE, DEFAULT and
  /// WHERE, as `settei list` shows a schema's.
  private func gsettingsList(model: SettingsModel, schema: String?) -> String {
    let index = SettingsIndex(model: model)
    var rows: [[String]] = [["KEY", "VALUE", "DEFAULT", "WHERE"]]
    for key in index.keys {
      if let schema, !key.hasPrefix(schema + ":"), !key.hasPrefix(schema + ".") { continue }
      guard let entry = index.byKey[key], entry.specifier.kind != .childPane else { continue }
      let value = model.value(forKey: key).map(plainText) ?? ""
      let defaultValue = model.defaultValue(forKey: key).map(plainText) ?? ""
      let place = index.breadcrumb(of: entry, model: model).joined(separator: " › ")
      rows.append(
        [TerminalText.identifier(key)] + [value, defaultValue, place].map(TerminalText.sanitize))
    }
    return Self.alignedTable(rows, width: Terminal.messageWidth(environment: environment.values))
  }

  private func runGSettingsREPL(_ session: GSettingsSession, options: Options, language: String)
    -> ExitStatus
  {
    let model = session.model
    let root = SettingsPageViewController(
      page: model.schema.rootPage
        ?? SettingsSchema.Page(
          name: "Root", title: nil, stringsTable: nil, specifiers: [], source: "GSettings"),
      model: model)
    let navigationController = NavigationController(rootViewController: root)
    keptUntilExit.keep(navigationController)
    let isTerminal = Terminal.isTerminal(0) && Terminal.isTerminal(1)
    Termination.install()
    Termination.interruptsInput = !isTerminal
    if isTerminal { Termination.installInterrupt() }
    let history = OneWarning(diagnostics)
    var editReader: EditLineReader?
    if isTerminal {
      let historyPath = TerminalApp.defaultHistoryPath(
        programName: "settei", environment.values)
      editReader = EditLineReader(
        programName: "settei", historyPath: historyPath, messages: sessionMessages,
        warn: history.warn)
    }
    let reader = TerminationAwareReader(
      editReader ?? PlainLineReader(transcript: standardOutput))
    let environment = self.environment
    let pipeSize =
      Terminal.isTerminal(1) ? nil : Terminal.layoutSize(environment: environment.values)
    let pipeWidth = Terminal.messageWidth(environment: environment.values)
    let replSession = Session(
      navigationController: navigationController, reader: reader, output: standardOutput,
      errorOutput: standardError,
      usesColor: Terminal.usesColor(environment: environment.values, disabled: options.noColor),
      terminalSize: { pipeSize ?? Terminal.layoutSize(environment: environment.values) })
    replSession.programName = "settei"
    replSession.messageWidth = {
      pipeSize != nil ? pipeWidth : Terminal.messageWidth(environment: environment.values)
    }
    replSession.messages = .forLanguage(language)
    replSession.reservesCheckmarkColumn = { $0 is MultiValueViewController }
    editReader?.completer = { [unowned replSession] in replSession.completions(for: $0) }
    let index = SettingsIndex(model: model)
    let commands = SettingsCommands(
      model: model, index: index, navigationController: navigationController)
    commands.register(with: replSession)
    keptUntilExit.keep(index, commands)
    editReader?.historyFilter = { [unowned replSession] line in
      replSession.mayKeepInHistory(line)
    }
    replSession.quitHandler = {
      switch session.save() {
      case .success(let message): .done(message: message)
      case .failure(let failure): .failed(message: failure.message)
      }
    }
    replSession.unsavedChanges = { model.changeSummaries(index: index) }
    let outcome = replSession.run()
    if let editReader {
      do {
        try editReader.saveHistory()
      } catch {
        history.warn(sessionMessages.text(.historyNotSaved, "\(error)"))
      }
    }
    if let status = Termination.exitStatus { return status }
    switch outcome {
    case .quit, .discarded: return .success
    case .scriptFailed: return .scriptFailed
    case .quitFailed: return .saveFailed
    case .outputClosed: return .outputClosed
    }
  }
}
