import TestSupport
import Testing

@testable import FileFormats

/// A cursor that walks every object and array member by member reads what ``JSONReader``
/// reads, and throws its errors at the same line and column.
@Suite struct JSONCursorTests {
  /// The value at the cursor, walked member by member; with `checkingKeys: false` the
  /// walk finds repeated keys itself.
  private func walk(_ cursor: inout JSONCursor, checkingKeys: Bool) throws(SourceError)
    -> PropertyListValue
  {
    if cursor.isObject {
      var members: [PropertyListKey: PropertyListValue] = [:]
      try cursor.beginObject(checkingKeys: checkingKeys)
      while let key = try cursor.nextMember() {
        let value = try walk(&cursor, checkingKeys: !checkingKeys)
        if members.updateValue(value, forKey: PropertyListKey(key)) != nil, !checkingKeys {
          throw cursor.repeatedKey()
        }
      }
      return .dictionary(members)
    }
    if cursor.isArray {
      var elements: [PropertyListValue] = []
      var state = try cursor.beginArray()
      while try cursor.nextElement(&state) {
        elements.append(try walk(&cursor, checkingKeys: checkingKeys))
      }
      return .array(elements)
    }
    return try cursor.value()
  }

  private enum Outcome: Equatable {
    case value(PropertyListValue)
    case error(String)
  }

  private func outcome(_ read: () throws(SourceError) -> PropertyListValue) -> Outcome {
    do {
      return .value(try read())
    } catch {
      return .error(error.description)
    }
  }

  private func expectSameAsParse(_ bytes: [UInt8]) {
    let parsed = outcome { () throws(SourceError) in try JSONReader.parse(bytes, source: "j") }
    for checkingKeys in [true, false] {
      let walked = outcome { () throws(SourceError) in
        try JSONReader.read(bytes, source: "j") { cursor throws(SourceError) in
          try walk(&cursor, checkingKeys: checkingKeys)
        }
      }
      #expect(walked == parsed, "\(String(decoding: bytes, as: UTF8.self))")
    }
  }

