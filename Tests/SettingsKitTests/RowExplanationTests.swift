import SchemaKit
import TableKit
import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsScreens

/// Rows that do nothing when selected say why, and `? N` on a row with a lint error says the
/// whole of it: the InAppSettingsKit sample's rows, as a new user meets them.
@Suite struct RowExplanationTests {
  /// A page of the sample on a screen, its model checking pages as settei does.
  private func screen(_ pageName: String, language: String = "en") throws -> (
    model: SettingsModel, controller: SettingsPageViewController
  ) {
    let schema = try SchemaLoader.load(path: sampleBundle, inApp: true)
    let model = SettingsModel(schema: schema, storedValues: [:], language: language)
    model.pageChecker = { page, schema, language in
      SchemaLinter.rowBreakingErrors(onPage: page, of: schema, wordedIn: .forLanguage(language))
    }
    let page = try #require(model.page(named: pageName))
    let controller = SettingsPageViewController(page: page, model: model)
    _ = NavigationController(rootViewController: controller)
    controller.loadViewIfNeeded()
    return (model, controller)
  }

  /// The row number of the row showing the specifier of `key`.
  private func row(ofKey key: String, in controller: SettingsPageViewController) throws -> Int {
    let specifier = try #require(controller.page.specifiers.first { $0.key == key })
    return try #require(controller.rowNumber(of: specifier))
  }

  /// Why the row of `number` cannot be selected, as the screen tells a front end.
  private func reason(_ number: Int, in controller: SettingsPageViewController) throws -> String? {
    let tableView = controller.tableView
    let indexPath = try #require(tableView.indexPath(forRowNumber: number))
    return controller.tableView(tableView, whyRowCannotBeSelectedAt: indexPath)
  }

  @Test func describingAProblemRowSaysEachProblemAsLintDoesAndNoEmptyLine() throws {
    let (model, controller) = try screen("Complete")
    let number = try row(ofKey: "countryCode", in: controller)
    let specifier = try #require(controller.specifier(atRowNumber: number))
    let text = model.describe(
      specifier, on: controller.page, footer: controller.footer(atRowNumber: number))
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let whole = SchemaLinter.lint(model.schema).problems(
      forPage: "Complete", specifierIndex: specifier.index)
    let titles = try #require(whole.first { $0.message.contains("has no Titles") })
    // The row's own error first, then every other problem of the specifier, each whole.
    #expect(lines.first == "Country (dynamic)")
    #expect(lines.contains("  problem:  " + titles.description))
    #expect(titles.description.contains(sampleBundle + "/Complete.plist"))
    #expect(titles.description.contains("Fix: add Titles"))
    #expect(lines.filter { $0.hasPrefix("  problem:  ") }.count == whole.count)
    #expect(lines.first { $0.hasPrefix("  problem:  ") } == "  problem:  " + titles.description)
    #expect(!lines.contains { $0.contains("allowed:") }, "\(text)")
    #expect(!lines.contains { $0.allSatisfy(\.isWhitespace) }, "\(text)")
  }

  @Test func aProblemRowSaysItsErrorWhenSelected() throws {
    let (model, controller) = try screen("Complete")
    let number = try row(ofKey: "countryCode", in: controller)
    let specifier = try #require(controller.specifier(atRowNumber: number))
    let error = try #require(model.specifierErrors["Complete"]?[specifier.index])
    #expect(try reason(number, in: controller) == error)
    #expect(error.contains("has no Titles"))
  }

  /// A row's error is in the screens' language, and follows it when `lang` changes it.
  @Test func aProblemRowSpeaksTheScreensLanguage() throws {
    let (model, controller) = try screen("Complete", language: "ja")
    let number = try row(ofKey: "countryCode", in: controller)
    let specifier = try #require(controller.specifier(atRowNumber: number))
    let japanese = try #require(model.specifierErrors["Complete"]?[specifier.index])
    #expect(japanese.contains("Titles") && !japanese.contains("has no Titles"), "\(japanese)")
    #expect(japanese.unicodeScalars.contains { $0.value >= 0x3040 && $0.value <= 0x30FF })
    #expect(try reason(number, in: controller) == japanese)
    // `? N` words the whole of each problem in Japanese too, the row's own first.
    let described = model.describe(specifier, on: controller.page, footer: nil)
    let problems = described.split(separator: "\n").filter { $0.hasPrefix("  問題:") }
    #expect(problems.first?.contains(japanese) == true, "\(described)")
    #expect(!described.contains("error:") && !described.contains("Fix:"), "\(described)")
    model.language = "en"
    let english = try #require(model.specifierErrors["Complete"]?[specifier.index])
    #expect(english.contains("has no Titles"))
    #expect(try reason(number, in: controller) == english)
  }

  @Test(arguments: [
    ("en", "in the app, a button runs the app's own code, which settei cannot run"),
    ("ja", "アプリではボタンはアプリ自身のコードを実行します。settei はそれを実行できません"),
  ])
  func aButtonSaysItRunsTheAppsCode(language: String, expected: String) throws {
    let (_, controller) = try screen("Root", language: language)
    let number = try #require(
      controller.page.specifiers.first { $0.kind == .button }.flatMap(controller.rowNumber(of:)))
    #expect(try reason(number, in: controller) == expected)
  }

  @Test func aMailRowSaysItOpensAMailFormAndASettingSaysNothing() throws {
    let (_, controller) = try screen("Root")
    let mail = try #require(
      controller.page.specifiers.first { $0.kind == .mailCompose }.flatMap(
        controller.rowNumber(of:)))
    #expect(try reason(mail, in: controller)?.contains("mail form") == true)
    let toggle = try #require(
      controller.page.specifiers.first { $0.kind == .toggleSwitch }.flatMap(
        controller.rowNumber(of:)))
    #expect(try reason(toggle, in: controller) == nil)
  }

  /// `IASKSubtitle` on rows without a value of their own: a second line under the title,
  /// instead of the kind in parentheses.
  @Test func subtitlesShowOnButtonsMailRowsAndChildPanes() throws {
    let (_, controller) = try screen("Root")
    let shown = cells(of: controller)
    for title in ["Mail Compose View", "WebView without tab bar (when pushed)"] {
      let specifier = try #require(
        controller.page.specifiers.first {
          $0.title == title && $0.subtitle?.stringValue != nil
        })
      let number = try #require(controller.rowNumber(of: specifier))
      let cell = shown[number]
      #expect(cell.text == title)
      #expect(cell.style == .subtitle, "\(title)")
      #expect(cell.detailText == specifier.subtitle?.stringValue, "\(title)")
    }
    let json = #"""
      {"PreferenceSpecifiers": [{"Type": "IASKButtonSpecifier", "Title": "Sync",
        "Key": "sync", "IASKSubtitle": "last synced today"}]}
      """#
    let schema = try JSONSchemaReader.read(Array(json.utf8), source: "buttons.json")
    let model = SettingsModel(schema: schema, storedValues: [:], language: "en")
    let buttons = SettingsPageViewController(page: try #require(schema.rootPage), model: model)
    let button = try #require(cells(of: buttons).first)
    #expect(button.text == "Sync")
    #expect(button.style == .subtitle)
    #expect(button.detailText == "last synced today")
    #expect(!button.isEnabled)
    let (_, advanced) = try screen("Advanced")
    let send = try #require(advanced.page.specifiers.first { $0.title == "Send Mail" })
    let sendCell = cells(of: advanced)[try #require(advanced.rowNumber(of: send))]
    #expect(sendCell.style == .subtitle)
    #expect(sendCell.detailText == "with dynamic subject")
  }
}
