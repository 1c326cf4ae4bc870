import TableKit
import TestSupport
import Testing

@testable import FileFormats
@testable import SchemaKit
@testable import SettingsKit
@testable import SettingsScreens

/// The list groups of the real InAppSettingsKit sample bundle (Listgroup.plist): tags edited
/// on a page of their own (Tag.plist), tags typed as text, accounts edited on Account.plist,
/// and genes chosen from a multi-value.
private func listGroups(stored: [PropertyListKey: PropertyListValue] = [:]) throws -> (
  SettingsPageViewController, NavigationController, SettingsModel
) {
  let schema = try SchemaLoader.load(path: sampleBundle, inApp: true)
  let model = SettingsModel(schema: schema, storedValues: stored, language: "en")
  let page = try #require(schema.pages["Listgroup"])
  let controller = SettingsPageViewController(page: page, model: model)
  let navigation = NavigationController(rootViewController: controller)
  navigation.viewWillAppear(false)
  return (controller, navigation, model)
}

/// Selects the row titled `title` on the top screen and answers its text request.
private func type(
  _ text: String, into title: String, _ navigation: NavigationController
) throws {
  #expect(select(title, in: navigation.topViewController), "no row '\(title)'")
  let request = try #require(navigation.takePresentedTextInput())
  if let problem = request.validate(text) {
    Issue.record("'\(text)' refused: \(problem)")
  } else {
    request.completion(.entered(text))
  }
}

/// The rows of a list of choices that show a ✓.
private func checked(_ controller: ViewController) -> [String] {
  cells(of: controller).filter { $0.accessoryType == .checkmark }.map { $0.text ?? "" }
}

/// A list group of text items and one of choices, each with a `DefaultValue` in its
/// `ItemSpecifier`.
private let defaultedItems = """
  {"Title": "Lists", "PreferenceSpecifiers": [
    {"Type": "IASKListGroupSpecifier", "Title": "Names", "Key": "names",
     "ItemSpecifier": {"Type": "PSTextFieldSpecifier", "DefaultValue": "Anna"},
     "AddSpecifier": {"Type": "PSTextFieldSpecifier", "Title": "Add Name"}},
    {"Type": "IASKListGroupSpecifier", "Title": "Sizes", "Key": "sizes",
     "ItemSpecifier": {"Type": "PSMultiValueSpecifier", "DefaultValue": "m",
       "Titles": ["Small", "Medium", "Large"], "Values": ["s", "m", "l"]},
     "AddSpecifier": {"Type": "PSMultiValueSpecifier", "Title": "Add Size",
       "Titles": ["Small", "Medium", "Large"], "Values": ["s", "m", "l"]}}
  ]}
  """

@Suite struct ListGroupItemTests {
  @Test func aNewItemIsAddedOnItsPageWithItsFirstValue() throws {
    let (controller, navigation, model) = try listGroups()
    #expect(select("+ Add Tag...", in: controller))
    let itemPage = navigation.topViewController
    #expect(itemPage !== controller)
    #expect(itemPage.title == "Tag")
    #expect(!rows(of: itemPage).map(\.text).contains("Delete"), "not in the list yet")
    try type("swift", into: "Tag", navigation)
    #expect(model.value(forKey: "tags") == [["tag": "swift"]])
    #expect(rows(of: itemPage).map(\.text).contains("Delete"))
    _ = navigation.popViewController(animated: true)
    #expect(rows(of: controller).map(\.text).prefix(2) == ["swift", "+ Add Tag..."])
    #expect(model.changes.count == 1, "one change of the list's key")
  }

  @Test func leavingANewItemUntouchedAddsNothing() throws {
    let (controller, navigation, model) = try listGroups()
    #expect(select("+ Add Tag...", in: controller))
    _ = navigation.popViewController(animated: true)
    #expect(model.value(forKey: "tags") == nil)
    #expect(model.changedKeys.isEmpty)
  }

  @Test func anItemIsEditedAndDeletedOnItsPage() throws {
    let (controller, navigation, model) = try listGroups(stored: [
      "tags": [["tag": "a"], ["tag": "b"]]
    ])
    #expect(select("b", in: controller))
    #expect(rows(of: navigation.topViewController).first?.detail == "• b")
    try type("c", into: "Tag", navigation)
    #expect(model.value(forKey: "tags") == [["tag": "a"], ["tag": "c"]])
    _ = navigation.popViewController(animated: true)
    #expect(select("a", in: controller))
    #expect(select("Delete", in: navigation.topViewController))
    #expect(navigation.topViewController === controller, "deleting goes back to the list")
    #expect(model.value(forKey: "tags") == [["tag": "c"]])
  }

