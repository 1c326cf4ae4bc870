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

  /// The static runtime finds `CommandLine.arguments` at every start by reading
  /// /proc/self/maps (its ArgvGrabber constructor); the release binary takes them from the C
  /// library instead (Sources/CStartArguments), so the runtime's object that reads the map,
  /// and the path it opens, are not linked in. The arguments themselves reach settei (every
  /// end-to-end test passes some; this one a word that is not ASCII).
  @Test(.enabled(if: releaseBinary != nil, "make check-release sets SETTEI_TEST_EXECUTABLE"))
  func theReleaseBinaryDoesNotReadTheMemoryMapForItsArguments() throws {
    let binary = try #require(Self.releaseBinary)
    let bytes = try readBytes(binary)
    let path = Array("/proc/self/maps".utf8)
    var found = false
    var index = bytes.startIndex
    while !found, let first = bytes[index...].firstIndex(of: path[0]) {
      found = bytes[first...].starts(with: path)
      index = first + 1
    }
    #expect(!found, "the runtime's argument grabber is linked into \(binary)")
    let result = try runProcess(
      binary, ["get", "温度", "--store", "/nonexistent/settings.json"],
      environment: ["PATH": "/usr/bin:/bin"])
    #expect(result.status == 1)
    #expect(result.standardError.contains("温度"), "\(result.standardError)")
  }
}
