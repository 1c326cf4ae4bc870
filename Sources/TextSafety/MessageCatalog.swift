/// The names of a program's messages: one case per message, numbered from 0 in the order of
/// the catalog, so that a look-up is an array index.
public protocol MessageKey: CaseIterable, Sendable, RawRepresentable where RawValue == Int {}

/// A program's own words in one language: a template for every ``MessageKey``, with
/// placeholders `%1$@`, `%2$@`, … (each may stand anywhere, so that a language orders the
/// sentence its own way) or `%@` in order, and `%%` for a percent sign.
///
/// A program starts from a built-in catalog (``Session``'s are ``SessionMessages/english`` and
/// ``SessionMessages/japanese``, chosen with ``SessionMessages/forLanguage(_:)``) and may
/// replace any template:
///
/// ```swift
/// var messages = SessionMessages.forLanguage("ja")
/// messages[.unchanged] = "変更なし。"
/// session.messages = messages
/// ```
public struct MessageCatalog<Key: MessageKey>: Sendable {
  /// The language the templates are in (`en`, `ja`).
  public var language: String
  private var templates: [String]

  /// A catalog from one template per key, in the order of `Key.allCases`.
  ///
  /// - Precondition: `templates` has one entry per key.
  public init(language: String, templates: [String]) {
    // Keys are numbered from 0 without a gap: one per template when the last template's
    // number is a key and the next is none. (`Key.allCases` here, in generic code, looked up
    // its type at run time: 20,000 instructions of every start.)
    precondition(
      Key(rawValue: templates.count) == nil
        && (templates.isEmpty || Key(rawValue: templates.count - 1) != nil),
      "one template per message key")
    self.language = language
    self.templates = templates
  }

  /// The template of a message, placeholders unfilled.
  public subscript(key: Key) -> String {
    get { templates[key.rawValue] }
    set { templates[key.rawValue] = newValue }
  }

  /// The message `key` with its placeholders filled by `arguments`.
  public func text(_ key: Key, _ arguments: String...) -> String {
    Self.fill(templates[key.rawValue], with: arguments)
  }

  /// The message `key` with its placeholders filled by `arguments`.
  public func text(_ key: Key, arguments: [String]) -> String {
    Self.fill(templates[key.rawValue], with: arguments)
  }

  /// `template` filled: ``MessageTemplate/fill(_:with:)``.
  static func fill(_ template: String, with arguments: [String]) -> String {
    MessageTemplate.fill(template, with: arguments)
  }

  /// A template as text and the arguments between: ``MessageTemplate/segments(of:)``.
  package static func segments(of template: String) -> [(
    text: String, argument: (index: Int, written: String)?
  )] {
    MessageTemplate.segments(of: template)
  }

  /// The placeholders of a template, as written (`%1$@`, `%@`), in order: two languages'
  /// templates of one message must have the same ones.
  public static func placeholders(in template: String) -> [String] {
    MessageTemplate.placeholders(in: template)
  }
}

/// The templates of every catalog, read by one type that is not generic: the types it makes
/// (its pieces, its arrays) are then the same for every catalog, and their run-time
/// descriptions are made once, not once for each catalog's key type (55,000 instructions of
/// the first screen).
enum MessageTemplate {
  /// `template` with `%N$@` replaced by the N-th argument, `%@` by the next one, `%%` by `%`.
  /// A placeholder without an argument is left as it is.
  static func fill(_ template: String, with arguments: [String]) -> String {
    guard template.utf8.contains(UInt8(ascii: "%")) else { return template }
    var result = ""
    for (text, argument) in segments(of: template) {
      result += text
      if let argument {
        result +=
          argument.index < arguments.count ? arguments[argument.index] : argument.written
      }
    }
    return result
  }

