import FileFormats
import GSettings
import GSettingsKit
import Glibc
import SchemaKit
import SettingsKit
import SettingsScreens
import SystemIO
import TableKit
import TableREPL
import TextSafety

/// `settei --gsettings [get|set|reset|list]`: the desktop's GSettings as screens over the
/// same model, GIO loaded only now. The REPL is the one of any schema; `get`, `set`, `reset`
/// and `list` are the script commands' with GSettings as the store.
struct GSettingsCommand: SetteiCommand {
  enum Arguments: Equatable, Sendable {
    case repl
    case get(key: String)
    case set(key: String, value: String)
    case reset(key: String)
    /// The keys of a schema (and those below it), or of all.
    case list(schema: String?)
    /// The keys the user set (of a schema and those below it, or of all), as `dconf dump`
    /// writes them.
    case export(schema: String?)
    /// A file as `dconf dump` writes it, loaded all or nothing.
    case importDump(path: String)
    /// Every page (of a schema and those below it, or of all) as `settei render` prints a
    /// bundle's.
    case render(schema: String?)
    /// The schemas' problems (of a schema and those below it, or of all).
    case lint(schema: String?)

    /// The relocatable schema and path a `get`, `set` or `reset` key names
    /// (`SCHEMA:PATH:KEY`: the schema before the first colon, the key after the last), which
    /// the session shows too: gsettings reads and writes one at any path.
    var requestedInstance: (schema: String, path: String)? {
      let key: String
      switch self {
      case .get(let named), .set(let named, _), .reset(let named): key = named
      default: return nil
      }
      guard let last = key.lastIndex(of: ":") else { return nil }
      let (schema, path) = GSettingsSource.parts(of: key[..<last])
      return path.map { (schema, $0) }
    }
  }

  static let name = "--gsettings"
  static let options = ["--lang", "--no-color"] + verbOptions.values.flatMap { $0 }.sorted()
  static let help = ProgramMessage.generalHelp

  /// The verbs that take `--gsettings`; alone, it opens the REPL.
  static let verbs = ["get", "set", "reset", "list", "export", "import", "render", "lint"]

  /// The options of one verb beyond those of every verb (`--lang`, `--no-color`).
  static let verbOptions = ["render": ["--out", "--width"], "lint": ["--strict"]]

  static func parse(
    _ words: [String], _ flags: CommandFlags, messages: ProgramMessages
  ) throws(Options.UsageError) -> Arguments {
    let gsettingsWords = GSettingsMessages.forLanguage(messages.language)
    guard let verb = words.first else {
      if flags.any { throw Options.UsageError(message: messages.text(.listOptionsOnly)) }
      return .repl
    }
    guard verbs.contains(verb) else {
      throw Options.UsageError(message: gsettingsWords.text(.commandsOnly, verb))
    }
    let refused = [
      (flags.json, "--json"), (flags.format != nil, "--format"),
      (flags.all && verb != "reset", "--all"),
    ]
    if let option = refused.first(where: { $0.0 })?.1 {
      throw Options.UsageError(message: gsettingsWords.text(.optionsOnly, option))
    }
    let rest = Array(words.dropFirst())
    switch verb {
    case "get":
      return .get(key: try GetCommand.single(rest, .takesGet, messages))
    case "set":
      let parsed = try SetCommand.parse(rest, flags, messages: messages)
      return .set(key: parsed.key, value: parsed.value)
    case "reset":
      guard !flags.all, rest.count == 1 else {
        throw Options.UsageError(message: gsettingsWords.text(.resetNeedsKey))
      }
      return .reset(key: rest[0])
    case "import":
      return .importDump(path: try GetCommand.single(rest, .takesImport, messages))
    case "export", "render", "lint":
      guard rest.count <= 1 else {
        throw Options.UsageError(message: messages.text(.takes, verb, messages.text(.takesList)))
      }
      return verb == "export"
        ? .export(schema: rest.first)
        : verb == "render" ? .render(schema: rest.first) : .lint(schema: rest.first)
    default:
      guard rest.count <= 1 else {
        throw Options.UsageError(message: messages.text(.takes, verb, messages.text(.takesList)))
      }
      return .list(schema: rest.first)
    }
  }

  static func run(_ arguments: Arguments, in context: CommandContext) throws(Failure) {
    try context.program.runGSettings(arguments, options: context.options)
  }
}

