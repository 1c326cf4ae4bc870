import Glibc
import TestSupport
import Testing

/// Every switch over a specifier's kind names each kind it handles: none ends in `default:`,
/// so a new specifier type makes the compiler list every place that must say what it does.
@Suite struct KindSwitchTests {
  /// The switches over a `kind` in `text` that end in `default:`, as `line: switch …`.
  static func defaultedKindSwitches(in text: String) -> [String] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var found: [String] = []
    for (number, line) in lines.enumerated() {
      let code = line.trimmingPrefix { $0 == " " }
      guard code.hasPrefix("switch ") || code.hasPrefix("return switch "),
        code.hasSuffix("kind {")
      else { continue }
      let indent = line.count - code.count
      for next in lines[(number + 1)...] {
        let nextCode = next.trimmingPrefix { $0 == " " }
        guard next.count - nextCode.count == indent else { continue }
        if nextCode.hasPrefix("}") { break }
        if nextCode.hasPrefix("default:") {
          found.append("\(number + 1): \(code)")
          break
        }
      }
    }
    return found
  }

  /// The Swift files below `folder`, made by hand.
  static func swiftFiles(below folder: String) -> [String] {
    folderEntries(folder).filter { !$0.hasPrefix(".") }.flatMap { entry -> [String] in
      let path = folder + "/" + entry
      if let info = fileStatus(path), info.st_mode & S_IFMT == S_IFDIR {
        return swiftFiles(below: path)
      }
      return entry.hasSuffix(".swift") && !entry.hasSuffix(".generated.swift") ? [path] : []
    }
  }

  @Test func noSwitchOverAKindEndsInDefault() throws {
    let sources = PackagePaths.root + "/Sources"
    // GSettings' `kind`s are GVariant types, not specifier kinds.
    let files = Self.swiftFiles(below: sources).filter { !$0.contains("/Sources/GSettings/") }
    #expect(files.count > 100)
    var problems: [String] = []
    for path in files {
      let text = String(decoding: try readBytes(path), as: UTF8.self)
      problems += Self.defaultedKindSwitches(in: text).map {
        path.dropFirst(PackagePaths.root.count + 1) + ":" + $0
      }
    }
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test func theScanFindsADefaultAtTheSwitchsOwnLevelOnly() {
    let text = """
      func a(_ s: Specifier) -> Int {
        switch s.kind {
        case .group: return 1
        default: return 2
        }
      }
      func b(_ s: Specifier) -> Int {
        switch s.kind {
        case .group:
          switch x {
          default: return 0
          }
        case .toggleSwitch, .other(_): return 3
        }
      }
      func c(_ kind: Specifier.Kind) -> Int {
        return switch kind {
        case .slider: 1
        default: 2
        }
      }
      """
    #expect(
      Self.defaultedKindSwitches(in: text) == [
        "2: switch s.kind {", "17: return switch kind {",
      ])
  }
}
