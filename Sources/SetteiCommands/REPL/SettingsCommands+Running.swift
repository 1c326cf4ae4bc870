import FileFormats
import SchemaKit
import SettingsKit
import SettingsScreens
import TableKit
import TableREPL

extension SettingsCommands {
  typealias Result = CommandDefinition.Result

  // MARK: go

  /// Reads the pages not read yet, which a command over every setting needs: `nil` when all
  /// are read, else the failure to show because Ctrl-C stopped the reading (it goes on at the
  /// next such command).
  func readEveryPage() -> Result? {
    model.loadAllPages() ? nil : .failed(messages.text(.stoppedReadingPages))
  }

  func go(_ path: String) -> Result {
    guard !path.isEmpty else {
      return .failed(messages.text(.goUsage, index.keys.first ?? "KEY"))
    }
    if let stopped = readEveryPage() { return stopped }
    let matches = entries(matching: path)
    guard let entry = matches.first else {
      return .failed(messages.text(.goNothing, path))
    }
    if matches.count > 1 {
      let places = matches.prefix(5).map {
        index.breadcrumb(of: $0, model: model).joined(separator: " › ")
      }
      return .failed(
        messages.text(.goMany, path, String(matches.count), places.joined(separator: "; ")))
    }
    let (row, hidden) = SettingPath.reach(
      entry, index: index, in: navigationController, model: model)
    if let hidden { return .done(message: hidden, showScreen: true) }
    let title = index.breadcrumb(of: entry, model: model).last ?? path
    let message =
      row.map { messages.text(.goDoneRow, title, String($0 + 1)) }
      ?? messages.text(.goDone, title)
    return .done(message: message, showScreen: true)
  }

  /// Entries named by a key or by a title path (its last titles, in any language).
  func entries(matching path: String) -> [SettingsIndex.Entry] {
    if let entry = index.byKey[path] { return [entry] }
    let wanted = path.split(whereSeparator: { $0 == "/" || $0 == "›" })
      .map { $0.trimmingWhitespace().lowercased() }.filter { !$0.isEmpty }
    return index.entries(titled: wanted, model: model)
  }

  // MARK: find

  func find(_ text: String) -> Result {
    guard !text.isEmpty else {
      return .failed(messages.text(.findUsage, index.keys.first ?? "wifi"))
    }
    if let stopped = readEveryPage() { return stopped }
    let results = SettingsSearch.find(text, in: index, model: model)
    guard !results.isEmpty else { return .failed(messages.text(.findNothing, text)) }
    let screen = SearchResultsViewController(
      query: text, results: results, index: index, model: model)
    // A new search replaces the results of the last one (and what was opened from them).
    let stack = navigationController.viewControllers
    if let earlier = stack.firstIndex(where: { $0 is SearchResultsViewController }) {
      navigationController.setViewControllers(Array(stack[..<earlier]) + [screen], animated: true)
    } else {
      navigationController.pushViewController(screen, animated: true)
    }
    return .done(message: nil, showScreen: true)
  }

  // MARK: ?

  func describe(_ argument: String) -> Result {
    guard let number = TypedNumber(argument) else {
      return .failed(messages.text(.describeUsage))
    }
    let top = navigationController.topViewController
    let total = top.tableView.totalNumberOfRows
    guard let row = number.position(among: total) else {
      return .failed(messages.text(.describeNoRow, number.text, String(total)))
    }
    if let page = top as? SettingsPageViewController,
      let specifier = page.specifier(atRowNumber: row)
    {
      // The page's own model: a list item's page shows the item's values.
      let text = page.model.describe(
        specifier, on: page.page, footer: page.footer(atRowNumber: row))
      return .done(message: text, showScreen: false)
    }
    if let list = top as? MultiValueViewController,
      let entry = list.specifier.key.flatMap({ index.byKey[$0] })
    {
      var text = model.describe(entry.specifier, on: entry.page, footer: nil)
      if let value = list.choiceValue(atRow: row) {
        let words: ProgramMessage =
          entry.specifier.allowsMultipleSelection ? .describeToggles : .describeStores
        text += "\n  " + messages.text(words, number.text, value.debugDescription)
      }
      return .done(message: text, showScreen: false)
    }
    return .failed(messages.text(.describeNotSetting, number.text))
  }

