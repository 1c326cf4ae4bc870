/// The message catalogs' source files: `Messages/<Module>/<language>.strings`.
public enum MessageCatalogFiles {
  /// The modules that have a catalog.
  public static let modules = [
    "TableREPL", "SettingsKit", "settei", "SchemaKit", "SettingsStorage", "FileFormats",
    "GSettingsKit", "SystemIO", "LineEditor",
  ]
  /// The languages every catalog has.
  public static let languages = ["en", "ja"]

  /// The Swift file `make messages` compiles a module's catalog into.
  public static func generatedFile(module: String) -> String {
    switch module {
    case "TableREPL":
      PackagePaths.root + "/Sources/TableREPL/Session/SessionMessages.generated.swift"
    case "SettingsKit":
      PackagePaths.root + "/Sources/SettingsKit/Model/SettingsMessages.generated.swift"
    case "Chrome":
      PackagePaths.root + "/Sources/SettingsKit/Model/ChromeWords.generated.swift"
    case "GSettingsKit":
      PackagePaths.root + "/Sources/GSettingsKit/GSettingsMessages.generated.swift"
    case "SystemIO":
      PackagePaths.root + "/Sources/SystemIO/SystemMessages.generated.swift"
    case "LineEditor":
      PackagePaths.root + "/Sources/LineEditor/HistoryMessages.generated.swift"
    case "SchemaKit":
      PackagePaths.root + "/Sources/SchemaKit/Localization/SchemaMessages.generated.swift"
    case "SettingsStorage":
      PackagePaths.root + "/Sources/SettingsStorage/StoreMessages.generated.swift"
    case "FileFormats":
      PackagePaths.root + "/Sources/FileFormats/FormatMessages.generated.swift"
    default: PackagePaths.root + "/Sources/SetteiCommands/ProgramMessages.generated.swift"
    }
  }

  /// The path of one catalog file.
  public static func path(module: String, language: String) -> String {
    PackagePaths.root + "/Messages/" + module + "/" + language + ".strings"
  }

  /// The fixed words of a template: its text between placeholders (`%1$@`, `%@`).
  public static func fixedWords(of template: String) -> [String] {
    var words: [String] = []
    var current = ""
    var rest = Substring(template)
    while let first = rest.first {
      if first == "%", let end = placeholderEnd(rest) {
        words.append(current)
        current = ""
        rest = rest[end...]
      } else {
        current.append(first)
        rest = rest.dropFirst()
      }
    }
    words.append(current)
    return words.filter { !$0.isEmpty }
  }

  private static func placeholderEnd(_ text: Substring) -> Substring.Index? {
    var index = text.index(after: text.startIndex)
    while index < text.endIndex, text[index].isNumber { index = text.index(after: index) }
    if index > text.index(after: text.startIndex) {
      guard index < text.endIndex, text[index] == "$" else { return nil }
      index = text.index(after: index)
    }
    guard index < text.endIndex, text[index] == "@" else { return nil }
    return text.index(after: index)
  }
}
