import Glibc
import TableKit
import TextSafety

/// The REPL loop: render the top screen, read a line, parse it, dispatch it.
///
/// A session owns no files and never exits the process: saving is the ``quitHandler``'s job,
/// given by the program that runs the session, and ``run()`` returns how the session ended.
/// On a pipe (a reader that is not interactive) the first failing command ends the session
/// with ``Outcome/scriptFailed(line:message:)``, so that a script never saves half its work.
public final class Session {
  /// How a session ended.
  public enum Outcome: Equatable, Sendable {
    /// The user quit and the quit handler succeeded.
    case quit
    /// The user left with `quit!`; nothing was saved.
    case discarded
    /// Standard output was closed (`my-tool … | head -1`); nothing was saved.
    case outputClosed
    /// A command of a script failed; nothing was saved.
    case scriptFailed(line: Int, message: String)
    /// Quitting failed (the handler's message) and the session could not go on.
    case quitFailed(message: String)
  }

  /// What the quit handler says.
  public enum QuitResult: Equatable, Sendable {
    /// Done; a message to show, if any (e.g. "Saved 1 change to …").
    case done(message: String?)
    /// Could not quit; the message says what failed and what to do. The session goes on,
    /// except at the end of input or in a script, where it ends with
    /// ``Outcome/quitFailed(message:)``.
    case failed(message: String)
    /// Could not quit, and leaving now would lose what the user did: the session goes on on
    /// a terminal even after the end of input (Ctrl-D), so that the user can fix the cause
    /// and quit again; a script ends with ``Outcome/quitFailed(message:)``.
    case stay(message: String)
  }

  /// The size of the terminal, asked before every screen.
  public struct TerminalSize: Equatable, Sendable {
    /// The width of the terminal in columns, as wide characters count them: 2 for 日本.
    public var columns: Int
    /// The height of the terminal in lines; every page fits in it, prompt included.
    public var rows: Int

    /// Creates a size of `columns` by `rows`.
    public init(columns: Int, rows: Int) {
      self.columns = columns
      self.rows = rows
    }
  }

  /// The navigation stack the session shows.
  public let navigationController: NavigationController
  /// Called on `quit` and at the end of input; saves and says whether the session may end.
  public var quitHandler: (() -> QuitResult)?
  /// The name that starts a failing script's message on standard error: by default the
  /// running program's file name.
  public var programName = Session.runningProgramName
  /// Whether a controller's screens keep the ✓ column when no row shown is checked: for a
  /// list of choices, so that its rows do not move when the value is none of the choices or
  /// the chosen one is on another page.
  public var reservesCheckmarkColumn: (ViewController) -> Bool = { _ in false }
  /// Lists the unsaved changes that `quit!` would throw away, for its confirmation.
  public var unsavedChanges: (() -> [String])?
  /// Asked after each line is read, before its command runs: lines to show first, such as
  /// what another program changed meanwhile (which the next screen then shows); `nil` or
  /// empty for nothing. An empty line shows the screen again, with them.
  public var beforeEachCommand: (() -> [String]?)?
  /// The session's own words (help, the page line, errors, questions): English by default;
  /// `SessionMessages.forLanguage("ja")` speaks Japanese, and any template may be replaced.
  public var messages = SessionMessages.forLanguage("en") {
    didSet {
      madeRendererWords = nil
      renderedScreens.removeAll()
    }
  }
  /// The page line and the other words of a screen, from ``messages``, ready to write: made
  /// when the first screen is rendered, once the program has set its messages (made at once,
  /// in English, and again in the program's language, they cost 250,000 instructions of the
  /// first screen).
  var rendererWords: Renderer.Words {
    if let madeRendererWords { return madeRendererWords }
    let words = Renderer.Words(messages)
    madeRendererWords = words
    return words
  }
  private var madeRendererWords: Renderer.Words?
  /// Where a failing script's message and a failed quit at the end of input are written.
  var diagnostics: Diagnostics {
    Diagnostics(programName: programName, output: errorOutput, messages: messages)
  }
  /// The application's commands in the order they were added, for `help`.
  private(set) var customCommandOrder: [CommandDefinition] = []
  /// Where each of the application's commands is in ``customCommandOrder``, by name (and
  /// alias), lowercased: a command is kept once, not copied (its closures retained) for each
  /// name, which cost a start 50,000 instructions.
  private var customCommandPositions: [String: Int] = [:]

