import FileFormats
import SchemaKit
import TextSafety

/// Every setting of a schema with where it lives: the pages from the root to it, and their
/// titles. The index behind `go`, `find`, `get`, `set`, `list` and completion.
///
/// Creating an index costs nothing: it walks the schema the first time it is asked
/// something (its entries, a key, a search), once, and keeps what it found. Copies share
/// that work. The searchable text of every language is part of it (``SettingsTextIndex``),
/// so neither `lang` nor a change of value makes it stale: values are read when searched.
package struct SettingsIndex {
  /// A child pane followed on the way to a page: the page it is on, and the pane.
  package typealias Pane = (page: SettingsSchema.Page, specifier: Specifier)

  /// One specifier and the way to it.
  package struct Entry {
    /// The specifier.
    package var specifier: Specifier
    /// The page that holds it, with the way to it from the root.
    package var visit: SettingsSchema.PageVisit
    /// The page that holds it.
    package var page: SettingsSchema.Page { visit.page }
    /// The pages from the root to (and including) the page that holds it, by name.
    package var pagePath: [String] { visit.pagePath }
    /// The child-pane specifiers followed from the root, one per page after the root.
    package var panes: [Pane] { visit.panes }

    /// The setting's key, if it stores a value.
    package var key: String? { specifier.key }
  }

  /// Entries by key (the first one, when a key appears twice; never a group).
  package struct EntriesByKey {
    fileprivate let storage: Storage

    /// The entry of a key, or `nil` when no setting has it.
    package subscript(key: String) -> Entry? {
      storage.position(ofKey: key).map(storage.entry(at:))
    }
  }

  private let storage: Storage

  /// Indexes a schema (lazily: see the type's description).
  package init(schema: SettingsSchema) {
    storage = Storage { schema }
  }

  /// Indexes the schema of a model, whose pages not read yet are read when the index is
  /// first asked something (``SettingsModel/loadAllPages()``).
  package init(model: SettingsModel) {
    storage = Storage {
      // The index needs every page: it is never made of a part of them.
      model.loadAllPages(stoppingWhen: { false })
      return model.schema
    }
  }

  /// Every specifier reachable from the root, in page order (breadth-first by page).
  package var entries: [Entry] { storage.allEntries }
  /// Entries by key (the first one, when a key appears twice).
  package var byKey: EntriesByKey { EntriesByKey(storage: storage) }

  /// The keys of settings that store a value, sorted.
  package var keys: [String] { storage.sortedKeys }

  /// How many entries there are.
  var count: Int { storage.places.count }

  /// The entry at a position of ``entries``, made on demand.
  func entry(at position: Int) -> Entry { storage.entry(at: position) }

  /// The searchable text of every entry, built on first use.
  var text: SettingsTextIndex { storage.text }

  /// The schema indexed.
  var schema: SettingsSchema { storage.schema }

  /// The most titles a breadcrumb has: a deeper one shows the root, `…`, and its last steps,
  /// so that what it costs (and the lines of `list`) does not grow with the depth.
  package static let breadcrumbSteps = 16

  /// The titles from the root page to the row of an entry, in a model's language. A way
  /// longer than ``breadcrumbSteps`` titles gives the root's, `…`, then the last ones.
  package func breadcrumb(of entry: Entry, model: SettingsModel) -> [String] {
    var titles: [String] = []
    if model.schema.rootPage != nil {
      titles.append(model.rootPageTitle)
    }
    let whole = entry.visit.depth + 2 <= Self.breadcrumbSteps
    if !whole { titles.append("…") }
    for pane in entry.visit.lastPanes(whole ? entry.visit.depth : Self.breadcrumbSteps - 3) {
      let title = pane.specifier.title.map { model.localized($0, on: pane.page) }
      titles.append(title ?? pane.specifier.file ?? "")
    }
    titles.append(
      entry.specifier.title.map { model.localized($0, on: entry.page) } ?? entry.key ?? "")
    return titles
  }
}

extension SettingsIndex {
  /// What an index found when it walked the schema, shared by its copies.
  fileprivate final class Storage {
    private let load: () -> SettingsSchema
    /// The schema, with every page read.
    private(set) lazy var schema: SettingsSchema = load()

    init(schema load: @escaping () -> SettingsSchema) {
      self.load = load
    }

    /// The pages reachable from the root, each with the way to it.
    private(set) lazy var visits: [SettingsSchema.PageVisit] = schema.reachablePages()

    /// Where each entry is: its page visit and its position on the page, in page order.
    private(set) lazy var places: [(visit: Int32, specifier: Int32)] = {
      var places: [(visit: Int32, specifier: Int32)] = []
      for (number, visit) in visits.enumerated() {
        for position in visit.page.specifiers.indices {
          places.append((Int32(number), Int32(position)))
        }
      }
      return places
    }()

    func entry(at position: Int) -> Entry {
      let place = places[position]
      let visit = visits[Int(place.visit)]
      return Entry(specifier: visit.page.specifiers[Int(place.specifier)], visit: visit)
    }

    private(set) lazy var allEntries: [Entry] = places.indices.map(entry(at:))

    /// The position of the first entry of each key, groups left out. Keys are told apart
    /// by their bytes, as the store tells them apart.
    private lazy var positionsByKey: [PropertyListKey: Int32] = {
      var positions: [PropertyListKey: Int32] = [:]
      for (position, place) in places.enumerated() {
        let specifier = visits[Int(place.visit)].page.specifiers[Int(place.specifier)]
        if let key = specifier.key, specifier.kind != .group, positions[key] == nil {
          positions[key] = Int32(position)
        }
      }
      return positions
    }()

    func position(ofKey key: String) -> Int? {
      positionsByKey[key].map(Int.init)
    }

    private(set) lazy var sortedKeys: [String] = positionsByKey.keys.sorted().map(\.string)

    private(set) lazy var text = SettingsTextIndex(
      pages: visits.map(\.page), places: places, strings: schema.strings)
  }
}

