import FileFormats
import SchemaKit
import SystemIO
import TableREPL

/// `settei lint --l10n PATH`: the translations of a Settings.bundle checked against the pages
/// that use them, for every language it has: texts without a translation, strings no page
/// uses, keys defined twice, format specifiers that differ between languages, and titles too
/// wide for an iPhone row beside their value.
enum L10nLinter {
  /// The display columns assumed for an iPhone row in portrait at the default text size (a
  /// 375-point row at 17 points holds about 40 Latin letters; a CJK character takes two).
  static let rowWidth = 40
  /// Columns a row's value needs beside its title (a switch, a short choice).
  static let valueWidth = 12
  /// The widest title of a row that shows a value: ``rowWidth`` - ``valueWidth``.
  static var titleWidth: Int { rowWidth - valueWidth }

  /// A localizable text of a specifier: which member, and the text (the strings key).
  struct Text {
    var member: String
    var key: String
  }

  /// Every problem, in page order then by language; all are warnings. The texts of the
  /// plists are in `developmentLanguage` already (what `CFBundleDevelopmentRegion` names):
  /// one without a translation into that language is not missing.
  static func problems(
    in schema: SettingsSchema, bundleFolder: String, developmentLanguage: String = "en"
  ) -> [LintProblem] {
    let languages = schema.strings.languages
    let translated = languages.filter { $0 != developmentLanguage }
    var problems: [LintProblem] = []
    var used: [String: Set<String>] = [:]  // table → keys
    var pagesSeen: Set<String> = []
    for (page, specifier) in specifiersOfEveryPage(in: schema) {
      if pagesSeen.insert(page.name).inserted, let title = page.title {
        used[page.stringsTable, default: []].insert(title)
      }
      // Any text of the specifier may be a strings key (InAppSettingsKit localizes its
      // subtitles, placeholders and URLs too): none of those is called unused.
      used[page.stringsTable, default: []].formUnion(strings(in: .dictionary(specifier.raw)))
      for text in texts(of: specifier) {
        guard text.key.contains(where: \.isLetter) else { continue }
        for language in translated {
          // A table that cannot be read is reported once, as itself, not once per text.
          guard schema.strings.tables[language]?[page.stringsTable]?[text.key] == nil,
            schema.strings.unreadable[language]?[page.stringsTable] == nil
          else { continue }
          problems.append(
            LintProblem(
              severity: .warning, source: page.source, page: page.name,
              specifierIndex: specifier.index, key: specifier.key,
              reason: SchemaReason(
                .l10nNoTranslation, .text(text.member), .text(text.key), .text(language),
                .text(page.stringsTable)),
              fix: SchemaReason(
                .l10nAddTranslation, .text(StringsFileWriter.quoted(text.key)))))
        }
        if text.member == "Title", Self.showsValue(specifier) {
          for language in [nil] + languages.map(Optional.some) {
            let shown =
              language.flatMap { schema.strings.tables[$0]?[page.stringsTable]?[text.key] }
              ?? text.key
            let width = DisplayWidth.of(shown)
            guard width > titleWidth, language != nil || languages.isEmpty else { continue }
            problems.append(
              LintProblem(
                severity: .warning, source: page.source, page: page.name,
                specifierIndex: specifier.index, key: specifier.key,
                reason: SchemaReason(
                  .l10nTooWide, .text(text.member), .text(shown),
                  .reason(
                    language.map { SchemaReason(.l10nInLanguage, .text($0)) } ?? .verbatim("")),
                  .index(width), .index(rowWidth), .index(titleWidth)),
                fix: SchemaReason(.l10nShorten)))
          }
        }
      }
    }
    for language in languages {
      let tables = schema.strings.tables[language] ?? [:]
      for table in tables.keys.sorted() {
        let file = "\(bundleFolder)/\(language).lproj/\(table).strings"
        if let why = schema.strings.unreadable[language]?[table] {
          // Reading it found what is wrong, with its file, line and column.
          problems += schema.loadProblems.filter {
            $0.source.hasSuffix(".strings") && why.description.hasPrefix($0.source + ":")
          }
          continue
        }
        for key in tables[table, default: [:]].keys.sorted()
        where used[table]?.contains(key) != true {
          problems.append(
            LintProblem(
              severity: .warning, source: file, page: table,
              reason: SchemaReason(.l10nUnused, .text(key)), fix: SchemaReason(.l10nRemoveUnused)))
        }
        if let bytes = try? FileBytes.read(file),
          let parsed = try? StringsFileParser.parseWithDuplicates(bytes, source: file)
        {
          for (key, line) in parsed.duplicates {
            problems.append(
              LintProblem(
                severity: .warning, source: file, page: table,
                reason: SchemaReason(.l10nDefinedTwice, .text(key)),
                fix: SchemaReason(.l10nKeepOne), line: line))
          }
        }
      }
    }
    problems += formatMismatches(in: schema, bundleFolder: bundleFolder)
    return problems
  }

  /// The folders looked in for the `Info.plist` of the app a bundle belongs to, nearest
  /// first: the bundle's own, the folder it is in (an app's, or its source folder), and the
  /// one above that.
  static let infoPlistLevels = 3

