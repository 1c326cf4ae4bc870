import TestSupport
import Testing

@testable import SchemaKit

/// A schema read from JSON text, for lint tests.
private func jsonSchema(_ json: String) throws -> SettingsSchema {
  try JSONSchemaReader.read(Array(json.utf8), source: "s.json")
}

@Suite struct SchemaLinterTests {
  @Test
  func reportsTheMalformedFixturesTitlesValuesMismatch() throws {
    let path = testsBundle + "/Malformed.plist"
    let problems = SchemaLinter.lint(try SchemaLoader.load(path: path))
    let mismatch = try #require(problems.first { $0.message.contains("Titles has") })
    #expect(mismatch.severity == .error)
    #expect(mismatch.source == path)
    #expect(mismatch.page == "Malformed")
    #expect(mismatch.specifierIndex == 0)
    #expect(mismatch.key == "mulValue")
    #expect(
      mismatch.description
        == "\(path): PreferenceSpecifiers[0] (Key 'mulValue'): error: Titles has 2 entries but "
        + "Values has 1 entry. Fix: give every value a title, in the same order.")
    // DefaultValue 0 is the real 0.0 in Values: iOS compares numbers by value, no alarm.
    #expect(!problems.contains { $0.message.contains("DefaultValue") })
    #expect(problems.errors.count == 1)
  }

  @Test func theEmbeddedSchemaIsClean() throws {
    #expect(SchemaLinter.lint(try EmbeddedSchema.load()) == [])
  }

  /// A schema with one specifier for each check the linter makes, most of them failing.
  static let everyCheck = """
    {"Title": "Everything", "PreferenceSpecifiers": [
      {"Title": "no type"},
      {"Type": 3},
      {"Type": "PSToogleSwitchSpecifier", "Title": "typo", "Key": "typo"},
      {"Type": "PSToggleSwitchSpecifier", "Title": "no key", "DefaultValue": true},
      {"Type": "PSToggleSwitchSpecifier", "Title": "empty key", "Key": "", "DefaultValue": true},
      {"Type": "PSToggleSwitchSpecifier", "Key": "untitled", "DefaultValue": true},
      {"Type": "PSToggleSwitchSpecifier", "Title": "no default", "Key": "noDefault"},
      {"Type": "PSToggleSwitchSpecifier", "Title": "yes", "Key": "yes", "DefaultValue": "YES"},
      {"Type": "PSToggleSwitchSpecifier", "Title": "kinds", "Key": "kinds", "DefaultValue": 1.0,
       "TrueValue": 1, "FalseValue": 0},
      {"Type": "PSMultiValueSpecifier", "Title": "m1", "Key": "m1", "DefaultValue": 1, "Values": [1]},
      {"Type": "PSMultiValueSpecifier", "Title": "m2", "Key": "m2", "DefaultValue": 1, "Titles": ["a"]},
      {"Type": "PSMultiValueSpecifier", "Title": "m3", "Key": "m3", "DefaultValue": 1,
       "Titles": "a", "Values": [1]},
      {"Type": "PSMultiValueSpecifier", "Title": "m4", "Key": "m4", "DefaultValue": 1,
       "Titles": ["a", "b"], "Values": [1]},
      {"Type": "PSRadioGroupSpecifier", "Key": "m5", "DefaultValue": 1,
       "Titles": ["a", 2], "Values": [1, 2]},
      {"Type": "PSMultiValueSpecifier", "Title": "m6", "Key": "m6", "DefaultValue": 1,
       "Titles": ["a"], "ShortTitles": ["a", "b"], "Values": [1]},
      {"Type": "PSMultiValueSpecifier", "Title": "m7", "Key": "m7", "DefaultValue": 1,
       "Titles": ["a"], "ShortTitles": "a", "Values": [1]},
      {"Type": "PSMultiValueSpecifier", "Title": "m8", "Key": "m8", "DefaultValue": 3,
       "Titles": ["a"], "Values": [1]},
      {"Type": "PSRadioGroupSpecifier", "Key": "m9", "DefaultValue": 1,
       "Titles": ["a"], "Values": [1.0]},
      {"Type": "PSTextFieldSpecifier", "Title": "t", "Key": "t", "DefaultValue": 42},
      {"Type": "PSSliderSpecifier", "Key": "s1", "DefaultValue": 1, "MaximumValue": 2},
      {"Type": "PSSliderSpecifier", "Key": "s2", "DefaultValue": 1, "MinimumValue": "0",
       "MaximumValue": "two"},
      {"Type": "PSSliderSpecifier", "Key": "s3", "DefaultValue": 1, "MinimumValue": 5,
       "MaximumValue": 1},
      {"Type": "PSSliderSpecifier", "Key": "s4", "DefaultValue": 9, "MinimumValue": 0,
       "MaximumValue": 1.5},
      {"Type": "PSTitleValueSpecifier", "Title": "v", "Key": "v"},
      {"Type": "PSChildPaneSpecifier", "Title": "c1"},
      {"Type": "PSChildPaneSpecifier", "Title": "c2", "File": 7},
      {"Type": "PSChildPaneSpecifier", "Title": "c3", "File": "Nowhere"},
      {"Type": "IASKListGroupSpecifier", "Key": "list",
       "ItemSpecifier": {"Type": "PSChildPaneSpecifier", "File": "Nope"}},
      {"Type": "PSTextFieldSpecifier", "Title": "a1", "Key": "a1", "AutoCorrectionType": "No"},
      {"Type": "PSTextFieldSpecifier", "Title": "a2", "Key": "a2", "AutoCapitalizationType": "None"},
      {"Type": "PSToggleSwitchSpecifier", "Title": "d1", "Key": "dup", "DefaultValue": true},
      {"Type": "PSToggleSwitchSpecifier", "Title": "d2", "Key": "dup", "DefaultValue": false},
      {"Type": "PSTextFieldSpecifier", "Title": "e1", "Key": "same"},
      {"Type": "PSTextFieldSpecifier", "Title": "e2", "Key": "same"},
      {"Type": "PSChildPaneSpecifier", "Title": "custom", "IASKViewControllerClass": "X"},
      {"Type": "IASKButtonSpecifier", "Title": "b", "Key": "b"},
      {"Type": "PSGroupSpecifier", "Title": "fine"},
      {"Type": "PSChildPaneSpecifier", "Title": "fine", "File": "Fine", "Children":
        {"PreferenceSpecifiers": [{"Type": "PSGroupSpecifier"}]}}
    ]}
    """

  @Test func aSyntheticSchemaTriggersEveryCheckOnce() throws {
    var schema = try jsonSchema(Self.everyCheck)
    schema.loadProblems = [
      LintProblem(
        severity: .warning, source: "de.lproj/Root.strings", page: "Root", message: "from loading",
        fix: "x", line: 2, column: 3)
    ]
    let problems = SchemaLinter.lint(schema)
    let expected: [(Int, LintProblem.Severity, String)] = [
      (0, .error, "the specifier has no Type"),
      (1, .error, "Type is 3 (an integer), not a string"),
      (2, .warning, "unknown Type 'PSToogleSwitchSpecifier'"),
      (3, .error, "the PSToggleSwitchSpecifier has no Key"),
      (4, .error, "Key is \"\" (a string); it must be a non-empty string"),
      (5, .warning, "the PSToggleSwitchSpecifier has no Title"),
      (6, .error, "the PSToggleSwitchSpecifier has no DefaultValue"),
      (7, .warning, "DefaultValue \"YES\" is neither TrueValue (true) nor FalseValue (false)"),
      (9, .error, "the PSMultiValueSpecifier has no Titles"),
      (10, .error, "the PSMultiValueSpecifier has no Values"),
      (11, .error, "Titles is \"a\" (a string), not an array"),
      (12, .error, "Titles has 2 entries but Values has 1 entry"),
      (13, .warning, "Titles[1] is 2 (an integer), not a string"),
      (14, .warning, "ShortTitles has 2 entries but Values has 1 entry"),
      (15, .warning, "ShortTitles is \"a\" (a string), not an array"),
      (16, .error, "DefaultValue 3 is not among Values (1)"),
      (18, .warning, "DefaultValue is 42 (an integer), not a string"),
      (19, .error, "the slider has no MinimumValue"),
      (20, .warning, "MinimumValue is \"0\" (a string); iOS reads it as the number 0"),
      (20, .error, "MaximumValue is \"two\" (a string), not a number"),
      (21, .error, "MinimumValue 5 is greater than MaximumValue 1"),
      (22, .warning, "DefaultValue 9 is outside the slider's range, 0 to 1.5"),
      (23, .warning, "the title value has no DefaultValue"),
      (24, .error, "the child pane has no File"),
      (25, .error, "File is 7 (an integer), not a string"),
      (26, .error, "File 'Nowhere' names no page in this schema"),
      (27, .error, "ItemSpecifier's File 'Nope' names no page in this schema"),
      (28, .warning, "AutoCorrectionType is not a key Settings.app reads"),
      (29, .warning, "AutoCapitalizationType is not a key Settings.app reads"),
      (
        31, .error,
        "Key 'dup' is also used by s.json PreferenceSpecifiers[30], with a different "
          + "DefaultValue"
      ),
      (33, .warning, "Key 'same' is also used by s.json PreferenceSpecifiers[32]; both show"),
    ]
    let onSpecifiers = problems.filter { $0.specifierIndex != nil }
    for (index, severity, message) in expected {
      let found = onSpecifiers.filter { $0.message.hasPrefix(message) }
      #expect(found.count == 1, "\(message): \(found)")
      #expect(found.first?.specifierIndex == index, "\(message)")
      #expect(found.first?.severity == severity, "\(message)")
    }
    #expect(onSpecifiers.count == expected.count, "\(onSpecifiers.map(\.description))")
    #expect(problems.first?.message == "from loading")
    #expect(problems.count == expected.count + 1)
    #expect(
      problems.first { $0.specifierIndex == 2 }?.fix == "did you mean PSToggleSwitchSpecifier?")
    #expect(
      problems.first { $0.specifierIndex == 28 }?.fix
        == "rename AutoCorrectionType to AutocorrectionType")
  }

  @Test func anUnknownTypeWithTwoLettersSwappedTwiceGetsTheNameItMeant() throws {
    // Two swaps are two slips (four insertions and deletions): the name is still suggested.
    let schema = try jsonSchema(
      """
      {"PreferenceSpecifiers": [
        {"Type": "PSSldierSpceifier", "Title": "t", "Key": "k", "DefaultValue": 1}
      ]}
      """)
    let unknown = try #require(
      SchemaLinter.lint(schema).first { $0.message.contains("unknown Type") })
    #expect(unknown.fix == "did you mean PSSliderSpecifier?")
  }

  @Test
  func aMissingChildPaneNamesTheFilesLookedFor() throws {
    let schema = try SchemaLoader.load(path: testsBundle, inApp: true)
    let problems = SchemaLinter.lint(schema)
    let missing = try #require(problems.first { $0.message.contains("'Listgroup'") })
    #expect(missing.severity == .error)
    #expect(missing.source.hasSuffix("/Root.inApp.plist"))
    #expect(missing.specifierIndex == 10)
    #expect(
      missing.message
        == "File 'Listgroup' names no page: none of Listgroup~iphone.inApp.plist, "
        + "Listgroup.inApp.plist, Listgroup~iphone.plist, Listgroup.plist exists")
    #expect(missing.fix == "add the page Listgroup.plist beside this one, or correct File")
  }

  @Test
  func theSampleBundlesRealProblemsAreFoundAndItsExtensionsAccepted() throws {
    let problems = SchemaLinter.lint(try SchemaLoader.load(path: sampleBundle, inApp: true))
    #expect(!problems.contains { $0.message.contains("unknown Type") })
    #expect(!problems.contains { $0.message.contains("names no page") })
    let fruit = problems.problems(forPage: "Fruit", specifierIndex: 0)
    #expect(
      fruit.map(\.message) == [
        #"DefaultValue 1 is not among Values ("Banana", "Kiwi", "Strawberry")"#
      ])
    let toggle = problems.problems(forPage: "Root", specifierIndex: 1)
    #expect(toggle.first?.message.contains("DefaultValue \"YES\" is neither") == true)
    let duplicate = problems.problems(forPage: "Advanced", specifierIndex: 9)
      .filter { $0.message.contains("also used") }
    #expect(duplicate.first?.severity == .warning)
    #expect(duplicate.first?.message.hasPrefix("Key 'AutoConnect' is also used by ") == true)
    // Account is the page of a list's items: its "password" is not the Advanced page's.
    #expect(!problems.contains { $0.page == "Account" && $0.message.contains("also used") })
    // The problems come page by page from the root, in specifier order.
    #expect(problems.first?.page == "Root")
  }

  @Test func problemsForASpecifierListErrorsFirst() {
    let problems = [
      LintProblem(
        severity: .warning, source: "a", page: "P", specifierIndex: 1, message: "w", fix: "f"),
      LintProblem(
        severity: .error, source: "a", page: "P", specifierIndex: 1, message: "e", fix: "f"),
      LintProblem(
        severity: .error, source: "a", page: "P", specifierIndex: 2, message: "x", fix: "f"),
      LintProblem(
        severity: .error, source: "a", page: "Q", specifierIndex: 1, message: "y", fix: "f"),
    ]
    #expect(problems.problems(forPage: "P", specifierIndex: 1).map(\.message) == ["e", "w"])
    #expect(problems.errors.count == 3)
    #expect(problems.warnings.count == 1)
  }

  @Test func descriptionsReadLikeACompilersMessages() {
    let inSpecifier = LintProblem(
      severity: .error, source: "Root.plist", page: "Root", specifierIndex: 3, key: "k\u{1B}",
      message: "bad", fix: "mend")
    #expect(
      inSpecifier.description
        == "Root.plist: PreferenceSpecifiers[3] (Key 'k\\u{1B}'): error: bad. Fix: mend.")
    let inFile = LintProblem(
      severity: .warning, source: "en.lproj/Root.strings", page: "Root", message: "odd",
      fix: "mend",
      line: 4, column: 2)
    #expect(inFile.description == "en.lproj/Root.strings:4:2: warning: odd. Fix: mend.")
  }
}

