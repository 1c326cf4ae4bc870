import TableKit

/// Turns a ``Screen`` into the lines a person reads. Pure: a screen in, strings out.
///
/// ```
/// 言語と地域 › 温度単位
///
///    1  ✓ 摂氏（°C）
///    2    華氏（°F）
///
///   ‹ 言語と地域
/// ```
///
/// Rows are numbered across the screen; a ✓ marks the chosen row; `›` marks rows that drill
/// in; detail text is right-aligned by display width. All text from outside passes through
/// ``TerminalText/sanitize(_:)``; titles, headers and footers first through
/// ``TerminalText/line(_:)`` and ``TerminalText/paragraphs(_:)`` (line breaks, bidi marks).
package struct Renderer: Sendable {
  /// Whether to use ANSI colour and bold.
  package var usesColor: Bool
  /// The width of the terminal in columns.
  package var width: Int
  /// The words of a screen besides its rows: the page line, the filter line, "(no rows)".
  package var words = Renderer.englishWords

  /// The English words, made once.
  package static let englishWords = Words(.forLanguage("en"))

  /// The words of a screen besides its rows, taken from a session's catalog once.
  package struct Words: Sendable {
    let messages: SessionMessages
    /// The page line's text between its numbers (page, pages, first row, last row, rows).
    let pageLine: [(text: [UInt8], argument: Int?)]
    let pageLineFiltered: [(text: [UInt8], argument: Int?)]

    package init(_ messages: SessionMessages) {
      self.messages = messages
      func bytes(_ key: SessionMessage) -> [(text: [UInt8], argument: Int?)] {
        SessionMessages.segments(of: messages[key]).map {
          (Array($0.text.utf8), $0.argument?.index)
        }
      }
      pageLine = bytes(.pageLine)
      pageLineFiltered = bytes(.pageLineFiltered)
    }
  }

  /// Creates a renderer for a terminal of some width.
  package init(width: Int = 80, usesColor: Bool = false) {
    self.width = width
    self.usesColor = usesColor
  }

  /// The lines of a screen, without trailing newlines.
  package func lines(for screen: Screen) -> [String] {
    var lines = render(screen).split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    lines.removeLast()  // after the final newline
    return lines
  }

  /// The screen as one string, each line ended by a newline.
  package func render(_ screen: Screen) -> String {
    String(decoding: renderUTF8(screen), as: UTF8.self)
  }

  /// ``render(_:)`` as UTF-8 bytes, for writing to a terminal without making a String.
  package func renderUTF8(_ screen: Screen) -> [UInt8] {
    // The whole screen is written as UTF-8 bytes and made a String once: a screen is a few
    // hundred pieces, and appending to a String costs far more per piece.
    var out = ScreenText()
    out.bytes.reserveCapacity(screen.sections.reduce(256) { $0 + ($1.rows.count + 3) * width })
    if let prompt = screen.prompt {
      out.line(
        style(DisplayWidth.truncate(TerminalText.sanitize(prompt), toWidth: width), .dim))
    }
    let crumbs = screen.breadcrumb.map(TerminalText.line).joined(separator: " › ")
    out.line(style(DisplayWidth.truncate(leftTruncated(crumbs), toWidth: width), .bold))

    let layout = RowLayout(screen: screen, width: width)
    for section in screen.sections {
      out.line("")
      if let header = section.header, !header.isEmpty {
        out.paragraphs(header, width: width, renderer: self)
      }
      for row in section.rows {
        layout.append(row, to: &out, renderer: self)
      }
      if let footer = section.footer, !footer.isEmpty {
        out.paragraphs(footer, width: width, renderer: self)
      }
    }
    if screen.sections.allSatisfy({ $0.rows.isEmpty }) {
      out.line("")
      let none = words.messages.text(screen.filter == nil ? .noRows : .noRowsMatch)
      out.line(style("  " + none, .dim))
    }
    out.line("")
    if let filter = screen.filter {
      let shown = TerminalText.sanitize(filter)
      let line =
        screen.totalRows == 1
        ? words.messages.text(.filterLineOneRow, shown)
        : words.messages.text(.filterLine, shown, String(screen.totalRows))
      out.line(style("  " + line, .dim))
    }
    if screen.pageCount > 1 {
      let first = screen.sections.first { !$0.rows.isEmpty }?.rows.first?.number ?? 0
      let last = screen.sections.last { !$0.rows.isEmpty }?.rows.last?.number ?? 0
      // Written number by number from the catalog's pieces: string interpolation of five
      // numbers cost more than the rest of a short screen.
      if usesColor { out.bytes.append(contentsOf: TextStyle.dim.rawValue.utf8) }
      out.bytes.append(contentsOf: "  ".utf8)
      let numbers = [screen.page + 1, screen.pageCount, first, last, screen.totalRows]
      for (text, argument) in screen.filter == nil ? words.pageLine : words.pageLineFiltered {
        out.bytes.append(contentsOf: text)
        if let argument, argument < numbers.count { out.bytes.appendDecimal(numbers[argument]) }
      }
      if usesColor { out.bytes.append(contentsOf: "\u{1B}[0m".utf8) }
      out.endLine(isEmpty: false)
    }
    if let back = screen.backTitle {
      out.indentedLine("‹ " + TerminalText.line(back), .dim, renderer: self)
    }
    if !out.lastLineIsEmpty { out.line("") }
    return out.bytes
  }

  // MARK: Styling

  enum TextStyle: String {
    case bold = "\u{1B}[1m"
    case dim = "\u{1B}[2m"
    case tint = "\u{1B}[34m"
    case detail = "\u{1B}[36m"
  }

  func style(_ text: String, _ textStyle: TextStyle) -> String {
    usesColor && !text.isEmpty ? textStyle.rawValue + text + "\u{1B}[0m" : text
  }

  /// Appends the UTF-8 of `text` in a style (`nil` for none), as ``style(_:_:)`` writes it.
  func append(_ text: String, _ textStyle: TextStyle?, to bytes: inout [UInt8]) {
    guard let textStyle, usesColor, !text.isEmpty else {
      bytes.append(contentsOf: text.utf8)
      return
    }
    bytes.append(contentsOf: textStyle.rawValue.utf8)
    bytes.append(contentsOf: text.utf8)
    bytes.append(contentsOf: "\u{1B}[0m".utf8)
  }

  /// Keeps the end of a breadcrumb that is wider than the terminal: "… › 温度単位".
  private func leftTruncated(_ text: String) -> String {
    guard DisplayWidth.of(text) > width, width > 2 else { return text }
    var kept: [Character] = []
    var used = 1
    for character in text.reversed() {
      let w = DisplayWidth.of(character)
      if used + w > width { break }
      kept.append(character)
      used += w
    }
    return "…" + String(kept.reversed())
  }
}

