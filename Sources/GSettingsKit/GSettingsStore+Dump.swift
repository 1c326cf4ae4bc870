import FileFormats
import GSettings

extension GSettingsStore {
  /// The keys the user set (those of `schema` and the schemas below it, when given), as
  /// `dconf dump` writes them: a section per schema's path, each value's GVariant text with
  /// its type where the text alone does not tell it.
  package func dump(schema prefix: String? = nil) throws(GSettingsError) -> DconfKeyfile {
    var entries: [DconfKeyfile.Entry] = []
    var paths: [String: String] = [:]
    for setting in settings.values {
      let page = setting.pageName
      if let prefix, page != prefix, !page.hasPrefix(prefix + "."), !page.hasPrefix(prefix + ":") {
        continue
      }
      guard
        let value = try source.userValue(
          schema: setting.schema, path: setting.path, key: setting.key.name)
      else { continue }
      if setting.path == nil, paths[setting.schema] == nil {
        paths[setting.schema] = try source.schema(setting.schema).path
      }
      guard let folder = setting.path ?? paths[setting.schema] else { continue }
      let text = try source.printed(value, schema: setting.schema, key: setting.key.name)
      entries.append(.init(folder: folder, key: setting.key.name, text: text, line: 0))
    }
    // By folder, then key: the order `dconf dump` writes.
    entries.sort { ($0.folder, $0.key) < ($1.folder, $1.key) }
    return DconfKeyfile(entries: entries)
  }

  /// The changes a dump holds, every value parsed as its key's type and checked against its
  /// range; or, when one does not fit, what is wrong with each (`file:line: why`), in
  /// `messages`' words.
  package func changes(loading file: DconfKeyfile, named name: String, messages: GSettingsMessages)
    -> Result<[GSettingsChange], LoadProblems>
  {
    // The schema at each path: those with a path of their own, and relocatable ones where
    // they are shown.
    var schemaAt: [String: (id: String, path: String?)] = [:]
    for id in Set(settings.values.filter { $0.path == nil }.map(\.schema)).sorted() {
      if let path = try? source.schema(id).path, schemaAt[path] == nil {
        schemaAt[path] = (id, nil)
      }
    }
    for setting in settings.values {
      if let path = setting.path, schemaAt[path] == nil { schemaAt[path] = (setting.schema, path) }
    }
    // The file's other folders are relocatable schemas found as the backend's are.
    var unknown: [String: Set<String>] = [:]
    for entry in file.entries where schemaAt[entry.folder] == nil {
      unknown[entry.folder, default: []].insert(entry.key)
    }
    if let instanceFinder, !unknown.isEmpty {
      for instance in instanceFinder.instances(stored: unknown).instances
      where unknown[instance.path] != nil {
        schemaAt[instance.path] = (instance.schema, instance.path)
      }
    }
    var changes: [GSettingsChange] = []
    var position: [String: Int] = [:]
    var problems: [String] = []
    for entry in file.entries {
      let place = name + ":" + String(entry.line) + ": "
      guard let (id, path) = schemaAt[entry.folder] else {
        problems.append(place + messages.text(.importNoSchema, entry.folder))
        continue
      }
      do {
        let value = try source.value(parsing: entry.text, schema: id, path: path, key: entry.key)
        let change = GSettingsChange(schema: id, path: path, key: entry.key, value: value)
        // A key given twice (twice in a section, or in two sections of one path) takes its
        // last value, as `dconf load` does: both written would be a change the backend
        // seems to lose.
        if let earlier = position[change.name] {
          changes[earlier] = change
        } else {
          position[change.name] = changes.count
          changes.append(change)
        }
      } catch {
        problems.append(place + error.message(messages))
      }
    }
    return problems.isEmpty ? .success(changes) : .failure(LoadProblems(lines: problems))
  }

  /// Writes what ``changes(loading:named:messages:)`` found: every value checked again, then
  /// each schema's applied together (``GSettings/GSettingsSource/write(_:)``).
  package func load(_ changes: [GSettingsChange]) throws(GSettingsError) {
    try source.write(changes)
  }

  /// Why a dump was not loaded: a line per value that does not fit, each naming its line.
  package struct LoadProblems: Error, Equatable {
    package var lines: [String]
  }
}

extension DconfKeyfile.SyntaxError {
  /// The line and what is wrong with it, in `messages`' words: `file:line: why`.
  package func message(file: String, _ messages: GSettingsMessages) -> String {
    let why =
      switch reason {
      case .notAnEntry(let text): messages.text(.dumpNotAnEntry, text)
      case .outsideSection(let text): messages.text(.dumpOutsideSection, text)
      case .badSection(let text): messages.text(.dumpBadSection, text)
      case .emptyPart(let text): messages.text(.dumpEmptyPart, text)
      }
    return file + ":" + String(line) + ": " + why
  }
}
