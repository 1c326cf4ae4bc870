import SystemIO

/// A gettext message catalog (`.mo` file) read directly, without the C library's gettext:
/// that needs the language's locale installed, and settei shows any language it has text
/// for.
///
/// The format (GNU gettext manual, "The Format of GNU MO Files"): a magic number that also
/// tells the byte order, a revision, the number of strings N, the offsets of the table of
/// original strings and of the table of translations (N pairs of length and offset each),
/// and the hash table, which is not needed to read every string. A message with a context
/// is stored as the context, `\u{4}`, and the message; plural forms are separated by NULs,
/// and the first of each is kept.
package struct MOCatalog: Sendable, Equatable {
  /// The translations by original text (`context\u{4}text` where there is a context).
  package var translations: [String: String]

  package init(translations: [String: String]) {
    self.translations = translations
  }

  /// Why a file is not a catalog that can be read (GSettingsKit words it).
  package struct FormatError: Error, Equatable, Sendable {
    /// What is wrong.
    package enum Reason: Equatable, Sendable {
      /// The file has this many bytes, fewer than a header.
      case tooShort(Int)
      /// The first four bytes are not the magic number.
      case badMagic
      /// A major revision this reader does not know.
      case unknownRevision(Int)
      /// A table entry at this offset lies past the end.
      case pastEnd(offset: Int)
      /// String number `index` lies past the end.
      case stringPastEnd(index: Int)
      /// More strings than the file could hold.
      case tooManyStrings(Int)
      /// The file could not be read: the system's reason.
      case unreadable(SystemCallError)
    }

    /// The file, for messages.
    package var source: String
    /// What is wrong.
    package var reason: Reason
  }

  /// Reads a catalog from its bytes.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - source: The file's path, for the error.
  /// - Throws: ``FormatError`` when the magic number is not a `.mo` file's, or a table or a
  ///   string lies outside the file.
  package init(bytes: [UInt8], source: String) throws(FormatError) {
    func fail(_ reason: FormatError.Reason) -> FormatError {
      FormatError(source: source, reason: reason)
    }
    guard bytes.count >= 20 else { throw fail(.tooShort(bytes.count)) }
    let littleEndian: Bool
    switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
    case (0xDE, 0x12, 0x04, 0x95): littleEndian = true
    case (0x95, 0x04, 0x12, 0xDE): littleEndian = false
    default: throw fail(.badMagic)
    }
    func word(_ offset: Int) throws(FormatError) -> Int {
      guard offset >= 0, offset + 4 <= bytes.count else {
        throw fail(.pastEnd(offset: offset))
      }
      let b = bytes[offset..<offset + 4].map(UInt32.init)
      return Int(
        littleEndian
          ? b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24
          : b[3] | b[2] << 8 | b[1] << 16 | b[0] << 24)
    }
    let major = try word(4) >> 16
    guard major <= 1 else { throw fail(.unknownRevision(major)) }
    let count = try word(8)
    let originals = try word(12)
    let translated = try word(16)
    func string(table: Int, index: Int) throws(FormatError) -> String {
      let length = try word(table + index * 8)
      let offset = try word(table + index * 8 + 4)
      guard offset + length <= bytes.count else {
        throw fail(.stringPastEnd(index: index))
      }
      // The first of the plural forms, up to a NUL.
      let slice = bytes[offset..<offset + length]
      let end = slice.firstIndex(of: 0) ?? slice.endIndex
      return String(decoding: slice[..<end], as: UTF8.self)
    }
    guard count <= bytes.count / 8 else { throw fail(.tooManyStrings(count)) }
    var translations: [String: String] = [:]
    translations.reserveCapacity(count)
    for index in 0..<count {
      let original = try string(table: originals, index: index)
      let translation = try string(table: translated, index: index)
      // The empty original is the catalog's header; an empty translation is none.
      guard !original.isEmpty, !translation.isEmpty else { continue }
      translations[original] = translation
    }
    self.translations = translations
  }

  /// The translation of `text` (in `context`, when given), or `nil`.
  package func translation(of text: String, context: String? = nil) -> String? {
    translations[context.map { $0 + "\u{4}" + text } ?? text]
  }

  /// The folder names gettext tries for a language, best first: `pt_BR` → `pt_BR`, `pt`;
  /// `zh-Hant-TW` → `zh_TW`, `zh`; `ja` → `ja`. `-` and `_` are the same, case as gettext's
  /// folders write it (language lower case, region upper case).
  package static func localeFolders(for language: String) -> [String] {
    let parts = language.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == "." || $0 == "@" })
      .map(String.init)
    guard let first = parts.first?.lowercased(), !first.isEmpty else { return [] }
    let region = parts.dropFirst().first {
      $0.count == 2 || ($0.count == 3 && $0.allSatisfy(\.isNumber))
    }
    var folders: [String] = []
    if let region { folders.append(first + "_" + region.uppercased()) }
    if first == "zh", region == nil {
      let script = parts.dropFirst().first?.lowercased()
      folders.append(script == "hant" ? "zh_TW" : "zh_CN")
    }
    folders.append(first)
    return folders
  }
}