  /// The application's command of a lowercased name or alias.
  func customCommand(_ name: String) -> CommandDefinition? {
    customCommandPositions[name].map { customCommandOrder[$0] }
  }
  /// The filter of each controller on the stack.
  @exclusivity(unchecked) var filters: [ObjectIdentifier: String] = [:]
  /// Whether to use colour when rendering.
  public var usesColor: Bool
  /// The terminal size, asked before every screen so that a resize is picked up.
  public var terminalSize: () -> TerminalSize
  /// The width that help, messages and errors are wrapped to (at words, and between CJK
  /// characters with the kinsoku rules), or `nil` for none: by default the terminal's width
  /// when a person is typing and none on a pipe; a program sets it to wrap a pipe's
  /// transcript when `COLUMNS` says how wide it is.
  public var messageWidth: (() -> Int?)?

  let reader: any LineReading
  let output: any TextOutput
  private let errorOutput: any TextOutput
  /// The page shown for each controller on the stack, so that `back` returns to it.
  @exclusivity(unchecked) var pages: [ObjectIdentifier: Int] = [:]
  /// The row just reached on a screen (0-based), marked on the screens shown until the next
  /// command: a row a screen scrolled to and selected (as `go` and a search result do), or one typed
  /// by number from another page.
  var markedRow: (controller: ObjectIdentifier, number: Int)?
  var linesRead = 0

  /// Creates a session over a navigation controller.
  ///
  /// - Parameters:
  ///   - navigationController: The stack to show.
  ///   - reader: Where command lines come from.
  ///   - output: Where screens and replies go.
  ///   - errorOutput: Where a failing script's message goes; on a terminal errors go to
  ///     `output` with the rest of the conversation.
  ///   - usesColor: Whether screens use ANSI colour.
  ///   - terminalSize: The terminal's size, asked before every screen.
  public init(
    navigationController: NavigationController,
    reader: any LineReading,
    output: any TextOutput,
    errorOutput: (any TextOutput)? = nil,
    usesColor: Bool = false,
    terminalSize: @escaping () -> TerminalSize = { TerminalSize(columns: 80, rows: 24) }
  ) {
    self.navigationController = navigationController
    self.reader = reader
    let wrapping = WrappingOutput(output)
    self.output = wrapping
    self.errorOutput = errorOutput ?? output
    self.usesColor = usesColor
    self.terminalSize = terminalSize
    wrapping.width = { [unowned self] in wrapWidth }
  }

  /// The width messages are wrapped to now: ``messageWidth``, else the terminal's when a
  /// person is typing.
  var wrapWidth: Int? {
    if let messageWidth { return messageWidth() }
    return reader.isInteractive ? currentTerminalSize().columns : nil
  }

  /// Runs the loop until the user quits, the input ends, or a script fails.
  public func run() -> Outcome {
    navigationController.viewWillAppear(false)
    navigationController.viewDidAppear(false)
    defer {
      navigationController.viewWillDisappear(false)
      navigationController.viewDidDisappear(false)
    }
    showScreen()
    while true {
      // The terminal's size is asked once for the prompt and once for the command (its page
      // size and its screen alike), so that a resize while typing shows on the next screen.
      sizeOfThisCommand = nil
      // A resize while a command is typed shows the screen again at the new size, and the
      // line being typed below it (as whiptail and menuconfig redraw on SIGWINCH).
      reader.setResizeHandler { [unowned self] in
        sizeOfThisCommand = nil
        showScreen()
      }
      let input = reader.readLine(prompt: prompt)
      reader.setResizeHandler(nil)
      sizeOfThisCommand = nil
      switch input {
      case .interrupted:
        continue
      case .rejected(let reason):
        linesRead += 1
        if let outcome = fail(reason.text(messages)) { return outcome }
      case .endOfInput:
        if reader.isInteractive { output.write("\n") }
        // A quit handler that must stay (nothing could keep the edits) is read on from.
        if let outcome = quit(atEndOfInput: true) { return outcome }
      case .line(let line):
        linesRead += 1
        for note in beforeEachCommand?() ?? [] { output.write(TerminalText.sanitize(note) + "\n") }
        let command = Command.parse(
          line, customCommands: customCommandNames, customPrefixes: customPrefixes)
        if let outcome = perform(command, typed: line) { return outcome }
        if output.isClosed { return .outputClosed }
      }
    }
  }

