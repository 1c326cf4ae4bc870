import FoundationEssentials
import Glibc
import TableREPL
import TestSupport
import Testing

@testable import FileFormats
@testable import SchemaKit
@testable import SettingsStorage

/// The real inputs the fuzzer mutates: the fixtures in Tests/Fixtures (Settings bundles that
/// no one on this project wrote), the embedded schema, and their JSON and binary forms.
enum FuzzSeeds {
  /// The property lists of the fixture bundles.
  static let fixturePlists: [[UInt8]] = {
    var found: [[UInt8]] = []
    for bundle in PackagePaths.bundles {
      for name in entries(of: bundle) where name.hasSuffix(".plist") {
        if let bytes = contents(of: bundle + "/" + name) { found.append(bytes) }
      }
    }
    return found
  }()

  /// The fixtures' `.strings` files (UTF-16 with a BOM, as Xcode writes them).
  static let fixtureStrings: [[UInt8]] = {
    var found: [[UInt8]] = []
    for bundle in PackagePaths.bundles {
      for folder in entries(of: bundle) where folder.hasSuffix(".lproj") {
        let path = bundle + "/" + folder
        for name in entries(of: path) where name.hasSuffix(".strings") {
          if let bytes = contents(of: path + "/" + name) { found.append(bytes) }
        }
      }
    }
    return found
  }()

  /// The embedded schema and the fixtures as JSON, plus a few hand-written edge cases.
  static let json: [[UInt8]] = {
    var seeds = [Array(EmbeddedSchema.json.utf8)]
    for plist in fixturePlists {
      if let value = try? PropertyListReader.parse(plist, source: "fixture") {
        seeds.append(Array(JSONWriter.serialize(value).utf8))
      }
    }
    seeds += [
      #"{"a": [1, -2.5e-3, 1E+400, true, false, null], "b": "\u00e9\ud83d\ude00\n\"", "c": {}}"#,
      #"{"PreferenceSpecifiers": [{"Type": "PSChildPaneSpecifier", "Title": "T", "Children": {"PreferenceSpecifiers": []}}]}"#,
      "[]", "\u{FEFF}{\"日本語\": \"設定\"}",
    ].map { Array($0.utf8) }
    return seeds
  }()

  /// Binary property lists, made by FoundationEssentials' encoder.
  static let binaryPlists: [[UInt8]] = {
    struct Sample: Encodable {
      var title = "Language & Region · 言語と地域"
      var count = 42
      var ratio = 2.5
      var flag = true
      var when = Date(timeIntervalSince1970: 1_795_996_800.25)
      var blob = Data([0, 1, 2, 255])
      var list = [1, 2, 3]
      var nested = ["a": ["b": "c"]]
    }
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .binary
    return [(try? encoder.encode(Sample())).map { Array($0) } ?? []]
  }()

  /// Store files: the fixtures' values and a JSON sample, in both formats.
  static let stores: [(bytes: [UInt8], format: SettingsStore.Format)] = {
    var values: [[PropertyListKey: PropertyListValue]] = [
      ["temperatureUnit": "fahrenheit", "firstWeekday": 2, "ratio": 0.5, "on": true],
      [
        "date": .date(PropertyListDate(secondsSince1970: 0)), "data": .data([1, 2]),
        "list": [1, "x"],
      ],
    ]
    for plist in fixturePlists {
      if let dictionary = try? PropertyListReader.parseDictionary(plist, source: "fixture") {
        values.append(dictionary)
      }
    }
    return values.flatMap { store in
      [
        (SettingsStore.serialize(store, format: .json).bytes, .json),
        (SettingsStore.serialize(store, format: .plist).bytes, .plist),
      ]
    }
  }()

  /// The fixtures' `.strings` files as they are (UTF-16), in UTF-8, and a few edge cases.
  static let strings: [[UInt8]] = {
    var seeds = fixtureStrings
    for file in fixtureStrings {
      if let table = try? StringsFileParser.parse(file, source: "fixture") {
        seeds.append(Array(stringsFile(table).utf8))
      }
    }
    seeds += [
      #"/* c */ "A" = "B\n\"q\" \U00e9\U0041"; // x"#, "unquoted_key = value.with-dots;",
      #"{ "SAME"; 'single' = 'quoted\012'; }"#, "\u{FEFF}\"日本語\" = \"設定\";",
    ].map { Array($0.utf8) }
    return seeds
  }()

