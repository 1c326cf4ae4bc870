import FileFormats
import SchemaKit
import TableKit
import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsScreens

/// A page keeps the screen a row opened last (a child pane's page, a list of choices) and
/// pushes it again when the row is opened again: the screen shows what is true now, as a
/// new one would, and keeps its cells while nothing changed.
@Suite struct KeptScreensTests {
  let generated = GeneratedSchema(panes: 3, settingsPerPane: 6)

  private func generatedRoot(
    language: String = "en"
  ) throws -> (SettingsModel, SettingsPageViewController, NavigationController) {
    let schema = try JSONSchemaReader.read(generated.json(), source: "generated.json")
    let model = SettingsModel(schema: schema, storedValues: [:], language: language)
    let root = SettingsPageViewController(page: try #require(schema.rootPage), model: model)
    let navigation = NavigationController(rootViewController: root)
    navigation.viewWillAppear(false)
    return (model, root, navigation)
  }

  @Test func aChildPaneOpenedAgainIsTheSameScreenWithItsCells() throws {
    let (_, root, navigation) = try generatedRoot()
    #expect(select("Pane 0", in: root))
    let pane = navigation.topViewController
    let shown = try #require(pane.tableView.indexPath(forRowNumber: 0))
    let cell = pane.tableView.showRows([shown])
    navigation.popViewController(animated: true)
    #expect(pane.navigationController == nil)

    #expect(select("Pane 0", in: root))
    #expect(navigation.topViewController === pane)
    #expect(navigation.viewControllers.count == 2)
    #expect(pane.tableView.showRows([shown])[0] === cell[0])
    #expect(navigation.backButtonTitle == "Generated")
  }

  @Test func anotherRowOpensAScreenOfItsOwn() throws {
    let (_, root, navigation) = try generatedRoot()
    #expect(select("Pane 0", in: root))
    let first = navigation.topViewController
    navigation.popViewController(animated: true)
    #expect(select("Pane 1", in: root))
    let second = navigation.topViewController
    #expect(second !== first)
    #expect(second.title == "Pane 1")
    #expect(rows(of: second).first?.text == generated.setting(6).title)
  }

  @Test func aKeptPaneShowsValuesChangedWhileItWasClosed() throws {
    let (model, root, navigation) = try generatedRoot()
    let toggle = generated.setting(0)
    #expect(select("Pane 0", in: root))
    let pane = navigation.topViewController
    #expect(rows(of: pane).first?.detail == "On")
    navigation.popViewController(animated: true)

    // Changed elsewhere (as `set` does) while the pane is off the stack.
    model.setValue(false, forKey: toggle.key)
    #expect(select("Pane 0", in: root))
    #expect(navigation.topViewController === pane)
    #expect(rows(of: pane).first?.detail == "• Off")
  }

  @Test func aKeptPaneSpeaksTheLanguageChosenWhileItWasClosed() throws {
    let (model, root, navigation) = try generatedRoot()
    #expect(select("Pane 0", in: root))
    let pane = navigation.topViewController
    navigation.popViewController(animated: true)
    model.language = "ja"
    let japaneseTitle = try #require(generated.japanesePaneTitle(0))
    #expect(select(japaneseTitle, in: root))
    #expect(navigation.topViewController === pane)
    #expect(pane.title == japaneseTitle)
    let setting = try #require(generated.setting(0).japaneseTitle)
    #expect(rows(of: pane).first?.text == setting)
  }

  @Test func aKeptListMarksTheValueChosenWhileItWasClosed() throws {
    let model = try embeddedModel(language: "en")
    let root = SettingsPageViewController(page: try #require(model.schema.rootPage), model: model)
    let navigation = NavigationController(rootViewController: root)
    navigation.viewWillAppear(false)
    #expect(select("Temperature Unit", in: root))
    let list = navigation.topViewController
    navigation.popViewController(animated: true)

    model.setValue("fahrenheit", forKey: "temperatureUnit")
    #expect(select("Temperature Unit", in: root))
    #expect(navigation.topViewController === list)
    let marks = cells(of: list).map(\.accessoryType)
    #expect(marks == [.none, .checkmark])
  }

  @Test func aScreenStillOnTheStackIsNotPushedTwice() throws {
    let (_, root, navigation) = try generatedRoot()
    #expect(select("Pane 0", in: root))
    let pane = navigation.topViewController
    // The row selected again while its screen is on the stack (as a front end may, and
    // `go` builds stacks of its own): a new screen, for a controller is on a stack once.
    #expect(select("Pane 0", in: root))
    #expect(navigation.viewControllers.count == 3)
    #expect(navigation.topViewController !== pane)
    #expect(navigation.topViewController.title == "Pane 0")
  }
}
