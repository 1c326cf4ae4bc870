import Glibc
import SchemaKit
import TextSafety

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
    let specifierCount = pages.reduce(0) { $0 + $1.specifiers.count }
    var records: [Record] = []
    records.reserveCapacity(specifierCount * 2)
    var texts = TextColumnBuilder(expected: specifierCount * 2)
    var valueEntries: [Int32] = []
    func add(_ text: String, _ record: Record, shared: Bool = false) {
      texts.append(text, shared: shared)
      records.append(record)
    }
    var entry: Int32 = 0
    for page in pages {
      for specifier in page.specifiers {
        defer { entry += 1 }
        // Kinds compared by pattern: `==` on a kind is a call per comparison.
        var hasKey = true
        var readsValue = false
        var hasChoices = false
        switch specifier.kind {
        case .group: hasKey = false
        case .textField, .textView: readsValue = !specifier.isSecure
        case .multiValue, .radioGroup: hasChoices = true
        case .toggleSwitch, .slider, .titleValue, .childPane, .listGroup, .openURL, .button,
          .mailCompose, .customView, .datePicker, .other(_):
          break
        }
        let key = hasKey ? specifier.key : nil
        if let title = specifier.title {
          add(title, Record(entry: entry, field: .title, choice: 0))
        } else if let key {
          add(key, Record(entry: entry, field: .keyAsTitle, choice: 0))
        }
        if let key {
          add(key, Record(entry: entry, field: .key, choice: 0))
          if readsValue { valueEntries.append(entry) }
        }
        if let footer = specifier.footerText {
          add(footer, Record(entry: entry, field: .footer, choice: 0), shared: true)
        }
        if hasChoices {
          let titles = specifier.titles
          for choice in 0..<min(titles.count, specifier.values.count) {
            add(
              titles[choice], Record(entry: entry, field: .choice, choice: Int32(choice)),
              shared: true)
          }
        }
      }
    }
    var translations: [(table: String, raw: String)] = []
    var translated = TextColumnBuilder(expected: 64)
    for language in strings.tables.keys.sorted() {
      for (table, entries) in strings.tables[language] ?? [:] {
        for (raw, text) in entries where text != raw {
          translated.append(text, shared: true)
          translations.append((table, raw))
        }
      }
    }
    self.records = records
    self.texts = texts.finish()
    self.valueEntries = valueEntries
    self.translations = translations
    self.translated = translated.finish()
  }

  /// The records whose text, or a translation of it, contains `needle` (already
  /// lowercased), or is `needle` when `whole`; sorted, each once.
  func records(matching needle: String, whole: Bool = false) -> [Int32] {
    let needle = Needle(needle)
    let found = texts.owners(matching: needle, whole: whole)
    let translationsFound = translated.owners(matching: needle, whole: whole)
    guard !translationsFound.isEmpty else { return found }
    // The records a translation stands for are not in order: merge, sort, once each.
    var all = found
    let byTranslation = recordsByTranslation
    for translation in translationsFound { all += byTranslation[Int(translation)] }
    all.sort()
    var unique: [Int32] = []
    unique.reserveCapacity(all.count)
    for record in all where unique.last != record { unique.append(record) }
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

/// Lowercased texts, each kept once, and the text of each owner (an owner is a number: 0,
/// 1, 2, … in the order the texts were appended). The plain texts are in one buffer, each
/// followed by a 0 byte (which no plain text holds); the others are strings.
private struct TextColumn {
  /// The plain texts, each once, each followed by a 0 byte.
  let bytes: [UInt8]
  /// Where each plain text starts in ``bytes``.
  let starts: [Int32]
  /// The texts that are not plain, each once.
  let others: [String]
  /// The text of each owner: the number of a plain text, or `-1 - n` for `others[n]`.
  let textOfOwner: [Int32]

  /// The owners of the texts that contain the needle (or are it, when `whole`), in order.
  func owners(matching needle: Needle, whole: Bool) -> [Int32] {
    var matchedPlain: [Int32] = []
    if let wanted = needle.bytes {
      matchedPlain = plainTexts(containing: wanted, whole: whole)
    } else {
      // Text that is not plain: every plain text compared as a `String`.
      for text in starts.indices {
        let string = String(decoding: bytes[Int(starts[text])..<(end(of: text) - 1)], as: UTF8.self)
        if whole ? string == needle.text : string.containsText(needle.text) {
          matchedPlain.append(Int32(text))
        }
      }
    }
    var matchedOthers: [Int32] = []
    for (number, other) in others.enumerated()
    where whole ? other == needle.text : other.containsText(needle.text) {
      matchedOthers.append(Int32(number))
    }
    guard !matchedPlain.isEmpty || !matchedOthers.isEmpty else { return [] }
    // Whether each text matched: plain texts from `others.count` on, the others before,
    // so that `text + others.count` is a text's place.
    let offset = others.count
    var matched = [Bool](repeating: false, count: offset + starts.count)
    for text in matchedPlain { matched[Int(text) + offset] = true }
    for other in matchedOthers { matched[offset - 1 - Int(other)] = true }
    var found: [Int32] = []
    textOfOwner.withUnsafeBufferPointer { texts in
      matched.withUnsafeBufferPointer { matched in
        for owner in texts.indices where matched[Int(texts[owner]) + offset] {
          found.append(Int32(owner))
        }
      }
    }
    return found
  }

  /// The end of a plain text in ``bytes``, after its 0 byte.
  private func end(of text: Int) -> Int {
    text + 1 < starts.count ? Int(starts[text + 1]) : bytes.count
  }

  /// The plain texts whose bytes hold `wanted` (or are `wanted`, when `whole`), in order.
  private func plainTexts(containing wanted: [UInt8], whole: Bool) -> [Int32] {
    var texts: [Int32] = []
    bytes.withUnsafeBufferPointer { haystack in
      Self.occurrences(of: wanted, in: haystack) { found in
        let text = self.text(at: found)
        let end = end(of: text)
        if !whole || Int(starts[text]) + wanted.count + 1 == end {
          texts.append(Int32(text))
        }
        // The rest of the text that holds it is passed over.
        return end
      }
    }
    return texts
  }

  /// Calls `found` with each place where `needle` occurs in `haystack`, left to right; it
  /// returns where to go on looking. Horspool's search: it compares the last byte of a
  /// window first and moves the window by as much as the byte of the haystack there allows
  /// (the needle's length for a byte that the needle does not hold).
  static func occurrences(
    of needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>, found: (Int) -> Int
  ) {
    let length = needle.count
    guard length > 0, let base = haystack.baseAddress, haystack.count >= length else { return }
    var shifts = [Int](repeating: length, count: 256)
    for index in 0..<(length - 1) { shifts[Int(needle[index])] = length - 1 - index }
    needle.withUnsafeBufferPointer { needle in
      shifts.withUnsafeBufferPointer { shifts in
        guard let wanted = needle.baseAddress else { return }
        let last = wanted[length - 1]
        var position = 0
        let final = haystack.count - length
        while position <= final {
          let byte = base[position + length - 1]
          if byte == last, memcmp(base + position, wanted, length - 1) == 0 {
            position = found(position)
          } else {
            position += shifts[Int(byte)]
          }
        }
      }
    }
  }

  /// The plain text whose bytes hold a position: the last that starts at or before it.
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

/// Makes a ``TextColumn``: lowercases each text once and keeps each distinct text once (a
/// hash table of the plain texts' bytes), so that the many settings that share a text (the
/// same choices, the same footer) cost one copy and one comparison per search.
///
/// The bytes grow in a ``ByteBuffer``, written through a pointer: a copy per text into an
/// array and its checks cost more than the text.
private struct TextColumnBuilder: ~Copyable {
  private var bytes: ByteBuffer
  private var starts: [Int32] = []
  /// For each plain text, its hash with the top bit set when it is shared, else 0.
  private var hashes: [UInt32] = []
  /// Open addressing: a shared text's number + 1 in the slot of its hash (or after it); 0
  /// is an empty slot. Never more than half full.
  private var slots: [Int32]
  private var sharedCount = 0
  private var others: [String] = []
  private var otherNumbers: [String: Int32] = [:]
  private var textOfOwner: [Int32] = []

  /// A builder with room for about `expected` texts.
  init(expected: Int) {
    bytes = ByteBuffer(capacity: expected * 8)
    slots = Array(repeating: 0, count: 1024)
    textOfOwner.reserveCapacity(expected)
  }

  /// Adds the text of the next owner. A `shared` text (a choice, a footer: texts that many
  /// settings have) is kept once; others are added as they come.
  mutating func append(_ text: String, shared: Bool = false) {
    // `withUTF8` reads a native string's bytes in place (a small one's from a copy).
    var bytes = text
    if let number = bytes.withUTF8({ internLowercased($0, shared: shared) }) {
      textOfOwner.append(number)
      return
    }
    var lower = text.lowercased()
    if SettingsTextIndex.isPlain(lower) {
      textOfOwner.append(lower.withUTF8 { intern($0, shared: shared) })
    } else if let number = otherNumbers[lower] {
      textOfOwner.append(-1 - number)
    } else {
      otherNumbers[lower] = Int32(others.count)
      textOfOwner.append(-1 - Int32(others.count))
      others.append(lower)
    }
  }

  /// The column made (the builder's memory is freed when it goes away).
  func finish() -> TextColumn {
    TextColumn(
      bytes: bytes.finish(), starts: starts, others: others, textOfOwner: textOfOwner)
  }

  /// Interns UTF-8 text of printable ASCII and caseless plain scalars, its ASCII letters
  /// lowercased (which is all that `lowercased()` changes in such text), and returns its
  /// number; returns `nil`, interning nothing, for any other text.
  private mutating func internLowercased(_ utf8: UnsafeBufferPointer<UInt8>, shared: Bool)
    -> Int32?
  {
    guard let source = utf8.baseAddress else { return intern(utf8, shared: shared) }
    let length = utf8.count
    let target = bytes.room(for: length + 1)
    // Printable ASCII (nearly every text), in a loop without branches per byte.
    var outside: UInt8 = 0
    for position in 0..<length {
      let byte = source[position]
      outside |= byte &- 0x20 >= 0x5F ? 1 : 0
      target[position] = byte | (byte &- 0x41 < 26 ? 0x20 : 0)
    }
    if outside != 0 {
      var position = 0
      while position < length {
        let byte = source[position]
        if byte < 0x80 {
          guard byte >= 0x20, byte != 0x7F else { return nil }
          position += 1
        } else {
          // Three bytes (U+0800–U+FFFF) hold every caseless plain scalar (copied as they are).
          guard byte & 0xF0 == 0xE0, length - position >= 3 else { return nil }
          let scalar =
            UInt32(byte & 0x0F) << 12 | UInt32(source[position + 1] & 0x3F) << 6
            | UInt32(source[position + 2] & 0x3F)
          guard SettingsTextIndex.isCaselessPlain(scalar) else { return nil }
          position += 3
        }
      }
    }
    return commit(length: length, shared: shared)
  }

  /// Interns plain text that is lowercased already, and returns its number.
  private mutating func intern(_ utf8: UnsafeBufferPointer<UInt8>, shared: Bool) -> Int32 {
    let length = utf8.count
    let target = bytes.room(for: length + 1)
    if let source = utf8.baseAddress { target.update(from: source, count: length) }
    return commit(length: length, shared: shared)
  }

  /// FNV-1a, 32 bits.
  private static let hashSeed: UInt32 = 2_166_136_261
  private static let hashPrime: UInt32 = 16_777_619

  /// The number of the text of `length` bytes just written in the room after the bytes
  /// kept (``ByteBuffer/room(for:)``, `length + 1` bytes): when `shared`,
  /// that of the same shared text kept before (the bytes written are dropped), else a new
  /// one.
  private mutating func commit(length: Int, shared: Bool) -> Int32 {
    let written = bytes.room(for: length + 1)
    var slot = 0
    var hash: UInt32 = 0
    if shared {
      hash = Self.hashSeed
      for position in 0..<length { hash = (hash ^ UInt32(written[position])) &* Self.hashPrime }
      hash |= 0x8000_0000
      let mask = slots.count - 1
      slot = Int(hash) & mask
      while slots[slot] != 0 {
        let text = Int(slots[slot]) - 1
        let start = Int(starts[text])
        let end = text + 1 < starts.count ? Int(starts[text + 1]) : bytes.count
        if hashes[text] == hash, end - start - 1 == length,
          memcmp(bytes.bytes(from: start), written, length) == 0
        {
          return Int32(text)
        }
        slot = (slot + 1) & mask
      }
    }
    written[length] = 0
    let number = Int32(starts.count)
    starts.append(Int32(bytes.count))
    bytes.commit(length + 1)
    hashes.append(hash)
    if shared {
      slots[slot] = number + 1
      sharedCount += 1
      if sharedCount * 2 > slots.count { rehash() }
    }
    return number
  }

  /// Twice as many slots, every shared text in its new slot.
  private mutating func rehash() {
    var grown = [Int32](repeating: 0, count: slots.count * 2)
    let mask = grown.count - 1
    for (text, hash) in hashes.enumerated() where hash != 0 {
      var slot = Int(hash) & mask
      while grown[slot] != 0 { slot = (slot + 1) & mask }
      grown[slot] = Int32(text) + 1
    }
    slots = grown
  }

}