  // MARK: changes, undo, reset

  func changes() -> Result {
    let lines = model.changeSummaries(index: index)
    guard !lines.isEmpty else {
      let message =
        model.changes.isEmpty
        ? messages.text(.noChangesYet) : messages.text(.noChangesBack)
      return .done(message: message, showScreen: false)
    }
    return .done(message: lines.joined(separator: "\n"), showScreen: false)
  }

  /// `reset all`: the settings that differ from their default, listed by place, reset as
  /// one change after asking.
  func resetAll() -> Result {
    let entries = index.keys.compactMap { index.byKey[$0] }.filter {
      $0.specifier.key.map(model.differsFromDefault) == true
    }
    guard !entries.isEmpty else {
      return .done(message: messages.text(.allDefault), showScreen: false)
    }
    let places = entries.map {
      "  " + index.breadcrumb(of: $0, model: model).joined(separator: " › ")
    }
    let one = entries.count == 1
    let count = String(entries.count)
    return .confirm(
      message: (one ? messages.text(.oneDiffers) : messages.text(.manyDiffer, count)) + "\n"
        + places.joined(separator: "\n"),
      question: messages.text(one ? .resetOneQuestion : .resetManyQuestion)
    ) {
      model.setValues(entries.compactMap { $0.specifier.key }.map { ($0, nil) })
      return .done(
        message: one ? messages.text(.resetOneDone) : messages.text(.resetManyDone, count),
        showScreen: true)
    }
  }

  func undo() -> Result {
    let step = model.changesInLastStep
    guard let change = model.undo() else { return .failed(messages.text(.nothingToUndo)) }
    if step > 1 {
      return .done(message: messages.text(.undoneMany, String(step)), showScreen: true)
    }
    let place =
      index.byKey[change.key].map {
        index.breadcrumb(of: $0, model: model).joined(separator: " › ")
      } ?? change.key
    let now =
      index.byKey[change.key].map {
        model.displayText(of: model.value(forKey: change.key), for: $0.specifier, on: $0.page)
      } ?? ""
    return .done(message: messages.text(.undoneOne, place, now), showScreen: true)
  }

  func reset(_ argument: String) -> Result {
    if argument.lowercased() == "all" { return resetAll() }
    guard let number = TypedNumber(argument) else {
      return .failed(messages.text(.resetUsage))
    }
    guard let page = navigationController.topViewController as? SettingsPageViewController,
      let row = number.position(among: page.tableView.totalNumberOfRows),
      let specifier = page.specifier(atRowNumber: row), let key = specifier.key
    else {
      return .failed(messages.text(.resetNotSetting, number.text))
    }
    // The page's own model: on a list item's page, the reset changes the item.
    page.model.setValue(nil, forKey: key)
    let text = page.model.displayText(
      of: page.model.value(forKey: key), for: specifier, on: page.page)
    return .done(message: messages.text(.resetDone, key, text), showScreen: true)
  }

  // MARK: lang, get, set

  func lang(_ code: String) -> Result {
    let available = Set(["en"] + model.schema.strings.languages.filter { $0 != "Base" })
    guard !code.isEmpty else {
      // `lang` alone: which language is shown, and which others there are.
      let others = available.subtracting([model.language]).sorted()
      let message =
        others.isEmpty
        ? messages.text(.langShown, model.language)
        : messages.text(.langShownOthers, model.language, others.joined(separator: ", "))
      return .done(message: message, showScreen: false)
    }
    // The language as iOS matches it: `zh_TW` is served by `zh-Hant`, `pt-BR` by `pt`.
    let wanted = PreferredLanguage.normalized(code)
    guard model.schema.strings.missingLanguage(for: wanted) == nil else {
      return .failed(
        messages.text(.langUnknown, code, available.sorted().joined(separator: ", ")))
    }
    model.language = wanted
    let words = SchemaMessages.forLanguage(messages.language)
    let unreadable = model.schema.strings.unreadableTables(for: wanted).map {
      messages.text(.stringsUnreadable, $0.worded(in: words), wanted)
    }
    return .done(
      message: unreadable.isEmpty ? nil : unreadable.joined(separator: "\n"), showScreen: true)
  }