  /// The prompt: where the user is, as a breadcrumb.
  package var prompt: String {
    let titles = navigationController.titles
    let limit = max(12, currentTerminalSize().columns / 2)
    // Shown before every line, and the same until the stack or the width changes: going
    // into a page and back shows two prompts in turn, so the last few are kept.
    if let kept = recentPrompts.newest(where: { $0.titles == titles && $0.limit == limit }) {
      return kept.text
    }
    let crumbs = titles.map(TerminalText.sanitize)
    var text = TerminalText.breadcrumb(crumbs)
    if DisplayWidth.of(text) > limit, let last = crumbs.last {
      text = "… › " + DisplayWidth.truncate(last, toWidth: limit - 4)
    }
    text += "> "
    recentPrompts.add((titles, limit, text))
    return text
  }

  /// The last prompts made, with the titles and width each was made for: about as many as
  /// people go deep into pages.
  @exclusivity(unchecked) private var recentPrompts =
    RecentValues<(titles: [String], limit: Int, text: String)>(limit: 4)

  // MARK: Application commands

  /// Adds a command, which `help` lists and Tab completes. A command registered again under
  /// the same first name replaces the earlier one in its place (e.g. with its help in another
  /// language).
  public func register(_ command: CommandDefinition) {
    if customCommandOrder.isEmpty {
      // Room for a program's commands at once, not grown (and every name hashed again) at the
      // 2nd, 3rd, 5th, 9th….
      customCommandOrder.reserveCapacity(32)
      customCommandPositions.reserveCapacity(64)
      customCommandNames.reserveCapacity(64)
    }
    let position: Int
    // By index: a closure over the elements (`firstIndex(where:)`) copied each command it
    // looked at, its closures retained and released.
    let first = command.names.first
    if let earlier = customCommandOrder.indices.first(where: {
      customCommandOrder[$0].names.first == first
    }) {
      position = earlier
      customCommandOrder[earlier] = command
    } else {
      position = customCommandOrder.count
      customCommandOrder.append(command)
    }
    for name in command.names {
      let lowercased = name.lowercased()
      customCommandPositions[lowercased] = position
      // Kept as names are added (a set made again of every name at each registration cost
      // 100,000 instructions of a start that registers a dozen commands).
      customCommandNames.insert(lowercased)
    }
    if let prefix = command.prefix, let name = command.names.first {
      customPrefixes[prefix] = name.lowercased()
    }
  }

  /// The names of the application's commands, for parsing every line.
  private(set) var customCommandNames: Set<String> = []
  /// The prefixes that run an application's command (`/` for `find`), to its name.
  private(set) var customPrefixes: [String: String] = [:]

  private func runCustom(_ name: String, argument: String) -> Outcome? {
    guard let command = customCommand(name) else { return nil }
    return handle(command.run(argument))
  }

  private func handle(_ result: CommandDefinition.Result) -> Outcome? {
    let before = navigationController.topViewController
    switch result {
    case .confirm(let message, let question, let then):
      guard reader.isInteractive else { return handle(then()) }
      output.write(Escaper.escapedLines(message) + "\n")
      guard confirmed(question) else {
        output.write(messages.text(.cancelled) + "\n")
        return nil
      }
      return handle(then())
    case .failed(let message):
      return fail(message)
    case .done(let message, let showsScreen):
      if let message, !message.isEmpty {
        writePaged(Escaper.escapedLines(message) + "\n")
      }
      if navigationController.topViewController !== before {
        pages[ObjectIdentifier(navigationController.topViewController)] = 0
      }
      if let outcome = answerPendingTextInput() { return outcome }
      if showsScreen { showScreen() }
      return nil
    }
  }

  // MARK: Dispatch

