import CEditLine
import Glibc

// Tab: the function bound to ^I with EL_ADDFN.
extension LineEditor {
  /// Completes the last word before the cursor from ``completer``.
  ///
  /// - Returns: libedit's `CC_*` code telling it how to update the screen.
  func complete() -> UInt8 {
    guard let completer, let info = el_wline(editLine), let buffer = info.pointee.buffer,
      let cursor = info.pointee.cursor
    else { return UInt8(CC_REFRESH_BEEP) }
    let before = String(wideCharacters: buffer, count: cursor - buffer)
    let word = Completion.lastWord(of: before)
    switch Completion.action(word: word, candidates: completer(before)) {
    case .none:
      return UInt8(CC_REFRESH_BEEP)
    case .replaceWord(let replacement):
      el_deletestr(editLine, Int32(word.unicodeScalars.count))
      let status = replacement.nulTerminatedWideCharacters.withUnsafeBufferPointer { wide in
        el_winsertstr(editLine, wide.baseAddress)
      }
      return UInt8(status == 0 ? CC_REFRESH : CC_REFRESH_BEEP)
    case .list(let candidates):
      let columns = Int(ceditline_el_get_columns(editLine))
      let table = Completion.columns(candidates, width: columns > 0 ? columns : 80)
      LineEditor.write("\r\n" + table.map { $0 + "\r\n" }.joined())
      return UInt8(CC_REDISPLAY)
    }
  }
}

/// The pure part of Tab completion: what to do with the candidates, and how to lay them out.
enum Completion {
  /// What one press of Tab does.
  enum Action: Equatable {
    /// Nothing to complete: ring the bell.
    case none
    /// Replace the last word with this text.
    case replaceWord(String)
    /// Show these candidates below the line.
    case list([String])
  }

  /// The text after the last space.
  static func lastWord(of text: String) -> String {
    guard let space = text.lastIndex(of: " ") else { return text }
    return String(text[text.index(after: space)...])
  }

  /// Decides what Tab does for `word` given the completer's `candidates`.
  ///
  /// One candidate replaces the word and adds a space; several insert their longest common
  /// prefix (by `Character`) when it extends the word, and are listed when it does not.
  static func action(word: String, candidates: [String]) -> Action {
    var seen: Set<String> = []
    let unique = candidates.filter { !$0.isEmpty && seen.insert($0).inserted }
    guard let first = unique.first else { return .none }
    if unique.count == 1 { return .replaceWord(first + " ") }
    let prefix = commonPrefix(unique)
    if prefix.count > word.count, prefix.hasPrefix(word) {
      return .replaceWord(prefix)
    }
    return .list(unique)
  }

  /// The longest common prefix of `words`, compared by `Character`.
  static func commonPrefix(_ words: [String]) -> String {
    guard var prefix = words.first.map(Array.init) else { return "" }
    for word in words.dropFirst() {
      let characters = Array(word)
      var length = 0
      while length < min(prefix.count, characters.count), prefix[length] == characters[length] {
        length += 1
      }
      prefix.removeSubrange(length...)
    }
    return String(prefix)
  }

  /// Lays `words` out in columns, down then across like `ls`, to fit `width` terminal
  /// columns; CJK characters count as two.
  static func columns(_ words: [String], width: Int) -> [String] {
    let widths = words.map(displayWidth)
    let cell = (widths.max() ?? 0) + 2
    let perRow = max(1, width / max(cell, 1))
    let rows = (words.count + perRow - 1) / perRow
    return (0..<rows).map { row in
      var line = ""
      for column in 0..<perRow {
        let index = column * rows + row
        guard index < words.count else { break }
        let isLast = column == perRow - 1 || index + rows >= words.count
        line += words[index]
        if !isLast { line += String(repeating: " ", count: cell - widths[index]) }
      }
      return line
    }
  }

  /// The number of terminal columns `text` takes (by `wcwidth`, 0 for what it cannot
  /// measure).
  static func displayWidth(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { total, scalar in
      total + max(0, Int(ceditline_wcwidth(wchar_t(bitPattern: scalar.value))))
    }
  }
}
