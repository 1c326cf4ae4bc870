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
    // The page's rows come in segments (SchemaKit walks the specifiers in place): a run of
    // settings, most rows, is added at once, as a range of the page's specifiers.
    let specifiers = page.specifiers
    for segment in page.rowSegments(errors: errors) {
      switch segment {
      case .settings(let run, let hasSubtitle):
        if open == nil { open = Section(rows: []) }
        open?.append(settings: run, of: specifiers, lines: hasSubtitle ? nil : 1)
      case .problem(let position):
        let specifier = specifiers[position]
        if specifier.kind == .group {
          close()
          open = Section(header: specifier.title, rows: [])
          open?.owner = specifier.index
        }
        append(.problem(specifier, errors?[specifier.index] ?? ""))
      case .group(let position):
        close()
        let specifier = specifiers[position]
        open = Section(header: specifier.title, footer: specifier.footerText, rows: [])
        open?.owner = specifier.index
      case .radioGroup(let position):
        let specifier = specifiers[position]
        var order = Array(specifier.values.indices)
        if specifier.displaysSortedByTitle {
          // By title as shown, as Settings.app sorts them; a choice without a title last.
          let titles = specifier.titles.map(localized)
          order = order.map { (titles.indices.contains($0) ? titles[$0] : "\u{10FFFF}", $0) }
            .sorted { $0 < $1 }.map(\.1)
        }
        close()
        var section = Section(
          header: specifier.title, footer: specifier.footerText,
          rows: order.map { Row.choice(specifier, $0) })
        section.owner = specifier.index
        result.append(section)
      case .listGroup(let position):
        let specifier = specifiers[position]
        var rows = (0..<listItems(of: specifier).count).map { Row.listItem(specifier, $0) }
        rows.append(.listAdd(specifier))
        close()
        var section = Section(header: specifier.title, footer: specifier.footerText, rows: rows)
        section.owner = specifier.index
        result.append(section)
      }
    }
    close()
    if let listItem, listItem.index != nil, listItem.isDeletable {
      result.append(Section(rows: [.deleteItem]))
    }
    sections = result
    builtLanguage = model.language
  }
}
