import TestSupport
import Testing

@testable import FileFormats
@testable import SchemaKit
@testable import SettingsKit

/// A generated schema of a few thousand settings: panes of toggles, lists of choices, radio
/// groups, text fields (some secure), text views, title values, groups with footers,
/// settings without a title, a nested pane, a page with a strings table of its own, and
/// text in ja and de, some of it not plain (combining marks, emoji, Greek, dotted İ).
private func generatedSchema(panes: Int = 6, perPane: Int = 500) -> SettingsSchema {
  var random = SplitMix64(seed: 16)
  let words = [
    "Toggle", "Mode", "Café", "Straße", "İstanbul", "Ｆｕｌｌ", "e\u{301}cole", "日本",
    "Ωmega", "👍 Like", "한국어", "Sound", "ÉCRAN", "Wi-Fi", "カナ",
  ]
  var tables: [String: [String: [String: String]]] = ["ja": [:], "de": [:]]
  func translate(_ raw: String, table: String, _ number: Int) {
    if number % 7 == 0 { tables["ja", default: [:]][table, default: [:]][raw] = "設定 \(number) ー" }
    if number % 5 == 0 {
      tables["de", default: [:]][table, default: [:]][raw] = "Schalter \(number)"
    }
  }
  var pages: [String: SettingsSchema.Page] = [:]
  var rootSpecifiers: [Specifier] = []
  var number = 0
  for pane in 0..<panes {
    let name = "Pane\(pane)"
    let table = pane == 2 ? "Shared" : name
    var specifiers: [Specifier] = []
    for position in 0..<perPane {
      number += 1
      let word = words[Int(random.next() % UInt64(words.count))]
      let title = "\(word) \(number)"
      var raw: [PropertyListKey: PropertyListValue] = [
        "Title": .string(title), "Key": .string("k\(number)"),
      ]
      switch number % 10 {
      case 0:
        raw = [
          "Type": "PSGroupSpecifier", "Title": .string("Group \(number)"),
          "Key": .string("k\(number)"),
          "FooterText": .string("About \(word.lowercased()) number \(number)."),
        ]
        translate("Group \(number)", table: table, number)
      case 1:
        raw["Type"] = "PSMultiValueSpecifier"
        raw["Titles"] = ["Small", "Medium", .string("\(word) size")]
        raw["Values"] = [1, 2, 3]
        raw["DefaultValue"] = 1
      case 2:
        raw["Type"] = "PSRadioGroupSpecifier"
        raw["Titles"] = ["North", "South"]
        raw["Values"] = ["n", "s"]
      case 3:
        raw["Type"] = "PSTextFieldSpecifier"
        raw["DefaultValue"] = .string("value \(number) \(word)")
      case 4:
        raw["Type"] = "PSTextFieldSpecifier"
        raw["IsSecure"] = true
        raw["DefaultValue"] = .string("secret \(number)")
      case 5:
        raw = ["Type": "PSToggleSwitchSpecifier", "Key": .string("untitled\(number)")]
      case 6:
        raw["Type"] = "PSTitleValueSpecifier"
        raw["FooterText"] = .string("Footer of \(number)")
      case 7:
        raw["Type"] = "IASKTextViewSpecifier"
      default:
        raw["Type"] = "PSToggleSwitchSpecifier"
      }
      translate(title, table: table, number)
      specifiers.append(Specifier(index: position, raw: raw))
    }
    if pane == 1 {
      specifiers.append(
        Specifier(
          index: specifiers.count,
          raw: ["Type": "PSChildPaneSpecifier", "Title": "Inner", "File": "Inner"]))
      pages["Inner"] = SettingsSchema.Page(
        name: "Inner", title: nil, stringsTable: "Inner",
        specifiers: [
          Specifier(
            index: 0, raw: ["Type": "PSToggleSwitchSpecifier", "Title": "Sound 1", "Key": "inner"])
        ], source: "generated")
      tables["ja", default: [:]]["Inner", default: [:]]["Sound 1"] = "音 1"
    }
    pages[name] = SettingsSchema.Page(
      name: name, title: nil, stringsTable: table, specifiers: specifiers, source: "generated")
    rootSpecifiers.append(
      Specifier(
        index: pane,
        raw: [
          "Type": "PSChildPaneSpecifier", "Title": .string("Pane \(pane)"), "File": .string(name),
        ]))
    tables["ja", default: [:]]["Root", default: [:]]["Pane \(pane)"] = "ペイン \(pane)"
  }
  pages["Root"] = SettingsSchema.Page(
    name: "Root", title: "Generated", stringsTable: "Root", specifiers: rootSpecifiers,
    source: "generated")
  return SettingsSchema(
    pages: pages, rootPageName: "Root", strings: StringsCatalog(tables: tables))
}