  @Test func objectsOfManyKeysFindARepeatedKeyWhereverItIs() {
    // Past 16 keys the cursor keeps them in a set: a repeat before, at and after that point,
    // and none at all, read as the reader reads them.
    let keys = (0..<40).map { "k\($0)" }
    var cases = [keys]
    for (at, repeated) in [(5, 2), (16, 0), (17, 16), (39, 20), (39, 38)] {
      var withRepeat = keys
      withRepeat[at] = keys[repeated]
      cases.append(withRepeat)
    }
    for keys in cases {
      let members = keys.enumerated().map { #""\#($1)": \#($0)"# }
      expectSameAsParse(Array(("{" + members.joined(separator: ", ") + "}").utf8))
    }
  }

  /// Keys are told apart by their bytes, in an object of few keys and of many (kept in a
  /// set): `café` composed and decomposed are two members, not a repeated key.
  @Test func twoSpellingsOfAKeyAreTwoMembers() throws {
    for count in [0, 20] {
      let members =
        (0..<count).map { "\"k\($0)\": \($0)" } + [
          "\"caf\u{E9}\": 1", "\"cafe\u{301}\": 2",
        ]
      let bytes = Array(("{" + members.joined(separator: ", ") + "}").utf8)
      expectSameAsParse(bytes)
      for checkingKeys in [true, false] {
        let walked = try JSONReader.read(bytes, source: "j") { cursor throws(SourceError) in
          try walk(&cursor, checkingKeys: checkingKeys)
        }
        #expect(walked.dictionaryValue?.count == count + 2)
        #expect(walked["caf\u{E9}"] == 1)
        #expect(walked["cafe\u{301}"] == 2)
      }
    }
  }

  @Test func walksWhatTheReaderReads() {
    let texts = [
      #"{"a": [1, {"b": []}, "c"], "d": {}, "e": [[], [true]]}"#, " [ ] ", "3",
      #"{"a":1,"a":2}"#, #"{"a":1,"b":2,"a":[}"#, #"[1,]"#, #"{"a":1,}"#, #"{"a" 1}"#,
      #"[1 2]"#, #"{"a":1 "b":2}"#, "", "{", "[", #"{"a":"#, "[1] x", "\u{FEFF}[1]",
    ]
    for text in texts { expectSameAsParse(Array(text.utf8)) }
    let many = "{" + (0..<40).map { "\"k\($0 % 30)\": \($0)" }.joined(separator: ",") + "}"
    expectSameAsParse(Array(many.utf8))
  }

  @Test func mutatedInputGivesTheReadersErrors() {
    var random = SplitMix64(seed: 0xC0_5013)
    let seeds = [
      #"{"a": [1, -2.5e3, "\u00e9", {"b": [true, false, {}]}], "日本": "語", "c": {"d": 1}}"#,
      #"[0, 1e1, [[[[]]]], {"":{"":""}}, {"x": 1, "y": [2, 3]}]"#,
    ].map { Array($0.utf8) }
    let interesting = Array(#"{}[]",:\-.e01tfn "#.utf8) + [0, 0x0A, 0xE3, 0xFF]
    for _ in 0..<3000 {
      let seed = seeds[Int(random.next() % UInt64(seeds.count))]
      let bytes = random.mutated(seed, using: interesting)
      expectSameAsParse(bytes)
    }
  }

  @Test func anArrayOfTheSameTextIsReadOnceAndShared() throws {
    let text = #"[["a","b"],["a","b"],["a","bc"],["a","bc"],"x",[["a","bc"]]]"#
    var values: [PropertyListValue] = []
    var last: JSONCursor.ArrayText?
    try JSONReader.read(Array(text.utf8), source: "t.json") { cursor throws(SourceError) in
      var state = try cursor.beginArray()
      while try cursor.nextElement(&state) { values.append(try cursor.value(reusing: &last)) }
    }
    #expect(values == (try JSONReader.parse(Array(text.utf8), source: "t.json")).arrayValue)
    func storage(_ value: PropertyListValue) -> UnsafeRawPointer? {
      value.arrayValue?.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }
    #expect(storage(values[0]) == storage(values[1]))
    #expect(storage(values[1]) != storage(values[2]))
    #expect(storage(values[2]) == storage(values[3]))
  }

  @Test func bytesAreComparedWholeWhateverTheirLength() {
    // Words of eight, four and two bytes, the last overlapping the one before: a difference
    // in any byte of any length is seen.
    for count in 0...20 {
      let one = (0..<count).map { UInt8(0x41 + $0) }
      for changed in -1..<count {
        var other = one
        if changed >= 0 { other[changed] ^= 0x20 }
        let same = one.withUnsafeBufferPointer { first in
          other.withUnsafeBufferPointer { second in
            guard let first = first.baseAddress, let second = second.baseAddress else {
              return true
            }
            return first.hasSameBytes(as: second, count: count)
          }
        }
        #expect(same == (changed < 0), "\(count) bytes, byte \(changed) changed")
      }
    }
  }

  @Test func anArrayOfTheSameTextDeeperIsCheckedForDepthAgain() {
    // The last `[1]` has the first's text, but nests one level deeper than JSON allows here.
    let wrappers = JSONReader.maximumDepth - 1
    let text =
      "[[1]," + String(repeating: "[", count: wrappers) + "[1]"
      + String(repeating: "]", count: wrappers) + "]"
    func descend(_ cursor: inout JSONCursor, levels: Int, _ last: inout JSONCursor.ArrayText?)
      throws(SourceError)
    {
      guard levels > 0 else {
        _ = try cursor.value(reusing: &last)
        return
      }
      var state = try cursor.beginArray()
      while try cursor.nextElement(&state) { try descend(&cursor, levels: levels - 1, &last) }
    }
    var last: JSONCursor.ArrayText?
    var message = ""
    do {
      try JSONReader.read(Array(text.utf8), source: "t.json") { cursor throws(SourceError) in
        var state = try cursor.beginArray()
        _ = try cursor.nextElement(&state)
        _ = try cursor.value(reusing: &last)
        _ = try cursor.nextElement(&state)
        try descend(&cursor, levels: wrappers, &last)
        _ = try cursor.nextElement(&state)
      }
    } catch {
      message = "\(error)"
    }
    var expected = ""
    do {
      _ = try JSONReader.parse(Array(text.utf8), source: "t.json")
    } catch {
      expected = "\(error)"
    }
    #expect(!expected.isEmpty)
    #expect(message == expected)
  }

  @Test func plainKeysAreGivenAsBytesAndTheRestAsStrings() throws {
    let text = #"{"Title":1,"T\u0069tles":2,"Other":3,"Ünknown":4,"":5}"#
    for checkingKeys in [true, false] {
      var keys: [String] = []
      try JSONReader.read(Array(text.utf8), source: "t.json") { cursor throws(SourceError) in
        try cursor.beginObject(checkingKeys: checkingKeys)
        while let key = try cursor.nextKey() {
          switch key {
          case .plain(let bytes): keys.append("plain " + String(decoding: bytes, as: UTF8.self))
          case .text(let name): keys.append(name)
          }
          _ = try cursor.value()
        }
      }
      #expect(keys == ["plain Title", "Titles", "plain Other", "Ünknown", "plain "])
    }
    // The repeated key's message names the key as the reader does, plain or not, whoever
    // checks.
    for text in [#"{"Title":1, "Title":2}"#, #"{"Title":1, "Titl\u0065":2}"#] {
      let expected = outcome { () throws(SourceError) in
        try JSONReader.parse(Array(text.utf8), source: "t.json")
      }
      #expect(expected != .value(.dictionary([:])))
      for checkingKeys in [true, false] {
        let walked = outcome { () throws(SourceError) in
          try JSONReader.read(Array(text.utf8), source: "t.json") { cursor throws(SourceError) in
            try cursor.beginObject(checkingKeys: checkingKeys)
            var seen = 0
            while try cursor.nextKey() != nil {
              _ = try cursor.value()
              seen += 1
              if seen == 2, !checkingKeys { throw cursor.repeatedKey() }
            }
            return .dictionary([:])
          }
        }
        #expect(walked == expected, "\(text)")
      }
    }
  }

  @Test func stringsAndPlainStringsReadWhatValueReads() throws {
    // Each text, and whether it is a string of printable ASCII without a backslash (the
    // only kind plainString() gives as bytes).
    let texts: [(text: String, isPlain: Bool)] = [
      (#""plain text""#, true), (#""""#, true), (#""twelve bytes, then more""#, true),
      (#""caf\u00e9""#, false), (#""日本""#, false), (#""tab\tin""#, false), (#""a\"b""#, false),
      ("\"bad \u{01} byte\"", false), ("\"\u{FF}\"", false), (#""unterminated"#, false),
      (#"12"#, false), (#"true"#, false), (#"["a"]"#, false), (#"{"a":"b"}"#, false),
    ]
    for (text, isPlain) in texts {
      let bytes = Array(text.utf8)
      let expected = outcome { () throws(SourceError) in try JSONReader.parse(bytes, source: "s") }
      let asString = outcome { () throws(SourceError) in
        try JSONReader.read(bytes, source: "s") { cursor throws(SourceError) in
          if let string = try cursor.string() { return .string(string) }
          return try cursor.value()
        }
      }
      #expect(asString == expected, "\(text)")
      var gaveBytes = false
      let asPlain = outcome { () throws(SourceError) in
        try JSONReader.read(bytes, source: "s") { cursor throws(SourceError) in
          if let plain = cursor.plainString() {
            gaveBytes = true
            return .string(String(decoding: plain, as: UTF8.self))
          }
          return try cursor.value()
        }
      }
      #expect(asPlain == expected, "\(text)")
      #expect(gaveBytes == isPlain, "\(text)")
    }
  }
}