/// A screen being written: UTF-8 bytes, each line ended by a newline.
struct ScreenText {
  var bytes: [UInt8] = []
  /// Whether the last line written was empty (true before any line).
  private(set) var lastLineIsEmpty = false

  /// Writes a line.
  mutating func line(_ text: String) {
    bytes.append(contentsOf: text.utf8)
    endLine(isEmpty: text.isEmpty)
  }

  /// Writes `text` indented by two spaces, in a style: ``Renderer/style(_:_:)`` of
  /// `"  " + text`.
  mutating func indentedLine(_ text: String, _ textStyle: Renderer.TextStyle, renderer: Renderer) {
    if renderer.usesColor { bytes.append(contentsOf: textStyle.rawValue.utf8) }
    bytes.appendSpaces(2)
    bytes.append(contentsOf: text.utf8)
    if renderer.usesColor { bytes.append(contentsOf: "\u{1B}[0m".utf8) }
    endLine(isEmpty: false)
  }

  /// Writes a header or footer: each of its lines (``TerminalText/paragraphs(_:)``) wrapped
  /// to the screen and indented by two spaces; an empty line stays empty.
  mutating func paragraphs(_ text: String, width: Int, renderer: Renderer) {
    for paragraph in TerminalText.paragraphs(text) {
      guard !paragraph.isEmpty else {
        line("")
        continue
      }
      for line in wrap(paragraph, width: width - 2) {
        indentedLine(line, .dim, renderer: renderer)
      }
    }
  }

  /// Ends the line written into ``bytes`` since the last newline.
  mutating func endLine(isEmpty: Bool) {
    bytes.append(UInt8(ascii: "\n"))
    lastLineIsEmpty = isEmpty
  }
}

/// Column positions shared by every row of a screen, so that numbers, marks and details line
/// up down the page.
struct RowLayout {
  let numberWidth: Int
  let hasMarkColumn: Bool
  let accessoryWidth: Int
  let width: Int

  init(screen: Screen, width: Int) {
    var maxNumber = 1
    var hasMark = screen.reservesCheckmarkColumn
    var accessory = 0
    for section in screen.sections {
      for row in section.rows {
        maxNumber = max(maxNumber, row.number)
        if row.accessory == .checkmark { hasMark = true }
        accessory = max(accessory, RowLayout.accessoryText(row.accessory).width)
      }
    }
    numberWidth = max(2, String(maxNumber).count)
    hasMarkColumn = hasMark
    accessoryWidth = accessory
    self.width = width
  }

