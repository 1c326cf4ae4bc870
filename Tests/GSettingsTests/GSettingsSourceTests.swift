import GSettingsKit
import TestSupport
import Testing

@testable import GSettings

/// GSettingsSource against schemas compiled for the test, through gsettings-probe (GIO
/// reads its environment once per process).
@Suite struct GSettingsSourceTests {
  let fixture: GSettingsFixture
  let probe: String

  init() throws {
    fixture = try GSettingsFixture()
    probe = try #require(BuildProducts.path(of: "gsettings-probe"))
  }

  func run(_ arguments: String..., environment: [String: String]? = nil) throws -> ProcessResult {
    try runProcess(probe, arguments, environment: environment ?? fixture.environment())
  }

  func output(_ arguments: String..., environment: [String: String]? = nil) throws -> String {
    let result = try runProcess(probe, arguments, environment: environment ?? fixture.environment())
    #expect(result.status == 0, "\(arguments): \(result.standardError)")
    return result.standardOutput.trimmingSuffix()
  }

  @Test func schemasAreListedFixedAndRelocatableApart() throws {
    #expect(
      try output("schemas")
        == "fixed: org.settei.test org.settei.test.extra\n"
        + "relocatable: org.settei.test.relocatable org.settei.test.things")
  }

  @Test func everyKeyHasItsTypeDefaultRangeAndSummary() throws {
    let lines = try output("schema", "org.settei.test").split(separator: "\n").map(String.init)
    #expect(lines.first == "path: /org/settei/test/")
    #expect(lines.contains("children: extra"))
    let expected = [
      "big x -5000000000 any | -",
      "clock s \"24h\" choices 24h,12h | Clock format",
      "color s \"red\" choices red,green | Color",
      "count u 7 any | Count",
      "days as [\"monday\"] flags monday,tuesday,wednesday | Days",
      "enabled b true any | Enable the feature",
      "fonts as [\"Sans\",\"Mono\"] any | Fonts",
      "huge t 18446744073709551615 any | -",
      "name s \"Ada\" any | Name",
      "pair (ii) \"(1, 2)\" any | -",
      "ratio d 0.25 any | -",
      "scale d 1.0 range 0.5..3.0 | Text & icon scale",
      "short n -300 any | -",
      "small y 200 any | -",
      "sources a(ss) \"[('xkb', 'us')]\" any | -",
      "things-children as [] any | -",
      "ushort q 60000 any | -",
      "volume i 50 range 0..100 | Volume",
    ]
    #expect(Array(lines.dropFirst(2)) == expected)
  }

  @Test func aSchemaNoOneHasIsNamedInTheError() throws {
    let result = try run("schema", "org.nothing")
    #expect(result.status == 1)
    #expect(result.standardError.contains("no GSettings schema is called org.nothing"))
  }

  @Test func aMissingGIOIsReportedWithItsPackage() throws {
    #expect {
      _ = try GIOLibrary(soname: "libgio-2.0-absent.so.0")
    } throws: { error in
      guard let error = error as? GSettingsError, case .libraryMissing = error else { return false }
      let text = error.message(.forLanguage("en"))
      return text.contains("libgio-2.0-absent.so.0")
        && text.contains("Install the libglib2.0-0 package")
    }
  }

  @Test func valuesAreReadWrittenInOneApplyAndReset() throws {
    let environment = fixture.environment(backend: "keyfile")
    #expect(try output("get", "org.settei.test", "volume", environment: environment) == "50")
    #expect(
      try output(
        "write", "org.settei.test", "volume", "75", "org.settei.test", "fonts", "[\"A\"]",
        "org.settei.test", "clock", "\"12h\"", "org.settei.test.extra", "level", "9",
        "org.settei.test", "sources", "\"[('xkb', 'jp')]\"",
        environment: environment) == "written")
    // Another process (the keyfile backend's file) sees them.
    #expect(try output("get", "org.settei.test", "volume", environment: environment) == "75")
    #expect(try output("get", "org.settei.test", "fonts", environment: environment) == "[\"A\"]")
    #expect(try output("get", "org.settei.test", "clock", environment: environment) == "\"12h\"")
    #expect(try output("get", "org.settei.test.extra", "level", environment: environment) == "9")
    #expect(
      try output("get", "org.settei.test", "sources", environment: environment)
        == "\"[('xkb', 'jp')]\"")
    let keyfile = try readText(fixture.folder.file("config/glib-2.0/settings/keyfile"))
    #expect(keyfile.contains("volume=75"))
    #expect(
      try output("write", "org.settei.test", "volume", "null", environment: environment)
        == "written")
    #expect(try output("get", "org.settei.test", "volume", environment: environment) == "50")
  }

  /// A relocatable schema's values are those of the path it is given: one path's are not
  /// another's, and each is written in its own folder.
  @Test func aRelocatableSchemasValuesAreThoseOfItsPath() throws {
    let environment = fixture.environment(backend: "keyfile")
    let a = "org.settei.test.things:/org/settei/test/things/a/"
    let b = "org.settei.test.things:/org/settei/test/things/b/"
    #expect(
      try output(
        "write", a, "size", "5", b, "size", "7", a, "thing", "\"x\"", environment: environment)
        == "written")
    #expect(try output("get", a, "size", environment: environment) == "5")
    #expect(try output("get", b, "size", environment: environment) == "7")
    #expect(try output("get", b, "thing", environment: environment) == "\"\"")
    let keyfile = try readText(fixture.folder.file("config/glib-2.0/settings/keyfile"))
    #expect(keyfile.contains("[org/settei/test/things/a]\n"), "\(keyfile)")
    #expect(keyfile.contains("[org/settei/test/things/b]\nsize=7"), "\(keyfile)")
    // Without a path, or a schema with a path of its own given another: refused, not the
    // abort GIO would make of it.
    let none = try run("get", "org.settei.test.things", "size", environment: environment)
    #expect(none.standardError.contains("org.settei.test.things is relocatable"))
    let fixed = try run("get", "org.settei.test:/org/other/", "volume", environment: environment)
    #expect(fixed.status == 1)
    #expect(
      fixed.standardError.contains(
        "the GSettings schema org.settei.test has the path /org/settei/test/ of its own, "
          + "not /org/other/"), "\(fixed.standardError)")
  }

  @Test func aValueThatDoesNotFitWritesNothing() throws {
    let environment = fixture.environment(backend: "keyfile")
    let result = try run(
      "write", "org.settei.test", "name", "\"Grace\"", "org.settei.test", "volume", "101",
      environment: environment)
    #expect(result.status == 1)
    #expect(result.standardError.contains("org.settei.test:volume"))
    #expect(try output("get", "org.settei.test", "name", environment: environment) == "\"Ada\"")
  }

  @Test(arguments: [
    ("volume", "101", "outside the key's range"),
    ("volume", "\"loud\"", "is not a GVariant of type i"),
    ("small", "256", "is not a GVariant of type y"),
    ("ushort", "-1", "is not a GVariant of type q"),
    ("color", "\"blue\"", "outside the key's range"),
    ("clock", "\"25h\"", "outside the key's range"),
    ("days", "[\"sunday\"]", "outside the key's range"),
    ("pair", "\"(1, 'a')\"", "is not a GVariant of type (ii)"),
    ("enabled", "\"maybe\"", "is not a GVariant of type b"),
    ("scale", "0.25", "outside the key's range"),
  ])
  func valuesAreCheckedAsTheKeysTypeAndRange(key: String, value: String, reason: String) throws {
    let problem = try output("check", "org.settei.test", key, value)
    #expect(problem.contains(reason), "\(key) = \(value): \(problem)")
  }

  @Test(arguments: [
    ("volume", "100"), ("small", "255"), ("ushort", "65535"), ("color", "\"green\""),
    ("days", "[\"monday\",\"wednesday\"]"), ("pair", "\"(3, 4)\""), ("enabled", "false"),
    ("scale", "3"), ("huge", "18446744073709551615"), ("big", "-1"),
  ])
  func valuesOfTheKeysTypeAndRangeFit(key: String, value: String) throws {
    #expect(try output("check", "org.settei.test", key, value) == "ok")
  }
}

extension String {
  func trimmingSuffix() -> String {
    var text = self
    while text.last == "\n" { text.removeLast() }
    return text
  }
}
