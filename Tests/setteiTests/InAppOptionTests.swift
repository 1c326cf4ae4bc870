import TestSupport
import Testing

@testable import SetteiCommands

/// `--in-app`: a bundle read as InAppSettingsKit shows it inside an app; without it, as
/// Settings.app shows it.
@Suite struct InAppOptionTests {
  static let beside = PackagePaths.fidelityBundle("InAppBeside")
  static let only = PackagePaths.fidelityBundle("InAppOnly")

  @Test func theOptionIsParsedEverywhereButPlainLint() throws {
    #expect(try Options.parse(["--in-app"]).inApp)
    #expect(try !Options.parse(["defaults", "x.bundle"]).inApp)
    #expect(try Options.parse(["render", "x.bundle", "--in-app"]).inApp)
    #expect(try Options.parse(["lint", "--store", "s.json", "--in-app", "x.bundle"]).inApp)
    #expect(throws: Options.UsageError.self) { try Options.parse(["lint", "--in-app", "x"]) }
  }

  @Test func defaultsReadsSettingsAppsPagesUnlessInTheAppAndSaysWhich() throws {
    let plain = try runSettei(["defaults", Self.beside])
    #expect(plain.status == 0, "\(plain.standardError)")
    #expect(plain.standardOutput.contains("\"shown_in_settings\": true"))
    #expect(plain.standardOutput.contains("\"more_in_settings\": true"))
    #expect(!plain.standardOutput.contains("in_app"))
    #expect(plain.standardError.contains("read the pages Settings.app shows"))
    #expect(plain.standardError.contains("give --in-app"))
    let inApp = try runSettei(["defaults", "--in-app", Self.beside])
    #expect(inApp.status == 0, "\(inApp.standardError)")
    #expect(inApp.standardOutput.contains("\"shown_in_app\": true"))
    #expect(inApp.standardOutput.contains("\"more_in_app\": true"))
    #expect(!inApp.standardOutput.contains("in_settings"))
    #expect(inApp.standardError.contains("read the in-app pages"))
    // A bundle without .inApp pages: nothing to say.
    let subfolder = try runSettei(["defaults", PackagePaths.fidelityBundle("SubfolderPanes")])
    #expect(subfolder.standardError.isEmpty, "\(subfolder.standardError)")
  }

  @Test func renderFollowsTheChoiceAndKeepsItsOutputText() throws {
    let plain = try runSettei(["render", Self.beside])
    #expect(plain.status == 0, "\(plain.standardError)")
    #expect(plain.standardOutput.contains("Shown in Settings"))
    #expect(!plain.standardOutput.contains("Shown in the App"))
    #expect(plain.standardOutput.hasPrefix("## Root\n"))
    #expect(plain.standardError.contains("read the pages Settings.app shows"))
    let inApp = try runSettei(["render", "--in-app", Self.beside])
    #expect(inApp.standardOutput.contains("Shown in the App"))
    #expect(inApp.standardOutput.contains("More in the App"))
    #expect(!inApp.standardOutput.contains("Shown in Settings"))
  }

  @Test func aBundleWithOnlyAnInAppRootSuggestsTheOption() throws {
    let run = try runSettei(["render", Self.only])
    #expect(run.status == 65)
    #expect(run.standardOutput.isEmpty)
    #expect(run.standardError.contains(Self.only + ": Settings.app shows no page here"))
    #expect(run.standardError.contains("Give --in-app"))
    let inApp = try runSettei(["render", "--in-app", Self.only])
    #expect(inApp.status == 0, "\(inApp.standardError)")
    #expect(inApp.standardOutput.contains("Only in the App"))
  }

  @Test func lintChecksBothSetsOfPagesEachProblemOnceWithItsFile() throws {
    let run = try runSettei(["lint", Self.beside])
    #expect(run.status == 65)
    let lines = run.standardOutput.split(separator: "\n").map(String.init)
    let problems = lines.dropLast()
    #expect(Set(problems).count == problems.count, "each problem once")
    // Shared.plist is opened by both roots: its problems are reported once.
    #expect(problems.filter { $0.hasPrefix(Self.beside + "/Shared.plist:") }.count == 3)
    // Only the app reads these files.
    #expect(problems.contains { $0.hasPrefix(Self.beside + "/Root.inApp.plist: ") })
    #expect(problems.contains { $0.hasPrefix(Self.beside + "/More.inApp.plist: ") })
    #expect(lines.last == Self.beside + ": 8 errors, 0 warnings.")
    // Only an in-app root: checked in the app, with a note.
    let only = try runSettei(["lint", Self.only])
    #expect(only.status == 0, "\(only.standardError)")
    #expect(only.standardOutput == Self.only + ": no problems found.\n")
    #expect(only.standardError.contains("only the in-app pages were checked"))
  }
}
