import FileFormats
import GSettings
import SchemaKit
import SettingsKit
import TestSupport
import Testing

@testable import GSettingsKit

@Suite struct GSettingsScreensTests {
  /// The fixture's schemas as GIO describes them (what `GSettingsSourceTests` checks GIO
  /// gives), and its XML text.
  static let schemas = [
    GSettingsSchemaInfo(
      id: "org.settei.test", path: "/org/settei/test/",
      keys: [
        .init(name: "clock", type: "s", defaultValue: "24h", range: .choices(["24h", "12h"])),
        .init(name: "count", type: "u", defaultValue: .integer(7), range: .any),
        .init(
          name: "days", type: "as", defaultValue: ["monday"],
          range: .flags(["monday", "tuesday", "wednesday"])),
        .init(name: "enabled", type: "b", defaultValue: true, range: .any),
        .init(name: "fonts", type: "as", defaultValue: ["Sans", "Mono"], range: .any),
        .init(name: "name", type: "s", defaultValue: "Ada", range: .any),
        .init(name: "pair", type: "(ii)", defaultValue: "(1, 2)", range: .any),
        .init(name: "ratio", type: "d", defaultValue: .real(0.25), range: .any),
        .init(
          name: "volume", type: "i", defaultValue: .integer(50),
          range: .numbers(minimum: .integer(0), maximum: .integer(100))),
      ], children: ["extra"]),
    GSettingsSchemaInfo(
      id: "org.settei.test.extra", path: "/org/settei/test/extra/",
      keys: [.init(name: "level", type: "i", defaultValue: .integer(3), range: .any)],
      children: []),
  ]

  func screens(language: String = "ja", unwritable: Set<String> = []) throws -> GSettingsScreens {
    var text = GSchemaText()
    try text.read(Array(GSettingsFixture.xml.utf8), source: "fixture")
    return GSettingsScreens(
      schemas: Self.schemas, relocatable: ["org.settei.test.relocatable"], text: text,
      translations: [
        "settei-test": MOCatalog(translations: [
          "Volume": "音量", "Whether the feature is on. A second line.": "機能が有効かどうか。",
        ])
      ],
      language: language, unwritable: unwritable)
  }

  /// A model of the screens whose `? N` adds the screens' lines of a key, as a session's does.
  func describing(_ screens: GSettingsScreens, language: String) -> SettingsModel {
    let model = SettingsModel(schema: screens.schema, storedValues: [:], language: language)
    model.detailLines = { [unowned model] key in screens.detailLines(forKey: key, model: model) }
    return model
  }

  /// What `? N` says of the row of `key` on the schema's page.
  func description(of key: String, in model: SettingsModel) throws -> [String] {
    let page = try #require(model.schema.pages["org.settei.test"])
    let specifier = try #require(page.specifiers.first { $0.key == key })
    return model.describe(specifier, on: page, footer: nil).split(separator: "\n").map(String.init)
  }

  /// A session started in a language no catalog of the schemas translates keeps it as one
  /// `lang` switches to: after `lang en`, `lang ja` goes back to it.
  @Test func theSessionsLanguageIsOneLangSwitchesBackToWithoutACatalog() throws {
    var text = GSchemaText()
    try text.read(Array(GSettingsFixture.xml.utf8), source: "fixture")
    let screens = GSettingsScreens(
      schemas: Self.schemas, relocatable: [], text: text, translations: [:], language: "ja")
    let strings = screens.schema.strings
    #expect(strings.missingLanguage(for: "ja") == nil)
    #expect(strings.languages == ["en", "ja"])
    let english = GSettingsScreens(
      schemas: Self.schemas, relocatable: [], text: text, translations: [:], language: "en")
    #expect(english.schema.strings.languages == ["en"])
  }

