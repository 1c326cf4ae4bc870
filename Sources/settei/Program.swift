import Glibc
import SchemaKit
import SettingsKit
import SettingsScreens
import SettingsStorage
import TableKit
import TableREPL

/// The exit statuses of the user-facing contract (sysexits.h where one fits).
enum ExitStatus: Int32 {
  case success = 0
  case scriptFailed = 1
  case usage = 64
  case unreadableInput = 65
  case saveFailed = 74
  case storeLocked = 75
  /// `--gsettings` without GIO (libgio-2.0.so.0), or one older than 2.44.
  case unavailable = 69
  /// 128 + SIGHUP: the terminal went away; unsaved edits are in `<store>.recover`.
  case hangup = 129
  /// 128 + SIGQUIT (Ctrl-\): asked to quit at once; unsaved edits are in `<store>.recover`.
  case quitSignal = 131
  /// Standard output was closed under us: the status a shell gives a process that SIGPIPE
  /// ended, since that is what happened, only without dying mid-write.
  case outputClosed = 141
  /// 128 + SIGTERM: asked to stop; unsaved edits are in `<store>.recover`.
  case terminated = 143
}

/// One run of settei: options in, an exit status out. Everything with effects on the outside
/// world (files, the terminal, history) is wired here and nowhere deeper.
struct Program {
  static let version = "0.1.0"

  let arguments: [String]
  let environment: Environment
  let standardOutput = FileOutput(descriptor: 1)
  let standardError = FileOutput(descriptor: 2)
  /// The schema, model, store and screens, kept until the process exits: `exit` then ends
  /// the program without freeing them one by one, which costs as much as the schema is big.
  /// (main.swift holds the program until it calls `exit`.)
  let keptUntilExit = KeptUntilExit()

  /// An error that ends the run with a status and a message for standard error.
  struct Failure: Error {
    var status: ExitStatus
    var message: String
  }

  func run() -> ExitStatus {
    let status: ExitStatus
    do {
      status = try runOrFail()
    } catch {
      diagnostics.write(error.message)
      status = error.status
    }
    return finishOutput(status)
  }

  /// Closes standard output and says whether all of it arrived: a closed pipe ends the run
  /// as SIGPIPE would (141); any other failure (a full disk) is exit 74, with the reason,
  /// since an export or a list cut short must not pass for one that is whole.
  private func finishOutput(_ status: ExitStatus) -> ExitStatus {
    fflush(nil)  // what libedit may still hold for the descriptor
    guard let failure = standardOutput.close(),
      [.success, .scriptFailed, .outputClosed].contains(status)
    else { return status }
    if failure == EPIPE { return .outputClosed }
    diagnostics.write(messages.text(.outputFailed, String(cString: strerror(failure))))
    return .saveFailed
  }

