import FileFormats
import GSettings
import SchemaKit
import TestSupport
import Testing

@testable import GSettingsKit

@Suite struct GSettingsLinterTests {
  /// The fixture's XML as read from `folder/fixture.gschema.xml`, and its lines.
  static let source = "/schemas/fixture.gschema.xml"
  static let lines = GSettingsFixture.xml.split(separator: "\n", omittingEmptySubsequences: false)

  /// The 1-based line of the fixture holding `text`.
  static func line(of text: String) -> Int {
    (lines.firstIndex { $0.contains(text) } ?? -1) + 1
  }

  func text(_ xml: String = GSettingsFixture.xml) throws -> GSchemaText {
    var text = GSchemaText()
    try text.read(Array(xml.utf8), source: Self.source)
    return text
  }

  /// The fixture's screens in `language`, its catalog translating only "Volume".
  func screens(language: String) throws -> GSettingsScreens {
    GSettingsScreens(
      schemas: GSettingsScreensTests.schemas, relocatable: ["org.settei.test.relocatable"],
      text: try text(), translations: ["settei-test": MOCatalog(translations: ["Volume": "音量"])],
      language: language)
  }

  /// Every schema of the fixture, as GIO compiles them.
  static let compiled = Set(
    GSettingsFixture.xml.split(separator: "<schema id=\"").dropFirst().map {
      String($0.prefix { $0 != "\"" })
    })

  func problems(
    language: String = "en", compiled: Set<String> = compiled, only: String? = nil,
    syntaxErrors: [MarkupScanner.SyntaxError] = []
  ) throws -> [String] {
    GSettingsLinter.problems(
      screens: try screens(language: language), text: try text(), syntaxErrors: syntaxErrors,
      compiled: compiled, language: language, messages: .forLanguage("en"), only: only
    ).map(\.description)
  }

  @Test func aKeyWithoutSummaryIsAWarningAtItsLine() throws {
    let found = try problems()
    // The fixture's keys without a summary, of those the screens show, in the file's order.
    #expect(
      found == [
        "\(Self.source):\(Self.line(of: #"<key name="ratio""#)): warning: org.settei.test:ratio has no <summary>: its row is titled by the key's name. Fix: add a <summary> to the key.",
        "\(Self.source):\(Self.line(of: #"<key name="pair""#)): warning: org.settei.test:pair has no <summary>: its row is titled by the key's name. Fix: add a <summary> to the key.",
      ])
  }

  @Test func inAnotherLanguageEachSummaryItsCatalogLacksIsAWarning() throws {
    let found = try problems(language: "ja").filter { $0.contains("translation") }
    // "Volume" is translated; every other summary shown is not.
    #expect(!found.contains { $0.contains("'Volume'") })
    #expect(
      found.contains(
        "\(Self.source):\(Self.line(of: #"<key name="enabled""#)): warning: org.settei.test:enabled: the summary 'Enable the feature' has no ja translation in settei-test. Fix: translate it in the settei-test domain's ja.po."
      ))
    // The other summaries of the keys shown: Clock format, Count, Days, Enable the feature,
    // Fonts, Name and the child's Level.
    #expect(found.count == 7, "\(found)")
    #expect(try problems(language: "en").allSatisfy { !$0.contains("translation") })
  }

  @Test func aDomainWithoutCatalogIsOneWarningNotOnePerKey() throws {
    let screens = GSettingsScreens(
      schemas: GSettingsScreensTests.schemas, relocatable: [], text: try text(),
      translations: [:], language: "de")
    let found = GSettingsLinter.problems(
      screens: screens, text: try text(), syntaxErrors: [], compiled: Self.compiled,
      language: "de", messages: .forLanguage("en")
    ).map(\.description)
    #expect(found.filter { $0.contains("has no catalog in de") }.count == 1)
    #expect(!found.contains { $0.contains("translation in") })
  }

  @Test func aSchemaGIODidNotCompileAndAChildItLacksAreNamed() throws {
    let found = try problems(compiled: Self.compiled.subtracting(["org.settei.test.extra"]))
    let schemaLine = Self.line(of: #"<schema id="org.settei.test" "#)
    let extraLine = Self.line(of: #"<schema id="org.settei.test.extra""#)
    #expect(
      found.contains(
        "\(Self.source):\(extraLine): warning: GIO has no compiled schema org.settei.test.extra: its keys are not shown. Fix: compile the folder's schemas: glib-compile-schemas /schemas."
      ))
    #expect(
      found.contains(
        "\(Self.source):\(schemaLine): error: the <child> extra of org.settei.test names the schema org.settei.test.extra, which GIO does not have. Fix: compile the schema it names, or correct the name."
      ))
  }

  @Test func aCompiledSchemaWithoutXMLIsNamed() throws {
    let found = try problems(compiled: Self.compiled.union(["org.other"]))
    #expect(
      found.contains(
        "org.other: warning: no .gschema.xml file describes this schema: its keys are titled by their names."
      ))
  }

  @Test func aFileThatIsNotXMLIsAnErrorAtItsLineAndColumn() throws {
    let error = MarkupScanner.SyntaxError(
      source: "/schemas/bad.gschema.xml", line: 3, column: 7, reason: .valueNotQuoted("path"))
    let found = try problems(syntaxErrors: [error])
    #expect(
      found.first
        == "/schemas/bad.gschema.xml:3:7: error: the value of path is not quoted. Fix: correct the file: glib-compile-schemas refuses it too, so GIO does not have what it says."
    )
  }

  @Test func aSchemaNamedIsCheckedAloneWithTheSchemasBelowIt() throws {
    #expect(try problems(only: "org.settei.test.extra").isEmpty)
    #expect(try problems(only: "org.settei.test").count == 2)
    let below = try problems(
      compiled: Self.compiled.subtracting(["org.settei.test.extra"]), only: "org.settei.test.extra")
    #expect(below.count == 1)
    #expect(below.first?.contains("GIO has no compiled schema org.settei.test.extra") == true)
  }
}
