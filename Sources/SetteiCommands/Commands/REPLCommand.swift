import FileFormats
import Glibc
import SchemaKit
import SettingsKit
import SettingsScreens
import SettingsStorage
import TableKit
import TableREPL

/// The REPL, which runs when no command is named: the schema's screens over its store, in a
/// session on the terminal or over a piped script.
struct REPLCommand: SetteiCommand {
  /// The REPL takes no words.
  struct Arguments: Equatable {}

  static let name = "repl"
  static let options = [
    "--schema", "--store", "--lang", "--idiom", "--title", "--in-app", "--no-color", "--recover",
    "--gsettings",
  ]
  static let help = ProgramMessage.generalHelp

  static func parse(
    _ words: [String], _ flags: CommandFlags, messages: ProgramMessages
  ) throws(Options.UsageError) -> Arguments {
    // Options of other commands (`--json`, `--save`) were refused by the command table.
    Arguments()
  }

  static func run(_ arguments: Arguments, in context: CommandContext) throws(Failure) {
    try context.program.runREPL(context.options)
  }
}

extension Program {
  fileprivate func runREPL(_ options: Options) throws(Failure) {
    let loaded = try loadSettings(options, forREPL: true)
    let (model, store, language) = (loaded.model, loaded.store, loaded.language)
    let root = SettingsPageViewController(page: loaded.rootPage, model: model)
    let navigationController = NavigationController(rootViewController: root)
    keptUntilExit.keep(navigationController)

    let isTerminal = Terminal.isTerminal(0) && Terminal.isTerminal(1)
    // For a person at the REPL, as the history is: a script neither hears nor records it.
    if isTerminal {
      noteSchemaUpgrades(
        model: model, store: store, schemaPath: options.schemaPath, idiom: options.idiom,
        language: language, inApp: options.inApp)
    }
    Termination.install()
    let saver = StoreSaver(
      model: model, store: store, isInteractive: isTerminal, errorOutput: standardError,
      stateFolder: environment.stateFolder)
    saver.savesKept = environment.savesKept
    saver.saysNothingToSave = true
    offerRecovery(saver, options: options, isTerminal: isTerminal)
    if let signal = Termination.signal { throw .signal(signal) }
    // A pipe is read with plain blocking reads: a signal must end those too.
    Termination.interruptsInput = !isTerminal
    // Ctrl-C at a terminal stops the command under way, never the REPL; a script stops.
    if isTerminal { Termination.installInterrupt() }

    let index = SettingsIndex(model: model)
    var commands = SettingsCommands(
      model: model, index: index, navigationController: navigationController)
    // Every earlier save one command away.
    commands.rollback = environment.stateFolder.map {
      Rollback(
        store: store, stateFolder: $0, model: model, index: index,
        savesKept: environment.savesKept)
    }
    // What another program saves meanwhile shows on the next screen.
    let live = LiveStore(store: store, model: model, index: index)
    keptUntilExit.keep(index, commands, live)

    var configuration = settingsSessionConfiguration(language: language, options: options)
    configuration.keepsInHistory = { [commands] line in !commands.revealsSecret(line) }
    configuration.quitHandler = { saver.quit() }
    configuration.unsavedChanges = { model.changeSummaries(index: index) }
    configuration.beforeEachCommand = { live.check() }
    // Every read ends on a signal; the saver knows when the input ended.
    configuration.wrapReader = { reader in
      let reader = TerminationAwareReader(reader)
      saver.isAtEndOfInput = { reader.inputEnded }
      return reader
    }
    configuration.prepareSession = { [commands] session in commands.register(with: session) }
    configuration.afterRun = { outcome in
      if case .outputClosed = outcome, isTerminal {
        // A terminal that no longer takes output (EIO) was closed: a hangup, whether or not
        // a SIGHUP came; the edits are kept as after one.
        Termination.noteHangup()
        saver.keepUnsavedChanges(
          reason: Termination.name(
            of: Termination.signal ?? SIGHUP, in: .forLanguage(saver.model.language)))
      }
      // Ctrl-D ended the session after a failed save: say where the edits were kept.
      saver.reportKeptChanges()
    }
    let outcome = TerminalApp.run(navigationController, configuration: configuration)
    if let signal = Termination.signal { throw .signal(signal) }
    switch outcome {
    case .quit, .discarded: return
    case .scriptFailed: throw .scriptCommandFailed
    case .quitFailed: throw .notSaved(nil, kind: saver.lastFailure)
    case .outputClosed: throw .outputClosed
    }
  }

  /// How a REPL of settings runs on settei's outputs: its words in `language`, colour as the
  /// options and the environment say, a ✓ column kept on lists of choices. The REPL of a
  /// schema and that of GSettings add their store's handlers.
  func settingsSessionConfiguration(language: String, options: Options)
    -> TerminalApp.Configuration
  {
    var configuration = TerminalApp.Configuration(programName: "settei")
    configuration.messages = .forLanguage(language)
    configuration.environment = environment.values
    configuration.output = standardOutput
    configuration.errorOutput = standardError
    configuration.colorDisabled = options.noColor
    configuration.reservesCheckmarkColumn = { $0 is MultiValueViewController }
    return configuration
  }

  /// Offers the edits a stopped run left in `<store>.recover`: asked on a terminal (with a
  /// plain read in the terminal's line mode, before libedit takes over), restored in a
  /// script only with `--recover`.
  private func offerRecovery(_ saver: StoreSaver, options: Options, isTerminal: Bool) {
    guard isTerminal, !options.recover else {
      saver.offerRecovery(restoreWithoutAsking: options.recover, output: standardOutput, ask: nil)
      return
    }
    // Wrapped to the terminal like every message of the session that follows.
    let output = WrappingOutput(standardOutput)
    let environment = self.environment
    output.width = { Terminal.messageWidth(environment: environment.values) }
    saver.offerRecovery(restoreWithoutAsking: false, output: output) { question in
      output.write(question)
      Termination.interruptsInput = true
      defer { Termination.interruptsInput = false }
      guard Termination.signal == nil,
        case .line(let answer) = PlainLineReader(transcript: nil).readLine(prompt: question)
      else { return nil }
      return answer.filter { $0 != " " && $0 != "\t" }
    }
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
      diagnostics.write(
        messages.text(.knownKeysUnreadable, error.worded(in: storeMessages)), kind: .warning)
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
      schemaUnchanged: memory.values["schema"]?.stringValue == fingerprint,
      messages: .forLanguage(messagesLanguage))
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
      diagnostics.write(
        messages.text(.knownKeysNotSaved, error.worded(in: storeMessages)), kind: .warning)
    }
  }
}