  static func accessoryText(_ accessory: TableViewCell.AccessoryType) -> (
    text: String, width: Int
  ) {
    switch accessory {
    case .none, .checkmark: ("", 0)
    case .disclosureIndicator: (" ›", 2)
    case .detailButton: (" ⓘ", 2)
    case .detailDisclosureButton: (" ⓘ ›", 4)
    }
  }

  func append(_ row: Screen.Row, to out: inout ScreenText, renderer: Renderer) {
    out.bytes.appendSpaces(2 + numberWidth - [UInt8].decimalDigits(of: row.number))
    if renderer.usesColor { out.bytes.append(contentsOf: Renderer.TextStyle.dim.rawValue.utf8) }
    out.bytes.appendDecimal(row.number)
    if renderer.usesColor { out.bytes.append(contentsOf: "\u{1B}[0m".utf8) }
    out.bytes.appendSpaces(2)
    var used = 2 + numberWidth + 2
    if hasMarkColumn {
      if row.accessory == .checkmark {
        renderer.append("✓", .tint, to: &out.bytes)
        out.bytes.appendSpaces(1)
      } else {
        out.bytes.appendSpaces(2)
      }
      used += 2
    }
    var text = TerminalText.line(row.text)
    var detail = row.detailText.map(TerminalText.line) ?? ""
    if row.style == .value2, !detail.isEmpty { swap(&text, &detail) }
    let accessory = RowLayout.accessoryText(row.accessory)
    let room = max(1, width - 1 - used - accessoryWidth)
    let showsDetailInline = row.style != .default && row.style != .subtitle && !detail.isEmpty
    // Each text is measured once; a text that fits is used as it is.
    let textWidth = DisplayWidth.of(text)

    if showsDetailInline {
      // When both do not fit, the detail keeps at least half of the room.
      let detailFull = DisplayWidth.of(detail)
      let detailRoom = min(detailFull, max(room / 2, room - textWidth - 2))
      let shownDetail = RowLayout.fitted(detail, width: detailFull, toWidth: detailRoom)
      let shownText = RowLayout.fitted(
        text, width: textWidth, toWidth: max(1, room - shownDetail.width - 2))
      let gap = room - shownText.width - shownDetail.width
      renderer.append(shownText.text, row.isEnabled ? nil : .dim, to: &out.bytes)
      out.bytes.appendSpaces(max(2, gap))
      renderer.append(shownDetail.text, .detail, to: &out.bytes)
    } else {
      let shownText = RowLayout.fitted(text, width: textWidth, toWidth: room)
      renderer.append(shownText.text, row.isEnabled ? nil : .dim, to: &out.bytes)
      if !accessory.text.isEmpty {
        out.bytes.appendSpaces(room - shownText.width)
      }
    }
    if !accessory.text.isEmpty {
      out.bytes.appendSpaces(accessoryWidth - accessory.width)
      renderer.append(accessory.text, .dim, to: &out.bytes)
    }
    out.endLine(isEmpty: false)
    if row.style == .subtitle, !detail.isEmpty {
      let indent = String(repeating: " ", count: used)
      out.line(indent + renderer.style(DisplayWidth.truncate(detail, toWidth: room), .dim))
    }
  }

  /// `text`, whose display width is `width`, cut to `limit` columns as
  /// ``DisplayWidth/truncate(_:toWidth:)`` cuts it, with the width of the result.
  static func fitted(_ text: String, width: Int, toWidth limit: Int) -> (text: String, width: Int) {
    guard limit > 0 else { return ("", 0) }
    if width <= limit { return (text, width) }
    let cut = DisplayWidth.truncate(text, toWidth: limit)
    return (cut, DisplayWidth.of(cut))
  }
}

/// Breaks text into lines of at most `width` columns, at spaces where there are any and
/// between any two characters of text without spaces (such as Japanese).
func wrap(_ text: String, width: Int) -> [String] {
  let width = max(8, width)
  // Most headers and footers fit on one line: measuring is far cheaper than breaking.
  // (`simpleWidth` is nil for text with a line break, or any text it cannot measure fast.)
  if let textWidth = DisplayWidth.simpleWidth(text), textWidth <= width,
    text.utf8.first != UInt8(ascii: " ")
  {
    return [text]
  }
  var lines: [String] = []
  for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
    var line = ""
    var used = 0
    var lastSpace: String.Index?
    for character in paragraph {
      let w = DisplayWidth.of(character)
      if used + w > width {
        if let space = lastSpace {
          let rest = String(line[line.index(after: space)...])
          lines.append(String(line[..<space]))
          line = rest
          used = DisplayWidth.of(rest)
        } else {
          lines.append(line)
          line = ""
          used = 0
        }
        lastSpace = nil
      }
      if character == " " {
        if line.isEmpty { continue }
        lastSpace = line.endIndex
      }
      line.append(character)
      used += w
    }
    lines.append(line)
  }
  return lines
}