extension Options {
  /// Refuses, with `--gsettings`, the options that name a schema, a store or a device, and
  /// an option of one verb given to another (`--width` is `render`'s).
  func checkGSettingsOptions(given: [String], verb: String?, language: String)
    throws(UsageError)
  {
    let words = GSettingsMessages.forLanguage(language)
    let named: [(Bool, String)] = [
      (schemaPath != nil, "--schema"), (storePath != nil, "--store"), (inApp, "--in-app"),
      (idiom != .phone, "--idiom"), (title != nil, "--title"), (recover, "--recover"),
    ]
    if let option = named.first(where: { $0.0 })?.1 {
      throw UsageError(message: words.text(.optionsOnly, option))
    }
    let own = verb.flatMap { GSettingsCommand.verbOptions[$0] } ?? []
    for (other, options) in GSettingsCommand.verbOptions.sorted(by: { $0.key < $1.key }) {
      for option in options where given.contains(option) && !own.contains(option) {
        throw UsageError(message: words.text(.optionOfVerb, option, other))
      }
    }
  }
}

extension Program {
  fileprivate func runGSettings(_ arguments: GSettingsCommand.Arguments, options: Options)
    throws(Failure)
  {
    let language = PreferredLanguage.resolve(
      option: options.language, environment: environment.values)
    let words = GSettingsMessages.forLanguage(messagesLanguage)
    let session: GSettingsSession
    do {
      session = try GSettingsSession(
        environment: environment.values, language: language,
        requested: arguments.requestedInstance.map { [$0] } ?? [])
    } catch {
      switch error {
      case .libraryMissing, .symbolMissing, .staticallyLinked:
        throw .unavailable(error.message(words))
      default: throw .unreadableInput(error.message(words))
      }
    }
    keptUntilExit.keep(session)
    let model = session.model
    // Said to every verb: without a schema, each would only show nothing or refuse.
    if let noSchemas = session.noSchemas { diagnostics.write(noSchemas, kind: .note) }
    switch arguments {
    case .repl:
      for note in session.notes { diagnostics.write(note, kind: .note) }
      try runGSettingsREPL(session, options: options, language: language)
    case .get(let key):
      let entry = try gsettingsEntry(key, session: session)
      let value = model.value(forKey: key) ?? entry.specifier.defaultValue
      standardOutput.write(TerminalText.sanitize(value.map(plainText) ?? "") + "\n")
    case .set(let key, let text):
      let entry = try gsettingsEntry(key, session: session)
      model.setValue(try gsettingsValue(text, for: entry, key: key, model: model), forKey: key)
      try saveGSettings(session)
    case .reset(let key):
      _ = try gsettingsEntry(key, session: session)
      model.setValue(nil, forKey: key)
      try saveGSettings(session)
    case .list(let schema):
      if let schema { try requireGSettingsSchema(schema, session: session, words: words) }
      standardOutput.write(gsettingsList(model: model, schema: schema))
    case .export(let schema):
      if let schema { try requireGSettingsSchema(schema, session: session, words: words) }
      do {
        standardOutput.write(try session.store.dump(schema: schema).text)
      } catch {
        throw .unreadableInput(error.message(words))
      }
    case .importDump(let path):
      try importGSettings(path, store: session.store, words: words)
    case .render(let schema):
      try renderGSettings(session, schema: schema, options: options, words: words)
    case .lint(let schema):
      try lintGSettings(session, schema: schema, strict: options.strict, words: words)
    }
  }

