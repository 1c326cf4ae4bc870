/// Reads a JSON text one member or element at a time, so that a reader can build its own
/// values (a schema's specifiers) straight from the bytes instead of from a tree of the whole
/// file.
///
/// The checks and messages are ``JSONReader``'s, made in the same order: for the same bytes,
/// a reader that walks every value with a cursor throws the error ``JSONReader/parse(_:source:)``
/// throws, at the same line and column. Values it does not walk member by member it reads
/// with ``value()``.
///
/// ```swift
/// try JSONReader.read(bytes, source: path) { cursor throws(SourceError) in
///   guard cursor.isObject else { return }
///   try cursor.beginObject()
///   while let key = try cursor.nextMember() {
///     let value = try cursor.value()
///   }
/// }
/// ```
package struct JSONCursor {
  var parser: JSONParser
  /// The innermost open object, read and changed where it stands for every member.
  private var object = Object()
  /// The open objects around ``object``, innermost last.
  private var enclosing: [Object] = []
  /// The keys of the open objects that check for repeated keys, innermost last: one for
  /// each such object, so that entering and leaving an object that does not check (a
  /// specifier) copies no collection.
  private var keyChecks: [KeyCheck] = []

  private struct Object {
    var count = 0
    /// Whether the cursor checks for repeated keys (its keys are the last of
    /// ``keyChecks``); else its reader does.
    var checksKeys = true
    var lastKeyStart = 0
  }

  /// The keys an object that checks for repeated keys has had.
  private struct KeyCheck {
    /// The keys before the last, while they are few enough to search one by one.
    var earlierKeys: [PropertyListKey] = []
    /// The keys before the last, once there are many (empty until then).
    var keySet: Set<PropertyListKey> = []
    var lastKey: PropertyListKey = ""

    /// Notes the last key among the earlier ones; `false` if it was there already.
    mutating func insertLastKey() -> Bool {
      if keySet.isEmpty {
        if earlierKeys.count < 16 {
          if earlierKeys.contains(lastKey) { return false }
          earlierKeys.append(lastKey)
          return true
        }
        keySet = Set(earlierKeys)
        earlierKeys = []
      }
      // Inserted where it stands: a copy taken out and put back would copy the whole set
      // (it is still held here) at every key.
      return keySet.insert(lastKey).inserted
    }
  }

  init(input: TextInput) {
    parser = JSONParser(input: input)
  }

  /// Whether the value at the cursor is an object.
  package var isObject: Bool { parser.peek == UInt8(ascii: "{") }
  /// Whether the value at the cursor is an array.
  package var isArray: Bool { parser.peek == UInt8(ascii: "[") }
  /// Whether the value at the cursor is a string.
  package var isString: Bool { parser.peek == UInt8(ascii: "\"") }

  /// Reads the value at the cursor whole, as ``JSONReader`` would.
  package mutating func value() throws(SourceError) -> PropertyListValue {
    try parser.parseValue()
  }

  /// Reads the string at the cursor, as ``value()`` would; `nil`, with the cursor not moved,
  /// when the value there is not a string. A reader that wants a string does not wrap it in
  /// a value and take it out again.
  package mutating func string() throws(SourceError) -> String? {
    guard isString else { return nil }
    if let text = parser.plainString() { return JSONParser.string(ofPlainText: text) }
    return try parser.parseString()
  }

  /// The string at the cursor as the bytes of its text, when they are printable ASCII
  /// without `\` (then they are its text as they stand, and no check can fail), with the
  /// cursor after it; else `nil`, with the cursor not moved (not a string, or one to read
  /// with ``string()``). The bytes are the input's, valid while the text is read.
  ///
  /// A reader that recognizes a few names (a specifier's `Type`) compares the bytes and makes
  /// no `String` of a name it knows.
  package mutating func plainString() -> UnsafeBufferPointer<UInt8>? {
    guard isString else { return nil }
    return parser.plainString()
  }

  /// An array read by ``value(reusing:)``: its text in the input, and its value.
  package struct ArrayText {
    var range: Range<Int>
    var depth: Int
    var value: PropertyListValue
  }

  /// Reads the value at the cursor whole, as ``value()`` does; when it is an array whose
  /// text is, byte for byte, that of `last` (read at this depth or deeper), the cursor steps
  /// over it and returns the value read then, which shares its storage. An array read anew
  /// becomes `last`.
  ///
  /// The same text is the same value, with the same checks passed, so a schema whose
  /// multi-values offer the same choices reads and holds them once.
  package mutating func value(reusing last: inout ArrayText?) throws(SourceError)
    -> PropertyListValue
  {
    guard isArray else { return try parser.parseValue() }
    if let previous = last, parser.depth <= previous.depth,
      parser.index + previous.range.count <= parser.bytes.count
    {
      // Compared through the base pointer: the bounds are checked above, once.
      if let base = parser.bytes.baseAddress {
        let here = UnsafePointer(base + parser.index)
        guard here.hasSameBytes(as: base + previous.range.lowerBound, count: previous.range.count)
        else { return try readArray(into: &last) }
        parser.index += previous.range.count
        return previous.value
      }
    }
    return try readArray(into: &last)
  }

  /// Reads the array at the cursor, which becomes `last`.
  private mutating func readArray(into last: inout ArrayText?) throws(SourceError)
    -> PropertyListValue
  {
    let start = parser.index
    let depth = parser.depth
    let value = try parser.parseValue()
    last = ArrayText(range: start..<parser.index, depth: depth, value: value)
    return value
  }

  /// Steps into the object at the cursor (``isObject`` must be true); then
  /// ``nextMember()`` gives its keys.
  ///
  /// - Parameter checkingKeys: Whether the cursor refuses a key repeated in the object;
  ///   `false` when the reader keeps the members in a dictionary or fields of its own and
  ///   calls ``repeatedKey()`` when one is there already, after reading its value.
  /// - Throws: ``SourceError`` when objects and arrays nest too deeply.
  package mutating func beginObject(checkingKeys: Bool = true) throws(SourceError) {
    try parser.enterContainer()
    enclosing.append(object)
    object = Object(checksKeys: checkingKeys)
    if checkingKeys { keyChecks.append(KeyCheck()) }
  }

  /// The error for the key of the member just read when the object has it already, as
  /// ``JSONReader`` words and places it.
  package func repeatedKey() -> SourceError {
    // The key is read again from the text: only a check of its own keeps it as a String.
    var reader = parser
    reader.index = object.lastKeyStart
    let key = (try? reader.parseString()) ?? ""
    return parser.input.error(
      at: object.lastKeyStart,
      FormatReason(.jsonDuplicateKey, .text(JSONWriter.quoted(key))))
  }

  /// The key of the object's next member, with the cursor on its value, which the caller must
  /// read (``value()``, or ``beginObject()``/``beginArray()`` and their members) before
  /// asking for the next; `nil` after the object's last member, with the cursor after it.
  package mutating func nextMember() throws(SourceError) -> String? {
    guard try toNextKey() else { return nil }
    let key = try parser.parseString()
    try afterKey(key)
    return key
  }

  /// A member's key as ``nextKey()`` gives it.
  package enum Key {
    /// A key of printable ASCII without escapes: its bytes, which are its text (valid while
    /// the text is read, as ``plainString()``'s).
    case plain(UnsafeBufferPointer<UInt8>)
    /// Any other key, decoded.
    case text(String)
  }

  /// ``nextMember()`` for a reader that knows some keys by their bytes: a key of printable
  /// ASCII without escapes is given as its bytes, not made a `String`, so that reading a big
  /// schema makes no string of every key of every specifier. (The reader compares them; a
  /// closure or a generic call here would cost more than the comparison.)
  package mutating func nextKey() throws(SourceError) -> Key? {
    guard try toNextKey() else { return nil }
    if let bytes = parser.plainString() {
      try afterKey(object.checksKeys ? String(decoding: bytes, as: UTF8.self) : nil)
      return .plain(bytes)
    }
    let key = try parser.parseString()
    try afterKey(key)
    return .text(key)
  }

  /// Steps to the next member's key: over the `,` (checking the last key when the cursor
  /// checks keys) or the closing `}`. Returns `true` with the cursor on the key's opening
  /// quote; `false` after the object's last member, with ``object`` the enclosing one again.
  @inline(__always)
  private mutating func toNextKey() throws(SourceError) -> Bool {
    if object.count > 0 {
      if object.checksKeys, !keyChecks[keyChecks.count - 1].insertLastKey() {
        throw repeatedKey()
      }
      parser.skipWhitespace()
      guard try separator(closing: UInt8(ascii: "}")) else { return endObject() }
    } else {
      parser.skipWhitespace()
      if parser.peek == UInt8(ascii: "}") {
        parser.index += 1
        parser.depth -= 1
        return endObject()
      }
    }
    parser.skipWhitespace()
    guard parser.peek == UInt8(ascii: "\"") else { throw keyExpected() }
    object.lastKeyStart = parser.index
    return true
  }

  /// The error for what stands where a key should.
  private func keyExpected() -> SourceError {
    let message =
      object.count == 0
      ? FormatReason(.jsonKeyOrBraceExpected, .reason(parser.found))
      : parser.peek == UInt8(ascii: "}")
        ? FormatReason(.jsonCommaBeforeBrace)
        : FormatReason(.jsonKeyExpected, .reason(parser.found))
    return parser.input.error(at: parser.index, message)
  }

  /// Closes ``object``: the enclosing object is the innermost again. Returns `false`.
  private mutating func endObject() -> Bool {
    if object.checksKeys { keyChecks.removeLast() }
    object = enclosing.removeLast()
    return false
  }

  /// Steps over the `:` after a key; `key` is kept for the check of repeated keys, when the
  /// cursor makes it (`nil` otherwise).
  @inline(__always)
  private mutating func afterKey(_ key: String?) throws(SourceError) {
    parser.skipWhitespace()
    guard parser.peek == UInt8(ascii: ":") else {
      throw parser.input.error(
        at: parser.index, FormatReason(.jsonColonExpected, .reason(parser.found)))
    }
    parser.index += 1
    parser.skipWhitespace()
    object.count += 1
    if let key, object.checksKeys { keyChecks[keyChecks.count - 1].lastKey = PropertyListKey(key) }
  }

  /// Steps over the `,` after a member or element (`true`), or over the `closing` bracket
  /// that ends their container (`false`).
  @inline(__always)
  private mutating func separator(closing: UInt8) throws(SourceError) -> Bool {
    switch parser.peek {
    case UInt8(ascii: ","):
      parser.index += 1
      return true
    case closing:
      parser.index += 1
      parser.depth -= 1
      return false
    default:
      throw separatorExpected(closing: closing)
    }
  }

  /// The error for what stands where a `,` or the `closing` bracket should.
  private func separatorExpected(closing: UInt8) -> SourceError {
    let message: FormatMessage =
      closing == UInt8(ascii: "}") ? .jsonAfterMember : .jsonAfterElement
    return parser.input.error(at: parser.index, FormatReason(message, .reason(parser.found)))
  }

  /// Steps into the array at the cursor (``isArray`` must be true); then
  /// ``nextElement()`` moves to each element.
  package mutating func beginArray() throws(SourceError) -> ArrayState {
    try parser.enterContainer()
    return ArrayState()
  }

  /// Where a reader is in an array.
  package struct ArrayState {
    var count = 0
  }

  /// Moves to the array's next element and returns `true`, with the cursor on it, which the
  /// caller must read before asking for the next; `false` after the last element.
  package mutating func nextElement(_ state: inout ArrayState) throws(SourceError) -> Bool {
    parser.skipWhitespace()
    if state.count > 0 {
      guard try separator(closing: UInt8(ascii: "]")) else { return false }
      parser.skipWhitespace()
      if parser.peek == UInt8(ascii: "]") {
        throw parser.input.error(
          at: parser.index, FormatReason(.jsonCommaBeforeBracket))
      }
    } else if parser.peek == UInt8(ascii: "]") {
      parser.index += 1
      parser.depth -= 1
      return false
    }
    state.count += 1
    return true
  }
}

