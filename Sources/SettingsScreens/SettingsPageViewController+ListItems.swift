import FileFormats
import SchemaKit
import SettingsKit
import TableKit

extension SettingsPageViewController {
  // MARK: List groups

  func listItems(of specifier: Specifier) -> [PropertyListValue] {
    specifier.key.flatMap { model.value(forKey: $0)?.arrayValue } ?? []
  }

  /// What a list item's row shows: a text item itself, a choice its title; a dictionary
  /// its first text in the order of its page's fields (never a secure one, such as a
  /// password), else of its keys.
  func itemText(_ item: PropertyListValue, index: Int, of specifier: Specifier) -> String {
    guard let dictionary = item.dictionaryValue else {
      // A choice shows its title (Adenine for A), as the list of choices does.
      if let typed = itemSpecifier(of: specifier, adding: false), typed.kind == .multiValue {
        return choiceTitle(of: item, in: typed, short: false)
      }
      return SpecifierValues.text(of: item)
    }
    let fields = itemPage(of: specifier, adding: false)?.specifiers ?? []
    let secret = Set(fields.filter(\.isSecure).compactMap { $0.key.map { PropertyListKey($0) } })
    let keys = fields.compactMap { $0.key.map { PropertyListKey($0) } } + dictionary.keys.sorted()
    let text = keys.lazy.filter { !secret.contains($0) }
      .compactMap { dictionary[$0]?.stringValue }.first { !$0.isEmpty }
    return text ?? model.messages.text(.itemNumber, String(index + 1))
  }

  /// The page that edits one item of a list group whose items are dictionaries edited on a
  /// page of their own: the `File` of its `ItemSpecifier` (for an item) or `AddSpecifier`
  /// (for a new one), else of the other, when this schema has that page.
  private func itemPage(of specifier: Specifier, adding: Bool) -> SettingsSchema.Page? {
    for name in Self.itemSpecifierNames(adding: adding) {
      if let file = specifier.nestedSpecifier(name)?[SpecifierKey.file]?.stringValue,
        let page = model.page(named: file, holdsItems: true)
      {
        return page
      }
    }
    return nil
  }

  /// The specifier that types one item of a list group, as a specifier of this page: its
  /// `AddSpecifier` (for a new item) or `ItemSpecifier`, else the other, when it is of a
  /// kind whose value can be typed (text, a choice, a switch, a slider).
  private func itemSpecifier(of specifier: Specifier, adding: Bool) -> Specifier? {
    for name in Self.itemSpecifierNames(adding: adding) {
      guard let item = specifier.itemSpecifier(in: name) else { continue }
      switch item.kind {
      case .textField, .multiValue, .toggleSwitch, .slider: return item
      case .group, .radioGroup, .titleValue, .childPane, .listGroup, .textView, .openURL, .button,
        .mailCompose, .customView, .datePicker, .other(_):
        continue
      }
    }
    return nil
  }

  /// The list group's keys that describe an item, the one that fits first: `AddSpecifier`
  /// for a new item, `ItemSpecifier` for one in the list.
  private static func itemSpecifierNames(adding: Bool) -> [String] {
    adding
      ? [SpecifierKey.addSpecifier, SpecifierKey.itemSpecifier]
      : [SpecifierKey.itemSpecifier, SpecifierKey.addSpecifier]
  }

  /// Items can be added when they are typed, or edited on a page this schema has.
  func canAddItems(to specifier: Specifier) -> Bool {
    itemPage(of: specifier, adding: true) != nil
      || itemSpecifier(of: specifier, adding: true) != nil
  }

  /// Opens the page of the item at `index`, or of a new item when `index` is `nil`.
  private func openItemPage(
    _ page: SettingsSchema.Page, index: Int?, of specifier: Specifier, key: String
  ) {
    let editing = ListItemEditing(
      key: key, index: index, parent: model, isDeletable: specifier.isDeletable)
    let titleText =
      specifier.nestedSpecifier(SpecifierKey.itemSpecifier)?[SpecifierKey.title]?.stringValue
      ?? specifier.nestedSpecifier(SpecifierKey.addSpecifier)?[SpecifierKey.title]?.stringValue
      ?? specifier.title
    navigationController?.pushViewController(
      SettingsPageViewController(
        itemPage: page, title: titleText.map { ($0, self.page) }, listItem: editing), animated: true
    )
  }