  /// Loads a file as `dconf dump` writes it: every line read and every value checked as
  /// its key's type before any is written, then each schema's values applied together.
  private func importGSettings(_ path: String, store: GSettingsStore, words: GSettingsMessages)
    throws(Failure)
  {
    let bytes: [UInt8]
    do throws(SystemCallError) {
      guard let file = try FileSystem.readFile(path, limit: 64 << 20) else {
        throw SystemCallError(.open, path: path, code: ENOENT)
      }
      bytes = file.bytes
    } catch {
      throw .unreadableInput(
        words.text(.unreadableFile, path, error.reasonText(in: systemMessages)))
    }
    // A line that is not UTF-8 would be read with U+FFFD in place of its bytes, and a value
    // so changed stored: each is named instead, as `dconf load` refuses such a file.
    var number = 0
    var notText: [String] = []
    for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      number += 1
      if String(validating: line, as: UTF8.self) == nil {
        notText.append(path + ":" + String(number) + ": " + words.text(.dumpNotUTF8))
      }
    }
    guard notText.isEmpty else {
      throw .refused(
        words.text(.importRefused, path) + "\n  " + notText.joined(separator: "\n  "))
    }
    let file: DconfKeyfile
    do {
      file = try DconfKeyfile(parsing: String(decoding: bytes, as: UTF8.self))
    } catch {
      throw .refused(words.text(.importRefused, path) + "\n  " + error.message(file: path, words))
    }
    switch store.changes(loading: file, named: path, messages: words) {
    case .failure(let problems):
      throw .refused(
        words.text(.importRefused, path) + "\n  " + problems.lines.joined(separator: "\n  "))
    case .success(let changes):
      do {
        try store.load(changes)
      } catch {
        throw .notSaved(words.text(.saveFailed, error.message(words)), kind: nil)
      }
    }
  }

  /// The value `text` gives a setting: a list of texts (an `as` key) as JSON, anything else
  /// (a flags key's set too) as `set` reads it; either checked as the key's type and range.
  private func gsettingsValue(
    _ text: String, for entry: SettingsIndex.Entry, key: String, model: SettingsModel
  ) throws(Failure) -> PropertyListValue {
    guard entry.specifier.kind == .listGroup else {
      switch SettingValueParser.value(
        from: text, for: entry.specifier, on: entry.page, model: model)
      {
      case .failure(let error): throw .refused("\(key): \(error)")
      case .success(let value): return value
      }
    }
    switch gsettingsTexts(text, key: key, model: model, language: messagesLanguage) {
    case .failure(let problem): throw .refused(key + ": " + problem.text)
    case .success(let value): return value
    }
  }

  /// The setting of the model key `key` (`schema:key`, or `schema:path:key` for a
  /// relocatable schema at a path), or the failure that names what is wrong: not
  /// SCHEMA:KEY, no such schema, a relocatable schema not shown at that path, no such key.
  private func gsettingsEntry(_ key: String, session: GSettingsSession) throws(Failure)
    -> SettingsIndex.Entry
  {
    let model = session.model
    let index = SettingsIndex(model: model)
    if let entry = index.byKey[key] { return entry }
    let words = GSettingsMessages.forLanguage(messagesLanguage)
    guard let colon = key.lastIndex(of: ":"), colon != key.startIndex,
      key.index(after: colon) != key.endIndex
    else {
      throw .refused(words.text(.notSchemaKey, key))
    }
    let schema = String(key[..<colon])
    let relocatable = { (id: String) in session.schemaIDs.relocatable.contains(id) }
    guard model.hasPage(named: schema) else {
      // SCHEMA:PATH: the schema is before the first colon.
      let (id, named) = GSettingsSource.parts(of: schema)
      guard let path = named else {
        if relocatable(schema) { throw .refused(words.text(.relocatableWithoutPath, schema)) }
        throw .refused(words.text(.noSuchSchema, schema))
      }
      // An empty schema id or path names nothing: the key is not SCHEMA:PATH:KEY.
      guard !id.isEmpty, !path.isEmpty else { throw .refused(words.text(.notSchemaKey, key)) }
      guard relocatable(id) else {
        if model.hasPage(named: id) { throw .refused(words.text(.notRelocatable, id)) }
        throw .refused(words.text(.noSuchSchema, id))
      }
      guard GSettingsInstances.isPath(path) else { throw .refused(words.text(.invalidPath, path)) }
      // A path a fixed schema has is the one place gsettings refuses too.
      let fixed = Set(session.screens.settings.values.filter { $0.path == nil }.map(\.schema))
      if let owner = fixed.sorted().first(where: {
        (try? session.store.source.schema($0).path) == path
      }) {
        throw .refused(words.text(.pathTaken, path, owner))
      }
      throw .refused(words.text(.noSuchInstance, id, path))
    }
    throw .refused(words.text(.noSuchKey, schema, String(key[key.index(after: colon)...])))
  }

  /// Nothing, when `schema` (of `list` and `export`) names a page of the screens (a schema,
  /// a part of schema ids, a relocatable schema at a path it is shown at) or a schema GIO
  /// has; else the failure that names it.
  private func requireGSettingsSchema(
    _ schema: String, session: GSettingsSession, words: GSettingsMessages
  ) throws(Failure) {
    let relocatable = session.schemaIDs.relocatable
    if session.model.hasPage(named: schema) || relocatable.contains(schema)
      || session.screens.settings.values.contains(where: { $0.schema == schema })
    {
      return
    }
    // SCHEMA:PATH: a relocatable schema at a path it is not shown at.
    let (id, path) = GSettingsSource.parts(of: schema)
    if let path, relocatable.contains(id) {
      throw .refused(words.text(.noSuchInstance, id, path))
    }
    throw .refused(words.text(.noSuchSchema, schema))
  }

  private func saveGSettings(_ session: GSettingsSession) throws(Failure) {
    if case .failure(let failure) = session.save() { throw .notSaved(failure.message, kind: nil) }
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

  /// The REPL of any schema over the GSettings model: no rollback or recovery file
  /// (GSettings is the store), values another program sets shown live
  /// (``LiveGSettings``); `quit` writes the changes through the session.
  private func runGSettingsREPL(_ session: GSettingsSession, options: Options, language: String)
    throws(Failure)
  {
    let model = session.model
    guard let rootPage = model.schema.rootPage else { return }
    let navigationController = NavigationController(
      rootViewController: SettingsPageViewController(page: rootPage, model: model))
    keptUntilExit.keep(navigationController)
    let isTerminal = Terminal.isTerminal(0) && Terminal.isTerminal(1)
    Termination.install()
    Termination.interruptsInput = !isTerminal
    if isTerminal { Termination.installInterrupt() }
    let index = SettingsIndex(model: model)
    var commands = SettingsCommands(
      model: model, index: index, navigationController: navigationController)
    commands.listCommand = "settei --gsettings list"
    // `set` takes a list of texts as JSON, as on the command line, or as what the REPL's
    // quoting leaves of JSON typed without quotes (`[a, b c]`), as a flags key's set.
    commands.listValue = { text, key in
      let json = gsettingsTexts(text, key: key, model: model, language: model.language)
      guard case .failure = json else { return json }
      guard text.drop(while: \.isWhitespace).hasPrefix("["),
        let words = SettingValueParser.listWords(text)
      else {
        let words = GSettingsMessages.forLanguage(model.language)
        return .failure(ListValueProblem(text: words.text(.notAListTyped, text)))
      }
      let list = PropertyListValue.array(words.map { .string($0) })
      if let problem = model.problem(storing: list, forKey: key) {
        return .failure(ListValueProblem(text: problem))
      }
      return .success(list)
    }
    // What another program sets meanwhile shows on the next screen.
    let live = LiveGSettings(
      model: model, index: index, read: { try? session.store.storedValues() },
      conflict: { language, title, theirs, yours in
        GSettingsMessages.forLanguage(language).text(.conflictElsewhere, title, theirs, yours)
      })
    keptUntilExit.keep(index, commands, live)

    var configuration = settingsSessionConfiguration(language: language, options: options)
    configuration.quitHandler = {
      switch session.save() {
      case .success(let message): .done(message: message)
      case .failure(let failure): .failed(message: failure.message)
      }
    }
    configuration.unsavedChanges = { model.changeSummaries(index: index) }
    configuration.beforeEachCommand = { live.check() }
    configuration.wrapReader = { TerminationAwareReader($0) }
    configuration.prepareSession = { [commands] session in commands.register(with: session) }
    let outcome = TerminalApp.run(navigationController, configuration: configuration)
    if let signal = Termination.signal { throw .signal(signal) }
    switch outcome {
    case .quit, .discarded: return
    case .scriptFailed: throw .scriptCommandFailed
    case .quitFailed: throw .notSaved(nil, kind: nil)
    case .outputClosed: throw .outputClosed
    }
  }
}

/// The value `text` gives an `as` key (a list group's `key`): a JSON list of texts, checked
/// as the key's type; or why not, in `language`. `set` reads it so on the command line and
/// at the REPL alike.
func gsettingsTexts(_ text: String, key: String, model: SettingsModel, language: String)
  -> Result<PropertyListValue, ListValueProblem>
{
  guard let list = try? JSONReader.parse(Array(text.utf8), source: key),
    let items = list.arrayValue, items.allSatisfy({ $0.stringValue != nil })
  else {
    return .failure(
      ListValueProblem(text: GSettingsMessages.forLanguage(language).text(.notAList, text)))
  }
  if let problem = model.problem(storing: list, forKey: key) {
    return .failure(ListValueProblem(text: problem))
  }
  return .success(.array(items))
}
