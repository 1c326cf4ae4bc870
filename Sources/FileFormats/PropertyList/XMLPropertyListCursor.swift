/// Reads an XML property list one member or element at a time, so that a reader can build
/// its own values (a page's specifiers) straight from the bytes instead of from a tree of the
/// whole file.
///
/// The checks and messages are ``PropertyListReader``'s, made in the same order by the same
/// parser: for the same bytes, a reader that walks every value with a cursor throws the error
/// ``PropertyListReader/parse(_:source:)`` throws, at the same line and column. Values it
/// does not walk member by member it reads with ``value()``.
///
/// ```swift
/// let page = try PropertyListReader.readXML(bytes, source: path) { cursor throws(SourceError) in
///   guard cursor.isDictionary else { return nil }  // read no further
///   var members = try cursor.beginDictionary()
///   while let key = try cursor.nextKey(&members) {
///     let value = try cursor.value()
///   }
///   return members
/// }
/// ```
package struct XMLPropertyListCursor {
  var parser: XMLPropertyListParser
  /// The start tag of the value at the cursor, read already.
  private var tag: XMLPropertyListParser.Tag

  init(parser: XMLPropertyListParser, tag: XMLPropertyListParser.Tag) {
    self.parser = parser
    self.tag = tag
  }

  /// Whether the value at the cursor is a `<dict>`.
  package var isDictionary: Bool { tag.name == "dict" }
  /// Whether the value at the cursor is an `<array>`.
  package var isArray: Bool { tag.name == "array" }

  /// Reads the value at the cursor whole, as ``PropertyListReader`` would.
  package mutating func value() throws(SourceError) -> PropertyListValue {
    try parser.parseValue(tag)
  }

  /// The text of the `<string>` at the cursor when it is plain ASCII right up to
  /// `</string>` (no entity, CDATA, comment or byte outside ASCII), as nearly every string
  /// of a page is: its bytes in the input, which last as long as the cursor, with the cursor
  /// after the string. `nil` for any other value, with the cursor still on it.
  package mutating func plainStringBytes() -> UnsafeBufferPointer<UInt8>? {
    guard tag.name == "string", !tag.isEmpty, let text = parser.plainText(before: .stringEnd)
    else { return nil }
    parser.index = text.upperBound + Markup.stringEnd.count
    return UnsafeBufferPointer(rebasing: parser.bytes[text])
  }

  // MARK: Dictionaries

  /// Where a reader is in a `<dict>`.
  package struct DictionaryState {
    /// Where its `<dict>` starts.
    fileprivate let openedAt: Int
    fileprivate var isOpen: Bool
    /// Whether the cursor refuses a repeated key; else its reader does.
    fileprivate let checksKeys: Bool
    /// The keys before the last, when the cursor checks them (else `nil`: a specifier's
    /// dictionary holds none to free).
    fileprivate var earlierKeys: Set<PropertyListKey>?
    /// The last key read, and where its `<key>` starts; `nil` for a key given as bytes to
    /// ``nextKey(_:knownBy:)`` (read again from ``lastKeyOffset`` when a message needs it).
    fileprivate var lastKey: String?
    fileprivate var lastKeyOffset = -1
  }

  /// Steps into the `<dict>` at the cursor (``isDictionary`` must be true); then
  /// ``nextKey(_:)`` gives its keys.
  ///
  /// - Parameter checkingKeys: Whether the cursor refuses a key repeated in the dictionary;
  ///   `false` when the reader finds them itself and calls ``repeatedKey(_:)`` when one is
  ///   there already, after reading its value.
  /// - Returns: Where the reader is in the dictionary, for ``nextKey(_:)``.
  /// - Throws: ``SourceError`` when dictionaries and arrays nest too deeply.
  package mutating func beginDictionary(checkingKeys: Bool = true) throws(SourceError)
    -> DictionaryState
  {
    if !tag.isEmpty { try parser.enterContainer(tag) }
    return DictionaryState(
      openedAt: tag.offset, isOpen: !tag.isEmpty, checksKeys: checkingKeys,
      earlierKeys: checkingKeys ? [] : nil)
  }

  /// The key of the dictionary's next member, with the cursor on its value, which the caller
  /// must read (``value()``, or ``beginDictionary(checkingKeys:)``/``beginArray()`` and
  /// their members) before asking for the next; `nil` after the last member, with the cursor
  /// after the dictionary.
  package mutating func nextKey(_ dictionary: inout DictionaryState) throws(SourceError)
    -> String?
  {
    guard let keyTag = try toNextKey(&dictionary) else { return nil }
    let key = try parser.readText(keyTag)
    try afterKey(key, at: keyTag.offset, in: &dictionary)
    return key
  }

  /// A key as ``nextKey(_:knownBy:)`` gives it.
  package enum Key {
    /// A key the reader knows, by the number it gave it from its bytes.
    case known(UInt8)
    /// Any other key.
    case other(String)
  }

  /// ``nextKey(_:)`` for a reader that knows some keys (in a dictionary whose repeated keys
  /// it finds itself, ``beginDictionary(checkingKeys:)``): a key of plain ASCII text is first
  /// given to `known` as bytes, and made a `String` only when `known` does not know it.
  /// Reading a big page does not make a string of every key of every specifier.
  package mutating func nextKey(
    _ dictionary: inout DictionaryState, knownBy known: (UnsafeBufferPointer<UInt8>) -> UInt8?
  ) throws(SourceError) -> Key? {
    guard let keyTag = try toNextKey(&dictionary) else { return nil }
    if !dictionary.checksKeys, !keyTag.isEmpty, let text = parser.plainText(before: .keyEnd) {
      parser.index = text.upperBound + Markup.keyEnd.count
      let bytes = UnsafeBufferPointer(rebasing: parser.bytes[text])
      if let number = known(bytes) {
        try afterKey(nil, at: keyTag.offset, in: &dictionary)
        return .known(number)
      }
      let key = String(decoding: bytes, as: UTF8.self)
      try afterKey(key, at: keyTag.offset, in: &dictionary)
      return .other(key)
    }
    let key = try parser.readText(keyTag)
    try afterKey(key, at: keyTag.offset, in: &dictionary)
    return .other(key)
  }

  /// The dictionary's next member when it is written the plain way, `<key>Name</key>` then
  /// `<string>Text</string>` with only white space around them and both texts plain ASCII
  /// (no entity, CDATA, comment or byte outside ASCII), as nearly every member of a page is:
  /// the bytes of its key and of its text, which last as long as the cursor, with the cursor
  /// after the member. What ``nextKey(_:knownBy:)`` and ``plainStringBytes()`` would read,
  /// in one step. `nil` for any other member and after the last, with nothing read;
  /// ``nextKey(_:knownBy:)`` reads it then. Only in a dictionary whose repeated keys the
  /// reader finds itself.
  package mutating func nextPlainStringMember(_ dictionary: inout DictionaryState) -> (
    key: UnsafeBufferPointer<UInt8>, text: UnsafeBufferPointer<UInt8>
  )? {
    guard dictionary.isOpen, !dictionary.checksKeys else { return nil }
    // Matched through offsets, the cursor moved only once the whole member is there.
    let bytes = parser.bytes
    let start = parser.endOfWhitespace(from: parser.index)
    guard Markup.keyStart.isAt(start, in: bytes) else { return nil }
    let key = start + Markup.keyStart.count
    let keyEnd = parser.endOfPlainText(from: key)
    guard Markup.keyEnd.isAt(keyEnd, in: bytes) else { return nil }
    let tag = parser.endOfWhitespace(from: keyEnd + Markup.keyEnd.count)
    guard Markup.stringStart.isAt(tag, in: bytes) else { return nil }
    let text = tag + Markup.stringStart.count
    let textEnd = parser.endOfPlainText(from: text)
    guard Markup.stringEnd.isAt(textEnd, in: bytes) else { return nil }
    parser.index = textEnd + Markup.stringEnd.count
    dictionary.lastKey = nil
    dictionary.lastKeyOffset = start
    return (
      UnsafeBufferPointer(rebasing: bytes[key..<keyEnd]),
      UnsafeBufferPointer(rebasing: bytes[text..<textEnd])
    )
  }

  /// Steps over the dictionary's `</dict>` when it comes next, after only white space, as it
  /// does after the last member written the plain way (``nextPlainStringMember(_:)``):
  /// `true` then, and the dictionary is closed. `false` with nothing read otherwise;
  /// ``nextKey(_:knownBy:)`` reads what comes then. Only in a dictionary whose repeated keys
  /// the reader finds itself. A page of a thousand specifiers ends each this way, at a
  /// fifth of the cost of the general step.
  package mutating func endsPlainly(_ dictionary: inout DictionaryState) -> Bool {
    guard dictionary.isOpen, !dictionary.checksKeys else { return false }
    let end = parser.endOfWhitespace(from: parser.index)
    guard Markup.dictionaryEnd.isAt(end, in: parser.bytes) else { return false }
    parser.index = end + Markup.dictionaryEnd.count
    _ = endDictionary(&dictionary)
    return true
  }

  /// The error for the key of the member just read when the dictionary has it already, as
  /// ``PropertyListReader`` words and places it.
  package func repeatedKey(_ dictionary: DictionaryState) -> SourceError {
    parser.input.error(
      at: dictionary.lastKeyOffset,
      FormatReason(.xmlDuplicateKey, .text(JSONWriter.quoted(lastKey(of: dictionary))))
    )
  }

  /// The text of the last key read in `dictionary`, read again when it was given as bytes.
  private func lastKey(of dictionary: DictionaryState) -> String {
    if let key = dictionary.lastKey { return key }
    var reader = parser
    reader.index = dictionary.lastKeyOffset
    guard let keyTag = try? reader.readStartTag(context: .verbatim("")) else { return "" }
    return (try? reader.readText(keyTag)) ?? ""
  }

  /// Steps to the next `<key>` (checking the last key when the cursor checks keys) and reads
  /// its start tag, or over the closing `</dict>` (`nil`).
  private mutating func toNextKey(_ dictionary: inout DictionaryState) throws(SourceError)
    -> XMLPropertyListParser.Tag?
  {
    guard dictionary.isOpen else { return nil }
    if let key = dictionary.lastKey,
      dictionary.earlierKeys?.insert(PropertyListKey(key)).inserted == false
    {
      throw repeatedKey(dictionary)
    }
    // White space, then `<key>` or `</dict>` as they are nearly always written: what
    // skipping markup and reading a tag would find, in one step.
    parser.skipWhitespace()
    if let keyTag = parser.readStartTag(.keyStart, of: "key") { return keyTag }
    if parser.starts(with: .dictionaryEnd) {
      parser.index += Markup.dictionaryEnd.count
      return endDictionary(&dictionary)
    }
    try parser.skipMisc(inside: "dict")
    if parser.isAtEndTag {
      try parser.readEndTag(
        "dict", openedAt: dictionary.openedAt,
        context: FormatReason(.xmlAfterDictionaryValue))
      return endDictionary(&dictionary)
    }
    let keyTag = try parser.readStartTag(context: FormatReason(.xmlInsideDict))
    guard keyTag.name == "key" else {
      throw parser.input.error(
        at: keyTag.offset, FormatReason(.xmlKeyOrEndExpected, .text(keyTag.name)))
    }
    return keyTag
  }

  /// Notes the dictionary's end, its `</dict>` read: `nil`, as ``toNextKey(_:)`` returns then.
  private mutating func endDictionary(_ dictionary: inout DictionaryState)
    -> XMLPropertyListParser.Tag?
  {
    parser.depth -= 1
    dictionary.isOpen = false
    return nil
  }

  /// Steps from a key (`nil`: one given as bytes) to the start tag of its value.
  private mutating func afterKey(
    _ key: String?, at offset: Int, in dictionary: inout DictionaryState
  ) throws(SourceError) {
    dictionary.lastKey = key
    dictionary.lastKeyOffset = offset
    parser.skipWhitespace()
    if let stringTag = parser.readStartTag(.stringStart, of: "string") {
      tag = stringTag
      return
    }
    try parser.skipMisc(inside: "dict")
    guard !parser.isAtEndTag else {
      let text = parser.escapedForMessage(lastKey(of: dictionary))
      throw parser.input.error(
        at: parser.index,
        FormatReason(.xmlValueAfterKey, .text(text), .reason(parser.foundTag)))
    }
    tag = try parser.readStartTag(context: FormatReason(.xmlAfterKey))
  }

  // MARK: Arrays

  /// Where a reader is in an `<array>`.
  package struct ArrayState {
    /// Where its `<array>` starts.
    fileprivate let openedAt: Int
    fileprivate var isOpen: Bool
  }

  /// Steps into the `<array>` at the cursor (``isArray`` must be true); then
  /// ``nextElement(_:)`` moves to each element.
  ///
  /// - Throws: ``SourceError`` when dictionaries and arrays nest too deeply.
  package mutating func beginArray() throws(SourceError) -> ArrayState {
    if !tag.isEmpty { try parser.enterContainer(tag) }
    return ArrayState(openedAt: tag.offset, isOpen: !tag.isEmpty)
  }

  /// Steps into the array's next element when it is a `<dict>` written plainly (after only
  /// white space), as ``nextElement(_:)`` then ``beginDictionary(checkingKeys:)`` with
  /// `checkingKeys: false` would: its state, for a reader that finds repeated keys itself.
  /// `nil` with nothing read otherwise; ``nextElement(_:)`` reads what comes then. A page's
  /// every specifier starts this way, at a third of the cost of the two steps.
  package mutating func nextPlainDictionary(_ array: inout ArrayState) throws(SourceError)
    -> DictionaryState?
  {
    guard array.isOpen else { return nil }
    let start = parser.endOfWhitespace(from: parser.index)
    guard Markup.dictionaryStart.isAt(start, in: parser.bytes) else { return nil }
    parser.index = start + Markup.dictionaryStart.count
    tag = XMLPropertyListParser.Tag(name: "dict", isEmpty: false, offset: start)
    return try beginDictionary(checkingKeys: false)
  }

  /// Moves to the array's next element and returns `true`, with the cursor on it, which the
  /// caller must read before asking for the next; `false` after the last element.
  package mutating func nextElement(_ array: inout ArrayState) throws(SourceError) -> Bool {
    guard array.isOpen else { return false }
    parser.skipWhitespace()
    if let dictionaryTag = parser.readStartTag(.dictionaryStart, of: "dict") {
      tag = dictionaryTag
      return true
    }
    try parser.skipMisc(inside: "array")
    if parser.isAtEndTag {
      try parser.readEndTag(
        "array", openedAt: array.openedAt, context: FormatReason(.xmlAfterElement))
      parser.depth -= 1
      array.isOpen = false
      return false
    }
    tag = try parser.readStartTag(context: FormatReason(.xmlInsideArray))
    return true
  }
}

