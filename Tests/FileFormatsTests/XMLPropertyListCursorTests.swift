import TestSupport
import Testing

@testable import FileFormats

/// A cursor that walks every dictionary and array member by member reads what
/// ``PropertyListReader`` reads, and throws its errors at the same line and column.
@Suite struct XMLPropertyListCursorTests {
  /// How a walk reads the keys of a dictionary.
  private enum KeyReading: CaseIterable {
    /// The cursor refuses a repeated key.
    case checked
    /// The walk finds repeated keys itself.
    case unchecked
    /// The walk finds repeated keys itself, reads plain members and a plain `</dict>` in one
    /// step, knows the keys `Type` and `Title` by their bytes, and takes plain strings as
    /// bytes.
    case knownByBytes
  }

  private static let knownKeys = ["Type", "Title"]

  /// The value at the cursor, walked member by member.
  private func walk(_ cursor: inout XMLPropertyListCursor, keys: KeyReading) throws(SourceError)
    -> PropertyListValue
  {
    if cursor.isDictionary {
      var state = try cursor.beginDictionary(checkingKeys: keys == .checked)
      return try walkMembers(&cursor, &state, keys: keys)
    }
    if cursor.isArray {
      var elements: [PropertyListValue] = []
      var state = try cursor.beginArray()
      while true {
        if keys == .knownByBytes, var members = try cursor.nextPlainDictionary(&state) {
          elements.append(try walkMembers(&cursor, &members, keys: keys))
          continue
        }
        guard try cursor.nextElement(&state) else { break }
        elements.append(try walk(&cursor, keys: keys))
      }
      return .array(elements)
    }
    if keys == .knownByBytes, let text = cursor.plainStringBytes() {
      return .string(String(decoding: text, as: UTF8.self))
    }
    return try cursor.value()
  }

  /// The members of the dictionary the cursor has stepped into, walked one by one.
  private func walkMembers(
    _ cursor: inout XMLPropertyListCursor, _ state: inout XMLPropertyListCursor.DictionaryState,
    keys: KeyReading
  ) throws(SourceError) -> PropertyListValue {
    var members: [PropertyListKey: PropertyListValue] = [:]
    while true {
      let key: String
      if keys == .knownByBytes, let plain = cursor.nextPlainStringMember(&state) {
        let key = String(decoding: plain.key, as: UTF8.self)
        let value = PropertyListValue.string(String(decoding: plain.text, as: UTF8.self))
        if members.updateValue(value, forKey: PropertyListKey(key)) != nil {
          throw cursor.repeatedKey(state)
        }
        continue
      }
      if keys == .knownByBytes, cursor.endsPlainly(&state) { return .dictionary(members) }
      if keys == .knownByBytes {
        let known = try cursor.nextKey(&state) { bytes in
          Self.knownKeys.firstIndex { $0.utf8.elementsEqual(bytes) }.map(UInt8.init)
        }
        switch known {
        case nil: return .dictionary(members)
        case .known(let number)?: key = Self.knownKeys[Int(number)]
        case .other(let text)?: key = text
        }
      } else {
        guard let text = try cursor.nextKey(&state) else { return .dictionary(members) }
        key = text
      }
      let value = try walk(&cursor, keys: keys)
      if members.updateValue(value, forKey: PropertyListKey(key)) != nil, keys != .checked {
        throw cursor.repeatedKey(state)
      }
    }
  }

  private enum Outcome: Equatable {
    case value(PropertyListValue)
    case error(String)
  }

  private func outcome(_ read: () throws(SourceError) -> PropertyListValue?) -> Outcome {
    do {
      return try read().map(Outcome.value) ?? .error("stopped")
    } catch {
      return .error(error.description)
    }
  }

  private func expectSameAsParse(_ bytes: [UInt8]) {
    let parsed = outcome { () throws(SourceError) in
      try PropertyListReader.parse(bytes, source: "p.plist")
    }
    for keys in KeyReading.allCases {
      let walked = outcome { () throws(SourceError) in
        try PropertyListReader.readXML(bytes, source: "p.plist") { cursor throws(SourceError) in
          try walk(&cursor, keys: keys)
        }
      }
      #expect(walked == parsed, "\(keys): \(String(decoding: bytes, as: UTF8.self))")
    }
  }

  /// Keys are told apart by their bytes: `café` composed and decomposed are two members,
  /// not a repeated key, however the keys are read.
  @Test func twoSpellingsOfAKeyAreTwoMembers() throws {
    let body =
      "<dict><key>caf\u{E9}</key><integer>1</integer><key>cafe\u{301}</key><integer>2</integer>"
      + "<key>Type</key><true/></dict>"
    let bytes = Array(plistDocument(body).utf8)
    expectSameAsParse(bytes)
    for keys in KeyReading.allCases {
      let walked = try PropertyListReader.readXML(bytes, source: "p.plist") {
        cursor throws(SourceError) in try walk(&cursor, keys: keys)
      }
      #expect(walked?.dictionaryValue?.count == 3, "\(keys)")
      #expect(walked?["caf\u{E9}"] == 1, "\(keys)")
      #expect(walked?["cafe\u{301}"] == 2, "\(keys)")
    }
  }

