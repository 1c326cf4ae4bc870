import TestSupport
import Testing

@testable import SchemaKit

/// The bundles of `Tests/Fixtures/Fidelity`, each read as Settings.app reads it.
@Suite struct FidelityBundleTests {
  @Test func childPanesInASubFolderAreReadWithTheirBaseNamesStringsTable() throws {
    let schema = try SchemaLoader.load(path: PackagePaths.fidelityBundle("SubfolderPanes"))
    #expect(schema.missingPages.isEmpty, "\(schema.missingPages)")
    let alamofire = try #require(schema.pages["Licenses/Alamofire"])
    #expect(alamofire.source.hasSuffix("SubfolderPanes.bundle/Licenses/Alamofire.plist"))
    // No StringsTable: the table named after the file, not after its folder.
    #expect(alamofire.stringsTable == "Alamofire")
    let footer = try #require(alamofire.specifiers.first?.footerText)
    #expect(
      schema.strings.localized(footer, table: alamofire.stringsTable, language: "en")
        == "Alamofire is under the MIT licence.")
    let kingfisher = try #require(schema.pages["Licenses/Kingfisher"])
    #expect(kingfisher.stringsTable == "Acknowledgements")
    let problems = SchemaLinter.lint(schema)
    #expect(!problems.contains { $0.severity == .error }, "\(problems)")
    #expect(!problems.contains { $0.message.contains("File") }, "\(problems)")
  }

  @Test func panePathsOutsideTheBundleAreRefusedNamingTheValue() throws {
    let schema = try SchemaLoader.load(path: PackagePaths.fidelityBundle("RefusedPanePaths"))
    let problems = SchemaLinter.lint(schema).filter { $0.page == "Root" }
    let byIndex = Dictionary(grouping: problems, by: \.specifierIndex)
    for (index, value) in [(0, "../Outside"), (1, "/Library/Absolute"), (2, "Licenses//Empty")] {
      let problem = try #require(byIndex[index]?.first)
      #expect(problem.severity == .error)
      #expect(problem.source.hasSuffix("RefusedPanePaths.bundle/Root.plist"))
      #expect(problem.message.hasPrefix("File '\(value)' names a page that cannot be used: "))
      #expect(problem.message.contains("File '\(value)' is an absolute path") || index != 1)
      #expect(problem.fix == "correct File")
    }
    // A page of a sub-folder that is not there: the files looked for, by their paths in
    // the bundle.
    let missing = try #require(byIndex[3]?.first)
    #expect(missing.message.contains("Licenses/Missing.plist"), "\(missing.message)")
    #expect(
      missing.fix == "add the page Licenses/Missing.plist to the bundle folder, or correct File")
  }

  @Test func readsThePagesSettingsAppShowsUnlessInTheApp() throws {
    let bundle = PackagePaths.fidelityBundle("InAppBeside")
    let settingsApp = try SchemaLoader.load(path: bundle)
    #expect(settingsApp.rootPage?.source.hasSuffix("InAppBeside.bundle/Root.plist") == true)
    #expect(settingsApp.rootPage?.specifiers.map(\.key) == ["shown_in_settings", nil, nil])
    #expect(settingsApp.pages["More"]?.source.hasSuffix("/More.plist") == true)
    let inApp = try SchemaLoader.load(path: bundle, inApp: true)
    #expect(inApp.rootPage?.source.hasSuffix("InAppBeside.bundle/Root.inApp.plist") == true)
    #expect(inApp.pages["More"]?.source.hasSuffix("/More.inApp.plist") == true)
  }

  @Test func aBundleWithOnlyAnInAppRootIsNoPageOfSettingsApp() throws {
    let bundle = PackagePaths.fidelityBundle("InAppOnly")
    #expect(throws: SchemaError.noSettingsAppPage(folder: bundle)) {
      try SchemaLoader.load(path: bundle)
    }
    let message = SchemaError.noSettingsAppPage(folder: bundle).description
    #expect(message.hasPrefix(bundle + ": Settings.app shows no page here"))
    #expect(message.contains("Give --in-app"))
    #expect(try SchemaLoader.load(path: bundle, inApp: true).rootPage?.specifiers.count == 1)
  }

  /// A toggle's DefaultValue that is not its TrueValue or FalseValue is a warning where the
  /// switch shows the state the value plainly means, read as the screens read it.
  @Test func toggleDefaultsTheSwitchShowsAsMeantAreWarnings() throws {
    let schema = try SchemaLoader.load(path: PackagePaths.fidelityBundle("ToggleDefaults"))
    let root = try #require(schema.rootPage)
    let problems = SchemaLinter.lint(schema)
    func severity(_ key: String) -> LintProblem.Severity? {
      let index = root.specifiers.first { $0.key == key }?.index
      return problems.first { $0.specifierIndex == index }?.severity
    }
    #expect(severity("true_is_one") == nil)
    #expect(severity("yes_string") == .warning)
    #expect(severity("no_string") == .warning)
    #expect(severity("true_is_string_one") == .warning)
    #expect(severity("unclear") == .error)
    let yes = try #require(problems.first { $0.message.hasPrefix("DefaultValue \"YES\"") })
    #expect(yes.message.hasSuffix("; iOS reads it as on and shows the switch on"))
    // The one reading: what the switch shows decides the severity.
    for specifier in root.specifiers {
      let value = try #require(specifier.defaultValue)
      #expect(
        specifier.showsOn(value) == (specifier.key != "no_string" && specifier.key != "unclear"))
    }
  }
}