  /// A template as text, each piece followed by the argument that comes after it (its index
  /// from 0, and the placeholder as written): for a writer that fills a template without
  /// making strings of its numbers.
  static func segments(of template: String) -> [(
    text: String, argument: (index: Int, written: String)?
  )] {
    var segments: [(text: String, argument: (index: Int, written: String)?)] = []
    var text = ""
    var next = 0
    for piece in pieces(of: template) {
      switch piece {
      case .text(let piece): text += piece
      case .placeholder(let written, let number):
        segments.append((text, (number.map { $0 - 1 } ?? next, written)))
        text = ""
        next += 1
      }
    }
    segments.append((text, nil))
    return segments
  }

  /// The placeholders of a template, as written (`%1$@`, `%@`), in order: two languages'
  /// templates of one message must have the same ones.
  static func placeholders(in template: String) -> [String] {
    pieces(of: template).compactMap {
      if case .placeholder(let written, _) = $0 { written } else { nil }
    }
  }

  private enum Piece {
    case text(String)
    /// `%@` (no number) or `%N$@`.
    case placeholder(written: String, number: Int?)
  }

  /// A template cut into text and placeholders; `%%` is the text `%`. Read from an array of
  /// its UTF-8 bytes by offset (the marks are ASCII): walking the string's own UTF-8 view
  /// by index, and cutting it into substrings, cost 7,700 instructions a template, which
  /// every session pays for its page lines and every filled message for its words.
  private static func pieces(of template: String) -> [Piece] {
    let bytes = Array(template.utf8)
    let end = bytes.count
    func text(_ range: Range<Int>) -> Piece {
      .text(String(decoding: bytes[range], as: UTF8.self))
    }
    var pieces: [Piece] = []
    var rest = 0
    var percent = 0
    while percent < end {
      guard bytes[percent] == UInt8(ascii: "%") else {
        percent += 1
        continue
      }
      pieces.append(text(rest..<percent))
      let after = percent + 1
      let first = after < end ? bytes[after] : nil
      if first == UInt8(ascii: "%") {
        pieces.append(.text("%"))
        rest = after + 1
      } else if first == UInt8(ascii: "@") {
        pieces.append(.placeholder(written: "%@", number: nil))
        rest = after + 1
      } else {
        // `%N$@`: a number of up to nine digits, then `$@`.
        var digitsEnd = after
        var number = 0
        while digitsEnd < end, digitsEnd - after < 9, let digit = Self.digit(bytes[digitsEnd]) {
          number = number * 10 + digit
          digitsEnd += 1
        }
        if digitsEnd > after, digitsEnd + 1 < end, bytes[digitsEnd] == UInt8(ascii: "$"),
          bytes[digitsEnd + 1] == UInt8(ascii: "@")
        {
          rest = digitsEnd + 2
          pieces.append(
            .placeholder(
              written: String(decoding: bytes[percent..<rest], as: UTF8.self), number: number))
        } else {
          pieces.append(.text("%"))
          rest = after
        }
      }
      percent = rest
    }
    pieces.append(text(rest..<end))
    return pieces
  }

  /// The value of an ASCII digit, `nil` for any other byte.
  private static func digit(_ byte: UInt8) -> Int? {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
  }
}

extension MessageCatalog {
  /// The base language of a tag, which picks a built-in catalog: `ja` for `ja`, `ja-JP`,
  /// `ja_JP` (``LanguageTag``); empty for what is no language tag.
  public static func baseLanguage(_ tag: String) -> String {
    LanguageTag(tag)?.language ?? ""
  }
}

extension MessageCatalog {
  /// A tag as the name of a catalog of a script or a region: Chinese by its script
  /// (`zh-Hant` for `zh-Hant…`, `zh_TW`, `zh-HK`, `zh-MO`; `zh-Hans` for any other), other
  /// languages with their region (`pt-PT` for `pt_PT.UTF-8`), else the language alone
  /// (``LanguageTag``); empty for what is no language tag.
  public static func regionalLanguage(_ tag: String) -> String {
    guard let tag = LanguageTag(tag) else { return "" }
    if tag.language == "zh" { return tag.script == "Hant" ? "zh-Hant" : "zh-Hans" }
    return tag.region.map { tag.language + "-" + $0 } ?? tag.language
  }
}
