import GSettingsKit
import SchemaKit
import SettingsKit
import TableREPL

/// `settei __complete WORDS…`: candidates for shell completion of the last word, for the
/// scripts in completions/. Listed nowhere.
struct CompleteCommand: SetteiCommand {
  static let name = "__complete"
  static let options: [String] = []
  static let help = ProgramMessage.generalHelp

  /// Every word after it, as typed: the last is the one to complete.
  static func parse(
    _ words: [String], _ flags: CommandFlags, messages: ProgramMessages
  ) throws(Options.UsageError) -> [String] {
    words
  }

  static func run(_ words: [String], in context: CommandContext) throws(Failure) {
    context.program.complete(words)
  }
}

extension Program {
  /// Shell completion: candidates for the last of `words` (the words after `settei`): the
  /// commands, then what the command typed takes (its own options, keys, choices, formats),
  /// the words after an option being its value, not the command's arguments.
  fileprivate func complete(_ words: [String]) {
    let partial = words.last ?? ""
    let before = Array(words.dropLast())
    let positionals = Options.positionals(in: before)
    let verb = positionals.first.flatMap(CommandTable.command(named:))
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
      if before.contains(GSettingsCommand.name) {
        candidates = gsettingsCandidates(words, partial: partial, positionals: positionals)
      } else if partial.hasPrefix("-") {
        candidates =
          verb.map { $0.options + ["--help"] } ?? Options.valueOptions + Options.flagOptions
      } else if let verb {
        if [GetCommand.name, SetCommand.name, ResetCommand.name].contains(verb.name),
          arguments.isEmpty,
          !before.contains("--all")
        {
          candidates = completionModel(words)?.index.keys ?? []
          if verb.name == ResetCommand.name, !words.contains("--gsettings") {
            candidates.insert("--all", at: 0)
          }
        } else if verb.name == SetCommand.name, arguments.count == 1,
          let loaded = completionModel(words),
          let entry = loaded.index.byKey[arguments[arguments.startIndex]]
        {
          candidates = entry.specifier.values.map(plainText)
          if entry.specifier.kind == .toggleSwitch { candidates = ["on", "off"] }
        }
      } else if positionals.isEmpty || positionals == ["help"] {
        candidates = CommandTable.names
      }
    }
    // A candidate a terminal would act on, or that looks like another, cannot be typed back
    // as it is shown: it is left out (settei list shows it escaped).
    let matching = candidates.filter { $0.hasPrefix(partial) && TerminalText.sanitize($0) == $0 }
    if !matching.isEmpty { standardOutput.write(matching.joined(separator: "\n") + "\n") }
    return
  }

  /// After `--gsettings`: its verbs, each verb's options, keys after `get`, `set` and
  /// `reset`, a key's choices after `set KEY`, and schema ids after the verbs that take one.
  private func gsettingsCandidates(_ words: [String], partial: String, positionals: [String])
    -> [String]
  {
    guard let verb = positionals.first, GSettingsCommand.verbs.contains(verb) else {
      return partial.hasPrefix("-")
        ? GSettingsCommand.options + ["--help"] : positionals.isEmpty ? GSettingsCommand.verbs : []
    }
    if partial.hasPrefix("-") {
      return ["--lang", "--no-color"] + (GSettingsCommand.verbOptions[verb] ?? []) + ["--help"]
    }
    let arguments = positionals.dropFirst()
    guard arguments.isEmpty || (verb == SetCommand.name && arguments.count == 1),
      let loaded = completionModel(words)
    else { return [] }
    switch verb {
    case GetCommand.name, ResetCommand.name:
      return loaded.index.keys
    case SetCommand.name where arguments.isEmpty:
      return loaded.index.keys
    case SetCommand.name:
      guard let entry = loaded.index.byKey[arguments[arguments.startIndex]] else { return [] }
      return entry.specifier.kind == .toggleSwitch
        ? ["on", "off"] : entry.specifier.values.map(plainText)
    case "list", "export", "render", "lint":
      // Schema ids and the parts of them; a relocatable schema's page at a path is
      // `SCHEMA:PATH`, which these verbs do not name.
      return loaded.model.schema.pages.keys.filter {
        $0 != GSettingsScreens.rootPageName && !$0.contains(":")
      }.sorted()
    default:
      return []
    }
  }

  /// The schema and model named by the options among `words`, for completion: with
  /// `--gsettings`, GSettings' (GIO loaded then, as for any `--gsettings` command).
  private func completionModel(_ words: [String]) -> (index: SettingsIndex, model: SettingsModel)? {
    if words.contains("--gsettings") {
      guard let session = try? GSettingsSession(environment: environment.values, language: "en")
      else { return nil }
      keptUntilExit.keep(session)
      return (SettingsIndex(model: session.model), session.model)
    }
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