/// `find` and `go` as scans of every string in every language: what the index must agree
/// with. The variants of each text are worked out once (the scan itself is per search).
private final class Scan {
  let model: SettingsModel
  let entries: [SettingsIndex.Entry]
  private var variants: [String: [String]] = [:]

  init(model: SettingsModel, entries: [SettingsIndex.Entry]) {
    self.model = model
    self.entries = entries
  }

  /// A text in the model's language first, then in the others, then as written.
  func variants(_ raw: String, _ page: SettingsSchema.Page) -> [String] {
    let cacheKey = page.stringsTable + "\u{0}" + raw
    if let known = variants[cacheKey] { return known }
    let strings = model.schema.strings
    var all: [String] = []
    for language in [model.language] + strings.languages.filter({ $0 != model.language }) {
      let text = strings.localized(raw, table: page.stringsTable, language: language)
      if !all.contains(text) { all.append(text) }
    }
    if !all.contains(raw) { all.append(raw) }
    variants[cacheKey] = all
    return all
  }

  func find(_ text: String) -> [String] {
    let needle = text.lowercased()
    guard !needle.isEmpty else { return [] }
    func firstMatch(_ raw: String?, _ page: SettingsSchema.Page) -> String? {
      guard let raw else { return nil }
      let all = variants(raw, page)
      return all.contains { $0.lowercased().contains(needle) } ? all[0] : nil
    }
    var results: [String] = []
    for entry in entries {
      let specifier = entry.specifier
      let place = "\(entry.page.name)#\(specifier.index)"
      if let match = firstMatch(specifier.title, entry.page) {
        results.append("\(place) title \(match)")
      } else if let key = specifier.key, specifier.kind != .group,
        key.lowercased().contains(needle)
      {
        results.append("\(place) key \(key)")
      } else if let key = specifier.key, specifier.kind != .group, !specifier.isSecure,
        specifier.kind == .textField || specifier.kind == .textView,
        let value = model.value(forKey: key),
        SpecifierValues.text(of: value).lowercased().contains(needle)
      {
        results.append("\(place) value \(SpecifierValues.text(of: value))")
      } else if let match = firstMatch(specifier.footerText, entry.page) {
        results.append("\(place) footer \(match)")
      }
      if specifier.kind == .multiValue || specifier.kind == .radioGroup {
        for (raw, value) in zip(specifier.titles, specifier.values) {
          if let match = firstMatch(raw, entry.page) {
            results.append("\(place) choice \(match) \(value.debugDescription)")
          }
        }
      }
    }
    return results
  }

  /// Every entry (not a group) whose last breadcrumb steps are the titles, in any language.
  func entries(titled wanted: [String]) -> [String] {
    func names(_ raw: String?, _ page: SettingsSchema.Page) -> Set<String> {
      guard let raw else { return [] }
      return Set(variants(raw, page).map { $0.lowercased() })
    }
    guard !wanted.isEmpty else { return [] }
    return entries.filter { entry in
      guard entry.specifier.kind != .group else { return false }
      var crumbs: [Set<String>] = []
      if let root = model.schema.rootPage { crumbs.append(names(root.title, root)) }
      for pane in entry.panes { crumbs.append(names(pane.specifier.title, pane.page)) }
      crumbs.append(names(entry.specifier.title ?? entry.key, entry.page))
      guard crumbs.count >= wanted.count else { return false }
      return zip(crumbs.suffix(wanted.count), wanted).allSatisfy { $0.contains($1) }
    }.map { "\($0.page.name)#\($0.specifier.index)" }
  }
}

