import Glibc
import TestSupport
import Testing

/// A new package that depends on this one through a local path can `import TableKit` and
/// `import TableREPL`, build, and run a screen. Its programs are the sample code of the
/// TableREPL documentation's landing page, so that sample is checked too, and the
/// storyboard-style tutorial (Examples/tutorial-uikit), so that a screen written the UIKit
/// way needs only the public API.
///
/// Slow (it builds TableKit, LineEditor and TableREPL from scratch), so it runs only with
/// `SETTEI_SLOW_TESTS=1`: `make check-package`.
@Suite("A package that depends on settei")
struct DependentPackageTests {
  static let enabled = getenv("SETTEI_SLOW_TESTS").map { String(cString: $0) } == "1"
  static let landingPage = packageRoot + "/Sources/TableREPL/TableREPL.docc/TableREPL.md"

  /// The fenced blocks of a Markdown file, in order.
  static func fencedBlocks(_ text: String) -> [String] {
    var blocks: [String] = []
    var current: [String]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        if let lines = current {
          blocks.append(lines.joined(separator: "\n") + "\n")
          current = nil
        } else {
          current = []
        }
      } else {
        current?.append(String(line))
      }
    }
    return blocks
  }

  /// The absolute path of a program on `PATH`.
  static func which(_ name: String) -> String? {
    let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") where access("\(folder)/\(name)", X_OK) == 0 {
      return "\(folder)/\(name)"
    }
    return nil
  }

  @Test(.enabled(if: enabled, "set SETTEI_SLOW_TESTS=1 (make check-package)"))
  func buildsAndRunsTheLandingPageSample() throws {
    let swift = try #require(Self.which("swift"), "swift is not on PATH")
    let page = try #require(try? readText(Self.landingPage))
    let blocks = Self.fencedBlocks(page)
    let program = try #require(blocks.first { $0.contains("import TableREPL") })
    let transcript = try #require(blocks.first { $0.hasPrefix("$ hello\n") })

    let folder = try TemporaryFolder()
    let package = folder.path + "/hello"
    let identity = String(packageRoot.split(separator: "/").last ?? "settei").lowercased()
    mkdir(package, 0o755)
    mkdir(package + "/Sources", 0o755)
    mkdir(package + "/Sources/hello", 0o755)
    mkdir(package + "/Sources/tutorial-uikit", 0o755)
    for file in ["FirstViewController.swift", "SecondViewController.swift", "main.swift"] {
      let source = packageRoot + "/Examples/tutorial-uikit/" + file
      let text = try #require(try? readText(source), "cannot read \(source)")
      writeText(text, to: package + "/Sources/tutorial-uikit/" + file)
    }
    writeText(
      """
      // swift-tools-version:6.0
      import PackageDescription

      let package = Package(
        name: "hello",
        dependencies: [.package(path: "\(packageRoot)")],
        targets: [
          .executableTarget(
            name: "hello",
            dependencies: [
              .product(name: "TableKit", package: "\(identity)"),
              .product(name: "TableREPL", package: "\(identity)"),
            ]),
          .executableTarget(
            name: "tutorial-uikit",
            dependencies: [
              .product(name: "TableKit", package: "\(identity)"),
              .product(name: "TableREPL", package: "\(identity)"),
            ]),
        ]
      )

      """, to: package + "/Package.swift")
    writeText(program, to: package + "/Sources/hello/main.swift")

    var environment: [String: String] = [:]
    for name in ["PATH", "HOME", "TMPDIR"] {
      if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    let build = try runProcess(
      swift,
      ["build", "--package-path", package, "--scratch-path", package + "/.build"],
      environment: environment, timeout: 600)
    #expect(build.status == 0, "swift build:\n\(build.standardOutput)\n\(build.standardError)")
    guard build.status == 0 else { return }

    let run = try runProcess(
      package + "/.build/debug/hello", [], input: Array("2\nquit\n".utf8),
      environment: ["COLUMNS": "80", "LANG": "C.UTF-8"])
    #expect(run.status == 0, "\(run.standardError)")
    let expected = String(transcript.dropFirst("$ hello\n".count))
    #expect(run.standardOutput.hasPrefix(expected), "output:\n\(run.standardOutput)")

    let tutorial = try runProcess(
      package + "/.build/debug/tutorial-uikit", [], input: Array("1\n2\nback\nquit\n".utf8),
      environment: ["COLUMNS": "80", "LANG": "C.UTF-8", "HOME": folder.path])
    #expect(tutorial.status == 0, "\(tutorial.standardError)")
    let root = tutorial.standardOutput.screen(after: "back") ?? ""
    #expect(root.contains("華氏（°F） ›"), "output:\n\(tutorial.standardOutput)")
  }
}