  @Test func describingAKeyAddsItsTypeTranslatedDescriptionFlagsAndWritability() throws {
    let screens = try screens()
    let japanese = describing(screens, language: "ja")
    let enabled = try description(of: "org.settei.test:enabled", in: japanese)
    #expect(enabled.contains("  GVariant:   b"), "\(enabled)")
    #expect(enabled.contains("  説明:       機能が有効かどうか。"), "\(enabled)")
    #expect(enabled.last == "  変更:       可")
    let english = describing(screens, language: "en")
    let inEnglish = try description(of: "org.settei.test:enabled", in: english)
    #expect(inEnglish.contains("  about:    Whether the feature is on. A second line."))
    #expect(inEnglish.last == "  writable: yes")
    // A flags key's row allows any set of its flags, said once.
    let days = try description(of: "org.settei.test:days", in: english)
    #expect(
      days.filter { $0.hasPrefix("  allowed:") } == [
        "  allowed:  any set of monday (monday), tuesday (tuesday), wednesday (wednesday)"
      ], "\(days)")
    #expect(days.contains("  default:  monday"), "\(days)")
    // A key without a description has no such line.
    let count = try description(of: "org.settei.test:count", in: english)
    #expect(!count.contains { $0.hasPrefix("  about:") })
  }

  @Test func aKeyGIOWillNotChangeIsAReadOnlyRowThatSaysWhy() throws {
    let screens = try screens(unwritable: ["org.settei.test:volume", "org.settei.test:clock"])
    let page = try #require(screens.schema.pages["org.settei.test"])
    let kinds = Dictionary(
      uniqueKeysWithValues: page.specifiers.compactMap { s in s.key.map { ($0, s.kind) } })
    #expect(kinds["org.settei.test:volume"] == .titleValue)
    #expect(kinds["org.settei.test:clock"] == .titleValue)
    #expect(kinds["org.settei.test:name"] == .textField)
    let model = describing(screens, language: "en")
    let volume = try description(of: "org.settei.test:volume", in: model)
    // The row shows no slider, so `? N` gives the key's range itself.
    #expect(volume.contains("  allowed:  0 to 100"), "\(volume)")
    #expect(
      volume.last?.hasPrefix("  writable: no: GSettings will not change org.settei.test:volume")
        == true)
    let clock = try description(of: "org.settei.test:clock", in: model)
    #expect(clock.contains("  allowed:  one of 24h, 12h"), "\(clock)")
  }

  @Test func schemaIDsArePanesOfPanesDownToTheSchemasPage() throws {
    let schema = try screens().schema
    func panes(_ page: String) -> [String] {
      (schema.pages[page]?.specifiers ?? []).filter { $0.kind == .childPane }.map {
        "\($0.title ?? "") → \($0.file ?? "")"
      }
    }
    #expect(panes("Root") == ["org → org"])
    #expect(panes("org") == ["settei → org.settei"])
    #expect(panes("org.settei") == ["test → org.settei.test"])
    #expect(panes("org.settei.test") == ["extra → org.settei.test.extra"])
    #expect(
      schema.pages["org.settei.test.extra"]?.specifiers.compactMap(\.key) == [
        "org.settei.test.extra:level"
      ])
    #expect(schema.appName == "GSettings")
  }

  @Test func eachKeyTakesTheSpecifierOfItsTypeAndRange() throws {
    let page = try #require(try screens().schema.pages["org.settei.test"])
    let kinds = page.specifiers.compactMap { specifier in
      specifier.key.map { "\($0.dropFirst("org.settei.test:".count)) \(specifier.kind.typeName)" }
    }
    // Settings first, by name, a flags key among them; the lists (as) after them, as
    // sections of their own.
    #expect(
      kinds == [
        "clock PSMultiValueSpecifier", "count PSTextFieldSpecifier",
        "days PSMultiValueSpecifier", "enabled PSToggleSwitchSpecifier",
        "name PSTextFieldSpecifier", "pair PSTextFieldSpecifier", "ratio PSTextFieldSpecifier",
        "volume PSSliderSpecifier", "fonts IASKListGroupSpecifier",
      ])
    let byKey = Dictionary(
      uniqueKeysWithValues: page.specifiers.compactMap { s in s.key.map { ($0, s) } })
    #expect(byKey["org.settei.test:clock"]?.values == ["24h", "12h"])
    #expect(byKey["org.settei.test:volume"]?.maximumValue == 100)
    #expect(byKey["org.settei.test:count"]?.keyboardType == "NumberPad")
    #expect(byKey["org.settei.test:count"]?.defaultValue == "7")
    #expect(byKey["org.settei.test:ratio"]?.defaultValue == "0.25")
    // A flags key is a set of its nicks, each chosen on its own; a choice key is one of them.
    #expect(byKey["org.settei.test:days"]?.values == ["monday", "tuesday", "wednesday"])
    #expect(byKey["org.settei.test:days"]?.allowsMultipleSelection == true)
    #expect(byKey["org.settei.test:clock"]?.allowsMultipleSelection == false)
    #expect(byKey["org.settei.test:fonts"]?.itemSpecifier(in: "ItemSpecifier")?.kind == .textField)
    #expect(byKey["org.settei.test:pair"]?.title == "pair")
  }

  @Test func titlesAreSummariesTranslatedThroughTheSchemasDomain() throws {
    let schema = try screens().schema
    let page = try #require(schema.pages["org.settei.test"])
    let model = SettingsModel(schema: schema, storedValues: [:], language: "ja")
    let volume = try #require(page.specifiers.first { $0.key == "org.settei.test:volume" })
    #expect(model.localized(volume.title ?? "", on: page) == "音量")
    let name = try #require(page.specifiers.first { $0.key == "org.settei.test:name" })
    #expect(model.localized(name.title ?? "", on: page) == "Name")
    // English is a language of the screens too (`lang en`): the summaries as written.
    #expect(model.schema.strings.languages == ["en", "ja"])
    model.language = "en"
    #expect(model.localized(volume.title ?? "", on: page) == "Volume")
    // Every default fits its setting.
    for (key, setting) in try screens().settings {
      let value = setting.settingValue(setting.key.defaultValue)
      #expect(model.problem(storing: value, forKey: key) == nil, "\(key)")
    }
  }

  /// `org.settei.test.things` at `/org/settei/test/things/a/` and the relocatable child
  /// `more` of `org.settei.test.extra`, as ``GSettingsInstances`` finds them.
  func screensWithInstances(unwritable: Set<String> = []) throws -> GSettingsScreens {
    var text = GSchemaText()
    try text.read(Array(GSettingsFixture.xml.utf8), source: "fixture")
    let thing = GSettingsKeyInfo(name: "thing", type: "s", defaultValue: "", range: .any)
    let size = GSettingsKeyInfo(name: "size", type: "i", defaultValue: .integer(1), range: .any)
    return GSettingsScreens(
      schemas: Self.schemas,
      relocatable: ["org.settei.test.relocatable", "org.settei.test.things"], text: text,
      translations: ["settei-test": MOCatalog(translations: ["Size": "大きさ"])],
      language: "ja", unwritable: unwritable,
      instances: [
        GSettingsSchemaInfo(
          id: "org.settei.test.things", path: "/org/settei/test/things/a/", keys: [size, thing],
          children: []),
        GSettingsSchemaInfo(
          id: "org.settei.test.relocatable", path: "/org/settei/test/extra/more/", keys: [thing],
          children: []),
      ])
  }

  @Test func aRelocatableSchemaAtAPathIsAPageNamedWithItsPath() throws {
    let screens = try screensWithInstances(
      unwritable: ["org.settei.test.things:/org/settei/test/things/a/:size"])
    let schema = screens.schema
    let name = "org.settei.test.things:/org/settei/test/things/a/"
    let page = try #require(schema.pages[name])
    #expect(page.title == "a")
    #expect(page.stringsTable == "settei-test")
    #expect(page.specifiers.compactMap(\.key) == [name + ":size", name + ":thing"])
    // Its keys' titles are its schema's summaries, translated through its domain.
    let model = SettingsModel(schema: schema, storedValues: [:], language: "ja")
    #expect(
      page.specifiers.compactMap(\.title).map { model.localized($0, on: page) } == ["大きさ", "Thing"])
    // Its writability is asked at its path.
    #expect(page.specifiers.first { $0.key == name + ":size" }?.kind == .titleValue)
    #expect(page.specifiers.first { $0.key == name + ":thing" }?.kind == .textField)
    #expect(screens.settings[name + ":size"]?.path == "/org/settei/test/things/a/")
    #expect(screens.settings[name + ":size"]?.schema == "org.settei.test.things")
    #expect(screens.settings["org.settei.test:volume"]?.path == nil)
    // Reached from the schema above its path, under a group titled with the folder between.
    func rows(_ page: String) -> [String] {
      (schema.pages[page]?.specifiers ?? []).filter { $0.key == nil }.map {
        "\($0.kind == .group ? "group" : "pane") \($0.title ?? "") \($0.file ?? "")"
      }
    }
    #expect(
      rows("org.settei.test") == [
        "group  ", "pane extra org.settei.test.extra", "group things ", "pane a " + name, "group  ",
      ])
    // A relocatable child is with the schema's children.
    #expect(
      rows("org.settei.test.extra") == [
        "group  ", "pane more org.settei.test.relocatable:/org/settei/test/extra/more/", "group  ",
      ])
    // Shown somewhere, a relocatable schema is not listed as left out.
    #expect(screens.skippedRelocatable.isEmpty)
  }

  @Test func oneNoSchemaIsAboveIsReachedFromItsOwnSchemasPageInTheTree() throws {
    var text = GSchemaText()
    try text.read(Array(GSettingsFixture.xml.utf8), source: "fixture")
    let thing = GSettingsKeyInfo(name: "thing", type: "s", defaultValue: "", range: .any)
    let schema = GSettingsScreens(
      schemas: Self.schemas, relocatable: ["org.settei.test.things"], text: text,
      translations: [:], language: "en",
      instances: [
        GSettingsSchemaInfo(
          id: "org.settei.test.things", path: "/net/x/", keys: [thing], children: [])
      ]
    ).schema
    let panes = { (page: String) in
      (schema.pages[page]?.specifiers ?? []).filter { $0.kind == .childPane }.map {
        "\($0.title ?? "") → \($0.file ?? "")"
      }
    }
    #expect(
      panes("org.settei.test") == [
        "extra → org.settei.test.extra", "things → org.settei.test.things",
      ])
    #expect(panes("org.settei.test.things") == ["/net/x/ → org.settei.test.things:/net/x/"])
    #expect(
      schema.pages["org.settei.test.things:/net/x/"]?.specifiers.compactMap(\.key) == [
        "org.settei.test.things:/net/x/:thing"
      ])
  }

  @Test func relocatableSchemasAreLeftOutAndListed() throws {
    let screens = try screens()
    #expect(screens.skippedRelocatable == ["org.settei.test.relocatable"])
    #expect(screens.schema.pages.keys.contains { $0.contains("relocatable") } == false)
  }
}