extension PropertyListReader {
  /// Reads an XML property list with a cursor: `body` reads the top-level value; what
  /// follows it must be what ``parse(_:source:)`` allows there.
  ///
  /// - Parameters:
  ///   - bytes: The contents of the file.
  ///   - source: The file path or name to put in errors.
  ///   - body: Reads the top-level value at the cursor, all of it; or returns `nil` to stop,
  ///     and the rest of the file is not read.
  /// - Returns: What `body` returns; `nil` when it stopped, or when the file is a binary
  ///   property list, which has no cursor.
  /// - Throws: ``SourceError`` as ``parse(_:source:)`` does, or what `body` throws.
  package static func readXML<R>(
    _ bytes: some Collection<UInt8>, source: String,
    _ body: (inout XMLPropertyListCursor) throws(SourceError) -> R?
  ) throws(SourceError) -> R? {
    try TextInput.with(bytes, source: source) { input throws(SourceError) in
      if input.bytes.starts(with: "bplist".utf8) { return nil }
      var parser = XMLPropertyListParser(input: input)
      let (plist, top) = try parser.readPrologue()
      var cursor = XMLPropertyListCursor(parser: parser, tag: top)
      guard let result = try body(&cursor) else { return nil }
      try cursor.parser.readEpilogue(after: plist)
      return result
    }
  }
}