  /// The language the texts of a bundle's plists are written in: the
  /// `CFBundleDevelopmentRegion` of the nearest `Info.plist` in the bundle's folder or the
  /// two above it, else `en`. An `Info.plist` that cannot be read is a warning naming it,
  /// and `en` is taken.
  static func developmentLanguage(ofBundleAt folder: String) -> (
    language: String, problem: LintProblem?
  ) {
    var current = folder
    for _ in 0..<infoPlistLevels {
      let file = (current == "/" ? "" : current) + "/Info.plist"
      if FileSystem.exists(file) {
        let fix = SchemaReason(.l10nCorrectInfo)
        do {
          let bytes = try FileBytes.read(file)
          let info = try PropertyListReader.parseDictionary(bytes, source: file)
          guard let region = info["CFBundleDevelopmentRegion"] else { break }
          guard let code = region.stringValue, !code.isEmpty else {
            return (
              "en",
              LintProblem(
                severity: .warning, source: file, page: "Info",
                reason: SchemaReason(.l10nRegionNotCode), fix: fix)
            )
          }
          return (code, nil)
        } catch let error as SourceError {
          return ("en", unreadableInfo(file, SchemaReason(.verbatim, .sourceError(error)), fix))
        } catch {
          return ("en", unreadableInfo(file, .verbatim("\(error)"), fix))
        }
      }
      let parent = FileSystem.parentFolder(of: current)
      guard parent != current else { break }
      current = parent
    }
    return ("en", nil)
  }

  /// The warning that an `Info.plist` cannot be read, and why.
  private static func unreadableInfo(_ file: String, _ why: SchemaReason, _ fix: SchemaReason)
    -> LintProblem
  {
    LintProblem(
      severity: .warning, source: file, page: "Info",
      reason: SchemaReason(.l10nInfoUnreadable, .reason(why)), fix: fix)
  }

  /// Translations whose format specifiers (`%@`, `%d`, `%1$@`, …) differ from the key's own
  /// or from another language's.
  static func formatMismatches(in schema: SettingsSchema, bundleFolder: String) -> [LintProblem] {
    var problems: [LintProblem] = []
    let languages = schema.strings.languages
    var keys: [String: Set<String>] = [:]
    for language in languages {
      for (table, strings) in schema.strings.tables[language] ?? [:] {
        keys[table, default: []].formUnion(strings.keys)
      }
    }
    for table in keys.keys.sorted() {
      for key in keys[table, default: []].sorted() {
        var found: [(language: String, formats: [String])] = []
        for language in languages {
          guard let text = schema.strings.tables[language]?[table]?[key] else { continue }
          found.append((language, formatSpecifiers(in: text)))
        }
        let reference = formatSpecifiers(in: key)
        let expected =
          reference.isEmpty ? found.first?.formats ?? [] : reference
        for (language, formats) in found where formats.sorted() != expected.sorted() {
          let shown: SchemaReason =
            formats.isEmpty
            ? SchemaReason(.l10nNoFormats) : .verbatim(formats.joined(separator: " "))
          let wanted: SchemaReason =
            expected.isEmpty
            ? SchemaReason(.l10nNoFormats) : .verbatim(expected.joined(separator: " "))
          problems.append(
            LintProblem(
              severity: .warning, source: "\(bundleFolder)/\(language).lproj/\(table).strings",
              page: table,
              reason: reference.isEmpty
                ? SchemaReason(
                  .l10nFormatsDifferFromLanguage, .text(key), .reason(shown), .text(language),
                  .reason(wanted), .text(found[0].language))
                : SchemaReason(
                  .l10nFormatsDifferFromKey, .text(key), .reason(shown), .text(language),
                  .reason(wanted)),
              fix: SchemaReason(.l10nUseSameFormats)))
        }
      }
    }
    return problems
  }

  /// The format specifiers of a text, in order, without `%%`.
  static func formatSpecifiers(in text: String) -> [String] {
    var result: [String] = []
    let characters = Array(text)
    var index = 0
    while index < characters.count {
      guard characters[index] == "%" else {
        index += 1
        continue
      }
      var end = index + 1
      while end < characters.count, "0123456789$.-+ #lhqzjt".contains(characters[end]) {
        end += 1
      }
      guard end < characters.count else { break }
      if characters[end] != "%" {
        result.append(String(characters[index...end]))
      }
      index = end + 1
    }
    return result
  }

  /// The specifiers of the pages reachable from the root, depth-first, then of the pages
  /// reached otherwise (a list group's item pages), by name.
  static func specifiersOfEveryPage(in schema: SettingsSchema) -> [(
    page: SettingsSchema.Page, specifier: Specifier
  )] {
    var result = DefaultsCatalog.specifiersDepthFirst(in: schema)
    let reached = Set(result.map(\.page.name))
    for name in schema.pages.keys.sorted() where !reached.contains(name) {
      guard let page = schema.pages[name] else { continue }
      result += page.specifiers.map { (page, $0) }
    }
    return result
  }

  /// Every string in a value, nested ones included.
  static func strings(in value: PropertyListValue) -> [String] {
    switch value {
    case .string(let text): [text]
    case .array(let items): items.flatMap(strings(in:))
    case .dictionary(let members): members.values.flatMap(strings(in:))
    default: []
    }
  }

  /// The localizable texts of a specifier: Title, FooterText, each Titles and ShortTitles.
  static func texts(of specifier: Specifier) -> [Text] {
    var texts: [Text] = []
    if let title = specifier.title { texts.append(Text(member: "Title", key: title)) }
    if let footer = specifier.footerText { texts.append(Text(member: "FooterText", key: footer)) }
    for (index, title) in specifier.titles.enumerated() {
      texts.append(Text(member: "Titles[\(index)]", key: title))
    }
    for (index, title) in specifier.shortTitles.enumerated() {
      texts.append(Text(member: "ShortTitles[\(index)]", key: title))
    }
    return texts.filter { !$0.key.isEmpty }
  }

  /// Whether a specifier's row shows a value beside its title.
  static func showsValue(_ specifier: Specifier) -> Bool {
    switch specifier.kind {
    case .toggleSwitch, .multiValue, .textField, .titleValue, .datePicker: true
    case .group, .radioGroup, .slider, .childPane, .listGroup, .textView, .openURL, .button,
      .mailCompose, .customView, .other(_):
      false
    }
  }
}
