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
/// ``TerminalText/sanitize(_:)``.
package struct Renderer: Sendable {
  /// Whether to use ANSI colour and bold.
  package var usesColor: Bool
  /// The width of the terminal in columns.
  package var width: Int

  /// Creates a renderer for a terminal of some width.
  package init(width: Int = 80, usesColor: Bool = false) {
    self.width = width
    self.usesColor = usesColor
  }

  /// The lines of a screen, without trailing newlines.
  package func lines(for screen: Screen) -> [String] {
    var out: [String] = []
    out.reserveCapacity(screen.sections.reduce(4) { $0 + $1.rows.count + 3 })
    if let prompt = screen.prompt {
      out.append(style(DisplayWidth.truncate(TerminalText.sanitize(prompt), toWidth: width), .dim))
    }
    let crumbs = screen.breadcrumb.map(TerminalText.sanitize).joined(separator: " › ")
    out.append(style(DisplayWidth.truncate(leftTruncated(crumbs), toWidth: width), .bold))

    let layout = RowLayout(screen: screen, width: width)
    for section in screen.sections {
      out.append("")
      if let header = section.header, !header.isEmpty {
        for line in wrap(TerminalText.sanitize(header), width: width - 2) {
          out.append(style("  " + line, .dim))
        }
      }
      for row in section.rows {
        layout.append(row, to: &out, renderer: self)
      }
      if let footer = section.footer, !footer.isEmpty {
        for line in wrap(TerminalText.sanitize(footer), width: width - 2) {
          out.append(style("  " + line, .dim))
        }
      }
    }
    if screen.sections.allSatisfy({ $0.rows.isEmpty }) {
      out.append("")
      out.append(style(screen.filter == nil ? "  (no rows)" : "  (no rows match)", .dim))
    }
    out.append("")
    if let filter = screen.filter {
      let noun = screen.totalRows == 1 ? "row" : "rows"
      out.append(
        style(
          "  filter “\(TerminalText.sanitize(filter))”: \(screen.totalRows) \(noun) · "
            + "filter alone shows all", .dim))
    }
    if screen.pageCount > 1 {
      let first = screen.sections.first { !$0.rows.isEmpty }?.rows.first?.number ?? 0
      let last = screen.sections.last { !$0.rows.isEmpty }?.rows.last?.number ?? 0
      out.append(
        style(
          "  page \(screen.page + 1)/\(screen.pageCount) · rows \(first)–\(last)"
            + (screen.filter == nil ? " of \(screen.totalRows)" : "")
            + " · n next · p previous", .dim))
    }
    if let back = screen.backTitle {
      out.append(style("  ‹ " + TerminalText.sanitize(back), .dim))
    }
    if out.last != "" { out.append("") }
    return out
  }

  /// The screen as one string, each line ended by a newline.
  package func render(_ screen: Screen) -> String {
    var text = ""
    for line in lines(for: screen) {
      text += line
      text += "\n"
    }
    return text
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

/// Column positions shared by every row of a screen, so that numbers, marks and details line
/// up down the page.
struct RowLayout {
  let numberWidth: Int
  let hasMarkColumn: Bool
  let accessoryWidth: Int
  let width: Int

  init(screen: Screen, width: Int) {
    var maxNumber = 1
    var hasMark = false
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

  func append(_ row: Screen.Row, to out: inout [String], renderer: Renderer) {
    let number = String(row.number)
    var line = "  " + String(repeating: " ", count: max(0, numberWidth - number.count))
    line += renderer.style(number, .dim) + "  "
    var used = 2 + numberWidth + 2
    if hasMarkColumn {
      line += row.accessory == .checkmark ? renderer.style("✓", .tint) + " " : "  "
      used += 2
    }
    var text = TerminalText.sanitize(row.text)
    var detail = row.detailText.map(TerminalText.sanitize) ?? ""
    if row.style == .value2, !detail.isEmpty { swap(&text, &detail) }
    let accessory = RowLayout.accessoryText(row.accessory)
    let room = max(1, width - 1 - used - accessoryWidth)
    let showsDetailInline = row.style != .default && row.style != .subtitle && !detail.isEmpty

    if showsDetailInline {
      // When both do not fit, the detail keeps at least half of the room.
      let detailFull = DisplayWidth.of(detail)
      let detailRoom = min(detailFull, max(room / 2, room - DisplayWidth.of(text) - 2))
      let shownDetail = DisplayWidth.truncate(detail, toWidth: detailRoom)
      let detailWidth = DisplayWidth.of(shownDetail)
      let shownText = DisplayWidth.truncate(text, toWidth: max(1, room - detailWidth - 2))
      let gap = room - DisplayWidth.of(shownText) - detailWidth
      line += row.isEnabled ? shownText : renderer.style(shownText, .dim)
      line += String(repeating: " ", count: max(2, gap))
      line += renderer.style(shownDetail, .detail)
    } else {
      let shownText = DisplayWidth.truncate(text, toWidth: room)
      line += row.isEnabled ? shownText : renderer.style(shownText, .dim)
      if !accessory.text.isEmpty {
        line += String(repeating: " ", count: max(0, room - DisplayWidth.of(shownText)))
      }
    }
    if !accessory.text.isEmpty {
      line += String(repeating: " ", count: accessoryWidth - accessory.width)
      line += renderer.style(accessory.text, .dim)
    }
    out.append(line)
    if row.style == .subtitle, !detail.isEmpty {
      let indent = String(repeating: " ", count: used)
      out.append(indent + renderer.style(DisplayWidth.truncate(detail, toWidth: room), .dim))
    }
  }
}

/// Breaks text into lines of at most `width` columns, at spaces where there are any and
/// between any two characters of text without spaces (such as Japanese).
func wrap(_ text: String, width: Int) -> [String] {
  let width = max(8, width)
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