@Suite struct LintRowUsabilityTests {
  @Test func defaultsAndSharedKeysLeaveTheRowUsableButMismatchedChoicesDoNot() throws {
    let json = """
      {"PreferenceSpecifiers": [
        {"Type": "PSMultiValueSpecifier", "Title": "A", "Key": "a", "DefaultValue": "x",
         "Titles": ["One"], "Values": ["one"]},
        {"Type": "PSMultiValueSpecifier", "Title": "B", "Key": "b", "DefaultValue": "one",
         "Titles": ["One", "Two"], "Values": ["one"]}
      ]}
      """
    let schema = try JSONSchemaReader.read(Array(json.utf8), source: "s.json")
    let errors = SchemaLinter.lint(schema).errors
    let a = try #require(errors.first { $0.key == "a" })
    let b = try #require(errors.first { $0.key == "b" })
    #expect(a.message.contains("is not among Values") && a.leavesRowUsable)
    #expect(b.message.contains("Titles has 2 entries") && !b.leavesRowUsable)
  }
}

/// `rowBreakingErrors` checks for row-breaking errors only, without the other problems or
/// their messages: what it finds is what keeping those errors of the full lint gives.
@Suite struct LintRowBreakingErrorsTests {
  /// The ways to fail each check that ``SchemaLinterTests/everyCheck`` does not take, on
  /// three pages (one of a list's items): with it, every kind of problem the linter knows.
  static let brokenSpecifiers = """
    {"Title": "Broken", "PreferenceSpecifiers": [
      {"Type": ["PSGroupSpecifier"]},
      {"Type": {"a": 1}},
      {"Type": "CompletelyUnknownThingSpecifier", "Title": "far"},
      {"Type": "PSGroupSpecifier", "Title": "g", "AutoCorrectionType": "No",
       "AutoCapitalizationType": "No"},
      {"Type": "PSToggleSwitchSpecifier", "Title": "num key", "Key": 12, "DefaultValue": true},
      {"Type": "PSToggleSwitchSpecifier", "Title": 5, "Key": "numtitle", "DefaultValue": true},
      {"Type": "PSToggleSwitchSpecifier", "Title": "own", "Key": "own", "DefaultValue": "x",
       "TrueValue": "on"},
      {"Type": "PSToggleSwitchSpecifier", "Key": 3, "AutoCorrectionType": 1},
      {"Type": "PSMultiValueSpecifier", "Title": "m1", "Key": "m1", "DefaultValue": 1,
       "Titles": {"a": 1}, "Values": {"b": 2}},
      {"Type": "PSMultiValueSpecifier", "Title": "m2", "Key": "m2"},
      {"Type": "PSMultiValueSpecifier", "Key": "m3", "Titles": [], "Values": []},
      {"Type": "PSRadioGroupSpecifier", "Key": "m4", "DefaultValue": 1,
       "Titles": ["a", 2, 3], "Values": [1, 2]},
      {"Type": "PSMultiValueSpecifier", "Title": "m5", "Key": "m5", "DefaultValue": 1,
       "Titles": ["a"], "ShortTitles": ["a", 7], "Values": [1]},
      {"Type": "PSMultiValueSpecifier", "Title": "m6", "Key": "m6", "DefaultValue": 1,
       "ShortTitles": "a", "Values": [1]},
      {"Type": "PSMultiValueSpecifier", "Title": "m7", "Key": "m7",
       "DefaultValue": "a long default value, longer than forty characters",
       "Titles": ["a", "b", "c", "d", "e", "f", "g"], "Values": [1, 2, 3, 4, 5, 6, 7]},
      {"Type": "PSMultiValueSpecifier", "Title": "m8", "Key": "", "DefaultValue": 1,
       "Titles": "x", "Values": "y", "ShortTitles": 4},
      {"Type": "PSTextFieldSpecifier", "Title": "t2"},
      {"Type": "PSSliderSpecifier", "Key": "s5"},
      {"Type": "PSSliderSpecifier", "Key": "s6", "DefaultValue": "x", "MinimumValue": true,
       "MaximumValue": [1]},
      {"Type": "PSSliderSpecifier", "Key": "s7", "DefaultValue": "0.5", "MinimumValue": 0,
       "MaximumValue": 1},
      {"Type": "PSTitleValueSpecifier", "Title": "v2", "Key": "v2", "DefaultValue": 1,
       "Titles": "a", "Values": 2},
      {"Type": "PSTitleValueSpecifier", "Title": "v3", "Key": "v3", "DefaultValue": 1,
       "Titles": ["a", "b"], "Values": [1]},
      {"Type": "PSTitleValueSpecifier", "Title": "v4", "Key": "v4", "DefaultValue": 1,
       "Titles": ["a", 3], "ShortTitles": "a"},
      {"Type": "PSTitleValueSpecifier", "Title": "v5", "Key": "v5", "DefaultValue": 1,
       "Values": [1, 2], "ShortTitles": ["a"]},
      {"Type": "PSChildPaneSpecifier", "Title": "c4", "File": "Nowhere.plist"},
      {"Type": "PSChildPaneSpecifier", "File": "sub/Nowhere"},
      {"Type": "PSChildPaneSpecifier", "Title": "custom2", "IASKSegueIdentifier": "S",
       "File": 3},
      {"Type": "IASKListGroupSpecifier", "Key": "list",
       "ItemSpecifier": {"Type": "PSChildPaneSpecifier", "File": "Nope.plist"},
       "AddSpecifier": {"Type": "PSChildPaneSpecifier", "File": "Nope"}},
      {"Type": "PSTextFieldSpecifier", "Title": "a1", "Key": "a1", "AutoCorrectionType": "No",
       "Unknown": "x"},
      {"Type": "PSToggleSwitchSpecifier", "Title": "d1", "Key": "dup", "DefaultValue": true},
      {"Type": "IASKDatePickerSpecifier", "Key": "dp"},
      {"Type": "PSChildPaneSpecifier", "Title": "fine", "File": "Fine", "Children":
        {"PreferenceSpecifiers": [
          {"Type": "PSToggleSwitchSpecifier", "Title": "d3", "Key": "dup", "DefaultValue": 1},
          {"Type": "PSMultiValueSpecifier", "Key": "inner", "Titles": ["a", "b"], "Values": [1]},
          {"Type": "PSChildPaneSpecifier", "Title": "back", "File": "Missing"}]}},
      {"Type": "IASKListGroupSpecifier", "Key": "items", "ItemSpecifier":
        {"Type": "PSChildPaneSpecifier", "File": "Item", "Children":
          {"PreferenceSpecifiers": [
            {"Type": "PSTextFieldSpecifier", "Title": "n", "Key": "dup"},
            {"Type": "PSTextFieldSpecifier", "Key": "dup", "DefaultValue": 3},
            {"Type": "PSSliderSpecifier", "Key": "s", "MinimumValue": 1, "MaximumValue": 0}]}}}
    ]}
    """

