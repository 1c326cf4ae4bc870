import FileFormats
import SchemaKit
import SettingsKit
import TableKit

/// The list of a multi-value setting's choices, with a ✓ on the chosen one.
///
/// Selecting a choice makes it the value and moves the ✓; `back` returns to the page, which
/// shows the new value. A multi-value whose value is a set of its choices
/// (``SchemaKit/Specifier/allowsMultipleSelection``: a GSettings flags key) has a ✓ on each
/// chosen one, and selecting a choice adds it to the set or takes it out, the others
/// staying. With InAppSettingsKit's `IASKQuickMultiValueSelection`, choosing
/// returns to the page at once. The specifier's `FooterText` is the list's footer, as
/// InAppSettingsKit shows it.
///
/// The list also chooses one item of a list group whose items are a multi-value's choices
/// (``ListItemSlot``): the ✓ is on the item's value (a new item's default), choosing makes
/// it the item's, and a last row deletes the item when the list is `Deletable`.
package final class MultiValueViewController: TableViewController {
  /// The setting whose choices are listed.
  package let specifier: Specifier
  private let page: SettingsSchema.Page
  private let model: SettingsModel
  /// The list item the choice is for, or `nil` for the setting's own value.
  private let item: ListItemSlot?
  /// The choices in display order: (localized title, value). Read for every row shown, and
  /// only read or assigned whole: no dynamic exclusivity check.
  @exclusivity(unchecked) private var choices: [(title: String, value: PropertyListValue)] = []
  /// The language ``choices`` were localized in.
  private var localizedLanguage = ""

  /// Creates the list of a multi-value specifier's choices.
  package convenience init(specifier: Specifier, page: SettingsSchema.Page, model: SettingsModel) {
    self.init(specifier: specifier, page: page, model: model, item: nil)
  }

  /// Creates the list of the choices of a list group's item: `specifier` is the item's
  /// multi-value (``Specifier/itemSpecifier(in:)``), `item` where its value goes.
  init(
    specifier: Specifier, page: SettingsSchema.Page, model: SettingsModel, item: ListItemSlot?
  ) {
    self.specifier = specifier
    self.page = page
    self.model = model
    self.item = item
    super.init()
    localize()
    model.addObserver(self) { [weak self] in
      guard let self else { return }
      // The titles change with the language only; a choice changes just the ✓.
      if self.localizedLanguage != model.language { self.localize() }
      self.tableView.reloadData()
    }
  }

  deinit {
    model.removeObserver(self)
  }

  /// Takes the title and the choices in the model's language; the choices are kept for the
  /// page (``PageSections/choiceList(of:in:make:)``), so that opening the list again finds
  /// them.
  private func localize() {
    localizedLanguage = model.language
    title = specifier.title.map { model.localized($0, on: page) } ?? specifier.key
    // An item's specifier shares its list group's index: its choices are not kept by it.
    let make = { [specifier, page, model] in
      var choices: [PageSections.Choice] = zip(specifier.titles, specifier.values).map {
        (model.localized($0, on: page), $1)
      }
      if specifier.displaysSortedByTitle {
        choices.sort { $0.title < $1.title }
      }
      return choices
    }
    choices =
      item == nil
      ? model.pageSections(of: page).choiceList(of: specifier, in: model, make: make)
      : make()
  }

  /// The value the ✓ marks, with the model's revisions it was looked up at: every row shown
  /// asks for it, and it is the same until a value changes.
  @exclusivity(unchecked) private var current:
    (value: PropertyListValue?, revision: Int, keysRevision: Int)?

  /// The setting's value now.
  private var currentValue: PropertyListValue? {
    if let current, current.revision == model.revision,
      current.keysRevision == model.keysRevision
    {
      return current.value
    }
    let value = item.map(\.value) ?? specifier.key.flatMap { model.value(forKey: $0) }
    current = (value, model.revision, model.keysRevision)
    return value
  }

  /// The setting whose choices are listed, for `? N` on this screen.
  package func choiceValue(atRow row: Int) -> PropertyListValue? {
    row < choices.count ? choices[row].value : nil
  }

  /// The row (from 0) of the choice that stores `value`, if one does.
  package func row(ofChoice value: PropertyListValue) -> Int? {
    loadViewIfNeeded()
    return choices.firstIndex { $0.value == value }
  }

  /// Whether the choice `value` has a ✓: it is the value, or one of the set of them.
  private func isChosen(_ value: PropertyListValue) -> Bool {
    guard specifier.allowsMultipleSelection else {
      return SpecifierValues.same(value, currentValue)
    }
    return currentValue?.arrayValue?.contains { SpecifierValues.same($0, value) } ?? false
  }

  /// Opens on the chosen value (the first chosen one), as a long list in iOS Settings does.
  package override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    if let row = choices.firstIndex(where: { isChosen($0.value) }) {
      tableView.scrollToRow(at: IndexPath(row: row, section: 0), at: .middle, animated: false)
    }
  }

  /// Whether the list ends with a row that deletes its item: an item in a `Deletable` list.
  private var hasDeleteRow: Bool {
    guard let item else { return false }
    return item.isDeletable && item.index != nil
  }

  package override func numberOfSections(in tableView: TableView) -> Int {
    hasDeleteRow ? 2 : 1
  }

  package override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int)
    -> Int
  {
    section == 0 ? choices.count : 1
  }

  package override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    guard indexPath.section == 0 else {
      return TableViewCell(text: model.chromeWords.delete)
    }
    let choice = choices[indexPath.row]
    return TableViewCell(
      text: choice.title,
      accessoryType: isChosen(choice.value) ? .checkmark : .none)
  }

  package override func tableView(_ tableView: TableView, titleForFooterInSection section: Int)
    -> String?
  {
    section == 0 ? specifier.footerText.map { model.localized($0, on: page) } : nil
  }

  package override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    tableView.deselectRow(at: indexPath, animated: true)
    if let item {
      guard indexPath.section == 0 else {
        item.remove()
        _ = navigationController?.popViewController(animated: true)
        return
      }
      item.set(choices[indexPath.row].value)
    } else if specifier.allowsMultipleSelection {
      guard let key = specifier.key,
        let index = SpecifierValues.choiceIndex(of: choices[indexPath.row].value, in: specifier)
      else { return }
      model.setValue(
        SpecifierValues.toggling(choice: index, in: currentValue, of: specifier), forKey: key)
      tableView.reloadData()
      return
    } else {
      guard let key = specifier.key else { return }
      model.setValue(choices[indexPath.row].value, forKey: key)
    }
    tableView.reloadData()
    if specifier.selectsQuickly {
      _ = navigationController?.popViewController(animated: true)
    }
  }
}
