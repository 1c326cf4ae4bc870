/// Why GSettings cannot be shown or changed.
public enum GSettingsError: Error, Equatable, Sendable, CustomStringConvertible {
  /// `libgio-2.0.so.0` could not be opened: what `dlerror` said.
  case libraryMissing(String)
  /// The library has no function of this name (a GLib older than 2.44).
  case symbolMissing(String)
  /// No schema has this id (in `GSETTINGS_SCHEMA_DIR` and the data folders).
  case noSuchSchema(String)
  /// The schema has no key of this name.
  case noSuchKey(schema: String, key: String)
  /// A relocatable schema was asked for without a path.
  case relocatable(String)
  /// A path for a relocatable schema that GIO would refuse.
  case invalidPath(String)
  /// A value does not fit its key: the key (`schema:key`) and why.
  case invalidValue(key: String, reason: String)
  /// The key may not be changed (locked down by the administrator, or a read-only backend).
  case notWritable(key: String)

  public var description: String {
    switch self {
    case .libraryMissing(let reason):
      "GSettings needs GIO (libgio-2.0.so.0), which could not be loaded: \(reason). "
        + "Install the libglib2.0-0 package (apt-get install libglib2.0-0)."
    case .symbolMissing(let name):
      "GSettings needs GIO 2.44 or later: libgio-2.0.so.0 has no \(name). "
        + "Upgrade the libglib2.0-0 package."
    case .noSuchSchema(let id):
      "no GSettings schema is called \(id) (settei --gsettings list shows them all)"
    case .noSuchKey(let schema, let key):
      "the GSettings schema \(schema) has no key \(key) (settei --gsettings list \(schema) "
        + "shows its keys)"
    case .relocatable(let id):
      "the GSettings schema \(id) is relocatable: it has no settings without a path"
    case .invalidPath(let path):
      "\(path) is not a GSettings path: it must start and end with / and have no //"
    case .invalidValue(let key, let reason):
      "\(key): \(reason)"
    case .notWritable(let key):
      "\(key) cannot be changed here (it is locked down, or the GSettings backend is read-only)"
    }
  }
}
