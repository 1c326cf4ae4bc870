import TestSupport
import Testing

@testable import FileFormats
@testable import SchemaKit

/// The JSON schema reader decodes specifiers straight from the bytes; a tree of the whole
/// file is the oracle: the same schema, or the same error at the same line and column.
@Suite struct JSONPageDecoderTests {
  /// The reader's answer, as a value to compare: the schema, or the error's text.
  private enum Outcome: Equatable {
    case schema(SettingsSchema)
    case error(String)
  }

  private func outcome(_ read: () throws(SchemaError) -> SettingsSchema) -> Outcome {
    do {
      return .schema(try read())
    } catch {
      return .error("\(error)")
    }
  }

  private func expectSameAsTree(_ bytes: [UInt8]) {
    let direct = outcome { () throws(SchemaError) in
      try JSONSchemaReader.read(bytes, source: "s.json")
    }
    let tree = outcome { () throws(SchemaError) in
      try JSONSchemaReader.readThroughTree(bytes, source: "s.json")
    }
    #expect(direct == tree, "\(String(decoding: bytes, as: UTF8.self))")
  }

  @Test func aGeneratedSchemaIsReadWithoutTheTree() throws {
    let bytes = GeneratedSchema(panes: 4, settingsPerPane: 500).json()
    guard case .success(let schema) = JSONPageDecoder.decode(bytes, source: "s.json") else {
      Issue.record("the generated schema was not decoded straight from its bytes")
      return
    }
    #expect(schema == (try JSONSchemaReader.readThroughTree(bytes, source: "s.json")))
    #expect(schema.keyedSpecifiers.count == 2_000)
  }

  @Test func theSampleBundleInJSONReadsAsThroughTheTree() throws {
    let bytes = Array(JSONSchemaWriter.serialize(try SchemaLoader.load(path: sampleBundle)).utf8)
    guard case .success = JSONPageDecoder.decode(bytes, source: "s.json") else {
      Issue.record("the sample bundle's JSON form was not decoded straight from its bytes")
      return
    }
    expectSameAsTree(bytes)
  }

  @Test func everyFixtureBundleInJSONReadsTheSameBothWays() throws {
    for bundle in PackagePaths.bundles + [PackagePaths.realWorldCasesBundle] {
      let schema = try SchemaLoader.load(path: bundle)
      expectSameAsTree(Array(JSONSchemaWriter.serialize(schema).utf8))
    }
  }