  func addItem(to specifier: Specifier) {
    guard let key = specifier.key else { return }
    guard let item = itemSpecifier(of: specifier, adding: true) else {
      if let page = itemPage(of: specifier, adding: true) {
        openItemPage(page, index: nil, of: specifier, key: key)
      }
      return
    }
    let defaultValue = itemDefault(of: specifier, item: item)
    if item.kind == .multiValue {
      openChoices(of: item, index: nil, defaultValue: defaultValue, of: specifier, key: key)
      return
    }
    // A new text item starts from its default, in the line to edit or keep.
    let current = defaultValue.flatMap { value -> TextInputRequest.CurrentValue? in
      guard item.kind == .textField, !item.isSecure else { return nil }
      return .text(SpecifierValues.text(of: value))
    }
    requestItemValue(
      title: namingTitle(of: specifier), number: nil, current: current, item: item,
      removable: false
    ) { [weak self] value in
      guard let self, let value else { return }
      self.model.setValue(.array(self.listItems(of: specifier) + [value]), forKey: key)
    }
  }

  func editItem(_ index: Int, of specifier: Specifier) {
    guard let key = specifier.key else { return }
    let items = listItems(of: specifier)
    guard index < items.count else { return }
    if items[index].dictionaryValue != nil, let page = itemPage(of: specifier, adding: false) {
      openItemPage(page, index: index, of: specifier, key: key)
      return
    }
    let item =
      items[index].dictionaryValue == nil ? itemSpecifier(of: specifier, adding: false) : nil
    let deletable = specifier.isDeletable
    guard item != nil || deletable else { return }
    if let item, item.kind == .multiValue {
      openChoices(of: item, index: index, defaultValue: nil, of: specifier, key: key)
      return
    }
    let shown = itemText(items[index], index: index, of: specifier)
    // A text item's line starts with its text, as a text field's does.
    let current: TextInputRequest.CurrentValue =
      item.map { $0.kind == .textField && !$0.isSecure } == true ? .text(shown) : .value(shown)
    requestItemValue(
      title: namingTitle(of: specifier), number: index + 1, current: current, item: item,
      removable: deletable
    ) { [weak self] value in
      guard let self else { return }
      var items = self.listItems(of: specifier)
      guard index < items.count else { return }
      if let value { items[index] = value } else { items.remove(at: index) }
      self.model.setValue(.array(items), forKey: key)
    }
  }

  /// What a new item of a list group starts from: the `DefaultValue` of the specifier that
  /// types it (`item`), else of the list's other item specifier.
  private func itemDefault(of specifier: Specifier, item: Specifier) -> PropertyListValue? {
    if let value = item.defaultValue { return value }
    for name in Self.itemSpecifierNames(adding: false) {
      if let value = specifier.itemSpecifier(in: name)?.defaultValue { return value }
    }
    return nil
  }

  /// Opens the list of choices of a list item typed by a multi-value (`item`): the item at
  /// `index`, or a new one when `index` is `nil`, whose ✓ starts on `defaultValue`.
  private func openChoices(
    of item: Specifier, index: Int?, defaultValue: PropertyListValue?, of specifier: Specifier,
    key: String
  ) {
    let slot = ListItemSlot(
      key: key, index: index, model: model, defaultValue: defaultValue,
      isDeletable: specifier.isDeletable)
    navigationController?.pushViewController(
      MultiValueViewController(specifier: item, page: page, model: model, item: slot),
      animated: true)
  }

  /// Asks for an item's value, checked as `item` says (text, one of its choices, …); with
  /// `removable`, `-` stands for removing it (`nil`). Without `item`, only `-` is taken.
  /// `number` counts from 1 (`nil` for a new item), `current` is how the item is shown
  /// (`.text` for text the line starts with).
  private func requestItemValue(
    title: String, number: Int?, current: TextInputRequest.CurrentValue?, item: Specifier?,
    removable: Bool,
    completion: @escaping (PropertyListValue?) -> Void
  ) {
    let page = self.page
    let model = self.model
    let removal = "-"
    func parse(_ text: String) -> Result<PropertyListValue?, SettingValueError> {
      if removable, text == removal { return .success(nil) }
      guard let item else {
        return .failure(
          SettingValueError(
            key: "", reason: model.messages.text(.itemNotEditable), allowed: removal,
            language: model.language))
      }
      return SettingValueParser.value(from: text, for: item, on: page, model: model).map { $0 }
    }
    requestTextInput(
      TextInputRequest(
        title: title,
        kind: .listItem(
          number: number, isEditable: item != nil, removal: removable ? removal : nil),
        current: current,
        expected: item.flatMap { model.allowedValues(of: $0, on: page) },
        validate: { text in
          if case .failure(let error) = parse(text) { return error.description }
          return nil
        },
        completion: { result in
          guard case .entered(let text) = result, case .success(let value) = parse(text) else {
            return
          }
          completion(value)
        }))
  }
}
