import SettingsKit
import TableKit
import TableREPL

#if canImport(Glibc)
  import Glibc
#endif

/// The exit statuses of the user-facing contract (sysexits.h where one fits).
enum ExitStatus: Int32 {
  case success = 0
  case scriptFailed = 1
  case usage = 64
  case unreadableInput = 65
  case saveFailed = 74
  case storeLocked = 75
}

let version = "0.1.0"
let standardError = FileOutput(descriptor: 2)

func fail(_ status: ExitStatus, _ message: String) -> Never {
  standardError.write("settei: " + TerminalText.sanitize(message) + "\n")
  exit(status.rawValue)
}

// A closed stdout (`settei | head -1`) must give EPIPE, not kill us mid-save.
signal(SIGPIPE, SIG_IGN)

let environment = Environment.current()
let options: Options
do {
  options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  standardError.write(
    "Error: \(TerminalText.sanitize(error.message))\nUsage: settei [--schema PATH] [--store PATH] "
      + "[--lang CODE] [--no-color]. See 'settei --help'.\n")
  exit(ExitStatus.usage.rawValue)
}
if options.showHelp {
  FileOutput().write(Options.usage + "\n")
  exit(0)
}
if options.showVersion {
  FileOutput().write("settei \(version)\n")
  exit(0)
}

let language = PreferredLanguage.resolve(option: options.language, environment: environment.values)

let schema: SettingsSchema
do {
  schema = try SchemaLoader.load(path: options.schemaPath)
} catch {
  fail(.unreadableInput, "\(error)")
}
guard let rootPage = schema.rootPage else {
  fail(.unreadableInput, "\(options.schemaPath ?? EmbeddedSchema.sourceName): no root page")
}

let storeFile =
  options.schemaPath == nil
  ? "settings.json" : SchemaLoader.storeFileName(for: options.schemaPath ?? "")
guard let storePath = options.storePath ?? environment.configPath(storeFile) else {
  fail(.usage, "HOME is not set, so there is no default store; give one with --store PATH.")
}
let store: SettingsStore
do {
  store = try SettingsStore.load(path: storePath)
} catch {
  fail(.unreadableInput, "\(error)")
}

let model = SettingsModel(schema: schema, storedValues: store.values, language: language)
for warning in model.storedValueWarnings {
  standardError.write("settei: warning: \(storePath): \(TerminalText.sanitize(warning))\n")
}

let root = SettingsPageViewController(
  page: rootPage, model: model,
  title: rootPage.title.map { model.localized($0, on: rootPage) })
let navigationController = NavigationController(rootViewController: root)

let output = FileOutput()
let isTerminal = Terminal.isTerminal(0) && Terminal.isTerminal(1)
var historyWarningShown = false
func warnAboutHistory(_ message: String) {
  guard !historyWarningShown else { return }
  historyWarningShown = true
  standardError.write("settei: warning: \(TerminalText.sanitize(message))\n")
}

let editReader: EditLineReader? =
  isTerminal
  ? EditLineReader(historyPath: environment.statePath("history"), warn: warnAboutHistory) : nil
if isTerminal, environment.statePath("history") == nil {
  warnAboutHistory("HOME is not set; command history will not be kept")
}
let reader: any LineReading = editReader ?? PlainLineReader(transcript: output)

let session = Session(
  navigationController: navigationController, reader: reader, output: output,
  errorOutput: standardError,
  usesColor: Terminal.usesColor(environment: environment.values, disabled: options.noColor),
  terminalSize: { Terminal.layoutSize(environment: environment.values) })
editReader?.completer = { session.completions(for: $0) }
session.quitHandler = {
  let changed = model.changedKeys
  guard !changed.isEmpty else { return .done(message: nil) }
  do {
    try store.save(model.values, changedKeys: changed)
  } catch {
    return .failed(
      message: "\(error)\nYour changes are kept. Fix the cause and type quit again.")
  }
  let noun = changed.count == 1 ? "change" : "changes"
  return .done(message: "Saved \(changed.count) \(noun) to \(storePath).")
}

let outcome = session.run()
if let editReader {
  do {
    try editReader.saveHistory()
  } catch {
    warnAboutHistory("history not saved: \(error)")
  }
}
switch outcome {
case .quit: exit(ExitStatus.success.rawValue)
case .scriptFailed: exit(ExitStatus.scriptFailed.rawValue)
case .quitFailed: exit(ExitStatus.saveFailed.rawValue)
}
