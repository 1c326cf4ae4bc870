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
public struct JSONCursor {
  var parser: JSONParser
  /// The innermost open object, read and changed where it stands for every member.
  private var object = Object()
  /// The open objects around ``object``, innermost last.
  private var enclosing: [Object] = []

  private struct Object {
    var count = 0
    /// Whether the cursor checks for repeated keys; else its reader does.
    var checksKeys = true
    /// The keys before the last, while they are few enough to search one by one.
    var earlierKeys: [String] = []
    /// The keys before the last, once there are many (empty until then).
    var keySet: Set<String> = []
    var lastKey = ""
    /// Whether the last key was given as bytes (``lastKey`` is then empty).
    var lastKeyIsKnown = false
    var lastKeyStart = 0

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
  public var isObject: Bool { parser.peek == UInt8(ascii: "{") }
  /// Whether the value at the cursor is an array.
  public var isArray: Bool { parser.peek == UInt8(ascii: "[") }
  /// Whether the value at the cursor is a string.
  public var isString: Bool { parser.peek == UInt8(ascii: "\"") }

  /// Reads the value at the cursor whole, as ``JSONReader`` would.
  public mutating func value() throws(SourceError) -> PropertyListValue {
    try parser.parseValue()
  }

  /// An array read by ``value(reusing:)``: its text in the input, and its value.
  public struct ArrayText {
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
  public mutating func value(reusing last: inout ArrayText?) throws(SourceError)
    -> PropertyListValue
  {
    guard isArray else { return try parser.parseValue() }
    if let previous = last, parser.depth <= previous.depth,
      parser.index + previous.range.count <= parser.bytes.count
    {
      // Compared through the base pointer: the bounds are checked above, once.
      if let base = parser.bytes.baseAddress {
        let here = base + parser.index
        let there = base + previous.range.lowerBound
        var offset = 0
        while offset < previous.range.count, here[offset] == there[offset] { offset += 1 }
        guard offset == previous.range.count else { return try readArray(into: &last) }
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
  ///   `false` when the reader keeps the members in a dictionary of its own and calls
  ///   ``repeatedKey()`` when one is there already, after reading its value.
  /// - Throws: ``SourceError`` when objects and arrays nest too deeply.
  public mutating func beginObject(checkingKeys: Bool = true) throws(SourceError) {
    try parser.enterContainer()
    enclosing.append(object)
    object = Object(checksKeys: checkingKeys)
  }

  /// The error for the key of the member just read when the object has it already, as
  /// ``JSONReader`` words and places it.
  public func repeatedKey() -> SourceError {
    var key = object.lastKey
    if object.lastKeyIsKnown {
      // A key ``nextMember(knownBy:)`` did not make a String of: read it again.
      var reader = parser
      reader.index = object.lastKeyStart
      key = (try? reader.parseString()) ?? ""
    }
    return parser.input.error(
      at: object.lastKeyStart,
      "duplicate key \(JSONWriter.quoted(key)) in one object; keep only one of them")
  }

  /// The key of the object's next member, with the cursor on its value, which the caller must
  /// read (``value()``, or ``beginObject()``/``beginArray()`` and their members) before
  /// asking for the next; `nil` after the object's last member, with the cursor after it.
  public mutating func nextMember() throws(SourceError) -> String? {
    guard try toNextKey() else { return nil }
    let key = try parser.parseString()
    try afterKey(key)
    return key
  }

  /// A member's key as ``nextMember(knownBy:)`` gives it.
  public enum Key {
    /// A key the reader knows, by the number it gave it from its bytes.
    case known(UInt8)
    /// Any other key.
    case other(String)
  }

  /// ``nextMember()`` for a reader that knows some keys (in an object it checks for
  /// repeated keys itself, ``beginObject(checkingKeys:)``): a key of printable ASCII is
  /// first given to `known` as bytes, and made a `String` only when `known` does not know
  /// it. Reading a big schema does not make a string of every key of every specifier. (Not
  /// generic: a generic call across modules would cost more than the string.)
  public mutating func nextMember(
    knownBy known: (UnsafeBufferPointer<UInt8>) -> UInt8?
  ) throws(SourceError) -> Key? {
    guard try toNextKey() else { return nil }
    if !object.checksKeys {
      // Printable ASCII up to the closing quote is a string as it stands (no escapes, no
      // byte to check), so the key's bytes are its text.
      let bytes = parser.bytes
      let start = parser.index + 1
      let end = parser.endOfPlainText(from: start)
      if end < bytes.count, bytes[end] == UInt8(ascii: "\""),
        let key = known(UnsafeBufferPointer(rebasing: bytes[start..<end]))
      {
        parser.index = end + 1
        try afterKey(nil)
        return .known(key)
      }
    }
    let key = try parser.parseString()
    try afterKey(key)
    return .other(key)
  }

  /// Steps to the next member's key: over the `,` (checking the last key when the cursor
  /// checks keys) or the closing `}`. Returns `true` with the cursor on the key's opening
  /// quote; `false` after the object's last member, with ``object`` the enclosing one again.
  private mutating func toNextKey() throws(SourceError) -> Bool {
    if object.count > 0 {
      guard !object.checksKeys || object.insertLastKey() else { throw repeatedKey() }
      parser.skipWhitespace()
      guard try separator(closing: "}", after: "object member") else { return endObject() }
    } else {
      parser.skipWhitespace()
      if parser.peek == UInt8(ascii: "}") {
        parser.index += 1
        parser.depth -= 1
        return endObject()
      }
    }
    parser.skipWhitespace()
    guard parser.peek == UInt8(ascii: "\"") else {
      let message =
        object.count == 0
        ? "expected a key in double quotes or '}', found \(parser.found)"
        : parser.peek == UInt8(ascii: "}")
          ? "expected a key after ','; JSON does not allow a comma before '}'"
          : "expected a key in double quotes, found \(parser.found)"
      throw parser.input.error(at: parser.index, message)
    }
    object.lastKeyStart = parser.index
    return true
  }

  /// Closes ``object``: the enclosing object is the innermost again. Returns `false`.
  private mutating func endObject() -> Bool {
    object = enclosing.removeLast()
    return false
  }

  /// Steps over the `:` after a key (`nil`: a key the reader knew from its bytes).
  private mutating func afterKey(_ key: String?) throws(SourceError) {
    parser.skipWhitespace()
    guard parser.peek == UInt8(ascii: ":") else {
      throw parser.input.error(
        at: parser.index, "expected ':' after object key, found \(parser.found)")
    }
    parser.index += 1
    parser.skipWhitespace()
    object.count += 1
    object.lastKey = key ?? ""
    object.lastKeyIsKnown = key == nil
  }

  /// Steps over the `,` after a member or element (`true`), or over the `closing` bracket
  /// that ends their container (`false`).
  private mutating func separator(closing: Unicode.Scalar, after what: String)
    throws(SourceError) -> Bool
  {
    switch parser.peek {
    case UInt8(ascii: ","):
      parser.index += 1
      return true
    case UInt8(ascii: closing):
      parser.index += 1
      parser.depth -= 1
      return false
    default:
      throw parser.input.error(
        at: parser.index, "expected ',' or '\(closing)' after \(what), found \(parser.found)")
    }
  }

  /// Steps into the array at the cursor (``isArray`` must be true); then
  /// ``nextElement()`` moves to each element.
  public mutating func beginArray() throws(SourceError) -> ArrayState {
    try parser.enterContainer()
    return ArrayState()
  }

  /// Where a reader is in an array.
  public struct ArrayState {
    var count = 0
  }

  /// Moves to the array's next element and returns `true`, with the cursor on it, which the
  /// caller must read before asking for the next; `false` after the last element.
  public mutating func nextElement(_ state: inout ArrayState) throws(SourceError) -> Bool {
    parser.skipWhitespace()
    if state.count > 0 {
      guard try separator(closing: "]", after: "array element") else { return false }
      parser.skipWhitespace()
      if parser.peek == UInt8(ascii: "]") {
        throw parser.input.error(
          at: parser.index, "expected a value after ','; JSON does not allow a comma before ']'")
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
  public static func read<R>(
    _ bytes: some Collection<UInt8>, source: String,
    _ body: (inout JSONCursor) throws(SourceError) -> R
  ) throws(SourceError) -> R {
    try TextInput.with(bytes, source: source) { input throws(SourceError) in
      var cursor = JSONCursor(input: input)
      cursor.parser.index = try input.startAfterByteOrderMark()
      cursor.parser.skipWhitespace()
      guard cursor.parser.index < cursor.parser.bytes.count else {
        throw input.error(at: cursor.parser.index, "expected a JSON value, found an empty file")
      }
      let result = try body(&cursor)
      cursor.parser.skipWhitespace()
      guard cursor.parser.index == cursor.parser.bytes.count else {
        throw input.error(
          at: cursor.parser.index,
          "expected the end of the file after the top-level value, found \(cursor.parser.found)")
      }
      return result
    }
  }
}