  private func runOrFail() throws(Failure) -> ExitStatus {
    let options: Options
    do {
      options = try Options.parse(arguments, messages: messages)
    } catch {
      // A command's usage error ends with that command's usage, any other with settei's.
      let usage = Options.positionals(in: arguments).first.flatMap {
        CommandHelp.usage(of: $0, messages: messages)
      }
      diagnostics.write(error.message + "\n" + (usage ?? messages.text(.usageLine)))
      return .usage
    }
    if options.showHelp {
      let topic = options.helpTopic.flatMap { CommandHelp.text(for: $0, messages: messages) }
      standardOutput.write((topic ?? messages.text(.generalHelp)) + "\n")
      return .success
    }
    if options.showVersion {
      standardOutput.write("settei \(Self.version)\n")
      return .success
    }

    if case .complete(let words) = options.subcommand { return complete(words) }
    if case .lint(let path) = options.subcommand {
      if options.l10n {
        return try lintTranslations(
          path, strict: options.strict, developmentLanguage: options.developmentLanguage,
          inApp: options.inApp)
      }
      guard let storePath = options.storePath else { return try lint(path) }
      return try lintStore(
        storePath, schemaPath: path, strict: options.strict, inApp: options.inApp)
    }
    if case .render(let path) = options.subcommand { return try render(path, options: options) }
    if case .defaults(let path, let format) = options.subcommand {
      return try defaults(path, format: format, inApp: options.inApp)
    }
    let language = PreferredLanguage.resolve(
      option: options.language, environment: environment.values)
    if options.gsettings { return try runGSettings(options, language: language) }
    // The REPL reads a bundle's child pages as they are shown; the other commands need them all.
    let schema = try loadSchema(
      options.schemaPath, idiom: options.idiom, language: language,
      lazily: options.subcommand == .repl, title: options.title, inApp: options.inApp)
    if case .diff(let pathA, let pathB) = options.subcommand {
      let model = SettingsModel(schema: schema.schema, storedValues: [:], language: language)
      return try diff(pathA, pathB, model: model)
    }
    let storePath = try resolveStorePath(options)
    let store: SettingsStore
    do {
      store = try SettingsStore.load(path: storePath)
    } catch {
      throw Failure(status: .unreadableInput, message: "\(error)")
    }

    if options.language != nil, let missing = schema.schema.strings.missingLanguage(for: language) {
      diagnostics.write(text(of: missing), kind: .note)
    }
    warnOfUnreadableTables(schema.schema.strings, language: language)
    let model = SettingsModel(schema: schema.schema, storedValues: store.values, language: language)
    keptUntilExit.keep(model, store)
    model.pageChecker = { SchemaLinter.rowBreakingErrors(onPage: $0, of: $1) }
    // Ctrl-C during a command stops a long read of pages (`go`, `find` on a large bundle).
    model.stopsReading = { Termination.interrupted }
    if options.subcommand == .repl {
      // A stored value of a page not read yet is checked when the page is.
      let diagnostics = self.diagnostics
      model.laterStoredValueWarnings = { warnings in
        for warning in warnings { diagnostics.write("\(storePath): \(warning)", kind: .warning) }
      }
    }
    if options.subcommand == .repl {
      noteSkippedEntries(of: schema.schema, path: options.schemaPath)
    }
    for warning in model.storedValueWarnings {
      diagnostics.write("\(storePath): \(warning)", kind: .warning)
    }
    if case .export(let format) = options.subcommand, options.changedOnly {
      return try exportChanged(model: model, store: store, format: format)
    }
    if options.subcommand != .repl {
      return try runScriptCommand(options.subcommand, model: model, store: store)
    }
    let root = SettingsPageViewController(page: schema.rootPage, model: model)
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
    saver.saysNothingToSave = true
    offerRecovery(saver, options: options, isTerminal: isTerminal)
    if let status = Termination.exitStatus { return status }
    // A pipe is read with plain blocking reads: a signal must end those too.
    Termination.interruptsInput = !isTerminal
    // Ctrl-C at a terminal stops the command under way, never the REPL; a script stops.
    if isTerminal { Termination.installInterrupt() }

    let history = OneWarning(diagnostics)
    var editReader: EditLineReader?
    if isTerminal {
      let historyPath = TerminalApp.defaultHistoryPath(
        programName: "settei", environment.values)
      if historyPath == nil { history.warn(sessionMessages.text(.noHome)) }
      editReader = EditLineReader(
        programName: "settei", historyPath: historyPath, messages: sessionMessages,
        warn: history.warn)
    }
    let reader = TerminationAwareReader(
      editReader ?? PlainLineReader(transcript: standardOutput))
    saver.isAtEndOfInput = { reader.inputEnded }

    let environment = self.environment
    // Output to a pipe or a file has no size to change: worked out once, not per command.
    let pipeSize =
      Terminal.isTerminal(1) ? nil : Terminal.layoutSize(environment: environment.values)
    let pipeWidth = Terminal.messageWidth(environment: environment.values)
    let session = Session(
      navigationController: navigationController, reader: reader, output: standardOutput,
      errorOutput: standardError,
      usesColor: Terminal.usesColor(environment: environment.values, disabled: options.noColor),
      terminalSize: { pipeSize ?? Terminal.layoutSize(environment: environment.values) })
    session.programName = "settei"
    session.messageWidth = {
      pipeSize != nil ? pipeWidth : Terminal.messageWidth(environment: environment.values)
    }
    session.messages = .forLanguage(language)
    session.reservesCheckmarkColumn = { $0 is MultiValueViewController }
    editReader?.completer = { [unowned session] in session.completions(for: $0) }
    let index = SettingsIndex(model: model)
    var commands = SettingsCommands(
      model: model, index: index, navigationController: navigationController)
    // Every earlier save one command away.
    commands.rollback = environment.stateFolder.map {
      Rollback(store: store, stateFolder: $0, model: model, index: index)
    }
    commands.register(with: session)
    keptUntilExit.keep(index, commands)
    editReader?.historyFilter = { [unowned session] line in
      session.mayKeepInHistory(line) && !commands.revealsSecret(line)
    }
    session.quitHandler = { saver.quit() }
    session.unsavedChanges = { model.changeSummaries(index: index) }
    // What another program saves meanwhile shows on the next screen.
    let live = LiveStore(store: store, model: model, index: index)
    session.beforeEachCommand = { live.check() }
    keptUntilExit.keep(live)

    let outcome = session.run()
    if case .outputClosed = outcome, isTerminal {
      // A terminal that no longer takes output (EIO) was closed: a hangup, whether or not
      // a SIGHUP came; the edits are kept as after one.
      Termination.noteHangup()
      saver.keepUnsavedChanges(reason: Termination.name(of: Termination.signal ?? SIGHUP))
    }
    // Ctrl-D ended the session after a failed save: say where the edits were kept.
    saver.reportKeptChanges()
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
    case .quitFailed: return saver.lastFailure == .locked ? .storeLocked : .saveFailed
    case .outputClosed: return .outputClosed
    }
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