  /// A `.strings` file (UTF-8) that holds `table`.
  static func stringsFile(_ table: [String: String]) -> String {
    func quoted(_ text: String) -> String {
      var result = "\""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": result += "\\\\"
        case "\"": result += "\\\""
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F:
          // Octal, so that no raw control character (a NUL after the first quote would
          // make the file look like UTF-16) is in the file.
          let octal = String(scalar.value, radix: 8)
          result += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
        default: result.unicodeScalars.append(scalar)
        }
      }
      return result + "\""
    }
    return table.keys.sorted().map { "\(quoted($0)) = \(quoted(table[$0] ?? ""));\n" }.joined()
  }

  static let stringsTokens =
    [
      "\"", "'", ";", "=", "{", "}", "/*", "*/", "//", "\\", "\\U", "\\012", "\n", "\u{FEFF}",
    ].map { Array($0.utf8) } + [[0xFF, 0xFE], [0xFE, 0xFF], [0x00]]

  /// Lines a person or a script types.
  static let commandLines: [[UInt8]] =
    [
      "1", "42", "back", "..", "quit", "quit!", "q", "exit", "help", "help set", "? 3", "page 2",
      "n", "p", "next", "top", "/temp", "filter 温度", "set temperatureUnit fahrenheit",
      "get region", "温度単位", "Temperature", "+5", "-1", "99999999999999999999", " \t quit \r",
      "go Region", "undo", "changes",
    ].map { Array($0.utf8) }
    + extremeNumbers.flatMap { number in
      replCommandsTakingNumbers.map { Array(filling($0, with: number).utf8) }
    }

  static let jsonTokens = [
    "{", "}", "[", "]", ",", ":", "\"", "\\", "\\u", "\\ud800", "true", "null", "-", "1e999",
    "0.", "\"PreferenceSpecifiers\"", "\"Type\"", "\"Key\"", "\"Children\"", "\"Values\"",
  ].map { Array($0.utf8) }

  static let plistTokens = [
    "<dict>", "</dict>", "<array>", "</array>", "<key>", "</key>", "<string>", "</string>",
    "<integer>", "</integer>", "<real>", "</real>", "<true/>", "<date>", "<data>", "&amp;",
    "&#x1F600;", "&#0;", "<![CDATA[", "]]>", "<!--", "-->", "<?xml", "<plist>", "bplist00",
  ].map { Array($0.utf8) }
}

/// Seeded fuzzing of every reader of outside input: none may crash or hang, errors must say
/// where, and what parses must survive a write and a second read.
@Suite("Fuzzing", .serialized)
struct FuzzTests {
  /// A parse error that names nothing useful.
  private func badLocation(_ error: SourceError, source: String) -> String? {
    if error.source != source { return "the error names \(error.source), not \(source)" }
    if error.line < 1 || (error.column.map { $0 < 1 } ?? false) {
      return "the error is at line \(error.line), column \(String(describing: error.column))"
    }
    if error.message.isEmpty { return "the error has no message" }
    return nil
  }

  @Test("the seeds hold every fixture page and strings file")
  func seedsHoldTheFixtures() {
    let pages = PackagePaths.bundles.flatMap { bundle in
      entries(of: bundle).filter { $0.hasSuffix(".plist") }
    }
    #expect(pages.count >= 10)
    #expect(FuzzSeeds.fixturePlists.count == pages.count)
    #expect(FuzzSeeds.fixtureStrings.count >= 4)
  }

  @Test("Command.parse: any line parses, and the same with spaces around it")
  func commandParser() {
    let fuzzer = Fuzzer(
      target: "Command.parse", seeds: FuzzSeeds.commandLines,
      tokens: [" ", "\t", "!", "?", "/", "..", "quit", "-", "0"].map { Array($0.utf8) },
      seed: 0xC0_4D)
    let custom: Set<String> = ["set", "get", "go", "find", "undo", "changes"]
    let prefixes = ["/": "find"]
    fuzzer.run { bytes in
      let line = String(decoding: bytes, as: UTF8.self)
      let command = Command.parse(line, customCommands: custom, customPrefixes: prefixes)
      if case .selectRow(let number) = command,
        TypedNumber(line.trimmingWhitespaceForTest()) != number
      {
        return "\(command) from a line that is not that number"
      }
      if case .selectRow(let number) = command, abs(number.value) > TypedNumber.limit {
        return "\(command): a row beyond the limit every command counts in"
      }
      if case .page(let number) = command, abs(number.value) > TypedNumber.limit {
        return "\(command): a page beyond the limit every command counts in"
      }
      guard let first = line.unicodeScalars.first, let last = line.unicodeScalars.last,
        first.isASCII, last.isASCII
      else { return nil }
      let padded = Command.parse(
        " \t\(line) ", customCommands: custom, customPrefixes: prefixes)
      return padded == command ? nil : "\(command), but \(padded) with spaces around it"
    }
  }

