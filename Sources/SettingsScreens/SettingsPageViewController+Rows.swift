import FileFormats
import SchemaKit
import SettingsKit
import TableKit

extension SettingsPageViewController {
  // MARK: Rows

  /// Sections depend on values only through list groups, whose items come and go. Those of
  /// a page without list groups are made once per page (and language, with sorted radio
  /// groups) and kept in its ``PageSections``, shared by every screen of the page: opening a
  /// page of a thousand settings costs what its first screen shows.
  func rebuildSections() {
    rebuildAllSections()
    allSections = sections
    filterHiddenRows()
  }

  /// Makes ``sections`` every section of the page, hidden rows included.
  private func rebuildAllSections() {
    let errors = model.specifierErrors[page.name]
    if !hasListGroups, listItem == nil, let kept = layout.sections,
      kept.errors == errors, !hasSortedRadioGroups || kept.language == model.language
    {
      sections = kept.sections
      builtErrors = errors
      builtLanguage = kept.language
      sectionTexts = kept.texts
      return
    }
    buildSections(errors: errors)
    if !hasListGroups, listItem == nil {
      layout.sections = (sections, errors, builtLanguage, nil)
    }
  }

  private func buildSections(errors: [Int: String]?) {
    var result: [Section] = []
    // The section rows go into, kept out of `result` until the next one starts: appending to
    // the last element of `result` checked and reached into it for every row.
    var open: Section?
    func close() {
      if let section = open { result.append(section) }
      open = nil
    }
    func append(_ row: Row) {
      if open == nil { open = Section(rows: []) }
      open?.append(row)
    }
    builtErrors = errors
    sectionTexts = nil
    // A run of settings (most rows) is added at once, as a range of the page's specifiers.
    let specifiers = page.specifiers
    var runStart: Int?
    var runHasSubtitle = false
    func addRun(upTo end: Int) {
      guard let start = runStart else { return }
      runStart = nil
      if open == nil { open = Section(rows: []) }
      open?.append(settings: start..<end, of: specifiers, lines: runHasSubtitle ? nil : 1)
      runHasSubtitle = false
    }
    // The specifiers are read in place from the page's storage: most are settings, looked at
    // only for their kind and subtitle, and a page of a thousand is not copied one by one.
    specifiers.withUnsafeBufferPointer { buffer in
      for position in buffer.indices {
        // What Settings.app skips (no Type, a radio group without choices) has no row.
        if buffer[position].skippedBySettingsApp != nil {
          addRun(upTo: position)
          continue
        }
        if errors != nil, let error = errors?[buffer[position].index] {
          let specifier = buffer[position]
          addRun(upTo: position)
          if specifier.kind == .group {
            close()
            open = Section(header: specifier.title, rows: [])
            open?.owner = specifier.index
          }
          append(.problem(specifier, error))
          continue
        }
        switch buffer[position].kind {
        case .group:
          addRun(upTo: position)
          close()
          let specifier = buffer[position]
          open = Section(header: specifier.title, footer: specifier.footerText, rows: [])
          open?.owner = specifier.index
        case .radioGroup:
          let specifier = buffer[position]
          var order = Array(specifier.values.indices)
          if specifier.displaysSortedByTitle {
            // By title as shown, as Settings.app sorts them; a choice without a title last.
            let titles = specifier.titles.map(localized)
            order = order.map { (titles.indices.contains($0) ? titles[$0] : "\u{10FFFF}", $0) }
              .sorted { $0 < $1 }.map(\.1)
          }
          let rows = order.map { Row.choice(specifier, $0) }
          addRun(upTo: position)
          close()
          var section = Section(header: specifier.title, footer: specifier.footerText, rows: rows)
          section.owner = specifier.index
          result.append(section)
        case .listGroup:
          let specifier = buffer[position]
          let count = listItems(of: specifier).count
          var rows = (0..<count).map { Row.listItem(specifier, $0) }
          rows.append(.listAdd(specifier))
          addRun(upTo: position)
          close()
          var section = Section(header: specifier.title, footer: specifier.footerText, rows: rows)
          section.owner = specifier.index
          result.append(section)
        case .toggleSwitch, .multiValue, .textField, .slider, .titleValue, .childPane, .textView,
          .openURL, .button, .mailCompose, .customView, .datePicker, .other(_):
          if runStart == nil { runStart = position }
          if !runHasSubtitle, buffer[position].hasSubtitle { runHasSubtitle = true }
        }
      }
    }
    addRun(upTo: specifiers.endIndex)
    close()
    if let listItem, listItem.index != nil, listItem.isDeletable {
      result.append(Section(rows: [.deleteItem]))
    }
    sections = result
    builtLanguage = model.language
  }
}