  /// What keeping the row-breaking errors of ``SchemaLinter/lint(_:)`` gives: the first
  /// error of each specifier that does not leave its row usable, by page and index.
  private func rowBreakingErrorsOfTheFullLint(_ schema: SettingsSchema) -> [String: [Int: String]] {
    var result: [String: [Int: String]] = [:]
    for problem in SchemaLinter.lint(schema)
    where problem.severity == .error && !problem.leavesRowUsable {
      guard let index = problem.specifierIndex, result[problem.page]?[index] == nil else {
        continue
      }
      result[problem.page, default: [:]][index] = problem.message
    }
    return result
  }

  /// Expects both `rowBreakingErrors` to give what the full lint gives, of the schema and of
  /// each of its pages; returns how many errors that is.
  @discardableResult
  private func expectTheFullLintsErrors(
    _ schema: SettingsSchema, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Int {
    let expected = rowBreakingErrorsOfTheFullLint(schema)
    #expect(SchemaLinter.rowBreakingErrors(in: schema) == expected, sourceLocation: sourceLocation)
    for name in schema.pages.keys {
      #expect(
        SchemaLinter.rowBreakingErrors(onPage: name, of: schema) == expected[name] ?? [:],
        "page \(name)", sourceLocation: sourceLocation)
    }
    return expected.values.map(\.count).reduce(0, +)
  }