  /// The schema at `path` (the built-in one when `nil`); with `inApp`, a bundle's pages as
  /// InAppSettingsKit shows them inside an app, else as Settings.app does.
  func loadSchema(
    _ path: String?, idiom: Idiom = .phone, language: String = "en", lazily: Bool = false,
    title: String? = nil, inApp: Bool = false
  ) throws(Failure) -> (schema: SettingsSchema, rootPage: SettingsSchema.Page) {
    var schema: SettingsSchema
    do {
      schema = try SchemaLoader.load(
        path: path, idiom: idiom, language: language, lazily: lazily, inApp: inApp)
    } catch {
      throw Failure(status: .unreadableInput, message: "\(error)")
    }
    // `--title`: what the root page is called, over the app's name.
    if let title { schema.appName = title }
    keptUntilExit.keep(schema)
    guard let rootPage = schema.rootPage else {
      throw Failure(
        status: .unreadableInput,
        message: messages.text(.noRootPage, path ?? EmbeddedSchema.sourceName))
    }
    return (schema, rootPage)
  }

  /// Says on standard error, a line per page read, which entries of the schema no screen
  /// shows because Settings.app skips them (``SchemaKit/Specifier/skippedBySettingsApp``).
  func noteSkippedEntries(of schema: SettingsSchema, path: String?) {
    for name in schema.pages.keys.sorted() {
      guard let page = schema.pages[name] else { continue }
      let skipped = page.skippedIndexes
      guard !skipped.isEmpty else { continue }
      let indexes = skipped.map { "[\($0)]" }.joined(separator: ", ")
      note(messages.text(.skippedEntries, page.source, indexes, path ?? "PATH"))
    }
  }

  /// Says on standard error which pages a command that prints a whole bundle read, when the
  /// bundle has pages only an app reads (`.inApp.plist`): the in-app ones (`--in-app`), or
  /// those Settings.app shows, and how to read the others.
  func notePagesRead(_ path: String, inApp: Bool) {
    guard SchemaLoader.hasInAppPages(path: path) else { return }
    note(messages.text(inApp ? .readInAppPages : .readSettingsAppPages, path))
  }

  private func resolveStorePath(_ options: Options) throws(Failure) -> String {
    if let path = options.storePath { return path }
    let file = options.schemaPath.map(SchemaLoader.storeFileName(for:)) ?? "settings.json"
    guard let path = environment.configPath(file) else {
      throw Failure(
        status: .usage,
        message: messages.text(.homeNotSet))
    }
    return path
  }
}

/// What a run keeps alive until the process exits (see ``Program/keptUntilExit``).
final class KeptUntilExit {
  private var values: [Any] = []

  /// Keeps `values` (objects, or values holding them) alive until the process exits.
  func keep(_ values: Any...) {
    self.values += values
  }
}
