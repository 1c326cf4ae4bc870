import Foundation
import TestSupport
import Testing

/// The modules import one another as docs/architecture.md draws them, every arrow one way:
/// the settings model builds no screen (no TableKit), the screens know no terminal, TableREPL
/// knows no settings. A new import outside this map fails here, naming the file.
@Suite struct ModuleArrowsTests {
  /// What each module may import of ours (the system's own modules are not listed).
  static let allowed: [String: Set<String>] = [
    "TableKit": [],
    "TextSafety": [],
    "SystemIO": ["TextSafety"],
    "CEditLine": [],
    "LineEditor": ["CEditLine", "SystemIO", "TextSafety"],
    "FileFormats": ["TextSafety"],
    "SchemaKit": ["FileFormats", "SystemIO", "TextSafety"],
    "SettingsStorage": ["FileFormats", "SystemIO", "TextSafety"],
    "SettingsKit": ["SchemaKit", "FileFormats", "TextSafety"],
    "SettingsScreens": ["SettingsKit", "SchemaKit", "FileFormats", "TextSafety", "TableKit"],
    "TableREPL": ["TableKit", "LineEditor", "SystemIO", "TextSafety"],
    "CGio": [],
    "GSettings": ["CGio", "FileFormats", "SystemIO"],
    "GSettingsKit": [
      "GSettings", "SchemaKit", "SettingsKit", "FileFormats", "SystemIO", "TextSafety",
    ],
    "CStartArguments": [],
    "settei": ["SetteiCommands"],
    "SetteiCommands": [
      "TableREPL", "SettingsKit", "SettingsScreens", "SchemaKit", "SettingsStorage",
      "FileFormats", "SystemIO", "TableKit", "TextSafety", "GSettings", "GSettingsKit",
    ],
  ]

  /// The system's modules, which any module may import. Not Foundation nor
  /// FoundationEssentials: FileFormats has its own dates and Base64, and linking them (with
  /// Dispatch and their collections) would have the dynamic loader relocate about 13,000 more
  /// pointers at every start.
  static let system: Set<String> = ["Glibc", "Synchronization"]

  @Test func everyImportFollowsAnArrowOfTheDrawing() throws {
    let sources = PackagePaths.root + "/Sources"
    let modules = try FileManager.default.contentsOfDirectory(atPath: sources).sorted()
    #expect(Set(modules) == Set(Self.allowed.keys), "a module the map does not know")
    for module in modules {
      let folder = sources + "/" + module
      guard let files = FileManager.default.enumerator(atPath: folder) else { continue }
      for case let file as String in files where file.hasSuffix(".swift") {
        let text = try readText(folder + "/" + file)
        for line in text.split(separator: "\n") {
          let words = line.split(separator: " ")
          guard let position = words.firstIndex(of: "import"),
            words[..<position].allSatisfy({ ["@testable", "public", "package"].contains($0) }),
            position + 1 < words.count
          else { continue }
          let imported = String(words[position + 1])
          #expect(
            Self.system.contains(imported) || Self.allowed[module]?.contains(imported) == true,
            "\(module)/\(file) imports \(imported), which docs/architecture.md does not draw")
        }
      }
    }
  }

  /// The modules no product exports: their declarations are `package` (so that the other
  /// modules and the tests use them) and never `public`, which would say they were API.
  /// TextSafety's `MessageCatalog` is the exception: TableREPL's API speaks in it
  /// (`Session.messages`, `SessionMessages.forLanguage`).
  static let unexported = [
    "TextSafety", "SystemIO", "FileFormats", "SchemaKit", "SettingsStorage", "SettingsKit",
    "SettingsScreens", "SetteiCommands", "settei", "GSettings", "GSettingsKit",
  ]

  @Test func onlyWhatAProductExportsIsPublic() throws {
    let sources = PackagePaths.root + "/Sources"
    let declaration = try Regex(#"^\s*(@\w+(\([^)]*\))?\s+)*public\s"#)
    for module in Self.unexported {
      let folder = sources + "/" + module
      guard let files = FileManager.default.enumerator(atPath: folder) else { continue }
      for case let file as String in files
      where file.hasSuffix(".swift") && module + "/" + file != "TextSafety/MessageCatalog.swift" {
        let text = try readText(folder + "/" + file)
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
          .enumerated()
        where line.contains(declaration) {
          Issue.record(
            "\(module)/\(file):\(number + 1) is public, but no product exports \(module)")
        }
      }
    }
  }
}