extension JSONReader {
  /// Reads a complete JSON text with a cursor: `body` reads the top-level value; what
  /// follows it must be white space.
  ///
  /// - Parameters:
  ///   - bytes: The UTF-8 bytes of the text.
  ///   - source: The file path or name to put in errors.
  ///   - body: Reads the top-level value at the cursor, all of it.
  /// - Returns: What `body` returns.
  /// - Throws: ``SourceError`` as ``parse(_:source:)`` does, or what `body` throws.
  package static func read<R>(
    _ bytes: some Collection<UInt8>, source: String,
    _ body: (inout JSONCursor) throws(SourceError) -> R
  ) throws(SourceError) -> R {
    try TextInput.with(bytes, source: source) { input throws(SourceError) in
      var cursor = JSONCursor(input: input)
      cursor.parser.index = try input.startAfterByteOrderMark()
      cursor.parser.skipWhitespace()
      guard cursor.parser.index < cursor.parser.bytes.count else {
        throw input.error(at: cursor.parser.index, FormatReason(.jsonEmptyFile))
      }
      let result = try body(&cursor)
      cursor.parser.skipWhitespace()
      guard cursor.parser.index == cursor.parser.bytes.count else {
        throw input.error(
          at: cursor.parser.index,
          FormatReason(.jsonTrailingText, .reason(cursor.parser.found)))
      }
      return result
    }
  }
}
