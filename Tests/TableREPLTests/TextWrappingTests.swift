import Testing

@testable import TableREPL

/// The width of a line as a terminal shows it: escape sequences take no columns.
private func shownWidth(_ line: String) -> Int {
  var text = ""
  var inEscape = false
  for character in line {
    if character == "\u{1B}" {
      inEscape = true
    } else if inEscape {
      if let ascii = character.asciiValue, (0x40...0x7E).contains(ascii), character != "[" {
        inEscape = false
      }
    } else {
      text.append(character)
    }
  }
  return DisplayWidth.of(text)
}

@Suite struct TextWrappingTests {
  @Test func wordsBreakAtSpacesNeverInside() {
    let text = "Type a row number, back, quit or help to see the commands or change it."
    let lines = TextWrapping.lines(text, width: 30)
    #expect(
      lines == ["Type a row number, back, quit", "or help to see the commands or", "change it."])
    // Every word of the text is whole on some line.
    let words = Set(lines.flatMap { $0.split(separator: " ").map(String.init) })
    #expect(words == Set(text.split(separator: " ").map(String.init)))
  }

  /// Thai, Khmer and Myanmar write no spaces between words; a zero-width space marks where a
  /// line may break, and the escaper keeps it there.
  @Test func aZeroWidthSpaceIsWhereALineMayBreak() {
    let words = ["ภาษาไทย", "เป็นภาษา", "ที่สวยงาม"]
    let text = words.joined(separator: "\u{200B}")
    #expect(TerminalText.sanitize(text) == text)
    let lines = TextWrapping.lines(text, width: 12)
    #expect(lines.count == 3, "\(lines)")
    #expect(lines.map { $0.split(separator: "\u{200B}").joined() } == words)
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 12 })
  }

  @Test func continuationLinesAreIndented() {
    let lines = TextWrapping.lines(
      "  ? N  describe row N: its key, type, value and default", width: 30,
      continuationIndent: 8)
    #expect(
      lines == ["  ? N  describe row N: its", "        key, type, value and", "        default"])
  }

  @Test func textThatFitsIsLeftAsItIs() {
    #expect(TextWrapping.lines("  短い行 short", width: 40) == ["  短い行 short"])
    #expect(TextWrapping.wrapped("one\n  two", width: 10) == "one\n  two")
    #expect(TextWrapping.wrapped(String(repeating: "x ", count: 100), width: nil).count == 200)
  }

  @Test func japaneseBreaksBetweenCharactersByDisplayWidth() {
    let lines = TextWrapping.lines("オーストラリアとニュージーランドの時刻", width: 10)
    for line in lines { #expect(DisplayWidth.of(line) <= 10, "\(line)") }
    #expect(lines.joined() == "オーストラリアとニュージーランドの時刻")
    // Each line is filled: wide characters count two columns, so five fit in ten.
    #expect(lines.first == "オーストラ")
  }

  /// Kinsoku: 。、」 and the long vowel mark never start a line, 「 never ends one.
  @Test(arguments: [10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20])
  func kinsokuRules(width: Int) {
    let text = "設定は「言語と地域」から変更できます。温度単位は、摂氏（°C）か華氏（°F）です。ユーザー"
    let lines = TextWrapping.lines(text, width: width)
    #expect(lines.joined() == text)
    for (index, line) in lines.enumerated() {
      #expect(DisplayWidth.of(line) <= width, "\(width): \(line)")
      if index > 0, let first = line.first {
        #expect(!TextWrapping.noLineStart.contains(first), "\(width): line starts with \(first)")
      }
      if index < lines.count - 1, let last = line.last {
        #expect(!TextWrapping.noLineEnd.contains(last), "\(width): line ends with \(last)")
      }
    }
  }

  @Test func noLineStartsWithAFullStop() {
    // Greedy filling would put 。 alone at the start of the second line.
    let lines = TextWrapping.lines("日本語です。", width: 10)
    #expect(lines == ["日本語で", "す。"])
  }

  @Test func mixedLatinAndJapaneseBreakAtEither() {
    let lines = TextWrapping.lines("Region 地域 Tokyo 東京都の時刻 Asia/Tokyo", width: 16)
    for line in lines { #expect(DisplayWidth.of(line) <= 16, "\(line)") }
    #expect(lines.contains { $0.hasSuffix(" Asia/Tokyo") }, "a word is not cut")
  }

  @Test func aWordWiderThanTheLineIsCut() {
    let lines = TextWrapping.lines(
      "see /usr/local/share/settei/schemas/default.json now", width: 20)
    for line in lines { #expect(DisplayWidth.of(line) <= 20, "\(line)") }
    #expect(lines.first == "see")
    #expect(
      lines.joined().filter { $0 != " " } == "see/usr/local/share/settei/schemas/default.jsonnow")
  }

  @Test func escapeSequencesTakeNoColumns() {
    let bold = "\u{1B}[1m"
    let reset = "\u{1B}[0m"
    let text = "\(bold)Temperature\(reset) unit for the \(bold)weather\(reset) screen"
    let lines = TextWrapping.lines(text, width: 20)
    #expect(lines.count == 2)
    for line in lines { #expect(shownWidth(line) <= 20, "\(line)") }
    // Counted by the letters shown, "unit for" still fits on the first line.
    #expect(lines == ["\(bold)Temperature\(reset) unit for", "the \(bold)weather\(reset) screen"])
  }

  @Test func wideEmojiCountTwo() {
    let lines = TextWrapping.lines("👍👍👍👍👍👍", width: 7)
    #expect(lines == ["👍👍👍", "👍👍👍"])
  }

  @Test func messagesWrapEachLineUnderItself() {
    let text =
      "Row 3 (Temperature Unit) cannot be selected here.\n  Type back to leave this screen."
    let wrapped = TextWrapping.wrapped(text, width: 24)
    let lines = wrapped.split(separator: "\n").map(String.init)
    for line in lines { #expect(DisplayWidth.of(line) <= 24, "\(line)") }
    #expect(lines[1].hasPrefix("  ") && !lines[1].hasPrefix("   "))
    #expect(lines.last?.hasPrefix("    ") == true)
  }
}