  /// Performs one command; returns an outcome when the session ends.
  private func perform(_ command: Command, typed: String) -> Outcome? {
    markedRow = nil
    switch command {
    case .empty:
      if reader.isInteractive { showScreen() }
    case .help(let topic):
      return showHelp(topic)
    case .back:
      return goBack()
    case .top:
      if let popped = navigationController.popToRootViewController(animated: false) {
        popped.forEach(forget)
      }
      showScreen()
    case .quitWithoutSaving:
      return quitWithoutSaving()
    case .filter(let text):
      let top = ObjectIdentifier(navigationController.topViewController)
      filters[top] = text.flatMap { $0.isEmpty ? nil : $0.lowercased() }
      pages[top] = 0
      showScreen()
    case .footers:
      showFooters()
    case .custom(let name, let argument):
      return runCustom(name, argument: argument)
    case .quit:
      return quit(atEndOfInput: false)
    case .nextPage, .previousPage, .page:
      return turnPage(command)
    case .selectRow(let number):
      guard let row = number.position(among: topTableView.totalNumberOfRows) else {
        return fail(messages.text(.noSuchRow, number.text, validInputHint))
      }
      return select(rowNumber: row)
    case .selectTitle(let text):
      return selectRow(titled: text)
    }
    return nil
  }

  private func turnPage(_ command: Command) -> Outcome? {
    let top = ObjectIdentifier(navigationController.topViewController)
    let current = pages[top] ?? 0
    let count =
      filters[top] == nil ? unfilteredLayout().pageCount : currentScreen().pageCount
    let target: Int
    switch command {
    case .nextPage: target = current + 1
    case .previousPage: target = current - 1
    case .page(let number): target = number.value - 1  // within TypedNumber.limit
    default: target = current
    }
    guard target >= 0, target < count else {
      return fail(
        count == 1 ? messages.text(.onlyOnePage) : messages.text(.noSuchPage, String(count)))
    }
    pages[top] = target
    showScreen()
    return nil
  }

  var topTableView: TableView { navigationController.topTableView }

  var validInputHint: String {
    let total = topTableView.totalNumberOfRows
    let rows =
      switch total {
      case 0: ""
      case 1: messages.text(.validInputOneRow)
      default: messages.text(.validInputRows, String(total))
      }
    let back = navigationController.backButtonTitle != nil ? messages.text(.validInputBack) : ""
    return messages.text(.validInput, rows, back)
  }

  /// `back`: runs the action of the top screen's left bar button item when it has one (which
  /// usually hands a value back and pops), else pops the top screen.
  private func goBack() -> Outcome? {
    guard let item = navigationController.topViewController.navigationItem.leftBarButtonItem
    else {
      guard let popped = navigationController.popViewController(animated: false) else {
        return fail(messages.text(.atTop))
      }
      forget(popped)
      showScreen()
      return nil
    }
    let before = navigationController.viewControllers
    item.primaryAction?.perform()
    let after = navigationController.viewControllers
    for controller in before where !after.contains(where: { $0 === controller }) {
      forget(controller)
    }
    if let top = after.last, !before.contains(where: { $0 === top }) {
      pages[ObjectIdentifier(top)] = 0
    }
    if let outcome = answerPendingTextInput() { return outcome }
    showScreen()
    return nil
  }

  private func select(rowNumber: Int) -> Outcome? {
    let tableView = topTableView
    guard let indexPath = tableView.indexPath(forRowNumber: rowNumber) else { return nil }
    let top = ObjectIdentifier(navigationController.topViewController)
    if filters[top] == nil, tableView.cellForRow(at: indexPath) == nil {
      // A row off the page shown: scroll to it first, as a user does before tapping it, so
      // that the delegate finds its cell among the visible ones.
      let layout = unfilteredLayout()
      let page = layout.page(holding: rowNumber)
      _ = Screen(
        of: navigationController, rows: layout.rows(ofPage: page), page: page,
        pageCount: layout.pageCount)
    }
    if let cell = tableView.currentCell(at: indexPath),
      !cell.isEnabled || cell.selectionStyle == .none
    {
      let title = TerminalText.sanitize(cell.text ?? "")
      if let reason = tableView.reasonRowCannotBeSelected(at: indexPath), !reason.isEmpty {
        return fail(
          messages.text(
            .rowNotSelectableBecause, String(rowNumber + 1), title,
            TerminalText.sanitize(reason)))
      }
      return fail(messages.text(.rowNotSelectableTitled, String(rowNumber + 1), title))
    }
    let before = navigationController.viewControllers.count
    guard tableView.userSelectRow(at: indexPath) != nil else {
      // The delegate may learn only now that the row cannot work (what it opens was read
      // at its first use): the row's cell then says why.
      if let cell = tableView.currentCell(at: indexPath),
        !cell.isEnabled || cell.selectionStyle == .none,
        let reason = cell.detailText, !reason.isEmpty
      {
        let title = TerminalText.sanitize(cell.text ?? "")
        return fail(
          messages.text(
            .rowNotSelectableBecause, String(rowNumber + 1), title,
            TerminalText.sanitize(reason)))
      }
      return fail(messages.text(.rowNotSelectable, String(rowNumber + 1)))
    }
    if navigationController.viewControllers.count > before {
      pages[ObjectIdentifier(navigationController.topViewController)] = 0
    } else if navigationController.topViewController.tableView === tableView {
      if let filter = filters[top],
        tableView.currentCell(at: indexPath)?.text?.lowercased().containsText(filter) != true
      {
        // A row the filter hides was chosen: show it, and what it chose, unfiltered.
        filters[top] = nil
      }
      if filters[top] == nil {
        // Stay on screen, on the page that holds the row, so that its new state shows; a
        // row typed from another page is marked there.
        let page = unfilteredLayout().page(holding: rowNumber)
        if page != pages[top] ?? 0 { markedRow = (top, rowNumber) }
        pages[top] = page
      }
    }
    if let outcome = answerPendingTextInput() { return outcome }
    showScreen()
    return nil
  }