  @Test func theGeneratedBundleAndJSONGiveTheSamePages() throws {
    let generated = GeneratedSchema(panes: 3, settingsPerPane: 120)
    let folder = try TemporaryFolder()
    try generated.writeBundle(to: folder.file("G.bundle"))
    let bundle = try SchemaLoader.load(path: folder.file("G.bundle"))
    let json = try JSONSchemaReader.read(generated.json(), source: "g.json")
    #expect(bundle.pages.keys.sorted() == json.pages.keys.sorted())
    for (name, page) in bundle.pages {
      #expect(page.title == json.pages[name]?.title)
      #expect(page.specifiers.map(\.kind) == json.pages[name]?.specifiers.map(\.kind))
      #expect(page.specifiers.map(\.key) == json.pages[name]?.specifiers.map(\.key))
      #expect(page.specifiers.map(\.title) == json.pages[name]?.specifiers.map(\.title))
      #expect(
        page.specifiers.map(\.defaultValue) == json.pages[name]?.specifiers.map(\.defaultValue))
    }
  }

  @Test func childrenBeforeAndAfterTheirFileAndInNestedSpecifiers() {
    let texts = [
      #"{"PreferenceSpecifiers":[{"Type":"PSChildPaneSpecifier","Children":{"PreferenceSpecifiers":[{"Type":"PSChildPaneSpecifier","Children":{"PreferenceSpecifiers":[]}}]},"File":"A"}]}"#,
      #"{"PreferenceSpecifiers":[{"Type":"PSChildPaneSpecifier","File":"A","Children":{"PreferenceSpecifiers":[],"Strings":{"ja":{"x":"y"}}}},{"File":"A","Children":{"PreferenceSpecifiers":[{"Key":"k"}]}}],"Strings":{"ja":{}}}"#,
      #"{"PreferenceSpecifiers":[{"Type":"IASKListGroupSpecifier","AddSpecifier":{"Children":{"PreferenceSpecifiers":[]}},"ItemSpecifier":{"File":5,"Children":{"PreferenceSpecifiers":[]}},"Children":{"PreferenceSpecifiers":[]}}]}"#,
      #"{"PreferenceSpecifiers":[{"Type":"PSChildPaneSpecifier","File":7,"Children":{"PreferenceSpecifiers":[],"Title":3}}],"StringsTable":"T"}"#,
    ]
    for text in texts { expectSameAsTree(Array(text.utf8)) }
  }

  @Test func keysWrittenWithEscapesOrNotASCIIAreTheSameKeys() {
    // Known keys are matched from their bytes; a key with an escape, or one nobody defines,
    // is read as a string: the same schema, and the same repeated keys, either way.
    let texts = [
      #"{"PreferenceSpecifiers":[{"Ti\u0074le":"t","Type":"PSGroupSpecifier","Sp\u00e9cial":1,"Ünknown":2}]}"#,
      #"{"PreferenceSpecifiers":[{"Title":"t","Ti\u0074le":"u"}]}"#,
      #"{"PreferenceSpecifiers":[{"Ti\u0074le":"t","Title":"u"}]}"#,
      #"{"PreferenceSpecifiers":[{"Type":"IASKListGroupSpecifier","Item\u0053pecifier":{"Children":{"PreferenceSpecifiers":[]}}}]}"#,
      #"{"PreferenceSpecifiers":[{"Titles":["a"],"Values":["a"],"Titles":["a"]}]}"#,
      #"{"PreferenceSpecifiers":[{"Custom":1,"Custom":1}]}"#,
      #"{"PreferenceSpecifiers":[{"Key" "k"}]}"#,
    ]
    for text in texts { expectSameAsTree(Array(text.utf8)) }
  }

  @Test func membersOfEveryTypeGoWhereTheTreePutsThem() {
    // Strings go straight into their fields and a `Type` of plain ASCII is matched from its
    // bytes; a value of another type, an escape, a name nobody defines take the other way.
    let specifiers = [
      #"{"Type":"PSToggleSwitchSpecifier","Title":"T","Key":"k","DefaultValue":true}"#,
      #"{"Type":"PS\u0047roupSpecifier","Title":"caf\u00e9 \ud83d\ude00","FooterText":"a\nb"}"#,
      #"{"Type":"MyOwnSpecifier","Title":"日本語","Key":"ключ","File":"F"}"#,
      #"{"Type":"PSGroupSpecifierX"}"#, #"{"Type":""}"#, #"{"Type":"Über"}"#,
      #"{"Type":5,"Title":7,"Key":["k"],"FooterText":{},"File":true,"DefaultValue":"m"}"#,
      #"{"Titles":"Small","Values":3,"ShortTitles":[1,"a"],"DefaultValue":[1]}"#,
      #"{"Type":"PSMultiValueSpecifier","Titles":["a","b"],"Values":["a",2],"ShortTitles":["x"]}"#,
      #"{"Type":"PSMultiValueSpecifier","Titles":["a","b"],"Values":["a",2],"ShortTitles":["x"]}"#,
      #"{"Type":"PSTextFieldSpecifier","IsSecure":true,"KeyboardType":"NumberPad","IASKPlaceholder":"p"}"#,
      #"{"T\u0079pe":"PSSliderSpecifier","MinimumValue":-1.5,"MaximumValue":18446744073709551615}"#,
      #"{"Custom":"x","":"empty","K\u0065y":"k","Title":"t","Extra":{"a":[1,{"b":"c"}]}}"#,
      #"{"Type":"IASKListGroupSpecifier","ItemSpecifier":{"Type":"PSTextFieldSpecifier","Key":"i"},"AddSpecifier":"x"}"#,
      #"{"Type":"PSGroupSpecifier","Title":"a very long title of more than fifteen bytes"}"#,
    ]
    let text = #"{"PreferenceSpecifiers":["# + specifiers.joined(separator: ",") + "]}"
    expectSameAsTree(Array(text.utf8))
    guard case .success = JSONPageDecoder.decode(Array(text.utf8), source: "s.json") else {
      Issue.record("these specifiers were not decoded straight from their bytes")
      return
    }
  }

  @Test func aRepeatedMemberIsRefusedWhateverWayEachWasRead() {
    // The first of each pair goes into a field, an extra or a detail, the second repeats it
    // (plain, with an escape, or of another type).
    let pairs = [
      (#""Type":"PSGroupSpecifier""#, #""Type":"PSGroupSpecifier""#),
      (#""Type":"PSGroupSpecifier""#, #""T\u0079pe":"x""#), (#""Type":1"#, #""Type":"x""#),
      (#""Title":"t""#, #""Title":2"#), (#""Title":2"#, #""Title":"t""#),
      (#""Key":"a""#, #""K\u0065y":"b""#), (#""Titles":["a"]"#, #""Titles":"a""#),
      (#""Values":1"#, #""Values":["a"]"#), (#""DefaultValue":true"#, #""DefaultValue":"x""#),
      (#""IsSecure":true"#, #""IsSecure":"x""#), (#""File":"A""#, #""File":"A""#),
      (#""Custom":1"#, #""Custom":"x""#),
    ]
    for (first, second) in pairs {
      let text = #"{"PreferenceSpecifiers":[{"# + first + #","Title\u0073":["x"],"# + second + "}]}"
      expectSameAsTree(Array(text.utf8))
      #expect(throws: SchemaError.self) { try JSONSchemaReader.read(Array(text.utf8), source: "s") }
    }
  }

  @Test func translationsOfPagesSharingATableAreMergedAsTheTreeMergesThem() {
    let texts = [
      #"{"PreferenceSpecifiers":[{"Type":"PSChildPaneSpecifier","Children":{"StringsTable":"T","PreferenceSpecifiers":[],"Strings":{"ja":{"a":"1","b":"2"}}}}],"StringsTable":"T","Strings":{"ja":{"b":"3","c":"4"},"de":{}}}"#,
      #"{"PreferenceSpecifiers":[],"Strings":{"ja":{"a":"1","a":"2"}}}"#,
      #"{"PreferenceSpecifiers":[],"Strings":{"ja":{"a":1,"a":"2"}}}"#,
      #"{"PreferenceSpecifiers":[],"Strings":{"ja":{"a":"1"},"ja":{}}}"#,
      #"{"PreferenceSpecifiers":[],"Strings":{"ja":{"\u0061":"é","日本":"語\n"}}}"#,
    ]
    for text in texts { expectSameAsTree(Array(text.utf8)) }
  }

  @Test func repeatedKeysAreRefusedWhereTheTreeRefusesThem() {
    let texts = [
      #"{"PreferenceSpecifiers":[{"Key":"a","Title":"t","Key":"b"}]}"#,
      #"{"PreferenceSpecifiers":[{"Children":{"PreferenceSpecifiers":[]},"Children":{}}]}"#,
      #"{"PreferenceSpecifiers":[{"ItemSpecifier":{"Key":1,"Key":[}}]}"#,
      #"{"PreferenceSpecifiers":[{"ItemSpecifier":{},"ItemSpecifier":{}}]}"#,
      #"{"PreferenceSpecifiers":[],"Title":"a","PreferenceSpecifiers":[]}"#,
    ]
    for text in texts {
      expectSameAsTree(Array(text.utf8))
      #expect(throws: SchemaError.self) { try JSONSchemaReader.read(Array(text.utf8), source: "s") }
    }
  }

  @Test func schemasOfTheWrongShapeGiveTheTreeReadersMessages() {
    let texts = [
      #"[]"#, #"{}"#, #"{"PreferenceSpecifiers":{}}"#, #"{"PreferenceSpecifiers":[1]}"#,
      #"{"PreferenceSpecifiers":[{"Children":[]}]}"#,
      #"{"PreferenceSpecifiers":[{"Children":{}}]}"#,
      #"{"Strings":[],"PreferenceSpecifiers":[]}"#,
      #"{"Strings":{"ja":[]},"PreferenceSpecifiers":[]}"#,
      #"{"Strings":{"ja":{"a":1}},"PreferenceSpecifiers":[]}"#,
      #"{"PreferenceSpecifiers":[{"ItemSpecifier":{"Children":1}}],"Strings":{"ja":{"a":1}}}"#,
    ]
    for text in texts { expectSameAsTree(Array(text.utf8)) }
  }

  @Test func mutatedSchemasGiveTheSameSchemaOrErrorAsTheTree() throws {
    var random = SplitMix64(seed: 0x0B1C_7EAD)
    let seeds = [
      GeneratedSchema(panes: 2, settingsPerPane: 8).json(),
      Array(
        (#"{"PreferenceSpecifiers":[{"Type":"IASKListGroupSpecifier","ItemSpecifier":"#
          + #"{"Children":{"PreferenceSpecifiers":[{"Key":"a"}]}}}]}"#).utf8),
    ]
    let interesting = Array(#"{}[]",:\-+.eE01tfnu "#.utf8) + [0, 0x0A, 0xE3, 0xFF]
    for _ in 0..<3000 {
      let seed = seeds[Int(random.next() % UInt64(seeds.count))]
      let bytes = random.mutated(seed, using: interesting)
      expectSameAsTree(bytes)
    }
  }
}
