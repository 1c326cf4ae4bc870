import SchemaKit
import TableKit
import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsScreens

/// `find` results that matched a footer name the section the footer is under.
@Suite struct FooterSearchTests {
  private func footerRows(_ query: String, language: String = "en") throws -> [(
    text: String, detail: String?
  )] {
    let schema = try SchemaLoader.load(path: sampleBundle, inApp: true)
    let model = SettingsModel(schema: schema, storedValues: [:], language: language)
    let index = SettingsIndex(schema: schema)
    let results = SettingsSearch.find(query, in: index, model: model)
    let screen = SearchResultsViewController(
      query: query, results: results, index: index, model: model)
    _ = NavigationController(rootViewController: screen)
    return rows(of: screen)
  }

  @Test func aFooterOfAnUntitledGroupNamesItsFirstSetting() throws {
    let rows = try footerRows("Footer Text (supported")
    // The group has an empty Title; its first row is the Complete List pane.
    #expect(rows.map(\.text) == ["Settings › Complete List (footer)"])
    #expect(
      rows.first?.detail
        == "This is a Footer Text (supported by Settings.app in iOS 4 or higher)")
  }

  @Test func aFooterNamesItsGroupOrItsSettingAndNeverAnEmptyStep() throws {
    let rows = try footerRows("footer")
    #expect(rows.contains { $0.text == "Settings › Advanced › Dynamic cell hiding (footer)" })
    // A multi-value's own footer, whose title is translated to nothing: its key.
    #expect(rows.contains { $0.text == "Settings › mulValueOther (footer)" })
    #expect(!rows.contains { $0.text.contains("›  ") || $0.text.hasSuffix("› ") }, "\(rows)")
  }

  @Test func theFooterWordIsJapaneseInJapanese() throws {
    let rows = try footerRows("Footer.", language: "ja")
    #expect(rows.map(\.text) == ["設定 › Advanced › Dynamic cell hiding（フッター）"])
  }
}