private func described(_ results: [SettingsSearch.Result]) -> [String] {
  results.map { result in
    let place = "\(result.entry.page.name)#\(result.entry.specifier.index)"
    let choice = result.choice.map { " " + $0.debugDescription } ?? ""
    return "\(place) \(result.field) \(result.matchedText)\(choice)"
  }
}

@Suite struct SettingsTextIndexTests {
  let schema = generatedSchema()

  /// What a person might type: parts of titles, translations, keys, values and footers, in
  /// other cases, and text that is not plain.
  var needles: [String] {
    [
      "toggle", "TOGGLE 1", "mode 12", "café", "CAFÉ", "straße", "STRASSE", "i̇stanbul",
      "İstanbul", "ｆｕｌｌ", "école", "e\u{301}", "é", "cole", "日本", "ωmega", "Ω", "👍",
      "like", "한국", "설정", "設定 7", "ー", "schalter 10", "k12", "K3", "untitled", "value 13",
      "secret", "about", "footer of 16", "small", "medium", "size", "north", "1", "99", "0 ",
      ".", "sound", "音", "ペイン", "pane 3", "inner", "zzz", "-", "wi-fi", "écran",
    ]
  }

  @Test func entriesAndKeysAreThoseOfAWalkOfThePages() {
    let index = SettingsIndex(schema: schema)
    var walked: [String] = []
    var firstByKey: [String: String] = [:]
    for visit in schema.reachablePages() {
      for specifier in visit.page.specifiers {
        let place = "\(visit.page.name)#\(specifier.index)"
        walked.append(place)
        if let key = specifier.key, specifier.kind != .group, firstByKey[key] == nil {
          firstByKey[key] = place
        }
      }
    }
    #expect(walked.count > 3_000)
    #expect(index.entries.map { "\($0.page.name)#\($0.specifier.index)" } == walked)
    #expect(index.keys == firstByKey.keys.sorted())
    for (key, place) in firstByKey {
      let entry = index.byKey[key]
      #expect(entry.map { "\($0.page.name)#\($0.specifier.index)" } == place)
    }
    #expect(index.byKey["no such key"] == nil)
    // A group's key is no setting's.
    #expect(index.byKey["k10"] == nil)
  }

  @Test(arguments: ["en", "ja", "de"])
  func findAgreesWithAScanInEachLanguage(language: String) {
    let model = SettingsModel(schema: schema, storedValues: [:], language: language)
    let index = SettingsIndex(schema: schema)
    let scan = Scan(model: model, entries: index.entries)
    for needle in needles {
      let found = described(SettingsSearch.find(needle, in: index, model: model))
      #expect(found == scan.find(needle), "find \(needle)")
    }
    #expect(SettingsSearch.find("", in: index, model: model).isEmpty)
  }

