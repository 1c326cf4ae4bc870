import FileFormats
import Glibc
import TestSupport
import Testing

/// A Settings.bundle written into a temporary folder for one test: pages of specifiers and
/// `.strings` tables per language.
struct TestBundle {
  let folder: TemporaryFolder
  /// The bundle's path.
  let path: String

  /// Writes `pages` (page name → specifiers, `Root` first) and `strings` (language →
  /// table name → the text of its `.strings` file).
  init(
    pages: [String: [[PropertyListKey: PropertyListValue]]],
    strings: [String: [String: String]] = [:]
  ) throws {
    folder = try TemporaryFolder()
    path = folder.file("Settings.bundle")
    mkdir(path, 0o755)
    try Self.writePages(pages, to: path)
    for (language, tables) in strings {
      let lproj = path + "/\(language).lproj"
      mkdir(lproj, 0o755)
      for (table, text) in tables { try writeText(text, to: lproj + "/\(table).strings") }
    }
  }
}

extension TestBundle {
  /// Writes (or rewrites) the pages of a bundle.
  static func writePages(_ pages: [String: [[PropertyListKey: PropertyListValue]]], to path: String)
    throws
  {
    for (name, specifiers) in pages {
      let page = PropertyListValue.dictionary([
        "PreferenceSpecifiers": .array(specifiers.map(PropertyListValue.dictionary)),
        "StringsTable": .string(name),
      ])
      try writeText(PropertyListWriter.serialize(page), to: path + "/\(name).plist")
    }
  }
}

/// Runs the built settei with a private HOME and no input.
/// `language` is the `LANG` it runs under: `ja_JP.UTF-8` for settei's Japanese words.
func runSettei(_ arguments: [String], input: String = "", language: String = "C.UTF-8") throws
  -> ProcessResult
{
  let home = try TemporaryFolder()
  return try TestSupport.runSettei(
    arguments, script: input, home: home.path, language: language)
}

/// A specifier dictionary: `spec("PSToggleSwitchSpecifier", key: "sound", default: true)`.
func spec(
  _ type: String, key: String? = nil, title: String? = nil,
  _ more: [PropertyListKey: PropertyListValue] = [:]
) -> [PropertyListKey: PropertyListValue] {
  var result = more
  result["Type"] = .string(type)
  if let key { result["Key"] = .string(key) }
  if let title { result["Title"] = .string(title) }
  return result
}

/// The lines of `text` with their runs of spaces made one: `"   2  YES      On"` is
/// `"2 YES On"`, a row as a test names it whatever the columns.
func rowLines(_ text: String) -> [String] {
  text.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
}

/// settei run with `arguments` and `input`, required to end with status 0, with the rows of
/// its standard output (``rowLines(_:)``).
func rowsOfSuccessfulRun(_ arguments: [String], input: String = "") throws -> (
  run: ProcessResult, rows: [String]
) {
  let run = try runSettei(arguments, input: input)
  try #require(run.status == 0, "\(run.standardError)")
  return (run, rowLines(run.standardOutput))
}
