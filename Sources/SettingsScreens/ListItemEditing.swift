import FileFormats
import SettingsKit

/// One item of a list group whose items are edited on a page of their own, as
/// InAppSettingsKit's list groups with a child-pane `ItemSpecifier` or `AddSpecifier` do:
/// each item is a dictionary, and the page's keys are keys of that dictionary.
///
/// The page is shown through ``model``, a model of the item's own values, so that every
/// screen and editor works on it unchanged; each change goes back into the list in the
/// parent model (one change of the list's key, which `changes` and `undo` then see). A new
/// item joins the list with its first value, so leaving its page untouched adds nothing.
/// When the list changes from elsewhere (`undo`, `reset`, `set`), the page shows the item
/// as it now is.
final class ListItemEditing {
  /// The model of the page that shows the list.
  let parent: SettingsModel
  /// The list group's key.
  let key: String
  /// Where the item is in the list, or `nil` for an item not in the list (yet).
  private(set) var index: Int?
  /// The item's values, which its page shows and edits.
  let model: SettingsModel
  /// Whether the list's items may be removed (`Deletable`, true unless set to false).
  let isDeletable: Bool
  /// Set while this object moves values between the two models, so that neither change
  /// comes back to it.
  private var isSyncing = false

  /// Starts editing the item at `index` of the list at `key`, or a new item when `index`
  /// is `nil`.
  init(key: String, index: Int?, parent: SettingsModel, isDeletable: Bool) {
    self.parent = parent
    self.key = key
    self.isDeletable = isDeletable
    let items = parent.value(forKey: key)?.arrayValue ?? []
    let existing = index.flatMap { $0 < items.count ? items[$0].dictionaryValue : nil }
    self.index = existing == nil ? nil : index
    model = SettingsModel(
      schema: parent.schema, storedValues: existing ?? [:], language: parent.language)
    model.specifierErrors = parent.specifierErrors
    model.addObserver(self) { [weak self] in self?.itemChanged() }
    parent.addObserver(self) { [weak self] in self?.listChanged() }
  }

  deinit {
    parent.removeObserver(self)
    model.removeObserver(self)
  }

  /// The list as the parent model has it now.
  private var items: [PropertyListValue] { parent.value(forKey: key)?.arrayValue ?? [] }

  /// Removes the item from the list; its page then edits a new item.
  func remove() {
    guard let index else { return }
    var items = self.items
    guard index < items.count else { return }
    items.remove(at: index)
    self.index = nil
    syncing { parent.setValue(.array(items), forKey: key) }
    syncing { model.replaceValues(with: [:]) }
  }

  private func itemChanged() {
    guard !isSyncing else { return }
    var items = self.items
    let item = PropertyListValue.dictionary(model.values)
    if let index, index < items.count {
      items[index] = item
    } else {
      index = items.count
      items.append(item)
    }
    syncing { parent.setValue(.array(items), forKey: key) }
  }

  private func listChanged() {
    guard !isSyncing else { return }
    if model.language != parent.language {
      syncing { model.language = parent.language }
    }
    guard let index else { return }
    let items = self.items
    guard index < items.count, let values = items[index].dictionaryValue else {
      // The item left the list (an undone add, a reset): the page edits a new one.
      self.index = nil
      syncing { model.replaceValues(with: [:]) }
      return
    }
    if values != model.values {
      syncing { model.replaceValues(with: values) }
    }
  }

  private func syncing(_ body: () -> Void) {
    isSyncing = true
    body()
    isSyncing = false
  }
}

/// One item of a list group whose items are chosen from a multi-value's choices, as its
/// list of choices edits it: the item at ``index`` of the list at ``key``, or a new item
/// that joins the list with its first choice (leaving the list untouched adds nothing).
final class ListItemSlot {
  /// The model of the page that shows the list.
  let model: SettingsModel
  /// The list group's key.
  let key: String
  /// Where the item is in the list, or `nil` for an item not in the list (yet).
  private(set) var index: Int?
  /// What a new item starts from: its specifier's `DefaultValue`.
  let defaultValue: PropertyListValue?
  /// Whether the list's items may be removed (`Deletable`, true unless set to false).
  let isDeletable: Bool

  init(
    key: String, index: Int?, model: SettingsModel, defaultValue: PropertyListValue?,
    isDeletable: Bool
  ) {
    self.key = key
    self.index = index
    self.model = model
    self.defaultValue = defaultValue
    self.isDeletable = isDeletable
  }

  /// The list as the model has it now.
  private var items: [PropertyListValue] { model.value(forKey: key)?.arrayValue ?? [] }

  /// The item's value: the list's, or the default for an item not in the list.
  var value: PropertyListValue? {
    guard let index else { return defaultValue }
    let items = self.items
    return index < items.count ? items[index] : nil
  }

  /// Makes `value` the item's, adding the item to the list when it is not in it.
  func set(_ value: PropertyListValue) {
    var items = self.items
    if let index, index < items.count {
      items[index] = value
    } else {
      index = items.count
      items.append(value)
    }
    model.setValue(.array(items), forKey: key)
  }

  /// Removes the item from the list.
  func remove() {
    guard let index else { return }
    var items = self.items
    self.index = nil
    guard index < items.count else { return }
    items.remove(at: index)
    model.setValue(.array(items), forKey: key)
  }
}
