import Testing

@testable import GSettingsKit

@Suite struct DconfKeyfileTests {
  @Test func sectionsKeysCommentsAndBlankLinesAreReadWithTheirLines() throws {
    let file = try DconfKeyfile(
      parsing: """
        # a backup
        [org/settei/test]
        name='Grace = Hopper'
          volume = 75

        [/]
        top=true
        """)
    #expect(
      file.entries == [
        .init(folder: "/org/settei/test/", key: "name", text: "'Grace = Hopper'", line: 3),
        .init(folder: "/org/settei/test/", key: "volume", text: "75", line: 4),
        .init(folder: "/", key: "top", text: "true", line: 7),
      ])
  }

  /// A dump saved with Windows' line ends is read line by line, as `dconf load` reads it,
  /// not as one line.
  @Test func linesEndingInCarriageReturnAndNewlineAreLines() throws {
    let file = try DconfKeyfile(
      parsing: "# a backup\r\n[org/settei/test]\r\nname='Grace'\r\n\r\nvolume=75\r\n")
    #expect(
      file.entries == [
        .init(folder: "/org/settei/test/", key: "name", text: "'Grace'", line: 3),
        .init(folder: "/org/settei/test/", key: "volume", text: "75", line: 5),
      ])
  }

  @Test func whatItWritesItReadsBack() throws {
    let file = DconfKeyfile(entries: [
      .init(folder: "/org/settei/test/", key: "days", text: "['monday']", line: 0),
      .init(folder: "/org/settei/test/extra/", key: "level", text: "4", line: 0),
      .init(folder: "/org/settei/test/", key: "pair", text: "(3, 4)", line: 0),
    ])
    #expect(
      file.text == "[org/settei/test]\ndays=['monday']\npair=(3, 4)\n\n"
        + "[org/settei/test/extra]\nlevel=4\n")
    let read = try DconfKeyfile(parsing: file.text)
    #expect(read.entries.map(\.text) == ["['monday']", "(3, 4)", "4"])
    #expect(read.entries.map(\.line) == [2, 3, 6])
  }

  @Test(arguments: [
    ("[org/settei\nname='a'", 1, DconfKeyfile.SyntaxError.Reason.badSection("[org/settei")),
    ("[a//b]\nname='a'", 1, .badSection("[a//b]")),
    ("name='a'", 1, .outsideSection("name='a'")),
    ("[a]\n# fine\nname 'a'", 3, .notAnEntry("name 'a'")),
    ("[a]\n=1", 2, .emptyPart("=1")),
    ("[a]\nkey=", 2, .emptyPart("key=")),
  ])
  func aBadLineIsNamedByItsNumber(text: String, line: Int, reason: DconfKeyfile.SyntaxError.Reason)
  {
    #expect(throws: DconfKeyfile.SyntaxError(line: line, reason: reason)) {
      try DconfKeyfile(parsing: text)
    }
  }

  /// The keyfile backend's own file is read past a bad line: each is named, a section that
  /// is not a path is left out with its lines, and the other sections are read.
  @Test func readingPastABadLineKeepsTheOtherSections() {
    let text = """
      [org//x]
      thing='q'
      [org/settei/test/things/a]
      size=5
      stray line
      [org/settei/test/things/b]
      size=6
      """
    let read = DconfKeyfile.readingPast(text)
    #expect(
      read.file.entries == [
        .init(folder: "/org/settei/test/things/a/", key: "size", text: "5", line: 4),
        .init(folder: "/org/settei/test/things/b/", key: "size", text: "6", line: 7),
      ])
    #expect(
      read.errors == [
        .init(line: 1, reason: .badSection("[org//x]")),
        .init(line: 5, reason: .notAnEntry("stray line")),
      ])
    // A dump to load is all or nothing: the first bad line refuses it.
    #expect(throws: DconfKeyfile.SyntaxError(line: 1, reason: .badSection("[org//x]"))) {
      try DconfKeyfile(parsing: text)
    }
  }
}
