/// Breaks text into lines that fit a terminal's width: the one wrapping routine of screens
/// (headers and footers) and of what the session writes (help, messages, errors).
///
/// Lines break at spaces and zero-width spaces; text without spaces (Japanese, Chinese) breaks between any two
/// characters, except where the line-breaking rules of Japanese (kinsoku) forbid it: no
/// line starts with closing brackets, 、。，．・：；！？, small kana or the long vowel mark
/// ー, and no line ends with an opening bracket. A word wider than the whole line is cut
/// where it must. Widths are display widths (``DisplayWidth``: 日本 is four columns), and
/// the escape sequences that style text (`ESC [ … m`) take none.
package enum TextWrapping {
  /// `text`, one paragraph, in lines of at most `width` columns. The text's own leading
  /// spaces stay on its first line; each later line starts with `continuationIndent` spaces
  /// (none when that would leave fewer than ten columns). Spaces where a line breaks are
  /// left out.
  package static func lines(_ text: String, width: Int, continuationIndent: Int = 0) -> [String] {
    let width = max(1, width)
    // Most text fits: measuring is far cheaper than breaking.
    if let textWidth = DisplayWidth.simpleWidth(text), textWidth <= width { return [text] }
    let indent = width - continuationIndent >= 10 ? max(0, continuationIndent) : 0
    var lines: [String] = []
    var line = ""
    var used = 0
    var hasWord = false
    func breakLine() {
      lines.append(line)
      line = String(repeating: " ", count: indent)
      used = indent
      hasWord = false
    }
    for token in tokens(of: text) {
      if !hasWord {
        // The first line keeps the text's indentation; later lines have their own.
        if lines.isEmpty {
          let spaces = min(token.spaces, max(0, width - 1 - used))
          line += String(repeating: " ", count: spaces)
          used += spaces
        }
      } else if used + token.spaces + token.width <= width {
        line += String(repeating: " ", count: token.spaces)
        used += token.spaces
      } else {
        breakLine()
      }
      guard !token.characters.isEmpty else { continue }
      if hasWord, used + token.width > width { breakLine() }
      if used + token.width <= width {
        line += token.text
        used += token.width
        hasWord = true
        continue
      }
      // Wider than a whole line: cut it where it reaches the edge.
      for (character, characterWidth) in token.characters {
        if hasWord, used + characterWidth > width { breakLine() }
        line.append(character)
        used += characterWidth
        if characterWidth > 0 { hasWord = true }
      }
      hasWord = true
    }
    if hasWord || lines.isEmpty { lines.append(line) }
    return lines
  }

  /// Each line of `text` wrapped to `width` columns; `nil` width leaves the text as it is.
  /// A wrapped line goes on under its second column when it has one (`  key:  value`, a
  /// gap of two spaces or more in its first half), else two spaces further in than itself,
  /// as a footer's lines are indented under a screen.
  package static func wrapped(_ text: String, width: Int?) -> String {
    guard let width else { return text }
    if let textWidth = DisplayWidth.simpleWidth(text), textWidth <= width { return text }
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      lines(String(line), width: width, continuationIndent: hangingIndent(of: line, width: width))
        .joined(separator: "\n")
    }.joined(separator: "\n")
  }

  /// Where a wrapped line's later lines start: under its second column, else two spaces
  /// further in than the line.
  static func hangingIndent(of line: Substring, width: Int) -> Int {
    let indentation = line.prefix { $0 == " " }.count
    var column = indentation
    var spaces = 0
    var seenText = false
    for character in line.dropFirst(indentation) {
      if character == " " {
        spaces += 1
      } else {
        if seenText && spaces >= 2 { return column <= width / 2 ? column : indentation + 2 }
        seenText = true
        spaces = 0
      }
      column += DisplayWidth.of(character)
      if column > width / 2 { break }
    }
    return indentation + 2
  }

  /// A piece of text no line breaks inside, with the spaces before it.
  struct Token {
    var spaces = 0
    var characters: [(Character, Int)] = []
    var text = ""
    var width = 0
  }

  /// The text cut at every place a line may break: runs of spaces, zero-width spaces, and the
  /// places between two characters of which one is East Asian, unless kinsoku forbids it
  /// there.
  static func tokens(of text: String) -> [Token] {
    var tokens: [Token] = []
    var current = Token()
    var previous: Character?
    var inEscape = false
    var escapeStarted = false
    for character in text {
      if inEscape {
        current.characters.append((character, 0))
        current.text.append(character)
        // ESC [ parameters … final byte (@ to ~); ESC and one other character otherwise.
        if escapeStarted {
          escapeStarted = false
          if character != "[" { inEscape = false }
        } else if let ascii = character.asciiValue, (0x40...0x7E).contains(ascii) {
          inEscape = false
        }
        continue
      }
      if character == "\u{1B}" {
        inEscape = true
        escapeStarted = true
        current.characters.append((character, 0))
        current.text.append(character)
        previous = nil
        continue
      }
      if character == " " {
        if !current.characters.isEmpty {
          tokens.append(current)
          current = Token()
        }
        current.spaces += 1
        previous = character
        continue
      }
      if let previous, previous != " ", !current.characters.isEmpty,
        mayBreak(between: previous, and: character)
      {
        tokens.append(current)
        current = Token()
      }
      let characterWidth = DisplayWidth.of(character)
      current.characters.append((character, characterWidth))
      current.text.append(character)
      current.width += characterWidth
      previous = character
      if character == "\u{200B}" {
        // A zero-width space is where Thai, Khmer and Myanmar may break a line.
        tokens.append(current)
        current = Token()
        previous = nil
      }
    }
    if !current.characters.isEmpty || current.spaces > 0 || tokens.isEmpty {
      tokens.append(current)
    }
    return tokens
  }

  /// Whether a line may break between two characters that are not spaces: when one of them
  /// is East Asian and neither kinsoku rule holds them together.
  static func mayBreak(between before: Character, and after: Character) -> Bool {
    guard isEastAsian(before) || isEastAsian(after) else { return false }
    return !noLineStart.contains(after) && !noLineEnd.contains(before)
  }

  /// Whether a character is written without spaces between words: wide characters (kanji,
  /// kana, Hangul, fullwidth forms) and the halfwidth katakana.
  static func isEastAsian(_ character: Character) -> Bool {
    guard let scalar = character.unicodeScalars.first, scalar.value >= 0x1100 else {
      return false
    }
    return DisplayWidth.of(character) == 2 || (0xFF61...0xFF9F).contains(scalar.value)
  }

  /// Characters that may not start a line: closing brackets and quotes, sentence and clause
  /// marks, the middle dot, small kana, iteration marks and the long vowel mark.
  static let noLineStart: Set<Character> = Set(
    ")]}）〕〉》」』】〙〗〟’”｠»›"
      + "、。，．,.:;：；!?！？‼⁇⁈⁉・･"
      + "ー‐゠–〜～ｰ"
      + "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
      + "ｧｨｩｪｫｬｭｮｯ"
      + "々〻ヽヾゝゞ゛゜ﾞﾟ%％°′″℃")

  /// Characters that may not end a line: opening brackets and quotes.
  static let noLineEnd: Set<Character> = Set("([{（〔〈《「『【〘〖〝‘“｟«‹")
}

/// An output that wraps the text written to it (``TextWrapping/wrapped(_:width:)``) to the
/// width it is given, and passes rendered screens, which fit already, through as they are.
package final class WrappingOutput: TextOutput {
  let base: any TextOutput
  /// The width to wrap to, asked at every write; `nil` writes text as it is.
  package var width: () -> Int? = { nil }

  package init(_ base: any TextOutput) {
    self.base = base
  }

  package var isClosed: Bool { base.isClosed }

  package func write(_ text: String) {
    base.write(TextWrapping.wrapped(text, width: width()))
  }

  package func write(utf8 bytes: [UInt8]) {
    base.write(utf8: bytes)
  }
}
