import Synchronization
import TextSafety

/// The words of a screen besides its rows, and the page lines' texts.
extension Renderer {
  /// A page line's text between its numbers, and its display width.
  package typealias PageLineText = (pieces: [(text: [UInt8], argument: Int?)], width: Int)

  /// The words of a screen besides its rows, taken from a session's catalog once.
  package struct Words: Sendable {
    let messages: SessionMessages
    /// The last line of a footer cut to ``Renderer/footerLineLimit``.
    let footerCut: String
    /// The page lines' texts, made with the words.
    private let pageLines: PageLines

    package init(_ messages: SessionMessages) {
      self.messages = messages
      footerCut = messages[.footerCut]
      // Made now. Made at the first screen of more than one page instead, a session of one
      // page does 94,000 instructions less (its first screen), but one of many pages costs
      // that much more than one of one page (figure 3 of docs/performance.md, 1.19× -> 1.22×
      // against its target of 1.2×). Kept for the process, they cost a session after the
      // first a look-up.
      pageLines = PageLines(messages)
    }

    /// The page line's text between its numbers (page, pages, first row, last row, rows),
    /// with the display width of that text; filtered, and for a page of one row (page, pages,
    /// its row, rows).
    var pageLine: PageLineText { pageLines.texts.plain }
    var pageLineFiltered: PageLineText { pageLines.texts.filtered }
    var pageLineOneRow: PageLineText { pageLines.texts.oneRow }
    var pageLineFilteredOneRow: PageLineText { pageLines.texts.filteredOneRow }
  }

  /// The four page lines' texts of a catalog, cut into pieces and measured, held by one
  /// reference so that a renderer's words copy cheaply. A template's text is made once in a
  /// process and kept with its template (`madeByMessage`): every session would otherwise make
  /// its own (65,000 instructions).
  fileprivate final class PageLines: Sendable {
    typealias Texts = (
      plain: PageLineText, filtered: PageLineText, oneRow: PageLineText,
      filteredOneRow: PageLineText
    )
    let texts: Texts

    init(_ messages: SessionMessages) {
      texts = (
        plain: Self.text(of: .pageLine, in: messages),
        filtered: Self.text(of: .pageLineFiltered, in: messages),
        oneRow: Self.text(of: .pageLineOneRow, in: messages),
        filteredOneRow: Self.text(of: .pageLineFilteredOneRow, in: messages)
      )
    }

    /// The texts made in this process, by message, with the template each was made from:
    /// looked up by the message (hashing a template that is not ASCII is slow) and used when
    /// the template is the same.
    private static let madeByMessage = Mutex<[SessionMessage: (String, PageLineText)]>([:])

    private static func text(of message: SessionMessage, in messages: SessionMessages)
      -> PageLineText
    {
      let template = messages[message]
      if let known = madeByMessage.withLock({ $0[message] }), known.0 == template {
        return known.1
      }
      let text = measured(template)
      madeByMessage.withLock { $0[message] = (template, text) }
      return text
    }

    private static func measured(_ template: String) -> PageLineText {
      let pieces = SessionMessages.segments(of: template).map {
        (text: Array($0.text.utf8), argument: $0.argument?.index)
      }
      let width = pieces.reduce(0) {
        $0 + DisplayWidth.of(String(decoding: $1.text, as: UTF8.self))
      }
      return (pieces, width)
    }
  }
}
