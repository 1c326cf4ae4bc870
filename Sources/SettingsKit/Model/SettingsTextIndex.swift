import SchemaKit

/// The text `find` and `go` look through, made once: every title, key, footer and choice of
/// a schema, lowercased, with the translations of every language beside them.
///
/// A search lowercases what was typed and looks for it in one buffer of UTF-8 bytes rather
/// than localizing and lowercasing every string of every language again. Bytes compare as
/// `String.contains` does only for text in which every scalar is a character of its own
/// that no other scalar is canonically equivalent to (``isPlain(_:)``: ASCII, Latin, kana,
/// kanji, Hangul syllables, …); other text is kept as a `String` and compared as one, and a
/// search for such text compares every text as a `String`.
///
/// A translation belongs to a raw text of a strings table, and a raw text matches when it or
/// any of its translations does, in whatever language the screens are in: so the index does
/// not depend on the language. Values change, so they are not in it (``SettingsSearch``
/// reads them when it searches).
final class SettingsTextIndex {
  /// What a text of an entry is.
  enum Field: UInt8 {
    /// The specifier's `Title`.
    case title
    /// The key of a setting (not a group), as written: keys are not translated.
    case key
    /// The `FooterText`.
    case footer
    /// The title of a choice of a multi-value or radio group.
    case choice
    /// The key of a setting without a title, which its breadcrumb shows (and translates).
    case keyAsTitle
  }

  /// A text of an entry, in entry order.
  struct Record {
    /// The entry's position in ``SettingsIndex/entries``.
    var entry: Int32
    /// Which text of the entry.
    var field: Field
    /// For a choice, its position in `Titles`.
    var choice: Int32
  }

  /// The records, in entry order, and for each entry its choices in order.
  let records: [Record]
  /// The texts of the records, lowercased (an owner is a record).
  private let texts: TextColumn
  /// Every translation whose text is not its key: the table and the key (raw text).
  private let translations: [(table: String, raw: String)]
  /// Their texts, lowercased (an owner is a translation).
  private let translated: TextColumn
  /// Positions of the entries whose current value `find` looks at: text fields and views
  /// that are not secure.
  let valueEntries: [Int32]

  private let pages: [SettingsSchema.Page]
  private let places: [(visit: Int32, specifier: Int32)]

  /// Indexes the specifiers of `pages` in order (``places`` says where each entry is) and
  /// every translation of `strings`.
  init(
    pages: [SettingsSchema.Page], places: [(visit: Int32, specifier: Int32)],
    strings: StringsCatalog
  ) {
    self.pages = pages
    self.places = places
    // Built in local variables: a stored property of a class is checked for exclusive
    // access at every append.
    var records: [Record] = []
    var texts = TextColumn()
    var valueEntries: [Int32] = []
    func add(_ text: String, _ record: Record) {
      texts.append(text, owner: Int32(records.count))
      records.append(record)
    }
    var entry: Int32 = 0
    for page in pages {
      for specifier in page.specifiers {
        defer { entry += 1 }
        let kind = specifier.kind
        let key = kind == .group ? nil : specifier.key
        if let title = specifier.title {
          add(title, Record(entry: entry, field: .title, choice: 0))
        } else if let key {
          add(key, Record(entry: entry, field: .keyAsTitle, choice: 0))
        }
        if let key {
          add(key, Record(entry: entry, field: .key, choice: 0))
          if kind == .textField || kind == .textView, !specifier.isSecure {
            valueEntries.append(entry)
          }
        }
        if let footer = specifier.footerText {
          add(footer, Record(entry: entry, field: .footer, choice: 0))
        }
        if kind == .multiValue || kind == .radioGroup {
          let titles = specifier.titles
          for choice in 0..<min(titles.count, specifier.values.count) {
            add(titles[choice], Record(entry: entry, field: .choice, choice: Int32(choice)))
          }
        }
      }
    }
    var translations: [(table: String, raw: String)] = []
    var translated = TextColumn()
    for language in strings.tables.keys.sorted() {
      for (table, entries) in strings.tables[language] ?? [:] {
        for (raw, text) in entries where text != raw {
          translated.append(text, owner: Int32(translations.count))
          translations.append((table, raw))
        }
      }
    }
    self.records = records
    self.texts = texts
    self.valueEntries = valueEntries
    self.translations = translations
    self.translated = translated
  }

