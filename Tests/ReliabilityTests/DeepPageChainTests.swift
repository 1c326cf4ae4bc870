import Glibc
import TestSupport
import Testing

/// Schemas whose pages lead one to the next, thousands deep: every walk over pages keeps its
/// own stack (no nested calls to overflow the thread's) and memory in proportion to the
/// pages (no path copied per page). Run through the built settei; the peak memory bound is
/// about not being killed, not about speed.
@Suite("Deep page chains")
struct DeepPageChainTests {
  /// A generous bound on the peak memory of a run: the chains here need a few tens of MiB.
  static let memoryBoundKiB = 1_048_576

  /// The specifiers of page `number` of a chain of `count`: a switch, and a child pane to
  /// the next page (none on the last).
  private static func specifiers(of number: Int, in count: Int) -> [(String, String)] {
    var specifiers = [
      (
        "PSToggleSwitchSpecifier",
        "\"Title\": \"T\(number)\", \"Key\": \"k\(number)\", \"DefaultValue\": true"
      )
    ]
    if number < count {
      specifiers.append(
        ("PSChildPaneSpecifier", "\"Title\": \"Next \(number + 1)\", \"File\": \"p\(number + 1)\""))
    }
    return specifiers
  }

  /// A JSON schema of `count` pages after the root, each leading to the next; each page is
  /// held inline by a group of the root (which leads nowhere), so that the file nests only
  /// three levels deep while the pages chain `count` deep.
  static func jsonChain(_ count: Int, in folder: TemporaryFolder) -> String {
    func page(_ number: Int) -> String {
      let items = specifiers(of: number, in: count).map { "{\"Type\": \"\($0.0)\", \($0.1)}" }
      return "{\"PreferenceSpecifiers\": [" + items.joined(separator: ", ") + "]}"
    }
    var root = specifiers(of: 0, in: count).map { "{\"Type\": \"\($0.0)\", \($0.1)}" }
    for number in 1...count {
      root.append(
        "{\"Type\": \"PSGroupSpecifier\", \"Title\": \"Holder\", \"File\": \"p\(number)\", "
          + "\"Children\": \(page(number))}")
    }
    let path = folder.file("chain.json")
    write("{\"PreferenceSpecifiers\": [" + root.joined(separator: ",\n") + "]}", to: path)
    return path
  }

  /// A Settings.bundle of `count` pages after Root.plist, each leading to the next:
  /// Root.plist → p1.plist → p2.plist …
  static func bundleChain(_ count: Int, in folder: TemporaryFolder) -> String {
    let bundle = folder.file("Chain.bundle")
    mkdir(bundle, 0o755)
    for number in 0...count {
      var items = ""
      for (type, fields) in specifiers(of: number, in: count) {
        items += "<dict><key>Type</key><string>\(type)</string>"
        for field in fields.split(separator: ", ") {
          let parts = field.split(separator: ": ", maxSplits: 1)
          let key = parts[0].dropFirst().dropLast()
          let value =
            parts[1] == "true"
            ? "<true/>" : "<string>\(parts[1].dropFirst().dropLast())</string>"
          items += "<key>\(key)</key>\(value)"
        }
        items += "</dict>"
      }
      write(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>"
          + "<key>PreferenceSpecifiers</key><array>\(items)</array></dict></plist>\n",
        to: bundle + "/" + (number == 0 ? "Root" : "p\(number)") + ".plist")
    }
    return bundle
  }

  /// Runs settei (English) and checks it ended with `status` within the memory bound.
  private func run(
    _ arguments: [String], script: String = "", home: TemporaryFolder, status: Int32 = 0
  ) throws -> ProcessResult {
    let run = try runProcess(
      setteiPath, ["--lang", "en"] + arguments, input: Array(script.utf8),
      environment: testEnvironment(home: home.path), timeout: 120)
    #expect(run.status == status, "\(arguments): \(run.standardError.suffix(600))")
    #expect(
      run.maxResidentKiB < Self.memoryBoundKiB,
      "\(arguments): a peak of \(run.maxResidentKiB) KiB")
    return run
  }

  @Test("RM-70 defaults on a JSON schema whose 50,000 pages chain: no stack overflow")
  func defaultsOfADeepChain() throws {
    let home = try TemporaryFolder()
    let schema = Self.jsonChain(50_000, in: home)
    let run = try run(["defaults", schema], home: home)
    let lines = run.standardOutput.split(separator: "\n")
    #expect(lines.contains { $0.contains("k0") })
    #expect(lines.contains { $0.contains("k50000") }, "the deepest page's key is there")
  }

  @Test("RM-70 render of a 5,000-page chain: each page once, a short heading path")
  func renderOfADeepChain() throws {
    let home = try TemporaryFolder()
    let schema = Self.jsonChain(5_000, in: home)
    let run = try run(["render", schema], home: home)
    let headings = run.standardOutput.split(separator: "\n").filter { $0.hasPrefix("## ") }
    #expect(headings.count == 5_001, "the root and every page of the chain")
    #expect(headings.first == "## Root")
    #expect(
      headings.last
        == "## Root / … / " + (4_987...5_000).map { "p\($0)" }.joined(separator: " / "),
      "\(headings.last ?? "")")
  }

  @Test("RM-70 lint, list and go over a Settings.bundle whose 5,000 pages chain")
  func bundleChainCommands() throws {
    let home = try TemporaryFolder()
    let bundle = Self.bundleChain(5_000, in: home)
    let store = home.file("s.json")

    let lint = try run(["lint", bundle], home: home)
    #expect(lint.standardOutput.contains("no problems"), "\(lint.standardOutput)")

    let list = try run(["list", "--schema", bundle, "--store", store], home: home)
    let rows = list.standardOutput.split(separator: "\n")
    #expect(rows.count == 5_002, "a heading and one row per key")
    let deepest = try #require(rows.first { $0.hasPrefix("k5000 ") })
    #expect(
      deepest.hasSuffix(
        "Settings › … › " + (4_988...5_000).map { "Next \($0)" }.joined(separator: " › ")
          + " › T5000"),
      "\(deepest)")

    let go = try run(
      ["--schema", bundle, "--store", store], script: "go T5000\n1\nback\nquit\n", home: home)
    #expect(go.standardOutput.contains("T5000 is row 1."), "\(go.standardOutput.suffix(800))")
    #expect(storeValues(store) == ["k5000": false], "the switch at the end of the chain")
  }
}
