import FileFormats

/// Reads a page of a Settings.bundle from its XML property list straight into specifiers,
/// without a tree of the whole file: each specifier's members go into its fields as they are
/// read, known keys matched from their bytes.
///
/// It reads pages of the right shape. At the first thing of another shape (a top level that
/// is not a dictionary, `PreferenceSpecifiers` missing or not an array, an entry that is not
/// a dictionary, a `StringsTable` that is not a string) it stops, and the bundle loader reads
/// the file through the tree (``PropertyListReader`` and ``PageDecoder``), whose messages and
/// problems name such things. So it does at a specifier's key outside ASCII, which may be
/// the same text as a key written in ASCII (`K` and the Kelvin sign `K`): the tree's
/// dictionary finds that repeat. Syntax is checked as it goes, by
/// ``XMLPropertyListCursor``: the same errors, at the same line and column, as the tree's.
enum XMLPageDecoder {
  /// The page in `bytes`, or `nil` when it must be read through the tree: a binary property
  /// list, or a page of another shape.
  ///
  /// - Throws: ``SourceError`` when the property list is malformed.
  static func page(_ bytes: some Collection<UInt8>, name: String, source: String)
    throws(SourceError) -> SettingsBundleLoader.DecodedPage?
  {
    try PropertyListReader.readXML(bytes, source: source) { cursor throws(SourceError) in
      var decoder = Decoder()
      return try decoder.page(&cursor, name: name, source: source)
    }
  }

  /// The state of one decode.
  private struct Decoder {
    /// Equal `Titles` and `Values` arrays are held once for the page.
    let shared = Specifier.SharedArrays()

    /// The page dictionary at the cursor, or `nil` at the first thing of another shape.
    mutating func page(_ cursor: inout XMLPropertyListCursor, name: String, source: String)
      throws(SourceError) -> SettingsBundleLoader.DecodedPage?
    {
      guard cursor.isDictionary else { return nil }
      var title: String?
      var stringsTable: String?
      var specifiers: [Specifier]?
      var members = try cursor.beginDictionary()
      while let key = try cursor.nextKey(&members) {
        switch key {
        case SpecifierKey.preferenceSpecifiers:
          guard cursor.isArray, let list = try self.specifiers(&cursor) else { return nil }
          specifiers = list
        case SpecifierKey.title:
          title = try cursor.value().stringValue
        case SpecifierKey.stringsTable:
          guard case .string(let table) = try cursor.value() else { return nil }
          stringsTable = table
        default:
          _ = try cursor.value()
        }
      }
      guard let specifiers else { return nil }
      let page = SettingsSchema.Page(
        name: name, title: title, stringsTable: stringsTable, specifiers: specifiers,
        source: source)
      return SettingsBundleLoader.DecodedPage(page: page, namesStringsTable: stringsTable != nil)
    }

    /// The specifiers of the `PreferenceSpecifiers` array at the cursor, or `nil` at an entry
    /// that is not a dictionary or has a key outside ASCII.
    mutating func specifiers(_ cursor: inout XMLPropertyListCursor) throws(SourceError)
      -> [Specifier]?
    {
      var specifiers: [Specifier] = []
      var elements = try cursor.beginArray()
      while true {
        // A specifier's `<dict>` written plainly is stepped into at once.
        var members: XMLPropertyListCursor.DictionaryState
        if let entered = try cursor.nextPlainDictionary(&elements) {
          members = entered
        } else if try cursor.nextElement(&elements) {
          guard cursor.isDictionary else { return nil }
          members = try cursor.beginDictionary(checkingKeys: false)
        } else {
          return specifiers
        }
        guard let specifier = try specifier(&cursor, members: &members, index: specifiers.count)
        else { return nil }
        specifiers.append(specifier)
      }
    }

    /// The specifier whose dictionary the cursor has stepped into (`members`), or `nil` at a
    /// key outside ASCII.
    mutating func specifier(
      _ cursor: inout XMLPropertyListCursor, members: inout XMLPropertyListCursor.DictionaryState,
      index: Int
    ) throws(SourceError) -> Specifier? {
      // The members go straight into the specifier's fields, which find a repeated key; the
      // arrays of choices are shared through one object for the whole page.
      var builder = Specifier.Builder(sharing: shared)
      while true {
        let added: Bool
        if let plain = cursor.nextPlainStringMember(&members) {
          added = Self.add(plain.key, plain.text, to: &builder)
        } else if cursor.endsPlainly(&members) {
          break
        } else if let key = try cursor.nextKey(
          &members, knownBy: { Specifier.Member(bytes: $0)?.rawValue })
        {
          switch key {
          case .known(let number):
            guard let member = Specifier.Member(rawValue: number) else { return nil }
            if let text = cursor.plainStringBytes() {
              added = Self.add(member, text, to: &builder)
            } else {
              added = builder.add(member, try cursor.value())
            }
          case .other(let name):
            guard name.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
            added = builder.add(name, try cursor.value())
          }
        } else {
          break
        }
        if !added { throw cursor.repeatedKey(members) }
      }
      return builder.specifier(index: index)
    }

    /// Adds the member whose key and `<string>` hold the plain text `key` and `text` (bytes
    /// of the input); `false` when the specifier has it already.
    private static func add(
      _ key: UnsafeBufferPointer<UInt8>, _ text: UnsafeBufferPointer<UInt8>,
      to builder: inout Specifier.Builder
    ) -> Bool {
      guard let member = Specifier.Member(bytes: key) else {
        return builder.add(plainText(key), .string(plainText(text)))
      }
      return add(member, text, to: &builder)
    }

    /// Adds `member` whose `<string>` holds the plain text `text` straight into its field: a
    /// `Type` Apple or InAppSettingsKit defines as its kind (no String made), any other text
    /// as a String made from its bytes.
    private static func add(
      _ member: Specifier.Member, _ text: UnsafeBufferPointer<UInt8>,
      to builder: inout Specifier.Builder
    ) -> Bool {
      if member == .type, let kind = Specifier.Kind(knownTypeName: text) {
        return builder.add(type: kind)
      }
      return builder.add(member, string: plainText(text))
    }

    /// The String of plain ASCII text, copied from its bytes in one go: a little cheaper than
    /// `String(decoding:as:)`, which a page's every title and file name is made with.
    private static func plainText(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
      String(unsafeUninitializedCapacity: bytes.count) { buffer in
        _ = buffer.initialize(fromContentsOf: bytes)
        return bytes.count
      }
    }
  }
}
