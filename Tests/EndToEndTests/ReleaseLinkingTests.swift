import Glibc
import TestSupport
import Testing

/// How `make release` links settei, checked on the binary it builds (`make check-release`
/// runs the end-to-end tests on it): what the dynamic loader and the runtime go through at
/// every start.
@Suite struct ReleaseLinkingTests {
  /// The release binary under test, or `nil` outside `make check-release`.
  static var releaseBinary: String? {
    guard let value = getenv("SETTEI_TEST_EXECUTABLE"), value.pointee != 0 else { return nil }
    return String(cString: value)
  }

  /// The static Swift runtime's link flags export every public symbol (-export-dynamic):
  /// thousands of names that nothing loads by name, which every start maps and which the
  /// runtime's start scans (dladdr). The release build exports none of its own.
  @Test(.enabled(if: releaseBinary != nil, "make check-release sets SETTEI_TEST_EXECUTABLE"))
  func theReleaseBinaryExportsNoSymbolOfItsOwn() throws {
    let binary = try #require(Self.releaseBinary)
    let candidates: [String] = ["/usr/bin/readelf", "/bin/readelf"]
    let readelf = candidates.first { access($0, X_OK) == 0 }
    let tool = try #require(readelf, "readelf (binutils) is needed to read the binary")
    let result = try runProcess(
      tool, ["--dyn-syms", "--wide", binary], environment: ["PATH": "/usr/bin:/bin"])
    #expect(result.status == 0, "\(result.standardError)")
    // Columns: Num, Value, Size, Type, Bind, Vis, Ndx, Name; Ndx UND is an import.
    var exported: [String] = []
    for line in result.standardOutput.split(separator: "\n") {
      let columns = line.split(separator: " ").map(String.init)
      if columns.count >= 8, columns[6] != "UND", columns[7].hasPrefix("$s") {
        exported.append(columns[7])
      }
    }
    let count = exported.count
    #expect(count == 0, "Swift symbols exported, such as \(exported.prefix(3))")
  }
}