  /// `undo` (or `reset`) changes the list under an open item page: the page shows the item
  /// as the list now has it, and a page whose item left the list edits a new one.
  @Test func anItemPageFollowsTheListWhenItChangesElsewhere() throws {
    let (controller, navigation, model) = try listGroups(stored: ["tags": [["tag": "a"]]])
    #expect(select("a", in: controller))
    let itemPage = navigation.topViewController
    try type("b", into: "Tag", navigation)
    #expect(rows(of: itemPage).first?.detail == "• b")
    model.undo()
    #expect(rows(of: itemPage).first?.detail == "• a")
    model.setValue(nil, forKey: "tags")
    #expect(rows(of: itemPage).first?.detail?.isEmpty ?? true)
    #expect(!rows(of: itemPage).map(\.text).contains("Delete"))
    try type("again", into: "Tag", navigation)
    #expect(model.value(forKey: "tags") == [["tag": "again"]])
  }

  @Test func anAccountRowNeverShowsItsPassword() throws {
    let (controller, navigation, model) = try listGroups(stored: [
      "ShowAccounts": true,
      "accounts": [["password": "hunter2", "username": "taro"]],
    ])
    let texts = rows(of: controller).map(\.text)
    #expect(texts.contains("taro"))
    #expect(!texts.contains("hunter2"))
    #expect(select("taro", in: controller))
    #expect(navigation.topViewController.title == "Account")
    try type("hanako", into: "Username", navigation)
    #expect(
      model.value(forKey: "accounts") == [["password": "hunter2", "username": "hanako"]])
  }

  /// A choice item is chosen on a numbered list of its titles with a ✓, as a multi-value
  /// setting is, not typed: the list adds the item with its first choice, changes it with
  /// the next, and deletes it from its last row.
  @Test func aChoiceItemIsChosenFromAListOfItsTitles() throws {
    let (controller, navigation, model) = try listGroups()
    #expect(select("+ Add Gene...", in: controller))
    #expect(navigation.takePresentedTextInput() == nil, "nothing to type")
    let list = try #require(navigation.topViewController as? MultiValueViewController)
    #expect(rows(of: list).map(\.text) == ["Adenine", "Cytosine", "Guanine", "Thymine"])
    #expect(checked(list).isEmpty, "no choice yet")
    #expect(select("Guanine", in: list))
    #expect(model.value(forKey: "dna") == ["G"])
    #expect(checked(list) == ["Guanine"])
    #expect(select("Thymine", in: list))
    #expect(model.value(forKey: "dna") == ["T"], "the same item changes")
    _ = navigation.popViewController(animated: true)
    #expect(rows(of: controller).map(\.text).contains("Thymine"))
    #expect(select("Thymine", in: controller))
    let itemList = try #require(navigation.topViewController as? MultiValueViewController)
    #expect(checked(itemList) == ["Thymine"])
    #expect(select("Adenine", in: itemList))
    #expect(model.value(forKey: "dna") == ["A"])
    #expect(select("Delete", in: itemList))
    #expect(navigation.topViewController === controller, "deleting goes back to the list")
    #expect(model.value(forKey: "dna") == [])
  }

  /// Editing a text item starts the line with its text, as a text field's prompt does;
  /// what is in the line at Enter is the item, empty included.
  @Test func anItemsLineStartsWithItsText() throws {
    let (controller, navigation, model) = try listGroups(stored: ["tags2": ["a", "b"]])
    #expect(select("b", in: controller))
    let request = try #require(navigation.takePresentedTextInput())
    #expect(request.current == .text("b"))
    #expect(request.validate("") == nil)
    request.completion(.entered(""))
    #expect(model.value(forKey: "tags2") == ["a", ""])
  }

  @Test func textItemsAreStillTypedInPlace() throws {
    let (controller, navigation, model) = try listGroups()
    #expect(select("+ New Tag", in: controller))
    try #require(navigation.takePresentedTextInput()).completion(.entered("plain"))
    #expect(model.value(forKey: "tags2") == ["plain"])
    #expect(navigation.topViewController === controller)
  }

  /// A new item starts from its `ItemSpecifier`'s `DefaultValue`: a text item's line starts
  /// with it, a choice item's list has its ✓ on it, and choosing it adds it.
  @Test func aNewItemStartsFromItsDefault() throws {
    let schema = try JSONSchemaReader.read(Array(defaultedItems.utf8), source: "lists.json")
    let model = SettingsModel(schema: schema, storedValues: [:], language: "en")
    let controller = SettingsPageViewController(
      page: try #require(schema.rootPage), model: model)
    let navigation = NavigationController(rootViewController: controller)
    navigation.viewWillAppear(false)
    #expect(select("+ Add Name", in: controller))
    let request = try #require(navigation.takePresentedTextInput())
    #expect(request.current == .text("Anna"))
    request.completion(.entered("Anna"))
    #expect(model.value(forKey: "names") == ["Anna"])
    #expect(select("+ Add Size", in: controller))
    let list = try #require(navigation.topViewController as? MultiValueViewController)
    #expect(checked(list) == ["Medium"])
    #expect(model.value(forKey: "sizes") == nil, "nothing added before a choice")
    #expect(select("Medium", in: list))
    #expect(model.value(forKey: "sizes") == ["m"])
  }
}