  /// The records whose text, or a translation of it, contains `needle` (already
  /// lowercased), or is `needle` when `whole`; sorted, each once.
  func records(matching needle: String, whole: Bool = false) -> [Int32] {
    let needle = Needle(needle)
    var found = texts.owners(matching: needle, whole: whole)
    let translationsFound = translated.owners(matching: needle, whole: whole)
    if !translationsFound.isEmpty {
      let byTranslation = recordsByTranslation
      for translation in translationsFound { found += byTranslation[Int(translation)] }
    }
    found.sort()
    var unique: [Int32] = []
    unique.reserveCapacity(found.count)
    for record in found where unique.last != record { unique.append(record) }
    return unique
  }

  /// For each translation, the records whose raw text it translates (on a page of its
  /// table). Made on the first search that matches a translation.
  private lazy var recordsByTranslation: [[Int32]] = {
    var byTable: [String: [String: [Int32]]] = [:]
    for (number, translation) in translations.enumerated() {
      byTable[translation.table, default: [:]][translation.raw, default: []].append(Int32(number))
    }
    var result = Array(repeating: [Int32](), count: translations.count)
    var lastVisit: Int32 = -1
    var table: [String: [Int32]]? = nil
    for (number, record) in records.enumerated() where record.field != .key {
      let place = places[Int(record.entry)]
      if place.visit != lastVisit {
        lastVisit = place.visit
        table = byTable[pages[Int(place.visit)].stringsTable]
      }
      guard let table, let raw = raw(of: record), let owners = table[raw] else { continue }
      for owner in owners { result[Int(owner)].append(Int32(number)) }
    }
    return result
  }()

  /// The text of a record as written in the schema.
  func raw(of record: Record) -> String? {
    let place = places[Int(record.entry)]
    let specifier = pages[Int(place.visit)].specifiers[Int(place.specifier)]
    switch record.field {
    case .title: return specifier.title
    case .key, .keyAsTitle: return specifier.key
    case .footer: return specifier.footerText
    case .choice:
      let titles = specifier.titles
      return Int(record.choice) < titles.count ? titles[Int(record.choice)] : nil
    }
  }

  /// Whether every scalar of a (lowercased) text is a character of its own, equal only to
  /// itself: then its UTF-8 bytes compare as `String.contains` and `==` compare it. No
  /// control characters, combining marks, joiners, emoji, or scalars with a canonical
  /// singleton decomposition (U+2000, U+212B, CJK compatibility ideographs, …).
  static func isPlain(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { scalar in
      switch scalar.value {
      case 0x20...0x7E, 0xA0...0xAC, 0xAE...0x2FF: true  // ASCII, Latin (no soft hyphen)
      case 0x400...0x482, 0x48A...0x52F: true  // Cyrillic, without its combining marks
      case 0xFF01...0xFF60: true  // full-width forms
      default: isCaselessPlain(scalar.value)
      }
    }
  }

  /// Whether a scalar is plain (see ``isPlain(_:)``) and has no case, so that lowercasing
  /// leaves it as it is: punctuation, kana, CJK ideographs, Hangul syllables.
  static func isCaselessPlain(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x2010...0x2027, 0x2030...0x205E: true  // dashes, quotes, bullets, ›
    case 0x3000...0x3029, 0x3030...0x303F: true  // CJK punctuation, without its marks
    case 0x3041...0x3096, 0x309B...0x30FF: true  // kana, without the combining (semi-)voiced marks
    case 0x4E00...0x9FFF, 0xAC00...0xD7A3: true  // CJK ideographs, Hangul syllables
    default: false
    }
  }
}

/// What was typed, lowercased, and its bytes when they can be compared as bytes.
private struct Needle {
  let text: String
  let bytes: [UInt8]?

  init(_ text: String) {
    self.text = text
    bytes = SettingsTextIndex.isPlain(text) && !text.isEmpty ? Array(text.utf8) : nil
  }
}

