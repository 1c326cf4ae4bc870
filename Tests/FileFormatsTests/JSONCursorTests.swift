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
      var members: [String: PropertyListValue] = [:]
      try cursor.beginObject(checkingKeys: checkingKeys)
      while let key = try cursor.nextMember() {
        let value = try walk(&cursor, checkingKeys: !checkingKeys)
        if members.updateValue(value, forKey: key) != nil, !checkingKeys {
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
}