  @Test func findSeesTheLanguageAndTheValuesOfNow() throws {
    let model = SettingsModel(schema: schema, storedValues: [:], language: "en")
    let index = SettingsIndex(schema: schema)
    // Built in English; Japanese titles are found, and shown in the language of the moment.
    let english = SettingsSearch.find("設定 7 ー", in: index, model: model)
    #expect(english.first?.matchedText.hasSuffix(" 7") == true)
    model.language = "ja"
    let japanese = SettingsSearch.find("設定 7 ー", in: index, model: model)
    #expect(japanese.first?.matchedText == "設定 7 ー")
    #expect(described(japanese) == Scan(model: model, entries: index.entries).find("設定 7 ー"))

    // A text field's value is found as it is now, not as it was when the index was made.
    let field = try #require(
      index.entries.first { $0.specifier.kind == .textField && !$0.specifier.isSecure })
    let key = try #require(field.key)
    #expect(
      !SettingsSearch.find("zebra crossing", in: index, model: model).contains {
        $0.entry.key == key
      })
    model.setValue("Zebra crossing", forKey: key)
    let found = SettingsSearch.find("zebra crossing", in: index, model: model)
    #expect(found.map(\.field) == ["value"])
    #expect(found.first?.entry.key == key)
    #expect(described(found) == Scan(model: model, entries: index.entries).find("zebra crossing"))
    model.undo()
    #expect(SettingsSearch.find("zebra crossing", in: index, model: model).isEmpty)
  }

  @Test(arguments: ["en", "ja"])
  func goByTitlePathAgreesWithAScan(language: String) {
    let model = SettingsModel(schema: schema, storedValues: [:], language: language)
    let index = SettingsIndex(schema: schema)
    let scan = Scan(model: model, entries: index.entries)
    var paths: [[String]] = [
      ["sound 1"], ["音 1"], ["inner", "sound 1"], ["pane 1", "inner", "音 1"], ["ペイン 1", "inner"],
      ["generated", "pane 0"], ["untitled5"], ["untitled15"], ["group 10"], ["nothing"],
      ["pane 2", "schalter 10"], ["pane 9", "toggle 8"], ["small"],
    ]
    for entry in scan.entries.prefix(300) where entry.specifier.index % 9 == 1 {
      guard let title = entry.specifier.title else { continue }
      paths.append([title.lowercased()])
      paths.append(["pane 0", title.lowercased()])
      let translated = model.schema.strings.localized(
        title, table: entry.page.stringsTable, language: "ja")
      paths.append([translated.lowercased()])
    }
    for path in paths {
      let found = index.entries(titled: path, model: model).map {
        "\($0.page.name)#\($0.specifier.index)"
      }
      #expect(found == scan.entries(titled: path), "go \(path)")
    }
  }

  /// The benchmark's generated schema (in small): thousands of settings sharing the same
  /// choices (kept once in the index), titles that differ only in number, and Japanese
  /// translations; what `find` and `go` see must be what a scan sees, in order.
  @Test(arguments: ["en", "ja"])
  func findOnTheBenchmarksSchemaAgreesWithAScan(language: String) throws {
    let generated = GeneratedSchema(panes: 4, settingsPerPane: 300)
    let schema = try JSONSchemaReader.read(generated.json(), source: "generated.json")
    let model = SettingsModel(schema: schema, storedValues: [:], language: language)
    let index = SettingsIndex(schema: schema)
    let scan = Scan(model: model, entries: index.entries)
    for needle in [
      "Toggle 99", "toggle 1", "CHOICE 2", "small", "Medium", "larg", "小", "中", "トグル", "選択 7",
      "t12", "m1", "99", "pane 3", "group", "e 1", "zzz", " ",
    ] {
      let found = described(SettingsSearch.find(needle, in: index, model: model))
      #expect(found == scan.find(needle), "find \(needle)")
    }
    #expect(SettingsSearch.find("small", in: index, model: model).count == 600)
    for path in [["toggle 10"], ["pane 1", "choice 301"], ["トグル 14"], ["small"], ["t12"]] {
      let found = index.entries(titled: path, model: model).map {
        "\($0.page.name)#\($0.specifier.index)"
      }
      #expect(found == scan.entries(titled: path), "go \(path)")
    }
  }

  @Test func copiesOfAnIndexShareWhatItFound() {
    let index = SettingsIndex(schema: schema)
    let copy = index
    let model = SettingsModel(schema: schema, storedValues: [:], language: "en")
    #expect(
      described(SettingsSearch.find("mode", in: index, model: model))
        == described(SettingsSearch.find("mode", in: copy, model: model)))
    #expect(index.keys == copy.keys)
  }

  @Test func plainTextIsTextWhoseScalarsAreCharactersOfTheirOwn() {
    #expect(SettingsTextIndex.isPlain("toggle 1 café straße ｆｕｌｌ 日本 カナ 한국어 ›"))
    #expect(!SettingsTextIndex.isPlain("e\u{301}cole"))
    #expect(!SettingsTextIndex.isPlain("i̇stanbul"))
    #expect(!SettingsTextIndex.isPlain("👍"))
    #expect(!SettingsTextIndex.isPlain("ωmega"))
    #expect(!SettingsTextIndex.isPlain("a\r\nb"))
    #expect(!SettingsTextIndex.isPlain("\u{212B}"))
    #expect(!SettingsTextIndex.isPlain("か\u{3099}"))
  }
}