  /// Selects the one row on the current page whose title starts with `text`.
  /// Rows of a whole screen that a title is looked for in when it is not on the page shown;
  /// beyond this, `filter` is the way to search.
  static let titleSearchLimit = 100_000

  private func selectRow(titled text: String) -> Outcome? {
    let needle = text.lowercased()
    let screen = currentScreen()
    let shown = screen.sections.flatMap(\.rows).map { (number: $0.number, text: $0.text) }
    var matches = Self.rows(titled: needle, in: shown)
    let total = topTableView.totalNumberOfRows
    let shownRows = screen.sections.reduce(0) { $0 + $1.rows.count }
    if matches.isEmpty, total > shownRows, total <= Self.titleSearchLimit {
      // Not on this page: look through the whole screen, as a person scrolling would, by the
      // rows' titles (a data source that tells titles makes no cells for it).
      matches = Self.rows(titled: needle, in: Self.titles(of: topTableView))
    }
    switch matches.count {
    case 1:
      return select(rowNumber: matches[0].number - 1)
    case 0:
      return fail(unmatchedLineMessage(text, searchedPageOnly: total > Self.titleSearchLimit))
    default:
      let list = matches.prefix(8).map { "\($0.number) \(TerminalText.sanitize($0.text))" }
      let more = matches.count > 8 ? ", …" : ""
      return fail(
        messages.text(
          .titleMatchesRows, TerminalText.sanitize(text), String(matches.count),
          list.joined(separator: ", ") + more))
    }
  }

  /// The rows among `rows` (number, title) whose title as shown is `needle` (lowercased),
  /// else those whose title starts with it, in order. A title as shown (`Token\u{2060}`), so
  /// that what Tab inserts selects its row.
  static func rows(titled needle: String, in rows: [(number: Int, text: String)])
    -> [(number: Int, text: String)]
  {
    let titles = rows.map { TerminalText.sanitize($0.text).lowercased() }
    let exact = rows.indices.filter { titles[$0] == needle }
    let found = exact.isEmpty ? rows.indices.filter { titles[$0].hasPrefix(needle) } : exact
    return found.map { rows[$0] }
  }

  /// Every row of a table view (number from 1, title), in order.
  static func titles(of tableView: TableView) -> [(number: Int, text: String)] {
    var rows: [(number: Int, text: String)] = []
    rows.reserveCapacity(tableView.totalNumberOfRows)
    for section in 0..<tableView.numberOfSections {
      let start = tableView.firstRowNumber(inSection: section)
      for row in 0..<tableView.numberOfRows(inSection: section) {
        guard let title = tableView.currentTitle(at: IndexPath(row: row, section: section))
        else { continue }
        rows.append((start + row + 1, title))
      }
    }
    return rows
  }

  /// Forgets the page and filter of a controller that left the stack. Its page layout stays
  /// (``layouts``) in case the controller comes back; those of controllers that are gone
  /// are dropped once there are more than a few.
  private func forget(_ controller: ViewController) {
    let id = ObjectIdentifier(controller)
    pages[id] = nil
    if layouts.count > Self.keptLayoutLimit {
      layouts = layouts.filter { $0.value.controller != nil }
    }
    wholeScreens[id] = nil
    if !filters.isEmpty { filters[id] = nil }
  }

