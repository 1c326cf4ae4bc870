import FileFormats
import SchemaKit
import TableKit
import Testing

@testable import SettingsKit
@testable import SettingsScreens

/// The built-in Language & Region screen's Region Format Example follows the values chosen
/// on it, as iOS's does.
@Suite struct RegionFormatExampleTests {
  /// The root screen of the built-in schema and its Region Format footer as shown now.
  private func screen(language: String, stored: [PropertyListKey: PropertyListValue] = [:]) throws
    -> (
      model: SettingsModel, footer: () -> String?
    )
  {
    let model = try embeddedModel(language: language, stored: stored)
    let root = SettingsPageViewController(
      page: try #require(model.schema.rootPage), model: model)
    _ = NavigationController(rootViewController: root)
    root.loadViewIfNeeded()
    let region = try #require(root.page.specifiers.first { $0.key == "region" })
    let number = try #require(root.rowNumber(of: region))
    return (model, { root.footer(atRowNumber: number) })
  }

  @Test func theDefaultsShowJapaneseYen() throws {
    let (_, footer) = try screen(language: "en")
    #expect(footer() == "Region Format Example: 0:34, Wednesday, 2026/08/19 · ¥1,235 · 4,567.89")
  }

  @Test func itFollowsRegionDateAndNumberFormat() throws {
    let (model, footer) = try screen(language: "en")
    model.setValue("DE", forKey: "region")
    #expect(footer()?.contains("· 1,234.56 € ·") == true, "\(footer() ?? "")")
    model.setValue("1.234.567,89", forKey: "numberFormat")
    #expect(footer()?.hasSuffix("· 1.234,56 € · 4.567,89") == true, "\(footer() ?? "")")
    model.setValue("dd.MM.yy", forKey: "dateFormat")
    #expect(footer()?.contains("Wednesday, 19.08.26 ·") == true, "\(footer() ?? "")")
    model.setValue("US", forKey: "region")
    #expect(footer()?.contains("· $1.234,56 ·") == true, "\(footer() ?? "")")
  }

  @Test func japaneseShowsTheValuesInJapaneseWords() throws {
    let (_, footer) = try screen(
      language: "ja", stored: ["firstWeekday": 7, "region": "KR", "dateFormat": "y-MM-dd"])
    #expect(footer() == "地域の書式の例: 0:34 2026-08-19 水曜日 · ₩1,235 · 4,567.89")
  }

  /// A value none of the screen's choices has (a store edited by hand) falls back to plain
  /// forms; the date formats of the choices read as written.
  @Test func valuesOutsideTheChoicesFallBackToPlainForms() throws {
    #expect(RegionFormatExample.separators(of: "x") == (",", "."))
    #expect(RegionFormatExample.currency(ofRegion: "ZZ").symbol == "$")
    #expect(RegionFormatExample.date(pattern: "y/MM/dd") == "2026/08/19")
    #expect(RegionFormatExample.date(pattern: "MM/dd/y") == "08/19/2026")
  }
}
