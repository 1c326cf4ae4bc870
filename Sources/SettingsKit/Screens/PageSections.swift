import SchemaKit

/// What the screens of one page share, worked out once per page and model
/// (``SettingsModel/pageSections(of:)``): whether its rows depend on values (list groups) or on
/// the language (radio groups sorted by title), and, for a page whose rows do not depend on
/// values, its sections as last made, with the lint errors and language they were made
/// with and their headers and footers localized.
///
/// Opening a page then costs what its first screen shows, not a walk of all its settings:
/// a page of a thousand settings opens as fast as a page of ten.
final class PageSections {
  /// Whether the page has a list group, whose rows come and go with its value.
  let hasListGroups: Bool
  /// Whether a radio group lists its choices sorted by title, which changes with the
  /// language.
  let hasSortedRadioGroups: Bool
  /// The sections last made for a page without list groups, the lint errors and language
  /// they were made with, and their headers and footers localized (once asked for).
  /// Read on every screen, and only read or assigned whole: no dynamic exclusivity check.
  @exclusivity(unchecked) var sections:
    (
      sections: [SettingsPageViewController.Section], errors: [Int: String]?, language: String,
      texts: (language: String, headers: [String?], footers: [String?])?
    )?

  /// Looks at a page's specifiers once.
  init(page: SettingsSchema.Page) {
    var hasListGroups = false
    var hasSortedRadioGroups = false
    for specifier in page.specifiers {
      switch specifier.kind {
      case .listGroup: hasListGroups = true
      case .radioGroup where specifier.displaysSortedByTitle: hasSortedRadioGroups = true
      default: break
      }
    }
    self.hasListGroups = hasListGroups
    self.hasSortedRadioGroups = hasSortedRadioGroups
  }
}

extension SettingsModel {
  /// The layout of a page, made on first use and kept.
  func pageSections(of page: SettingsSchema.Page) -> PageSections {
    if let known = keptPageSections[page.name] { return known }
    let layout = PageSections(page: page)
    keptPageSections[page.name] = layout
    return layout
  }
}