  private func quitWithoutSaving() -> Outcome? {
    let lost = unsavedChanges?() ?? []
    guard reader.isInteractive, !lost.isEmpty else { return .discarded }
    var text =
      lost.count == 1
      ? messages.text(.oneChangeLost) : messages.text(.changesLost, String(lost.count))
    text += "\n"
    for change in lost { text += "  " + TerminalText.sanitize(change) + "\n" }
    output.write(text)
    guard confirmed(messages.text(.discardQuestion)) else {
      output.write(messages.text(.keptNothingDiscarded) + "\n")
      return nil
    }
    return .discarded
  }

  /// Asks a yes-or-no question, no by default: whether the answer was y or yes.
  private func confirmed(_ question: String) -> Bool {
    guard
      // An answer, not a command: read as one, it stays out of the history.
      case .line(let answer) = reader.readLine(
        prompt: question + " " + messages.text(.yesNo) + " ", initialText: "")
    else {
      return false
    }
    return ["y", "yes"].contains(answer.trimmingWhitespace().lowercased())
  }

  private func quit(atEndOfInput: Bool) -> Outcome? {
    guard let quitHandler else { return .quit }
    switch quitHandler() {
    case .done(let message):
      if let message { output.write(Escaper.escapedLines(message) + "\n") }
      return .quit
    case .failed(let message):
      let text = Escaper.escapedLines(message)
      if reader.isInteractive && !atEndOfInput {
        output.write(text + "\n")
        return nil
      }
      diagnostics.write(message)
      return .quitFailed(message: message)
    case .stay(let message):
      guard reader.isInteractive else {
        diagnostics.write(message)
        return .quitFailed(message: message)
      }
      output.write(Escaper.escapedLines(message) + "\n")
      return nil
    }
  }

  /// Reports a failed command: on a terminal the session goes on; a script ends.
  func fail(_ message: String) -> Outcome? {
    // A message may quote what was typed or read: an escape sequence in it stays text.
    if reader.isInteractive {
      output.write(Escaper.escapedLines(message) + "\n")
      return nil
    }
    diagnostics.write(
      messages.text(
        quitHandler == nil ? .scriptFailed : .scriptFailedNothingSaved, String(linesRead), message))
    return .scriptFailed(line: linesRead, message: message)
  }

  // MARK: Screens

  // What laying out and rendering screens keeps between commands; the methods that use it
  // are in Layout/Session+Layout.swift.

  /// The columns of the last screens shown, each with its controller (``keptColumns(of:filter:measure:)``).
  @exclusivity(unchecked) var keptColumnsOfScreens: [KeptColumns] = []

  /// The screens rendered last: rendering is a pure function of the screen and
  /// the renderer, and a screen shown again unchanged (the page `back` returns to, a list
  /// opened again) is most often one of the last few. Comparing a screen with one whose
  /// cells are the same is a fraction of rendering it: their texts are the same strings.
  /// Four are kept: the top screen and the ones next to it.
  @exclusivity(unchecked) var renderedScreens = RecentValues<RenderedScreen>(limit: 4)

  /// How many screens were rendered (not found in ``renderedScreens``), for tests.
  var screensRendered = 0

  /// The last layouts made: a screen laid out again with the same sections and
  /// lines (going into a page of many rows and back, and into it again) takes the layout
  /// made before instead of working its pages out anew.
  /// Four are kept: about as many as paged screens on a stack.
  @exclusivity(unchecked) var recentLayouts = RecentValues<RecentLayout>(limit: 4)

  /// The page layout kept for each screen, by its controller.
  @exclusivity(unchecked) var layouts: [ObjectIdentifier: KeptLayout] = [:]

  /// The screens on the stack that were shown whole, with what they fit: most screens, kept
  /// apart from ``layouts`` so that a command on one copies no layout.
  @exclusivity(unchecked) var wholeScreens: [ObjectIdentifier: LayoutKey] = [:]

  /// The terminal size asked for the command being run.
  @exclusivity(unchecked) var sizeOfThisCommand: TerminalSize?
}

extension Session {
  /// The last component of the running program's path (`CommandLine.arguments[0]`).
  static var runningProgramName: String {
    guard let path = CommandLine.arguments.first, !path.isEmpty else { return "program" }
    return path.split(separator: "/").last.map(String.init) ?? path
  }
}
