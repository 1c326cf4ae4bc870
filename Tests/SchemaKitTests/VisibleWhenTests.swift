import FileFormats
import TestSupport
import Testing

@testable import SchemaKit

/// A schema read from JSON text whose root page holds `specifiers` (JSON objects).
private func schema(_ specifiers: String) throws -> SettingsSchema {
  try JSONSchemaReader.read(
    Array(#"{"PreferenceSpecifiers": [\#(specifiers)]}"#.utf8), source: "v.json")
}

/// The problems lint reports about `VisibleWhen` in a schema of `specifiers`.
private func visibilityProblems(_ specifiers: String) throws -> [LintProblem] {
  SchemaLinter.lint(try schema(specifiers)).filter { $0.message.contains("VisibleWhen") }
}

private let wifi =
  #"{"Type": "PSToggleSwitchSpecifier", "Title": "Wi-Fi", "Key": "wifi", "DefaultValue": true}"#

@Suite struct VisibleWhenTests {
  // MARK: Reading

  @Test func aDictionaryIsOneConditionAndAnArrayIsAllOfThem() throws {
    let one = try VisibleWhen.parse(["Key": "wifi", "Values": [true]]).get()
    #expect(one.conditions == [VisibleWhen.Condition(key: "wifi", values: [true])])
    let all = try VisibleWhen.parse([
      ["Key": "wifi", "Values": [true]], ["Key": "mode", "NotValues": ["off", "auto"]],
    ]).get()
    #expect(all.conditions.map(\.key) == ["wifi", "mode"])
    #expect(all.conditions.map(\.isNegated) == [false, true])
  }

  @Test func valuesCompareAsIOSComparesThem() {
    let on = VisibleWhen.Condition(key: "wifi", values: [true])
    #expect(on.holds(for: .integer(1)), "NSNumber's true is 1")
    #expect(on.holds(for: .bool(true)))
    #expect(!on.holds(for: .bool(false)))
    #expect(!on.holds(for: nil), "no value is none of the values")
    #expect(!on.holds(for: .string("YES")), "a text is not a Boolean")
    let notOff = VisibleWhen.Condition(key: "mode", values: ["off"], isNegated: true)
    #expect(notOff.holds(for: "auto"))
    #expect(!notOff.holds(for: "off"))
    #expect(notOff.holds(for: nil))
    let number = VisibleWhen.Condition(key: "level", values: [.real(2)])
    #expect(number.holds(for: .integer(2)), "numbers by value")
  }

  @Test func bothDecodersKeepVisibleWhenOnAnySpecifier() throws {
    let fixtures = PackagePaths.fixtures + "/VisibleWhen"
    let json = try SchemaLoader.load(path: fixtures + "/network.json")
    let root = try #require(json.rootPage)
    let proxyServer = try #require(root.specifiers.first { $0.title == "Proxy Server" })
    #expect(proxyServer.kind == .group)
    #expect(
      proxyServer.visibleWhen?.conditions == [
        .init(key: "wifi", values: [true]), .init(key: "proxy", values: ["manual"]),
      ])
    let pane = try #require(root.specifiers.first { $0.kind == .childPane })
    #expect(pane.visibleWhen?.conditions == [.init(key: "proxy", values: ["off"], isNegated: true)])
    let plist = try SchemaLoader.load(path: fixtures + "/Network.bundle")
    let plistRoot = try #require(plist.rootPage)
    #expect(plistRoot.specifiers[1].visibleWhen?.conditions == [.init(key: "wifi", values: [true])])
    #expect(
      plistRoot.specifiers[2].visibleWhen?.conditions == [
        .init(key: "wifi", values: [false], isNegated: true)
      ])
    #expect(plistRoot.specifiers[0].visibleWhen == nil)
    #expect(!plistRoot.specifiers[0].hasVisibleWhen)
  }

  @Test func theJSONFormWritesVisibleWhenBack() throws {
    let read = try SchemaLoader.load(path: PackagePaths.fixtures + "/VisibleWhen/network.json")
    let written = JSONSchemaWriter.serialize(read)
    let again = try JSONSchemaReader.read(Array(written.utf8), source: "again.json")
    #expect(
      again.rootPage?.specifiers.map(\.visibleWhen) == read.rootPage?.specifiers.map(\.visibleWhen))
  }

  @Test func aGroupTakesItsRowsUpToTheNextSection() throws {
    let page = try #require(
      try schema(
        """
        {"Type": "PSGroupSpecifier", "Title": "A"}, \(wifi),
        {"Type": "PSRadioGroupSpecifier", "Key": "r", "DefaultValue": 1, "Titles": ["1"], "Values": [1]},
        {"Type": "PSToggleSwitchSpecifier", "Title": "After", "Key": "after", "DefaultValue": true}
        """
      ).rootPage)
    #expect(page.enclosingGroupPosition(of: 1) == 0)
    #expect(page.enclosingGroupPosition(of: 0) == nil, "a group is in no group")
    #expect(page.enclosingGroupPosition(of: 3) == nil, "a radio group ends the group's rows")
  }

  // MARK: Lint

  @Test func malformedVisibleWhenNamesTheFileTheSpecifierAndWhatToWrite() throws {
    let cases: [(String, String)] = [
      (#""VisibleWhen": "wifi""#, "VisibleWhen is \"wifi\" (a string); it must be a dictionary"),
      (#""VisibleWhen": []"#, "VisibleWhen is an empty array"),
      (#""VisibleWhen": {"Values": [true]}"#, "VisibleWhen has no Key"),
      (
        #""VisibleWhen": {"Key": "wifi", "Values": [true], "NotValues": [false]}"#,
        "both Values and NotValues"
      ),
      (#""VisibleWhen": {"Key": "wifi"}"#, "neither Values nor NotValues"),
      (#""VisibleWhen": {"Key": "wifi", "Values": []}"#, "VisibleWhen's Values is empty"),
      (#""VisibleWhen": [{"Key": "wifi", "Values": [true]}, 3]"#, "VisibleWhen[1] is 3"),
      (#""VisibleWhen": {"Key": "wifi", "Value": [true]}"#, "the member 'Value'"),
    ]
    for (member, expected) in cases {
      let problems = try visibilityProblems(
        wifi + #", {"Type": "PSTextFieldSpecifier", "Title": "SSID", "Key": "ssid", "#
          + member + "}")
      let problem = try #require(problems.first, "\(member)")
      #expect(problems.count == 1, "\(member)")
      #expect(problem.severity == .error)
      #expect(problem.specifierIndex == 1)
      #expect(
        problem.description.hasPrefix("v.json: PreferenceSpecifiers[1] (Key 'ssid'): error: "))
      #expect(problem.message.contains(expected), "\(problem.message)")
      #expect(problem.fix.contains(#""VisibleWhen": {"Key": "wifi", "Values": [true]}"#))
      #expect(problem.leavesRowUsable, "the row is shown always")
    }
  }

  @Test func aPropertyListIsToldTheFixInItsOwnSyntax() throws {
    let page = SettingsSchema.Page(
      name: "Root", title: nil, stringsTable: nil,
      specifiers: [
        Specifier(
          index: 0,
          raw: [
            "Type": "PSToggleSwitchSpecifier", "Key": "a", "Title": "A", "DefaultValue": true,
            "VisibleWhen": "a",
          ])
      ], source: "Root.plist")
    let problems = SchemaLinter.lint(
      SettingsSchema(pages: ["Root": page], rootPageName: "Root", strings: StringsCatalog()))
    let problem = try #require(problems.first { $0.message.contains("VisibleWhen") })
    #expect(problem.fix.contains("<key>VisibleWhen</key><dict><key>Key</key>"))
  }

  @Test func theKeyMustBeASettingOfTheSchema() throws {
    let problems = try visibilityProblems(
      wifi
        + #", {"Type": "PSGroupSpecifier", "Key": "section", "VisibleWhen": {"Key": "wify", "Values": [true]}},"#
        + #"{"Type": "PSGroupSpecifier", "VisibleWhen": {"Key": "section", "Values": [true]}}"#)
    #expect(problems.map(\.specifierIndex) == [1, 2])
    #expect(problems[0].message.contains("Key 'wify', which no setting of this schema has"))
    #expect(problems[1].message.contains("Key 'section'"), "a group's Key stores no value")
  }

  @Test func theValuesMustBeValuesTheSettingCanHold() throws {
    let metered =
      #"{"Type": "PSToggleSwitchSpecifier", "Title": "M", "Key": "metered", "DefaultValue": "NO", "TrueValue": "YES", "FalseValue": "NO"}"#
    let mode =
      #"{"Type": "PSMultiValueSpecifier", "Title": "Mode", "Key": "mode", "DefaultValue": "a", "Titles": ["A", "B"], "Values": ["a", "b"]}"#
    let name = #"{"Type": "PSTextFieldSpecifier", "Title": "N", "Key": "name"}"#
    func row(_ condition: String) -> String {
      #", {"Type": "PSTitleValueSpecifier", "Key": "x", "DefaultValue": "", "VisibleWhen": \#(condition)}"#
    }
    let problems = try visibilityProblems(
      [wifi, metered, mode, name].joined(separator: ", ")
        + row(#"{"Key": "wifi", "Values": [1, false]}"#)
        + row(#"{"Key": "metered", "Values": [true]}"#)
        + row(#"{"Key": "mode", "NotValues": ["a", "c"]}"#)
        + row(#"{"Key": "name", "Values": ["anything"]}"#)
        + row(#"{"Key": "metered", "Values": ["YES"]}"#))
    #expect(problems.map(\.specifierIndex) == [5, 6])
    #expect(problems[0].message.contains("with true (a boolean)"))
    #expect(problems[0].fix == #"write one of its values: "YES", "NO""#)
    #expect(problems[1].message.contains(#"with "c" (a string)"#))
    #expect(problems[1].fix == #"write one of its values: "a", "b""#)
  }

  @Test func aCycleIsReportedOnceWithItsKeys() throws {
    func toggle(_ key: String, when other: String) -> String {
      #"{"Type": "PSToggleSwitchSpecifier", "Title": "\#(key)", "Key": "\#(key)", "DefaultValue": true, "VisibleWhen": {"Key": "\#(other)", "Values": [true]}}"#
    }
    let two = try visibilityProblems(toggle("a", when: "b") + ", " + toggle("b", when: "a"))
    #expect(two.count == 1)
    #expect(two.first?.message.contains("cycle: 'a' → 'b' → 'a'") == true)
    #expect(two.first?.specifierIndex == 0)
    let three = try visibilityProblems(
      [
        toggle("a", when: "b"), toggle("b", when: "c"), toggle("c", when: "a"),
        toggle("d", when: "a"),
      ]
      .joined(separator: ", "))
    #expect(three.map(\.message).filter { $0.contains("cycle") }.count == 1)
    #expect(three.first?.message.contains("'a' → 'b' → 'c' → 'a'") == true)
    // A group shown while a setting inside it is on: the setting hides itself.
    let group = try visibilityProblems(
      #"{"Type": "PSGroupSpecifier", "VisibleWhen": {"Key": "wifi", "Values": [true]}}, "# + wifi)
    #expect(group.first?.message.contains("'wifi' → 'wifi'") == true)
    // No cycle: a chain that ends.
    #expect(try visibilityProblems(wifi + ", " + toggle("a", when: "wifi")).isEmpty)
  }

  @Test func theFixturesAreClean() throws {
    for path in ["/VisibleWhen/network.json", "/VisibleWhen/Network.bundle"] {
      #expect(SchemaLinter.lint(try SchemaLoader.load(path: PackagePaths.fixtures + path)) == [])
    }
  }
}