  func get(_ key: String) -> Result {
    guard !key.isEmpty else {
      return .failed(messages.text(.getUsage, index.keys.first ?? "KEY"))
    }
    guard let entry = index.byKey[key] else {
      return .failed(
        index.unknownKeyMessage(
          key, otherwise: messages.text(.unknownKeyHint, listCommand), messages: model.messages))
    }
    let value = model.value(forKey: key)
    let place = index.breadcrumb(of: entry, model: model).joined(separator: " › ")
    // The words, and the stored form beside them, except for a secret, which is only ever
    // masked.
    func shown(_ value: PropertyListValue?) -> String {
      let words = model.displayText(of: value, for: entry.specifier, on: entry.page)
      guard !entry.specifier.isSecure, let value else { return words }
      return words + " (\(model.masked(value, forKey: key).debugDescription))"
    }
    var line = "\(key) = \(shown(value))"
    // Whether a secret is its default would tell it: a secure field's default is not shown.
    if !entry.specifier.isSecure, model.differsFromDefault(key) {
      line += " · " + messages.text(.getDefault, shown(model.defaultValue(forKey: key)))
    } else if !entry.specifier.isSecure, value != nil {
      line += " " + messages.text(.getIsDefault)
    }
    return .done(message: line + " · " + place, showScreen: false)
  }

  func set(_ argument: String) -> Result {
    let parts = argument.split(separator: " ", maxSplits: 1).map(String.init)
    guard parts.count == 2 else {
      return .failed(messages.text(.setUsage, index.keys.first ?? "KEY"))
    }
    let key = parts[0]
    guard let entry = index.byKey[key] else {
      return .failed(
        index.unknownKeyMessage(
          key, otherwise: messages.text(.unknownKeyHint, listCommand), messages: model.messages))
    }
    let text: String
    switch ValueArgument.parse(parts[1]) {
    case .success(let value): text = value
    case .failure(let unclosed):
      return .failed(messages.text(.unclosedQuote, String(unclosed.quote), unclosed.rest))
    }
    let parsed: Swift.Result<PropertyListValue, ListValueProblem> =
      if entry.specifier.kind == .listGroup, let listValue {
        listValue(text, key).mapError { ListValueProblem(text: "\(key): \($0.text)") }
      } else {
        SettingValueParser.value(from: text, for: entry.specifier, on: entry.page, model: model)
          .mapError { ListValueProblem(text: $0.description) }
      }
    switch parsed {
    case .failure(let problem):
      return .failed(problem.text)
    case .success(let value):
      model.setValue(value, forKey: key)
      let shown = model.displayText(of: value, for: entry.specifier, on: entry.page)
      return .done(message: "\(key) = \(shown)", showScreen: true)
    }
  }

  /// Tab after `set`: keys, then the choices of the key.
  func completeSet(_ text: String) -> [String] {
    guard let space = text.firstIndex(of: " ") else {
      return index.keys.filter { $0.lowercased().hasPrefix(text.lowercased()) }
    }
    let key = String(text[..<space])
    let typed = String(text[text.index(after: space)...]).lowercased()
    guard let entry = index.byKey[key] else { return [] }
    var choices: [String] = []
    switch entry.specifier.kind {
    case .multiValue, .radioGroup:
      choices = entry.specifier.titles.map { model.localized($0, on: entry.page) }
    case .toggleSwitch:
      choices = ["on", "off"]
    case .group, .textField, .slider, .titleValue, .childPane, .listGroup, .textView, .openURL,
      .button, .mailCompose, .customView, .datePicker, .other(_):
      break
    }
    // A set of choices (`monday, tu`): the word after the last comma, among those not typed.
    let raw = text[text.index(after: space)...]
    if entry.specifier.allowsMultipleSelection, let comma = raw.lastIndex(of: ",") {
      let start = raw[raw.index(after: comma)...].firstIndex { $0 != " " } ?? raw.endIndex
      let done = raw[..<comma].split(separator: ",").map {
        $0.split(separator: " ").joined(separator: " ").lowercased()
      }
      let last = raw[start...].lowercased()
      return choices.filter { !done.contains($0.lowercased()) && $0.lowercased().hasPrefix(last) }
        .map { key + " " + raw[..<start] + $0 }
    }
    return choices.filter { $0.lowercased().hasPrefix(typed) }.map { key + " " + $0 }
  }
}