  @Test("JSONReader.parse: no crash; what parses is written and read back the same")
  func jsonReader() {
    let fuzzer = Fuzzer(
      target: "JSONReader.parse", seeds: FuzzSeeds.json, tokens: FuzzSeeds.jsonTokens,
      seed: 0x150_4EAD)
    fuzzer.run { bytes in
      let value: PropertyListValue
      do throws(SourceError) {
        value = try JSONReader.parse(bytes, source: "fuzz.json")
      } catch {
        return badLocation(error, source: "fuzz.json")
      }
      do {
        let again = try JSONReader.parse(Array(JSONWriter.serialize(value).utf8), source: "w")
        return again == value ? nil : "written and read back as \(again), not \(value)"
      } catch {
        return "the writer's output does not read back: \(error)"
      }
    }
  }

  @Test("PropertyListReader.parse: no crash; what parses is written and read back")
  func plistReader() {
    let fuzzer = Fuzzer(
      target: "PropertyListReader.parse",
      seeds: FuzzSeeds.fixturePlists + FuzzSeeds.binaryPlists
        + FuzzSeeds.stores.filter { $0.format == .plist }.map(\.bytes),
      tokens: FuzzSeeds.plistTokens, seed: 0xB1157)
    fuzzer.run { bytes in
      let value: PropertyListValue
      do throws(SourceError) {
        value = try PropertyListReader.parse(bytes, source: "fuzz.plist")
      } catch {
        return badLocation(error, source: "fuzz.plist")
      }
      // The writer normalises some things (dates to the second, line breaks), so a second
      // round must change nothing more.
      do {
        let once = try PropertyListReader.parse(
          Array(PropertyListWriter.serialize(value).utf8), source: "once")
        let twice = try PropertyListReader.parse(
          Array(PropertyListWriter.serialize(once).utf8), source: "twice")
        return once == twice ? nil : "a second write and read changed \(once) to \(twice)"
      } catch {
        return "the writer's output does not read back: \(error)"
      }
    }
  }

  @Test("JSONSchemaReader.read: no crash; errors name the file")
  func jsonSchemaReader() {
    let fuzzer = Fuzzer(
      target: "JSONSchemaReader.read", seeds: FuzzSeeds.json, tokens: FuzzSeeds.jsonTokens,
      seed: 0x5C4E_3A)
    fuzzer.run { bytes in
      do throws(SchemaError) {
        let schema = try JSONSchemaReader.read(bytes, source: "fuzz.json")
        return schema.rootPage == nil ? "a schema without its root page" : nil
      } catch {
        switch error {
        case .syntax(let syntax): return badLocation(syntax, source: "fuzz.json")
        case .invalid, .unreadable, .noSettingsAppPage:
          return error.description.contains("fuzz.json") ? nil : "\(error) names no file"
        }
      }
    }
  }

  @Test("StringsFileParser.parse: no crash; what parses is written and read back the same")
  func stringsParser() {
    let fuzzer = Fuzzer(
      target: "StringsFileParser.parse", seeds: FuzzSeeds.strings, tokens: FuzzSeeds.stringsTokens,
      seed: 0x57_2165)
    fuzzer.run { bytes in
      let table: [String: String]
      do throws(SourceError) {
        table = try StringsFileParser.parse(bytes, source: "fuzz.strings")
      } catch {
        return badLocation(error, source: "fuzz.strings")
      }
      do throws(SourceError) {
        let written = Array(FuzzSeeds.stringsFile(table).utf8)
        let again = try StringsFileParser.parse(written, source: "written")
        return again == table ? nil : "written and read back as \(again), not \(table)"
      } catch {
        return "what was read does not read back once written: \(error)"
      }
    }
  }

  @Test("The store reader: no crash; errors name the file and line; stores round-trip")
  func storeReader() {
    let stores = FuzzSeeds.stores
    for format in [SettingsStore.Format.json, .plist] {
      let fuzzer = Fuzzer(
        target: "SettingsStore.parse (\(format))",
        seeds: stores.filter { $0.format == format }.map(\.bytes),
        tokens: format == .json ? FuzzSeeds.jsonTokens : FuzzSeeds.plistTokens,
        seed: format == .json ? 0x5707E : 0x5707F)
      fuzzer.run { bytes in
        let path = "/fuzz/settings." + (format == .json ? "json" : "plist")
        do throws(StoreError) {
          let values = try SettingsStore.parse(
            bytes, path: path, format: format, advice: .verbatim(""))
          let written = SettingsStore.serialize(values.values, format: format).bytes
          let again = try SettingsStore.parse(
            written, path: path, format: format, advice: .verbatim(""))
          let third = SettingsStore.serialize(again.values, format: format).bytes
          return written == third ? nil : "the store is not stable after a write and a read"
        } catch {
          guard error.kind == .unreadable, error.path == path, (error.line ?? 1) >= 1 else {
            return "an unhelpful error: \(error)"
          }
          return nil
        }
      }
    }
  }
}

extension String {
  /// The text without surrounding spaces, tabs and line breaks, as `Command.parse` sees it.
  fileprivate func trimmingWhitespaceForTest() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard let start = firstIndex(where: { !isSpace($0) }),
      let end = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[start...end])
  }
}