extension SettingsIndex {
  /// What to say of a key no setting has: the keys that contain it, else `otherwise`.
  ///
  /// - Parameters:
  ///   - key: The key as typed.
  ///   - otherwise: Where to find the keys, said when none is close.
  ///   - messages: The words, in the session's language.
  /// - Returns: "No setting has the key 'x'. Did you mean …?"
  package func unknownKeyMessage(
    _ key: String, otherwise: String, messages: SettingsMessages
  ) -> String {
    // `String` equality is canonical equivalence: a key equal so but not by bytes differs
    // only in Unicode normalization (`café` composed or decomposed), which nothing shows.
    if let twin = keys.first(where: { $0 == key }) {
      let hint = messages.text(
        .keyDiffersInNormalization, Self.codePoints(key), Self.codePoints(twin))
      return messages.text(.noSettingHasKey, Escaper.escaped(key, as: .identifier), hint)
    }
    let close = keys.filter { $0.lowercased().containsText(key.lowercased()) }.prefix(5)
      .map { Escaper.escaped($0, as: .identifier) }
    let hint =
      close.isEmpty ? otherwise : messages.text(.didYouMeanKeys, close.joined(separator: ", "))
    return messages.text(.noSettingHasKey, Escaper.escaped(key, as: .identifier), hint)
  }

  /// `key` with every character beyond ASCII written as its code point, `caf\u{E9}`, so that
  /// two spellings that look the same can be told apart.
  static func codePoints(_ key: String) -> String {
    var shown = ""
    for scalar in key.unicodeScalars {
      if scalar.isASCII {
        shown.unicodeScalars.append(scalar)
      } else {
        shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      }
    }
    return Escaper.escaped(shown, as: .identifier)
  }
}

extension SettingsIndex {
  /// The settings (never groups) a title path names: `titles` (lowercased) are the last
  /// titles of its breadcrumb, the setting's own last, each in any language (a setting
  /// without a title is named by its key). `go`'s look-up of a path that is not a key.
  ///
  /// The setting's own title is looked up in the index's text; only the settings so found
  /// have the rest of their path compared.
  package func entries(titled titles: [String], model: SettingsModel) -> [Entry] {
    guard let own = titles.last else { return [] }
    let wanted = titles
    let text = self.text
    var positions: [Int32] = []
    for number in text.records(matching: own, whole: true) {
      let record = text.records[Int(number)]
      guard record.field == .title || record.field == .keyAsTitle,
        positions.last != record.entry
      else { continue }
      positions.append(record.entry)
    }
    let languages = [model.language] + model.schema.strings.languages
    return positions.map { entry(at: Int($0)) }.filter { entry in
      guard entry.specifier.kind != .group else { return false }
      guard wanted.count > 1 else { return true }
      let crumbs = breadcrumbVariants(
        of: entry, model: model, languages: languages, wanted: wanted.count)
      guard crumbs.count >= wanted.count else { return false }
      return zip(crumbs.suffix(wanted.count), wanted).allSatisfy { $0.contains($1) }
    }
  }

  /// For each step of an entry's breadcrumb, its title in every language (lowercased).
  /// Only the last `wanted` steps are looked at (the root's when the way is that short).
  private func breadcrumbVariants(
    of entry: Entry, model: SettingsModel, languages: [String], wanted: Int
  ) -> [Set<String>] {
    var steps: [(String?, SettingsSchema.Page)] = []
    if let root = model.schema.rootPage, entry.visit.depth < wanted {
      steps.append((root.title, root))
    }
    for pane in entry.visit.lastPanes(wanted) { steps.append((pane.specifier.title, pane.page)) }
    steps.append((entry.specifier.title ?? entry.key, entry.page))
    return steps.map { raw, page in
      guard let raw else { return [] }
      var names: Set<String> = [raw.lowercased()]
      for language in languages {
        names.insert(
          model.schema.strings.localized(raw, table: page.stringsTable, language: language)
            .lowercased())
      }
      return names
    }
  }
}
