import SystemIO

extension GSchemaText {
  /// The folders GIO reads schemas from, in its order: each of `GSETTINGS_SCHEMA_DIR`
  /// (`:`-separated), then `glib-2.0/schemas` in `XDG_DATA_HOME` (else `~/.local/share`)
  /// and in each of `XDG_DATA_DIRS` (else `/usr/local/share:/usr/share`).
  package static func schemaFolders(environment: [String: String]) -> [String] {
    var folders = (environment["GSETTINGS_SCHEMA_DIR"] ?? "").split(separator: ":").map(String.init)
    let dataHome =
      environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? environment["HOME"].map { $0 + "/.local/share" }
    let dataDirs =
      environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 }
      ?? "/usr/local/share:/usr/share"
    for data in [dataHome].compactMap({ $0 }) + dataDirs.split(separator: ":").map(String.init) {
      folders.append(data + "/glib-2.0/schemas")
    }
    return folders
  }

  /// The text of every `*.gschema.xml` in `folders`, the first folder's schema winning.
  /// A file that cannot be read or is not XML is left out, and said in `problems`.
  package static func load(folders: [String]) -> (
    text: GSchemaText, problems: [MarkupScanner.SyntaxError]
  ) {
    var text = GSchemaText()
    var problems: [MarkupScanner.SyntaxError] = []
    for folder in folders where FileSystem.isFolder(folder) {
      let names = (try? FileSystem.folderEntries(folder, endingWith: ".gschema.xml")) ?? []
      for name in names.sorted() {
        let path = folder + "/" + name
        let file: FileSystem.File?
        do {
          file = try FileSystem.readFile(path, limit: 16 << 20)
        } catch {
          problems.append(.init(source: path, line: 0, column: 0, reason: .unreadable(error)))
          continue
        }
        guard let file else { continue }
        do {
          try text.read(file.bytes, source: path)
        } catch {
          problems.append(error)
        }
      }
    }
    return (text, problems)
  }
}

extension MOCatalog {
  /// The catalog of gettext `domain` for `language`, from the first of its locale folders
  /// (``localeFolders(for:)``) that has one: `<localeRoot>/<folder>/LC_MESSAGES/<domain>.mo`.
  /// `nil` when none has; a file that is not a catalog is an error.
  package static func load(
    domain: String, language: String, localeRoot: String = "/usr/share/locale"
  )
    throws(FormatError) -> MOCatalog?
  {
    for folder in localeFolders(for: language) {
      let path = "\(localeRoot)/\(folder)/LC_MESSAGES/\(domain).mo"
      guard FileSystem.exists(path) else { continue }
      let file: FileSystem.File?
      do {
        file = try FileSystem.readFile(path, limit: 64 << 20)
      } catch {
        throw FormatError(source: path, reason: .unreadable(error))
      }
      guard let file else { continue }
      return try MOCatalog(bytes: file.bytes, source: path)
    }
    return nil
  }
}
