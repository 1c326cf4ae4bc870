import FileFormats
import SchemaKit
import SettingsKit
import TableKit

extension SettingsPageViewController {
  // MARK: Selection

  /// Why a row does nothing when selected: a row with a lint error names it; a row that
  /// runs the app's own code (a button, a mail form, an app screen) or opens a web address
  /// says what it does in the app.
  package func tableView(_ tableView: TableView, whyRowCannotBeSelectedAt indexPath: IndexPath)
    -> String?
  {
    guard sections.indices.contains(indexPath.section),
      sections[indexPath.section].rows.indices.contains(indexPath.row)
    else { return nil }
    switch sections[indexPath.section].rows[indexPath.row] {
    case .problem(_, let message): return message
    case .setting(let specifier): return whyNothingHappens(specifier)
    default: return nil
    }
  }

  /// What a row without a value of its own does in the app, which settei does not do;
  /// `nil` for a row that does something here.
  private func whyNothingHappens(_ specifier: Specifier) -> String? {
    let messages = model.messages
    switch specifier.kind {
    case .button: return messages.text(.buttonRunsAppCode)
    case .mailCompose: return messages.text(.mailRunsAppCode)
    case .openURL: return messages.text(.webLinkOpensBrowser)
    case .childPane:
      if specifier.opensCustomController { return messages.text(.appScreenRunsAppCode) }
      if let file = specifier.file, !model.hasPage(named: file),
        file.containsText("://") || file.hasSuffix(".html")
      {
        return messages.text(.webPageNotShown)
      }
      return nil
    case .group, .toggleSwitch, .multiValue, .radioGroup, .textField, .slider, .titleValue,
      .listGroup, .textView, .customView, .datePicker, .other(_):
      return nil
    }
  }

  /// Pushes the screen of a row: the one kept in ``lastOpened`` when it belongs to the same
  /// specifier and is not on a navigation stack, else a new one from `make`, then kept.
  private func open(_ specifier: Specifier, make: () -> ViewController?) {
    let controller: ViewController
    if let kept = keptScreen(of: specifier) {
      controller = kept
    } else {
      guard let made = make() else { return }
      controller = made
      lastOpened = (specifier.index, made)
    }
    navigationController?.pushViewController(controller, animated: true)
  }

  /// The screen kept for a row's specifier (``lastOpened``), when it is off the stack.
  func keptScreen(of specifier: Specifier) -> ViewController? {
    guard let lastOpened, lastOpened.specifier == specifier.index,
      lastOpened.controller.navigationController == nil
    else { return nil }
    return lastOpened.controller
  }

  func select(_ specifier: Specifier) {
    switch specifier.kind {
    case .multiValue:
      open(specifier) { MultiValueViewController(specifier: specifier, page: page, model: model) }
    case .toggleSwitch:
      guard let key = specifier.key else { return }
      let isOn = SpecifierValues.isOn(model.value(forKey: key), for: specifier)
      let change = { [weak self] in
        guard let self else { return }
        self.model.setValue(isOn ? specifier.falseValue : specifier.trueValue, forKey: key)
        self.tableView.reloadData()
      }
      if let question = SettingEditor.confirmation(
        for: specifier, turningOn: !isOn, title: namingTitle(of: specifier),
        localized: localized, messages: model.messages, confirmed: change)
      {
        requestTextInput(question)
      } else {
        change()
      }
    case .childPane:
      guard !specifier.opensCustomController, let file = specifier.file else { return }
      // A kept page was read when it was made: it is pushed without looking it up again.
      open(specifier) {
        model.page(named: file).map {
          SettingsPageViewController(page: $0, model: model, pane: (specifier, page))
        }
      }
    case .textField, .slider, .textView, .datePicker:
      guard
        let request = SettingEditor.request(
          for: specifier, title: namingTitle(of: specifier), page: page, model: model,
          placeholder: specifier.placeholder.map(localized),
          onChange: { [weak self] in self?.tableView.reloadData() })
      else { return }
      requestTextInput(request)
    case .group, .radioGroup, .titleValue, .listGroup, .openURL, .button, .mailCompose, .customView,
      .other(_):
      break
    }
  }
}
