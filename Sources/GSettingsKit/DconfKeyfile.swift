/// The text `dconf dump` writes and `dconf load` reads: `[path]` sections (a dconf path
/// without its slashes at either end, `[/]` for the top) holding `key=value` lines whose
/// values are GVariant text, `#` comments and blank lines.
package struct DconfKeyfile: Sendable, Equatable {
  /// A `key=value` line.
  package struct Entry: Sendable, Equatable {
    /// The section's dconf folder, with slashes at both ends (`/org/gnome/desktop/`).
    package var folder: String
    package var key: String
    /// The value's GVariant text as written (spaces around it left out).
    package var text: String
    /// The line it is on, from 1.
    package var line: Int

    package init(folder: String, key: String, text: String, line: Int) {
      self.folder = folder
      self.key = key
      self.text = text
      self.line = line
    }
  }

  /// A line that is none of a section, a `key=value`, a comment or blank.
  package struct SyntaxError: Error, Sendable, Equatable {
    package enum Reason: Sendable, Equatable {
      /// Neither `[path]`, `key=value`, a comment nor blank.
      case notAnEntry(String)
      /// A `key=value` before any `[path]`.
      case outsideSection(String)
      /// `[path` without its `]`, or a path with an empty part (`[a//b]`).
      case badSection(String)
      /// `=value` with no key, or a key with no value.
      case emptyPart(String)
    }
    package var line: Int
    package var reason: Reason
  }

  /// The `key=value` lines, in the file's order.
  package var entries: [Entry]

  package init(entries: [Entry]) {
    self.entries = entries
  }

  /// Reads the text of a dump.
  ///
  /// - Throws: ``SyntaxError`` at the first line that is not a section, a `key=value`, a
  ///   comment or blank: a dump is loaded all or nothing.
  package init(parsing text: String) throws(SyntaxError) {
    let read = Self.read(text, stoppingAtError: true)
    if let error = read.errors.first { throw error }
    self = read.file
  }

  /// Reads what can be read of a dump: a line that is not one of its lines is left out, as
  /// are the lines of a section that is not a path, each named in `errors`. The keyfile
  /// backend's own file is read so: one bad line there hides nothing else.
  package static func readingPast(_ text: String) -> (file: DconfKeyfile, errors: [SyntaxError]) {
    read(text, stoppingAtError: false)
  }

  private static func read(_ text: String, stoppingAtError: Bool) -> (
    file: DconfKeyfile, errors: [SyntaxError]
  ) {
    var entries: [Entry] = []
    var errors: [SyntaxError] = []
    var folder: String?
    // A section that is not a path: its lines are left out with it, not taken as the
    // section's before it.
    var inBadSection = false
    var number = 0
    // Lines end in \n, or \r\n as a file saved on Windows has them (`dconf load` reads both):
    // Swift counts \r\n as one character, which a split at "\n" alone does not find.
    let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    for rawLine in lines {
      number += 1
      let line = trimmed(Substring(rawLine))
      if line.isEmpty || line.hasPrefix("#") { continue }
      var error: SyntaxError.Reason?
      if line.hasPrefix("[") {
        let path = String(line.dropFirst().dropLast())
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        let inner = path == "/" ? [] : parts
        if line.hasSuffix("]"), line.count >= 2, !path.isEmpty,
          path == "/" || !inner.contains(where: \.isEmpty)
        {
          folder = path == "/" ? "/" : "/" + path + "/"
          inBadSection = false
          continue
        }
        error = .badSection(line)
        inBadSection = true
      } else if let equals = line.firstIndex(of: "=") {
        let key = trimmed(line[..<equals])
        let value = trimmed(line[line.index(after: equals)...])
        if inBadSection { continue }
        if let folder, !key.isEmpty, !value.isEmpty {
          entries.append(Entry(folder: folder, key: key, text: value, line: number))
          continue
        }
        error = folder == nil ? .outsideSection(line) : .emptyPart(line)
      } else {
        error = .notAnEntry(line)
      }
      if let error {
        errors.append(SyntaxError(line: number, reason: error))
        if stoppingAtError { break }
      }
    }
    return (DconfKeyfile(entries: entries), errors)
  }

  /// The text of a dump: a section per folder in the entries' order, its lines after it, a
  /// blank line between sections, as `dconf dump` writes them.
  package var text: String {
    var sections: [String] = []
    var lines: [String: [String]] = [:]
    for entry in entries {
      if lines[entry.folder] == nil { sections.append(entry.folder) }
      lines[entry.folder, default: []].append(entry.key + "=" + entry.text)
    }
    return sections.map { folder in
      let name = folder == "/" ? "/" : String(folder.dropFirst().dropLast())
      return (["[" + name + "]"] + (lines[folder] ?? [])).joined(separator: "\n") + "\n"
    }.joined(separator: "\n")
  }

  private static func trimmed(_ text: Substring) -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
    guard let start = text.firstIndex(where: { !isSpace($0) }),
      let end = text.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(text[start...end])
  }
}
