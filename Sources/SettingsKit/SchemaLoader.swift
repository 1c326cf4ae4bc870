/// Finds and reads a schema from a path given on the command line.
public enum SchemaLoader {
  /// The schema at a path: a `.json` schema (or, later, a `.plist` page or a
  /// `Settings.bundle` folder); the embedded default when `path` is `nil`.
  public static func load(path: String?) throws(SchemaLoadError) -> SettingsSchema {
    guard let path else {
      do {
        return try EmbeddedSchema.load()
      } catch {
        throw .unreadable(error.description)
      }
    }
    let bytes: [UInt8]
    do {
      bytes = try FileBytes.read(path)
    } catch {
      throw .unreadable(error.description)
    }
    do {
      return try JSONSchemaReader.read(bytes, source: path)
    } catch {
      throw .unreadable(error.description)
    }
  }

  /// The default store's file name for a schema path: `MyApp.bundle` → `MyApp.json`.
  public static func storeFileName(for schemaPath: String) -> String {
    var name = schemaPath.split(separator: "/").last.map(String.init) ?? "settings"
    for suffix in [".bundle", ".json", ".plist"] where name.hasSuffix(suffix) {
      name = String(name.dropLast(suffix.count))
    }
    let safe = name.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }
    return (safe.isEmpty || safe.hasPrefix(".") ? "settings" : safe) + ".json"
  }
}

/// A schema that could not be loaded; the message names the file and the problem.
public enum SchemaLoadError: Error, CustomStringConvertible {
  case unreadable(String)

  public var description: String {
    switch self {
    case .unreadable(let message): message
    }
  }
}