  @Test func walksWhatTheReaderReads() {
    let bodies = [
      "<dict><key>Type</key><string>a</string><key>k</key><array><true/><dict/></array></dict>",
      "<array/>", "<dict/>", "<string>x</string>", "<array><array><array/></array></array>",
      "<dict><key>Type</key><string>a</string><key>Type</key><string>b</string></dict>",
      "<dict><key>Ty&#112;e</key><integer>1</integer><key>Type</key><false/></dict>",
      "<dict><key>k</key><string>a</string><key>Title</key><real>1</real><key>k</key><dict/></dict>",
      "<dict><key>Title</key><string>a</string><key>Title</key><string>b</strin></dict>",
      "<dict><key>Type</key></dict>", "<dict><key>Type</key>",
      "<dict><key>Type</key  ><true/></dict>",
      "<dict><key>Type</key><true/><string>s</string></dict>", "<dict>text<key>a</key></dict>",
      "<dict><!-- c --><key><![CDATA[Type]]></key><!-- d --><data>AAE=</data></dict>",
      "<dict><key/><string/><key></key><true/></dict>", "<array><key>a</key></array>",
      "<array><string>a</string>x</array>", "<array><string>a</string></dict>",
      "<dict><key>\u{1}</key><true/></dict>", "<dict><key>a</key><date>nope</date></dict>",
      "<dict><key>Typé</key><true/><key>Type</key><true/><key>Typé</key><true/></dict>",
      "<array><string>a</string><string>b&amp;</string><string>ü</string><string/></array>",
      "<array><string></string><string>a</strings><string>a</string ></array>",
      "<array><string>a<!-- c --></string><string><![CDATA[x]]></string><string>a",
      "<dict><key>a</key> <string>b</string>\n<key>a</key>\t<string>c</string></dict>",
      "<dict><key>a</key><string>b</string><key>c</key><string>d&amp;</string></dict>",
      "<dict><key>a</key><string>b</string><key>c</key><string/><key>e</key></dict>",
      "<dict><key>a</key><string>b</strin><key>c</key></dict>",
      "<dict><key>a</key><!-- c --><string>b</string><key>c&#x41;</key><string>d</string></dict>",
    ]
    for body in bodies {
      expectSameAsParse(Array(plistDocument(body).utf8))
      expectSameAsParse(Array(body.utf8))
    }
    for text in ["", "   ", "<plist/>", "<plist>", "<plist><true/>", "<true/><true/>", "x"] {
      expectSameAsParse(Array(text.utf8))
    }
  }

  @Test func nestingIsLimitedAsTheReaderLimitsIt() {
    for depth in [JSONReader.maximumDepth, JSONReader.maximumDepth + 1] {
      let body =
        String(repeating: "<array><dict><key>k</key>", count: depth / 2)
        + String(repeating: "<array>", count: depth % 2) + "<true/>"
        + String(repeating: "</array>", count: depth % 2)
        + String(repeating: "</dict></array>", count: depth / 2)
      expectSameAsParse(Array(body.utf8))
    }
  }

  @Test func aBinaryPropertyListHasNoCursor() throws {
    var reached = false
    let result = try PropertyListReader.readXML(Array("bplist00".utf8), source: "b") {
      _ throws(SourceError) in
      reached = true
      return 1
    }
    #expect(result == nil)
    #expect(!reached)
  }

  @Test func aReaderThatStopsLeavesTheRestUnread() throws {
    // The rest is malformed; stopping before it reads none of it.
    let bytes = Array("<dict><key>a</key><string>b</string><key>".utf8)
    let result = try PropertyListReader.readXML(bytes, source: "p") {
      cursor throws(SourceError) -> Int? in
      var state = try cursor.beginDictionary()
      _ = try cursor.nextKey(&state)
      return nil
    }
    #expect(result == nil)
  }

  @Test func mutatedPropertyListsWalkAsTheyParse() throws {
    var random = SplitMix64(seed: 0x0C0_12508)
    let seeds = [
      Array(
        plistDocument(
          "<dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key>"
            + "<string>a &amp; b</string><key>Values</key><array><integer>1</integer>"
            + "<real>2</real></array><key>x</key><dict><key>Type</key><true/></dict></dict>"
        ).utf8)
    ]
    let interesting = Array("<>/&;![]-?=\"' kKeyTpdictarsng".utf8) + [0, 0x0A, 0xE3, 0xFF]
    for _ in 0..<3000 {
      let seed = seeds[Int(random.next() % UInt64(seeds.count))]
      expectSameAsParse(random.mutated(seed, using: interesting))
    }
  }

  /// `</dict>` after white space ends a dictionary in one step; anything else before it (a
  /// comment) is left to the general step, and so is a dictionary whose keys the cursor
  /// checks.
  @Test func aPlainDictionaryEndIsOneStep() throws {
    for (body, plain) in [
      ("<dict><key>a</key><string>b</string>\n\t </dict>", true),
      ("<dict><key>a</key><string>b</string><!-- c --></dict>", false),
      ("<dict><key>a</key><string>b</string><key>c</key><true/></dict>", false),
    ] {
      let bytes = Array(plistDocument(body).utf8)
      for checking in [false, true] {
        let ended = try PropertyListReader.readXML(bytes, source: "p") {
          cursor throws(SourceError) -> Bool in
          var state = try cursor.beginDictionary(checkingKeys: checking)
          _ = try cursor.nextKey(&state)
          _ = try cursor.value()
          let ended = cursor.endsPlainly(&state)
          // The rest is read the general way, to the end of the dictionary.
          while try cursor.nextKey(&state) != nil { _ = try cursor.value() }
          return ended
        }
        #expect(ended == (plain && !checking), "\(body), checking: \(checking)")
      }
    }
  }
}
