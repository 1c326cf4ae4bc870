import TableKit
import TextSafety

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
  /// The most lines a footer takes; a longer one shows its first lines and a last line
  /// that says how to read it whole (the catalog's `footerCut`). `nil` shows every footer
  /// whole.
  package var footerLineLimit: Int?
  /// The words of a screen besides its rows: the page line, the filter line, "(no rows)".
  package var words: Words
  /// Whether a row whose texts are shown as they are and fit is written in one go from their
  /// bytes (``RowLayout``); without, every row takes the general path, which writes the same
  /// bytes (tests compare the two).
  package var writesPlainRowsDirectly = true

  /// The English words, made once.
  package static let englishWords = Words(.forLanguage("en"))

  /// Creates a renderer for a terminal of some width, with the words of a session's
  /// catalog (``englishWords`` when `nil`, made only then).
  package init(width: Int = 80, usesColor: Bool = false, words: Words? = nil) {
    self.width = width
    self.usesColor = usesColor
    self.words = words ?? Renderer.englishWords
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
    renderUTF8WithLineBreaks(screen).bytes
  }

  /// ``renderUTF8(_:)`` and the line breaks in it, counted as they are written (a session
  /// fits a screen to the terminal by them), not looked for again.
  package func renderUTF8WithLineBreaks(_ screen: Screen) -> (bytes: [UInt8], lineBreaks: Int) {
    // The whole screen is written as UTF-8 bytes and made a String once: a screen is a few
    // hundred pieces, and appending to a String costs far more per piece.
    var out = ScreenText(
      capacity: screen.sections.reduce(256) { $0 + ($1.rows.count + 3) * width })
    if let prompt = screen.prompt {
      out.line(
        style(DisplayWidth.truncate(TerminalText.sanitize(prompt), toWidth: width), .dim))
    }
    appendBreadcrumb(screen.breadcrumb, to: &out)

    let layout = RowLayout(screen: screen, width: width)
    // Sections and rows are read in place by index: a loop over them would copy each one,
    // retaining its texts.
    for sectionIndex in screen.sections.indices {
      out.line("")
      if let header = screen.sections[sectionIndex].header, !header.isEmpty {
        out.paragraphs(header, width: width, renderer: self)
      }
      screen.sections[sectionIndex].rows.withUnsafeBufferPointer { rows in
        guard let first = rows.baseAddress else { return }
        for rowIndex in rows.indices {
          layout.append(first + rowIndex, to: &out, renderer: self)
        }
      }
      if let footer = screen.sections[sectionIndex].footer, !footer.isEmpty {
        out.paragraphs(footer, width: width, renderer: self, lineLimit: footerLineLimit)
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
      if usesColor { out.bytes.appendUTF8(TextStyle.dim.rawValue) }
      out.bytes.appendSpaces(2)
      // A page of one row says "row 11 of 11".
      let numbers =
        first == last
        ? [screen.page + 1, screen.pageCount, first, screen.totalRows]
        : [screen.page + 1, screen.pageCount, first, last, screen.totalRows]
      let (pieces, textWidth) =
        switch (screen.filter == nil, first == last) {
        case (true, false): words.pageLine
        case (false, false): words.pageLineFiltered
        case (true, true): words.pageLineOneRow
        case (false, true): words.pageLineFilteredOneRow
        }
      var digits = 0
      for piece in pieces {
        if let argument = piece.argument, argument < numbers.count {
          digits += ByteBuffer.decimalDigits(of: numbers[argument])
        }
      }
      if 2 + textWidth + digits < width {
        for (text, argument) in pieces {
          out.appendCounted(text)
          if let argument, argument < numbers.count { out.bytes.appendDecimal(numbers[argument]) }
        }
      } else {
        // Too wide for the terminal (40 columns): its last parts (the keys to turn pages)
        // are left out, so that it stays one line and the breadcrumb stays on screen.
        var text = ""
        for (piece, argument) in pieces {
          text += String(decoding: piece, as: UTF8.self)
          if let argument, argument < numbers.count { text += String(numbers[argument]) }
        }
        out.bytes.appendUTF8(Self.fitted(pageLine: text, width: width - 3))
      }
      if usesColor { out.bytes.append(TextStyle.reset) }
      out.endLine(isEmpty: false)
    }
    if let back = screen.backTitle {
      // "‹ " and the title, written one after the other.
      if usesColor { out.bytes.appendUTF8(TextStyle.dim.rawValue) }
      out.bytes.appendSpaces(2)
      out.bytes.append("‹ ")
      out.bytes.appendUTF8(TerminalText.line(back))
      if usesColor { out.bytes.append(TextStyle.reset) }
      out.endLine(isEmpty: false)
    }
    if !out.lastLineIsEmpty { out.line("") }
    return (out.bytes.finish(), out.lineBreaks)
  }

  /// A page line in at most `width` columns: its parts (separated by " · ") from the first
  /// for as long as they fit, and the first part cut when even it does not.
  static func fitted(pageLine text: String, width: Int) -> String {
    var parts = text.splitText(separator: " · ").map(String.init)
    while parts.count > 1, DisplayWidth.of(parts.joined(separator: " · ")) > width {
      parts.removeLast()
    }
    return DisplayWidth.truncate(parts.joined(separator: " · "), toWidth: width)
  }

  /// Writes the breadcrumb line: the titles joined by " › ", in bold, cut at the left when
  /// they do not fit. Titles shown as they are that fit (most) are written one after the
  /// other without being joined first.
  private func appendBreadcrumb(_ titles: [String], to out: inout ScreenText) {
    if !usesColor {
      var total = 3 * max(0, titles.count - 1)
      for title in titles {
        guard let titleWidth = DisplayWidth.simpleWidth(title) else {
          total = width + 1
          break
        }
        total += titleWidth
      }
      if total <= width {
        let start = out.bytes.count
        for (index, title) in titles.enumerated() {
          if index > 0 { out.bytes.append(" › ") }
          out.bytes.appendUTF8(title)
        }
        out.endLine(isEmpty: out.bytes.count == start)
        return
      }
    }
    // Each title is measured as it is cleaned: a breadcrumb that fits is not measured again.
    let crumbs = titles.map(TerminalText.lineWithWidth)
    let crumbsWidth = crumbs.reduce(3 * max(0, crumbs.count - 1)) { $0 + $1.width }
    let breadcrumb = TerminalText.breadcrumb(crumbs.map { $0.text })
    out.line(
      style(
        crumbsWidth <= width
          ? breadcrumb : DisplayWidth.truncate(leftTruncated(breadcrumb), toWidth: width), .bold))
  }

  // MARK: Measuring

  /// The lines a section's header takes (`footer: false`) or its footer, as
  /// ``renderUTF8(_:)`` writes them: 0 for none.
  package func lineCount(ofSectionText text: String?, footer: Bool) -> Int {
    guard let text, !text.isEmpty else { return 0 }
    if ScreenText.isOneLine(text, width: width) { return 1 }
    return ScreenText.shownLineCount(
      of: ScreenText.paragraphLines(text, width: width).count,
      lineLimit: footer ? footerLineLimit : nil)
  }

  /// The lines of a screen besides its sections (each of which adds an empty line, its
  /// header, its rows and its footer): the prompt above the title, the breadcrumb, the
  /// empty line after the rows, the filter line, the page line, the back line and the
  /// empty line that ends a screen.
  package func linesBesideSections(
    hasPrompt: Bool, isFiltered: Bool, isPaged: Bool, hasBack: Bool
  ) -> Int {
    let closing = [isFiltered, isPaged, hasBack].filter { $0 }.count
    return (hasPrompt ? 1 : 0) + 2 + closing + (closing > 0 ? 1 : 0)
  }

  // MARK: Styling

  enum TextStyle: String {
    case bold = "\u{1B}[1m"
    case dim = "\u{1B}[2m"
    case tint = "\u{1B}[34m"
    case detail = "\u{1B}[36m"
    /// The mark of a value that differs from its default.
    case changed = "\u{1B}[33m"

    /// The escape sequence that ends a style.
    static let reset: StaticString = "\u{1B}[0m"
  }

  func style(_ text: String, _ textStyle: TextStyle) -> String {
    usesColor && !text.isEmpty ? textStyle.rawValue + text + "\u{1B}[0m" : text
  }

  /// Appends the UTF-8 of `text` in a style (`nil` for none), as ``style(_:_:)`` writes it.
  func append(_ text: String, _ textStyle: TextStyle?, to bytes: inout ByteBuffer) {
    guard let textStyle, usesColor, !text.isEmpty else {
      bytes.appendUTF8(text)
      return
    }
    bytes.appendUTF8(textStyle.rawValue)
    bytes.appendUTF8(text)
    bytes.append(TextStyle.reset)
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
struct ScreenText: ~Copyable {
  /// The bytes written. Line breaks go in only where ``lineBreaks`` counts them: at the end
  /// of a line, and inside texts written with ``line(_:)``, ``indentedLine(_:_:renderer:)``
  /// and ``appendCounted(_:)`` (words of the catalog, which may hold them); every other text
  /// written is clean (``TerminalText/line(_:)``, ``TerminalText/paragraphs(_:)``).
  var bytes: ByteBuffer
  /// Whether the last line written was empty (true before any line).
  private(set) var lastLineIsEmpty = false
  /// The line breaks written.
  private(set) var lineBreaks = 0

  /// An empty screen with room for `capacity` bytes.
  init(capacity: Int) {
    bytes = ByteBuffer(capacity: capacity)
  }

  /// Writes a line.
  mutating func line(_ text: String) {
    bytes.appendUTF8(text)
    lineBreaks += ByteBuffer.lineBreaks(in: text)
    endLine(isEmpty: text.isEmpty)
  }

  /// Appends bytes that may hold line breaks, counting them.
  mutating func appendCounted(_ text: [UInt8]) {
    bytes.append(text)
    lineBreaks += text.withUnsafeBufferPointer(ByteBuffer.lineBreaks(in:))
  }

  /// Writes `text` indented by two spaces, in a style: ``Renderer/style(_:_:)`` of
  /// `"  " + text`.
  mutating func indentedLine(_ text: String, _ textStyle: Renderer.TextStyle, renderer: Renderer) {
    if renderer.usesColor { bytes.appendUTF8(textStyle.rawValue) }
    bytes.appendSpaces(2)
    bytes.appendUTF8(text)
    lineBreaks += ByteBuffer.lineBreaks(in: text)
    if renderer.usesColor { bytes.append(Renderer.TextStyle.reset) }
    endLine(isEmpty: false)
  }

  /// Writes a header or footer: each of its lines (``TerminalText/paragraphs(_:)``) wrapped
  /// to the screen and indented by two spaces; an empty line stays empty.
  /// With a `lineLimit`, text that would take more lines shows its first `lineLimit - 1`
  /// lines and "… (more: …)".
  mutating func paragraphs(
    _ text: String, width: Int, renderer: Renderer, lineLimit: Int? = nil
  ) {
    if ScreenText.isOneLine(text, width: width) {
      indentedLine(text, .dim, renderer: renderer)
      return
    }
    let lines = ScreenText.paragraphLines(text, width: width)
    let limit = ScreenText.shownLineCount(of: lines.count, lineLimit: lineLimit)
    for (index, shown) in lines.enumerated() {
      if index == limit - 1, lines.count > limit {
        indentedLine(
          DisplayWidth.truncate(renderer.words.footerCut, toWidth: max(1, width - 2)),
          .dim, renderer: renderer)
        break
      }
      if shown.isEmpty {
        line("")
      } else {
        indentedLine(shown, .dim, renderer: renderer)
      }
    }
  }

  /// Whether a header or footer is one line shown as it is (``DisplayWidth/simpleWidth(_:)``
  /// measures it) that fits, which is written as it is: most are, and they take one scan and
  /// no arrays.
  static func isOneLine(_ text: String, width: Int) -> Bool {
    guard let textWidth = DisplayWidth.simpleWidth(text) else { return false }
    return textWidth <= max(8, width - 2) && text.utf8.first != UInt8(ascii: " ")
  }

  /// The lines shown of a header or footer of `count` lines, cut to `lineLimit` (at least 2).
  static func shownLineCount(of count: Int, lineLimit: Int?) -> Int {
    lineLimit.map { min(count, max(2, $0)) } ?? count
  }

  /// The lines of a header or footer (``TerminalText/paragraphs(_:)``), each wrapped to
  /// `width` less the two-space indent; an empty line stays empty.
  static func paragraphLines(_ text: String, width: Int) -> [String] {
    TerminalText.paragraphs(text).flatMap { paragraph in
      paragraph.isEmpty ? [""] : TextWrapping.lines(paragraph, width: max(8, width - 2))
    }
  }

  /// Notes that a line that is not empty, with its newline, was written into ``bytes``.
  mutating func endedLine() {
    lastLineIsEmpty = false
    lineBreaks += 1
  }

  /// Ends the line written into ``bytes`` since the last newline.
  mutating func endLine(isEmpty: Bool) {
    bytes.append(UInt8(ascii: "\n"))
    lastLineIsEmpty = isEmpty
    lineBreaks += 1
  }
}

/// Column positions shared by every row of a screen, so that numbers, marks and details line
/// up down the page.
///
/// The columns come from the whole screen's rows (``Screen/columns``) when it is shown a page
/// at a time, so that they stay put from page to page. A value is right-aligned, but no
/// further than ``largestGap`` columns after the widest title, as iPad Settings keeps
/// values near their titles on a wide screen.
struct RowLayout {
  let numberWidth: Int
  let hasMarkColumn: Bool
  let accessoryWidth: Int
  let width: Int
  /// The columns a row's title, its value and the spaces between them take.
  let room: Int
  /// The row marked as just reached (``Screen/markedRow``).
  let markedRow: Int?

  /// The most columns between the widest title and the widest value.
  static let largestGap = 6

  init(screen: Screen, width: Int) {
    // The page's own rows too: a cell changed in place since the screen's were measured (a
    // ✓ put on a visible cell, as UIKit code does) widens them.
    var columns = screen.columns ?? Screen.Columns()
    for sectionIndex in screen.sections.indices {
      for rowIndex in screen.sections[sectionIndex].rows.indices {
        columns.add(screen.sections[sectionIndex].rows[rowIndex])
      }
    }
    numberWidth = max(2, ByteBuffer.decimalDigits(of: columns.highestNumber))
    hasMarkColumn = screen.reservesCheckmarkColumn || columns.hasCheckmark
    accessoryWidth = columns.accessoryWidth
    self.width = width
    let used = 2 + numberWidth + 2 + (hasMarkColumn ? 2 : 0)
    room = min(
      max(1, width - 1 - used - accessoryWidth),
      max(1, columns.titleWidth + Self.largestGap + columns.detailWidth))
    markedRow = screen.markedRow
  }

  /// How a row's value says it differs from its default: "• 8".
  static let changedMark = "• "

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

  /// Writes the row `row` points to (read in place: a row passed by value is copied, its
  /// texts retained, for every row of every screen).
  func append(
    _ row: UnsafePointer<Screen.Row>, to out: inout ScreenText, renderer: Renderer
  ) {
    if !renderer.usesColor, renderer.writesPlainRowsDirectly, row.pointee.number != markedRow,
      appendPlain(row, to: &out)
    {
      return
    }
    append(row.pointee, to: &out, renderer: renderer)
  }

  /// Writes a row, in general: every style, texts to clean or cut, colour.
  private func append(_ row: borrowing Screen.Row, to out: inout ScreenText, renderer: Renderer) {
    let indent = 2 + numberWidth - ByteBuffer.decimalDigits(of: row.number)
    if row.number == markedRow {
      // The row just reached: `*` where its line starts, as a search's jump marks it (not
      // `>`, which ends a prompt in a transcript).
      renderer.append("*", .tint, to: &out.bytes)
      out.bytes.appendSpaces(indent - 1)
    } else {
      out.bytes.appendSpaces(indent)
    }
    if renderer.usesColor { out.bytes.appendUTF8(Renderer.TextStyle.dim.rawValue) }
    out.bytes.appendDecimal(row.number)
    if renderer.usesColor { out.bytes.append(Renderer.TextStyle.reset) }
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
    // Each text is cleaned and measured once (in one scan when it is plain ASCII); a text
    // that fits is used as it is.
    var (text, textWidth) = TerminalText.lineWithWidth(row.text)
    var (detail, detailFull) = row.detailText.map(TerminalText.lineWithWidth) ?? ("", 0)
    if row.style == .value2, !detail.isEmpty {
      swap(&text, &detail)
      swap(&textWidth, &detailFull)
    }
    let accessory = RowLayout.accessoryText(row.accessory)
    let showsDetailInline = row.style != .default && row.style != .subtitle && !detail.isEmpty

    if showsDetailInline {
      // When both do not fit, the detail keeps at least half of the room.
      let detailRoom = min(detailFull, max(room / 2, room - textWidth - 2))
      let shownDetail = RowLayout.fitted(detail, width: detailFull, toWidth: detailRoom)
      let shownText = RowLayout.fitted(
        text, width: textWidth, toWidth: max(1, room - shownDetail.width - 2))
      let gap = room - shownText.width - shownDetail.width
      renderer.append(shownText.text, row.isEnabled ? nil : .dim, to: &out.bytes)
      out.bytes.appendSpaces(max(2, gap))
      if renderer.usesColor, shownDetail.text.hasPrefix(Self.changedMark) {
        // The mark of a changed value in a colour of its own, then the value.
        renderer.append("•", .changed, to: &out.bytes)
        renderer.append(
          String(shownDetail.text.dropFirst()), .detail, to: &out.bytes)
      } else {
        renderer.append(shownDetail.text, .detail, to: &out.bytes)
      }
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

  /// Writes a row without colour whose texts are shown as they are
  /// (``DisplayWidth/simpleWidth(utf8:)``) and fit, the way ``append(_:to:renderer:)`` writes
  /// it, in one go from the texts' bytes; `false`, having written nothing, for any other row.
  /// Most rows are such rows.
  private func appendPlain(_ row: UnsafePointer<Screen.Row>, to out: inout ScreenText) -> Bool {
    let style = row.pointee.style
    guard style == .value1 || style == .default else { return false }
    let inline = style == .value1 && !(row.pointee.detailText ?? "").isEmpty
    let detailCount = inline ? row.pointee.detailText?.utf8.count ?? 0 : 0
    // The prefix, the texts, the padding and the mark: at most this.
    let most = 16 + numberWidth + row.pointee.text.utf8.count + detailCount + max(width, 0) + 16
    let number = row.pointee.number
    let accessory = row.pointee.accessory
    let written = out.bytes.write(atMost: most) { start in
      row.pointee.text.utf8.withContiguousStorageIfAvailable { text -> Int in
        guard let textWidth = DisplayWidth.simpleWidth(utf8: text) else { return 0 }
        guard inline, let detailText = row.pointee.detailText else {
          return plainLine(
            number: number, accessory: accessory, text: text, textWidth: textWidth, detail: nil,
            at: start)
        }
        return detailText.utf8.withContiguousStorageIfAvailable { detail -> Int in
          guard let detailWidth = DisplayWidth.simpleWidth(utf8: detail) else { return 0 }
          return plainLine(
            number: number, accessory: accessory, text: text, textWidth: textWidth,
            detail: (detail, detailWidth), at: start)
        } ?? 0
      } ?? 0
    }
    guard written > 0 else { return false }
    out.endedLine()
    return true
  }

  /// Writes the line of ``appendPlain(_:to:)`` at `start` from a row's measured texts
  /// (`detail`: the one shown beside the text, `nil` for none) and returns its length with
  /// its newline; 0 (nothing written) when they do not fit whole.
  private func plainLine(
    number: Int, accessory rowAccessory: TableViewCell.AccessoryType,
    text: UnsafeBufferPointer<UInt8>, textWidth: Int,
    detail: (bytes: UnsafeBufferPointer<UInt8>, width: Int)?, at start: UnsafeMutablePointer<UInt8>
  ) -> Int {
    let accessory = RowLayout.accessoryText(rowAccessory)
    var gap = 0
    if let detail {
      // As append(_:to:renderer:) fits them: here both fit whole, or the row is not plain.
      let detailRoom = min(detail.width, max(room / 2, room - textWidth - 2))
      guard detailRoom > 0, detail.width <= detailRoom,
        textWidth <= max(1, room - detail.width - 2)
      else { return 0 }
      gap = max(2, room - textWidth - detail.width)
    } else {
      guard textWidth <= room else { return 0 }
      if !accessory.text.isEmpty { gap = room - textWidth }
    }
    let digits = ByteBuffer.decimalDigits(of: number)
    var cursor = Self.spaces(2 + numberWidth - digits, at: start)
    ByteBuffer.writeDecimal(number, length: digits, at: cursor)
    cursor = Self.spaces(2, at: cursor + digits)
    if hasMarkColumn {
      if rowAccessory == .checkmark {
        // ✓ (E2 9C 93) and a space.
        cursor.initialize(to: 0xE2)
        (cursor + 1).initialize(to: 0x9C)
        (cursor + 2).initialize(to: 0x93)
        (cursor + 3).initialize(to: UInt8(ascii: " "))
        cursor += 4
      } else {
        cursor = Self.spaces(2, at: cursor)
      }
    }
    cursor = Self.copy(text, to: cursor)
    cursor = Self.spaces(gap, at: cursor)
    if let detail { cursor = Self.copy(detail.bytes, to: cursor) }
    if !accessory.text.isEmpty {
      cursor = Self.spaces(accessoryWidth - accessory.width, at: cursor)
      var accessoryText = accessory.text
      cursor = accessoryText.withUTF8 { Self.copy($0, to: cursor) }
    }
    cursor.initialize(to: UInt8(ascii: "\n"))
    return cursor + 1 - start
  }

  /// Writes `count` spaces (none when it is not positive) at `cursor`; where they end.
  private static func spaces(_ count: Int, at cursor: UnsafeMutablePointer<UInt8>)
    -> UnsafeMutablePointer<UInt8>
  {
    guard count > 0 else { return cursor }
    cursor.initialize(repeating: UInt8(ascii: " "), count: count)
    return cursor + count
  }

  /// Copies `bytes` to `cursor`; where they end.
  private static func copy(
    _ bytes: UnsafeBufferPointer<UInt8>, to cursor: UnsafeMutablePointer<UInt8>
  ) -> UnsafeMutablePointer<UInt8> {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return cursor }
    cursor.initialize(from: base, count: bytes.count)
    return cursor + bytes.count
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
