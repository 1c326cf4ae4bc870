import Glibc
import SchemaKit
import SettingsKit
import SettingsStorage
import TableREPL

/// One run of settei: options in, an exit status out. Everything with effects on the outside
/// world (files, the terminal, history) is wired here and in the commands it runs
/// (``CommandTable``), nowhere deeper.
package struct Program {
  static let version = "0.1.0"

  let arguments: [String]
  let environment: Environment
  let standardOutput = FileOutput(descriptor: 1)
  let standardError = FileOutput(descriptor: 2)
  /// The schema, model, store and screens, kept until the process exits: `exit` then ends
  /// the program without freeing them one by one, which costs as much as the schema is big.
  /// (main.swift holds the program until it calls `exit`.)
  let keptUntilExit = KeptUntilExit()
  /// The language of settei's own words (``messagesLanguage(arguments:environment:)``).
  let messagesLanguage: String

  package init(arguments: [String], environment: Environment) {
    self.arguments = arguments
    self.environment = environment
    messagesLanguage = Self.messagesLanguage(arguments: arguments, environment: environment)
  }

  /// Runs the command line and says how it ended; what was printed is flushed and closed.
  package func run() -> ExitStatus {
    let status: ExitStatus
    do {
      try runOrFail()
      status = .success
    } catch {
      if let message = error.message { diagnostics.write(message) }
      status = ExitStatus(error)
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
    let failed =
      failure == EPIPE
      ? Failure.outputClosed
      : .outputFailed(messages.text(.outputFailed, String(cString: strerror(failure))))
    if let message = failed.message { diagnostics.write(message) }
    return ExitStatus(failed)
  }

  private func runOrFail() throws(Failure) {
    if GIOTwin.runs(arguments) { throw GIOTwin.run(arguments, messages: messages) }
    let options: Options
    do {
      options = try Options.parse(arguments, messages: messages)
    } catch {
      // A command's usage error ends with that command's usage, any other with settei's.
      let usage = Options.positionals(in: arguments).first.flatMap {
        CommandHelp.usage(of: $0, messages: messages)
      }
      throw .usage(error.message + "\n" + (usage ?? messages.text(.usageLine)))
    }
    if options.showHelp {
      let topic = options.helpTopic.flatMap { CommandHelp.text(for: $0, messages: messages) }
      standardOutput.write((topic ?? messages.text(.generalHelp)) + "\n")
      return
    }
    if options.showVersion {
      standardOutput.write("settei \(Self.version)\n")
      return
    }

    try options.command.run(CommandContext(options: options, program: self))
  }

  /// The schema, store and model the options name, for a command that reads or changes
  /// settings: the notes and warnings of loading them said on standard error. `forREPL`:
  /// a bundle's pages are read as they are shown, and their stored values checked then.
  func loadSettings(_ options: Options, forREPL: Bool = false) throws(Failure) -> LoadedSettings {
    let (schema, language) = try loadSchema(options, lazily: forREPL)
    let storePath = try resolveStorePath(options)
    let store: SettingsStore
    do {
      store = try SettingsStore.load(path: storePath)
    } catch {
      throw Failure.unreadableInput(error.worded(in: storeMessages))
    }

    if options.language != nil, let missing = schema.schema.strings.missingLanguage(for: language) {
      diagnostics.write(text(of: missing), kind: .note)
    }
    warnOfUnreadableTables(schema.schema.strings, language: language)
    let model = SettingsModel(schema: schema.schema, storedValues: store.values, language: language)
    keptUntilExit.keep(model, store)
    model.pageChecker = {
      SchemaLinter.rowBreakingErrors(onPage: $0, of: $1, wordedIn: .forLanguage($2))
    }
    // Ctrl-C during a command stops a long read of pages (`go`, `find` on a large bundle).
    model.stopsReading = { Termination.interrupted }
    if forREPL {
      // A stored value of a page not read yet is checked when the page is.
      let diagnostics = self.diagnostics
      model.laterStoredValueWarnings = { warnings in
        for warning in warnings { diagnostics.write("\(storePath): \(warning)", kind: .warning) }
      }
      noteSkippedEntries(of: schema.schema, path: options.schemaPath)
    }
    for warning in model.storedValueWarnings {
      diagnostics.write("\(storePath): \(warning)", kind: .warning)
    }
    return LoadedSettings(
      schema: schema.schema, rootPage: schema.rootPage, model: model, store: store,
      language: language)
  }

  /// The schema the options name, in the language they (or the environment) choose.
  /// `lazily`: a bundle's child pages are read as they are shown (the REPL); the other
  /// commands need them all.
  func loadSchema(_ options: Options, lazily: Bool = false) throws(Failure) -> (
    schema: (schema: SettingsSchema, rootPage: SettingsSchema.Page), language: String
  ) {
    let language = PreferredLanguage.resolve(
      option: options.language, environment: environment.values)
    let schema = try loadSchema(
      options.schemaPath, idiom: options.idiom, language: language, lazily: lazily,
      title: options.title, inApp: options.inApp)
    return (schema, language)
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
        path: path, idiom: idiom, language: language, lazily: lazily, inApp: inApp,
        listingCache: environment.folderListingCache)
    } catch {
      throw Failure.unreadableInput(error.worded(in: schemaMessages))
    }
    // `--title`: what the root page is called, over the app's name.
    if let title { schema.appName = title }
    keptUntilExit.keep(schema)
    guard let rootPage = schema.rootPage else {
      throw Failure.unreadableInput(messages.text(.noRootPage, path ?? EmbeddedSchema.sourceName))
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

  func resolveStorePath(_ options: Options) throws(Failure) -> String {
    if let path = options.storePath { return path }
    let file = options.schemaPath.map(SchemaLoader.storeFileName(for:)) ?? "settings.json"
    guard let path = environment.configPath(file) else {
      throw .usage(messages.text(.homeNotSet))
    }
    return path
  }
}

/// What a command that reads or changes settings runs on (``Program/loadSettings(_:forREPL:)``).
struct LoadedSettings {
  let schema: SettingsSchema
  let rootPage: SettingsSchema.Page
  let model: SettingsModel
  let store: SettingsStore
  /// The language the schema is shown in.
  let language: String
}

/// What a run keeps alive until the process exits (see ``Program/keptUntilExit``).
final class KeptUntilExit {
  private var values: [Any] = []

  /// Keeps `values` (objects, or values holding them) alive until the process exits.
  func keep(_ values: Any...) {
    self.values += values
  }
}
