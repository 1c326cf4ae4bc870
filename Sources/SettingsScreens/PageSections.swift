import FileFormats
import SchemaKit
import SettingsKit

/// What the screens of one page share, worked out once per page and model
/// (``SettingsModel/pageSections(of:)``): whether its rows depend on values (list groups) or on
/// the language (radio groups sorted by title), and, for a page whose rows do not depend on
/// values, its sections as last made, with the lint errors and language they were made
/// with and their headers and footers localized.
///
/// Opening a page then costs what its first screen shows, not a walk of all its settings:
/// a page of a thousand settings opens as fast as a page of ten. What a setting's row shows
/// besides its value (its title, the titles of its choices) is kept too, in one language
/// (``keptFace(of:in:)``): a row's cell is then made from those texts and its value.
final class PageSections {
  /// Whether the page has a list group, whose rows come and go with its value.
  let hasListGroups: Bool
  /// Whether a radio group lists its choices sorted by title, which changes with the
  /// language.
  let hasSortedRadioGroups: Bool
  /// Whether a specifier has a `VisibleWhen`: only then do the page's rows come and go with
  /// the values of settings (a page without one asks nothing about them).
  let hasVisibleWhen: Bool
  /// The sections last made for a page without list groups, the lint errors and language
  /// they were made with, and their headers and footers localized (once asked for).
  /// Read on every screen, and only read or assigned whole: no dynamic exclusivity check.
  @exclusivity(unchecked) var sections:
    (
      sections: [SettingsPageViewController.Section], errors: [Int: String]?, language: String,
      texts: SectionTexts?
    )?

  /// The headers and footers of sections, localized in one language (`nil` for none or an
  /// empty one). A class, so that asking for one section's text retains one object.
  final class SectionTexts {
    let language: String
    let headers: [String?]
    let footers: [String?]

    init(language: String, headers: [String?], footers: [String?]) {
      self.language = language
      self.headers = headers
      self.footers = footers
    }
  }

  /// What a setting's row shows that depends only on the schema and the language. A class,
  /// so that a row made from it retains one object.
  final class Face {
    /// The row's title, localized: the specifier's title, else its key, else its kind.
    let title: String
    /// The titles of the choices as the row shows the chosen one, localized, by value index:
    /// a multi-value's short titles when it has one for each value, else its titles; a title
    /// value's titles. Empty for other kinds.
    let choiceTitles: [String]
    /// The setting of the row's key (``SettingsModel/keySetting(forKey:)``): the row's
    /// specifier unless an earlier page has the key; `nil` without a key.
    let keySetting: Specifier?
    /// The default of ``keySetting``.
    let keyDefault: PropertyListValue?
    /// The detail a switch, a multi-value or a title value shows when its value is the
    /// default itself (most rows of a new store): `nil` for other kinds, `.some(nil)` for no
    /// detail.
    let defaultDetail: String??
    /// Whether the specifier has an `IASKSubtitle`.
    let hasSubtitle: Bool

    init(
      title: String, choiceTitles: [String], keySetting: Specifier?, defaultDetail: String??,
      hasSubtitle: Bool
    ) {
      self.title = title
      self.choiceTitles = choiceTitles
      self.keySetting = keySetting
      keyDefault = keySetting?.defaultValue
      self.defaultDetail = defaultDetail
      self.hasSubtitle = hasSubtitle
    }
  }

  /// The faces made so far, by specifier index, in ``keptLanguage`` and at
  /// ``keptKeysRevision``. Read for every row made, and only read or assigned whole or by
  /// element: no dynamic exclusivity check.
  @exclusivity(unchecked) private var faces: [Face?] = []
  /// The lists of choices made so far (``choiceList(of:in:make:)``), by specifier index, as
  /// ``faces`` are kept.
  @exclusivity(unchecked) private var choiceLists: [[Choice]?] = []
  /// The language of ``faces`` and ``choiceLists``.
  @exclusivity(unchecked) private var keptLanguage = ""
  /// The model's ``SettingsModel/keysRevision`` when ``faces`` were made.
  @exclusivity(unchecked) private var keptKeysRevision = 0

  /// Drops the faces and lists kept when the model's language, or the settings it knows by
  /// key, changed since they were made.
  private func dropKeptTexts(unlessMadeFor model: SettingsModel) {
    let language = model.language
    guard keptLanguage != language || keptKeysRevision != model.keysRevision else { return }
    faces = []
    choiceLists = []
    keptLanguage = language
    keptKeysRevision = model.keysRevision
  }

  /// The face kept for a setting's row in the model's language, if any: a change of
  /// language, or of the settings the model knows by key, drops the faces kept.
  func keptFace(of specifier: Specifier, in model: SettingsModel) -> Face? {
    dropKeptTexts(unlessMadeFor: model)
    let index = specifier.index
    return index < faces.count ? faces[index] : nil
  }

  /// Keeps the face of a setting's row (made in the model's language, after
  /// ``keptFace(of:in:)`` found none).
  func keep(_ face: Face, of specifier: Specifier) {
    Self.put(face, at: specifier.index, in: &faces)
  }

  /// Puts a value kept for a specifier at its index, growing the array to hold it.
  private static func put<Value>(_ value: Value, at index: Int, in array: inout [Value?]) {
    if index >= array.count {
      array.append(contentsOf: repeatElement(nil, count: index + 1 - array.count))
    }
    array[index] = value
  }

  /// A choice of a multi-value's list: its localized title and its value.
  typealias Choice = (title: String, value: PropertyListValue)

  /// The choices a multi-value's list shows, in the model's language and in their order:
  /// the ones kept, else `make`'s, kept from then on as faces are (``keptFace(of:in:)``).
  func choiceList(of specifier: Specifier, in model: SettingsModel, make: () -> [Choice])
    -> [Choice]
  {
    dropKeptTexts(unlessMadeFor: model)
    let index = specifier.index
    if index < choiceLists.count, let kept = choiceLists[index] { return kept }
    let choices = make()
    Self.put(choices, at: index, in: &choiceLists)
    return choices
  }

  /// Looks at a page's specifiers once.
  init(page: SettingsSchema.Page) {
    let traits = page.rowTraits
    hasListGroups = traits.hasListGroups
    hasSortedRadioGroups = traits.hasSortedRadioGroups
    hasVisibleWhen = traits.hasVisibleWhen
  }
}

extension SettingsModel {
  /// The layout of a page, made on first use and kept.
  func pageSections(of page: SettingsSchema.Page) -> PageSections {
    if let known = keptPageState[page.name] as? PageSections { return known }
    let layout = PageSections(page: page)
    keptPageState[page.name] = layout
    return layout
  }
}