/// Lowercased texts with an owner each: the plain ones in one buffer, each followed by a 0
/// byte (which no plain text holds), the others as strings.
private struct TextColumn {
  private var bytes: [UInt8] = []
  private var starts: [Int32] = []
  private var owners: [Int32] = []
  private var others: [(text: String, owner: Int32)] = []

  mutating func append(_ text: String, owner: Int32) {
    let start = bytes.count
    if text.utf8.withContiguousStorageIfAvailable({ appendLowercased($0) }) != true {
      let lower = text.lowercased()
      guard SettingsTextIndex.isPlain(lower) else {
        others.append((lower, owner))
        return
      }
      bytes.append(contentsOf: lower.utf8)
    }
    bytes.append(0)
    starts.append(Int32(start))
    owners.append(owner)
  }

  /// Appends UTF-8 text of printable ASCII and caseless plain scalars, its ASCII letters
  /// lowercased (which is all that `lowercased()` changes in such text); returns `false`,
  /// appending nothing, for any other text.
  private mutating func appendLowercased(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    let start = bytes.count
    bytes.append(contentsOf: utf8)
    // One pass over the copy, without bounds checks: check and lowercase.
    let isPlain = bytes.withUnsafeMutableBufferPointer { all in
      guard let base = all.baseAddress else { return true }
      var position = base + start
      let end = base + all.count
      while position < end {
        let byte = position.pointee
        if byte < 0x80 {
          guard byte >= 0x20, byte != 0x7F else { return false }
          if byte &- 0x41 < 26 { position.pointee = byte | 0x20 }
          position += 1
        } else {
          // Three bytes (U+0800–U+FFFF) hold every caseless plain scalar.
          guard byte & 0xF0 == 0xE0, end - position >= 3 else { return false }
          let scalar =
            UInt32(byte & 0x0F) << 12 | UInt32(position[1] & 0x3F) << 6
            | UInt32(position[2] & 0x3F)
          guard SettingsTextIndex.isCaselessPlain(scalar) else { return false }
          position += 3
        }
      }
      return true
    }
    if !isPlain { bytes.removeLast(bytes.count - start) }
    return isPlain
  }

  /// The owners of the texts that contain the needle (or are it, when `whole`), in no
  /// particular order.
  func owners(matching needle: Needle, whole: Bool) -> [Int32] {
    var found: [Int32] = []
    if let wanted = needle.bytes {
      for text in plainTexts(containing: wanted) {
        if !whole || (Int(starts[text]) + wanted.count + 1 == end(of: text)) {
          found.append(owners[text])
        }
      }
    } else {
      // Text that is not plain: every text compared as a `String`.
      for text in starts.indices {
        let string = String(decoding: bytes[Int(starts[text])..<(end(of: text) - 1)], as: UTF8.self)
        if whole ? string == needle.text : string.contains(needle.text) {
          found.append(owners[text])
        }
      }
    }
    for other in others where whole ? other.text == needle.text : other.text.contains(needle.text) {
      found.append(other.owner)
    }
    return found
  }

  /// The end of a text in ``bytes``, after its 0 byte.
  private func end(of text: Int) -> Int {
    text + 1 < starts.count ? Int(starts[text + 1]) : bytes.count
  }

  /// The plain texts whose bytes hold `wanted`, in order, each once.
  private func plainTexts(containing wanted: [UInt8]) -> [Int] {
    var texts: [Int] = []
    bytes.withUnsafeBufferPointer { haystack in
      wanted.withUnsafeBufferPointer { needle in
        let count = needle.count
        let first = needle[0]
        var position = 0
        let last = haystack.count - count
        while position <= last {
          guard haystack[position] == first else {
            position += 1
            continue
          }
          var length = 1
          while length < count, haystack[position + length] == needle[length] { length += 1 }
          guard length == count else {
            position += 1
            continue
          }
          let text = self.text(at: position)
          texts.append(text)
          position = end(of: text)
        }
      }
    }
    return texts
  }

  /// The text whose bytes hold a position: the last that starts at or before it.
  private func text(at position: Int) -> Int {
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if Int(starts[middle]) <= position { low = middle } else { high = middle - 1 }
    }
    return low
  }
}
