/// Why GSettings cannot be shown or changed. GSettingsKit words these for people.
package enum GSettingsError: Error, Equatable, Sendable {
  /// `libgio-2.0.so.0` could not be opened: what `dlerror` said.
  case libraryMissing(String)
  /// The library has no function of this name (a GLib older than 2.44).
  case symbolMissing(String)
  /// The process started without the dynamic loader (linked with the C library inside it),
  /// into which GIO cannot be loaded.
  case staticallyLinked
  /// No schema has this id (in `GSETTINGS_SCHEMA_DIR` and the data folders).
  case noSuchSchema(String)
  /// The schema has no key of this name.
  case noSuchKey(schema: String, key: String)
  /// A relocatable schema was asked for without a path.
  case relocatable(String)
  /// A path for a relocatable schema that GIO would refuse.
  case invalidPath(String)
  /// A path given to a schema that has a path of its own (`path`), which is not that one.
  case fixedPath(schema: String, path: String, asked: String)
  /// A value does not fit its key (`schema:key`).
  case invalidValue(key: String, problem: GSettingsValueProblem)
  /// The key (`schema:key`) may not be changed (locked down, or a read-only backend).
  case notWritable(key: String)
  /// The backend did not keep these changes (`schema:key`): read back after
  /// `g_settings_sync`, they were not there (dconf without a D-Bus session loses them
  /// without a word).
  case notKept(keys: [String])
}

/// Why a value does not fit a GSettings key.
package enum GSettingsValueProblem: Equatable, Sendable {
  /// A list of texts (`as`) was expected.
  case notTexts
  /// The value (as JSON writes it) is of no form the key's GVariant type takes.
  case notOfType(value: String, type: String)
  /// The text is not GVariant text of the type; GLib's reason where it gave one.
  case unparsable(text: String, type: String, reason: String?)
  /// The value (as JSON writes it) is of the type but outside the key's range, choices or
  /// flags.
  case outOfRange(value: String)
}
