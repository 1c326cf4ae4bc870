import FileFormats
import SchemaKit
import SettingsKit
import TableKit

extension SettingsPageViewController {
  // MARK: Cells

  /// The title a row shows (its cell's text).
  func title(of row: Row) -> String {
    switch row {
    case .setting(let specifier), .problem(let specifier, _): return displayTitle(of: specifier)
    case .choice(let specifier, let index): return choiceTitle(specifier, index)
    case .listItem(let specifier, let index):
      let items = listItems(of: specifier)
      return index < items.count ? itemText(items[index], index: index, of: specifier) : ""
    case .listAdd(let specifier):
      let add = specifier.nestedSpecifier(SpecifierKey.addSpecifier)
      let title =
        add?[SpecifierKey.title]?.stringValue ?? add?[SpecifierKey.placeholder]?.stringValue
      return "+ " + (title.map(localized) ?? model.chromeWords.add)
    case .deleteItem:
      return model.chromeWords.delete
    }
  }

  func cell(for specifier: Specifier) -> TableViewCell {
    let face = layout.keptFace(of: specifier, in: model) ?? keptFace(of: specifier)
    // The value and its default are looked up once for the cell and its mark.
    let (value, defaultValue, isDefault) =
      specifier.key.map {
        model.valueAndDefault(forKey: $0, setting: face.keySetting, default: face.keyDefault)
      } ?? (nil, nil, false)
    let cell = plainCell(for: specifier, face: face, value: value, isDefault: isDefault)
    if face.hasSubtitle, let subtitle = subtitle(of: specifier, value: value),
      (cell.detailText ?? "").isEmpty || !cell.isEnabled
    {
      return subtitled(cell, subtitle)
    }
    // A value that differs from its default is marked, so changes stand out.
    if specifier.key != nil, let detail = cell.detailText, !detail.isEmpty, let value,
      !SpecifierValues.same(value, defaultValue)
    {
      cell.detailText = "• " + detail
    }
    return cell
  }

  /// InAppSettingsKit's `IASKSubtitle`, localized: a string, or a dictionary of subtitles by
  /// the value as text, with `__default__` for any other value.
  private func subtitle(of specifier: Specifier, value: PropertyListValue?) -> String? {
    guard let raw = specifier.subtitle else { return nil }
    if let text = raw.stringValue { return localized(text) }
    guard let byValue = raw.dictionaryValue else { return nil }
    let chosen = value.flatMap { byValue[SpecifierValues.text(of: $0)] } ?? byValue["__default__"]
    return chosen?.stringValue.map(localized)
  }

  /// The cell with `subtitle` on a line of its own below its title (a row without a value
  /// of its own: a child pane, a button, a mail row), in place of the kind a row that does
  /// nothing here names in parentheses.
  private func subtitled(_ cell: TableViewCell, _ subtitle: String) -> TableViewCell {
    let result = TableViewCell(style: .subtitle, text: cell.text ?? "", detailText: subtitle)
    result.accessoryType = cell.accessoryType
    result.selectionStyle = cell.selectionStyle
    result.isEnabled = cell.isEnabled
    return result
  }

  /// The cell of a setting showing `value`; `isDefault` when the value is its key's default
  /// itself, whose detail the face may hold.
  private func plainCell(
    for specifier: Specifier, face: PageSections.Face, value: PropertyListValue?,
    isDefault: Bool
  ) -> TableViewCell {
    let cell = TableViewCell(style: .value1)
    cell.text = face.title
    switch specifier.kind {
    case .multiValue, .toggleSwitch, .titleValue:
      if isDefault, let detail = face.defaultDetail {
        cell.detailText = detail
      } else {
        cell.detailText = valueDetail(of: specifier, choiceTitles: face.choiceTitles, value: value)
      }
      if specifier.kind == .multiValue { cell.accessoryType = .disclosureIndicator }
      if specifier.kind == .titleValue { cell.selectionStyle = .none }
    case .childPane:
      // The pane opens its page when the walk of the page graph follows it.
      if !specifier.opensCustomController, let file = specifier.file,
        model.hasPage(named: file, namedBy: specifier.index, on: page.name)
      {
        cell.accessoryType = .disclosureIndicator
      } else {
        // A pane that opens app code or a web page has nothing to show in a terminal.
        cell.detailText = "(\(paneKind(of: specifier)))"
        cell.selectionStyle = .none
        cell.isEnabled = false
      }
    case .textField:
      let isSecure = specifier.isSecure
      let text = value.map(SpecifierValues.fieldText(of:)) ?? ""
      cell.detailText = isSecure && !text.isEmpty ? SettingsModel.maskedSecret : text
    case .slider:
      let range = SpecifierValues.sliderRange(of: specifier)
      let number = SpecifierValues.number(value) ?? range.minimum
      cell.detailText = SpecifierValues.sliderText(
        number, minimum: range.minimum, maximum: range.maximum)
    case .textView:
      let text = value.map(SpecifierValues.text(of:)) ?? ""
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      cell.detailText = lines.count > 1 ? String(lines[0]) + " …" : text
    case .datePicker:
      let mode = SpecifierValues.DateMode(of: specifier)
      cell.detailText = value.map {
        $0.dateValue.map { SpecifierValues.dateText($0, mode: mode) }
          ?? SpecifierValues.text(of: $0)
      }
    case .group, .radioGroup, .listGroup, .openURL, .button, .mailCompose, .customView, .other:
      cell.detailText = "(\(readableName(of: specifier.kind)))"
      cell.selectionStyle = .none
      cell.isEnabled = false
    }
    return cell
  }

  /// The title of choice `index` of a radio group's list, as its row shows it.
  private func choiceTitle(_ specifier: Specifier, _ index: Int) -> String {
    let titles = specifier.titles
    return index < titles.count
      ? localized(titles[index]) : SpecifierValues.text(of: specifier.values[index])
  }

  func choiceCell(_ specifier: Specifier, _ index: Int) -> TableViewCell {
    let text = choiceTitle(specifier, index)
    let current = specifier.key.flatMap { model.value(forKey: $0) }
    return TableViewCell(
      text: text,
      accessoryType: SpecifierValues.same(specifier.values[index], current) ? .checkmark : .none)
  }
}