  @Test func specifiersBrokenEveryWay() throws {
    #expect(expectTheFullLintsErrors(try jsonSchema(SchemaLinterTests.everyCheck)) == 15)
    var schema = try jsonSchema(Self.brokenSpecifiers)
    // Problems of loading come first for their specifier, whether they break it or not.
    schema.loadProblems = [
      LintProblem(
        severity: .error, source: "s.json", page: "Root", specifierIndex: 5,
        message: "from loading", fix: "x"),
      LintProblem(
        severity: .error, source: "s.json", page: "Root", specifierIndex: 4,
        message: "usable", fix: "x", leavesRowUsable: true),
      LintProblem(
        severity: .warning, source: "s.json", page: "Fine", specifierIndex: 1,
        message: "a warning", fix: "x"),
      LintProblem(
        severity: .error, source: "s.json", page: "Elsewhere", specifierIndex: 0,
        message: "a page the schema lacks", fix: "x"),
    ]
    #expect(expectTheFullLintsErrors(schema) == 22)
    let errors = SchemaLinter.rowBreakingErrors(in: schema)
    #expect(errors["Root"]?[5] == "from loading")
    #expect(errors["Root"]?[4] == "Key is 12 (an integer); it must be a non-empty string")
    #expect(errors["Elsewhere"]?[0] == "a page the schema lacks")
    #expect(errors["Item"]?[2] == "MinimumValue 1 is greater than MaximumValue 0")
  }

