import GSettings

extension GSettingsScreens {
  /// The relocatable schemas at the paths where they have settings
  /// (``GSettingsInstances``), each described with its `path` set to that path, and notes
  /// on what was left out: folders of values no schema fits, and why the backend's folders
  /// could not be listed.
  static func instances(
    source: GSettingsSource, environment: [String: String], fixed: [GSettingsSchemaInfo],
    relocatable ids: [String], text: GSchemaText, messages: GSettingsMessages
  ) throws(GSettingsError) -> (
    instances: [GSettingsSchemaInfo], notes: [String], finder: GSettingsInstances.Finder?
  ) {
    guard !ids.isEmpty else { return ([], [], nil) }
    var relocatable: [GSettingsSchemaInfo] = []
    for id in ids { relocatable.append(try source.schema(id)) }
    var (stored, notes) = storedFolders(source: source, environment: environment, messages)
    // Folders of fixed schemas are theirs: only the others are matched.
    for schema in fixed { if let path = schema.path { stored[path] = nil } }
    var childNames: [String: [String]] = [:]
    for schema in fixed where schema.path != nil {
      for key in schema.keys where key.type == "as" && key.name.hasSuffix("-children") {
        let value = try source.value(schema: schema.id, key: key.name)
        childNames[schema.id + ":" + key.name] = value.arrayValue?.compactMap(\.stringValue)
      }
    }
    let finder = GSettingsInstances.Finder(
      fixed: fixed, relocatable: relocatable, text: text, childNames: childNames)
    let found = finder.instances(stored: stored)
    let byID = Dictionary(relocatable.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    let instances = found.instances.compactMap { instance in
      byID[instance.schema].map { schema in
        var schema = schema
        schema.path = instance.path
        return schema
      }
    }
    let unmatched = found.leftOut.filter(\.candidates.isEmpty).map(\.path)
    if !unmatched.isEmpty {
      notes.append(messages.text(.unmatchedFolders, unmatched.joined(separator: ", ")))
    }
    for folder in found.leftOut where !folder.candidates.isEmpty {
      notes.append(
        messages.text(
          .ambiguousFolder, folder.path, folder.candidates.joined(separator: ", ")))
    }
    return (instances, notes, finder)
  }

  /// The folders GIO's backend holds values in, with the values' names: dconf's through
  /// libdconf, the keyfile backend's file's sections; none in memory. A note says why they
  /// could not be listed (no libdconf, a keyfile that cannot be read).
  package static func storedFolders(
    source: GSettingsSource, environment: [String: String], _ messages: GSettingsMessages,
    dconfSoname: String = GSettingsSource.dconfSoname
  ) -> (folders: [String: Set<String>], notes: [String]) {
    switch source.backendKind() {
    case .dconf:
      do {
        return (try source.dconfFolders(soname: dconfSoname), [])
      } catch {
        let reason: String =
          switch error {
          case .libraryMissing(let why): why
          case .symbolMissing(let name): GSettingsSource.dconfSoname + ": " + name
          default: error.message(messages)
          }
        return ([:], [messages.text(.dconfUnlisted, reason)])
      }
    case .keyfile:
      guard let file = GSettingsSource.keyfileBackendFile(environment: environment) else {
        return ([:], [])
      }
      let bytes: [UInt8]
      switch file.bytes {
      case .success(nil): return ([:], [])
      case .success(let read?): bytes = read
      case .failure(let error):
        return (
          [:],
          [
            messages.text(
              .unreadableFile, file.path, error.reasonText(in: .forLanguage(messages.language)))
          ]
        )
      }
      // A line GIO's keyfile backend would not read either is named and left out; the
      // other folders are still listed.
      let read = DconfKeyfile.readingPast(String(decoding: bytes, as: UTF8.self))
      var folders: [String: Set<String>] = [:]
      for entry in read.file.entries { folders[entry.folder, default: []].insert(entry.key) }
      return (folders, read.errors.map { $0.message(file: file.path, messages) })
    case .memory, .other:
      return ([:], [])
    }
  }
}