  @Test func theFixtureBundles() throws {
    for path in PackagePaths.bundles + [PackagePaths.realWorldCasesBundle] {
      for idiom in [Idiom.phone, .pad] {
        expectTheFullLintsErrors(try SchemaLoader.load(path: path, idiom: idiom))
      }
      // Each page of the fixtures on its own, as the root of a schema.
      for file in folderEntries(path) where file.hasSuffix(".plist") {
        expectTheFullLintsErrors(try SchemaLoader.load(path: path + "/" + file))
      }
    }
  }

  @Test func aBundleReadPageByPage() throws {
    let folder = try TemporaryFolder()
    let generated = GeneratedSchema(panes: 3, settingsPerPane: 40)
    let path = try generated.writeBundle(to: folder.file("Gen.bundle"), brokenPane: 1)
    var schema = try SchemaLoader.load(path: path, lazily: true)
    expectTheFullLintsErrors(schema)
    for pane in 0..<3 {
      _ = schema.loadPage(named: generated.paneFile(pane))
      expectTheFullLintsErrors(schema)
    }
    #expect(SchemaLinter.rowBreakingErrors(in: schema)["Root"]?.count == 1)
  }

  @Test func generatedSchemas() throws {
    let generated = GeneratedSchema(panes: 4, settingsPerPane: 150)
    let json = try JSONSchemaReader.read(generated.json(), source: "big.json")
    #expect(expectTheFullLintsErrors(json) == 0)
    let folder = try TemporaryFolder()
    try generated.writeBundle(to: folder.file("Big.bundle"))
    #expect(expectTheFullLintsErrors(try SchemaLoader.load(path: folder.file("Big.bundle"))) == 0)
  }
}
