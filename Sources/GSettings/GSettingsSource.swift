import CGio
import FileFormats

/// The GSettings of this session: GIO's default schema source (the schemas compiled in
/// `$GSETTINGS_SCHEMA_DIR` and every `$XDG_DATA_DIRS/glib-2.0/schemas`) and the values of
/// its default backend (`$GSETTINGS_BACKEND`: dconf, keyfile or memory).
///
/// GIO reads `GSETTINGS_SCHEMA_DIR` and `GSETTINGS_BACKEND` once, at its first call: set
/// them before making the first source of a process.
package final class GSettingsSource {
  let gio: GIOLibrary
  /// GIO's default source; owned by GIO (transfer none), never freed here.
  private let source: OpaquePointer?
  /// Schemas looked up, each holding a reference freed in `deinit`.
  private var schemas: [String: OpaquePointer] = [:]
  /// A `GSettings` object per schema id (and path), each freed in `deinit`.
  private var settingsObjects: [String: OpaquePointer] = [:]

  /// Whether GIO can be loaded into this process: not into one linked with the C library
  /// inside it, which started without the dynamic loader.
  package static var canLoadGIO: Bool { GIOLibrary.canBeLoaded }

  /// Loads GIO (`libgio-2.0.so.0`) and opens its default schema source.
  ///
  /// - Throws: ``GSettingsError/libraryMissing(_:)`` when GIO is not installed,
  ///   ``GSettingsError/symbolMissing(_:)`` when it is older than 2.44.
  package init() throws(GSettingsError) {
    gio = try GIOLibrary()
    source = gio.schemaSourceGetDefault()
  }

  deinit {
    for settings in settingsObjects.values { gio.objectUnref(UnsafeMutableRawPointer(settings)) }
    for schema in schemas.values { gio.schemaUnref(schema) }
  }

  /// The ids of every schema, sorted: those with a path of their own, and the relocatable
  /// ones (which have settings only at a path someone gives them).
  package func schemaIDs() -> (fixed: [String], relocatable: [String]) {
    guard let source else { return ([], []) }
    var fixed: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    var relocatable: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    gio.schemaSourceListSchemas(source, 1, &fixed, &relocatable)
    return (gio.takeStrings(fixed).sorted(), gio.takeStrings(relocatable).sorted())
  }

  /// The schema `id`, looked up once.
  func schemaPointer(_ id: String) throws(GSettingsError) -> OpaquePointer {
    if let schema = schemas[id] { return schema }
    guard let source, let schema = gio.schemaSourceLookup(source, id, 1) else {
      throw .noSuchSchema(id)
    }
    schemas[id] = schema
    return schema
  }

  /// The schema `id`: its path, keys (type, default, range, summary) and children.
  package func schema(_ id: String) throws(GSettingsError) -> GSettingsSchemaInfo {
    let schema = try schemaPointer(id)
    let path = gio.schemaGetPath(schema).map { String(cString: $0) }
    let keys = gio.takeStrings(gio.schemaListKeys(schema)).sorted().compactMap {
      keyInfo($0, of: schema)
    }
    let children = gio.takeStrings(gio.schemaListChildren(schema)).sorted()
    return GSettingsSchemaInfo(id: id, path: path, keys: keys, children: children)
  }

  private func keyInfo(_ name: String, of schema: OpaquePointer) -> GSettingsKeyInfo? {
    guard let key = gio.key(name, of: schema) else { return nil }
    defer { gio.keyUnref(key) }
    let type = typeString(gio.keyGetValueType(key))
    let defaultValue = gio.keyGetDefaultValue(key).map { variant in
      defer { gio.variantUnref(variant) }
      return self.value(of: variant)
    }
    let range = gio.keyGetRange(key).map { variant in
      defer { gio.variantUnref(variant) }
      return self.range(of: variant)
    }
    return GSettingsKeyInfo(
      name: name, type: type, defaultValue: defaultValue ?? .string(""), range: range ?? .any,
      summary: gio.keyGetSummary(key).map { String(cString: $0) },
      description: gio.keyGetDescription(key).map { String(cString: $0) })
  }

  /// A `GVariantType`'s string (GLib's is not `NUL`-terminated: its length is asked).
  func typeString(_ type: OpaquePointer) -> String {
    let start = UnsafeRawPointer(gio.variantTypePeekString(type))
    let count = gio.variantTypeGetStringLength(type)
    return String(
      decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
  }

  /// A key's range, from GIO's `(sv)`: `('type', <@as []>)`, `('enum', <['a', 'b']>)`,
  /// `('flags', <[…]>)` or `('range', <(0, 10)>)`.
  private func range(of variant: OpaquePointer) -> GSettingsKeyInfo.Range {
    guard gio.variantNChildren(variant) == 2 else { return .any }
    let kindVariant = gio.variantGetChildValue(variant, 0)
    defer { gio.variantUnref(kindVariant) }
    let kind = String(cString: gio.variantGetString(kindVariant, nil))
    let boxed = gio.variantGetChildValue(variant, 1)
    defer { gio.variantUnref(boxed) }
    let inner = gio.variantGetVariant(boxed)
    defer { gio.variantUnref(inner) }
    switch kind {
    case "enum":
      return .choices(value(of: inner).arrayValue?.compactMap(\.stringValue) ?? [])
    case "flags":
      return .flags(value(of: inner).arrayValue?.compactMap(\.stringValue) ?? [])
    case "range" where gio.variantNChildren(inner) == 2:
      let minimum = gio.variantGetChildValue(inner, 0)
      let maximum = gio.variantGetChildValue(inner, 1)
      defer {
        gio.variantUnref(minimum)
        gio.variantUnref(maximum)
      }
      return .numbers(minimum: value(of: minimum), maximum: value(of: maximum))
    default:
      return .any
    }
  }

  /// Whether GIO takes `path` as a path: it starts and ends with `/` and has no empty part
  /// (`//`). GIO aborts the program for any other.
  package static func isPath(_ path: String) -> Bool {
    path.hasPrefix("/") && path.hasSuffix("/")
      && !zip(path.utf8, path.utf8.dropFirst()).contains { $0 == UInt8(ascii: "/") && $1 == $0 }
  }

  /// The `GSettings` object of schema `id` (at `path`, for a relocatable schema).
  func settingsPointer(_ id: String, path: String? = nil) throws(GSettingsError)
    -> OpaquePointer
  {
    let schema = try schemaPointer(id)
    let own = gio.schemaGetPath(schema).map { String(cString: $0) }
    // GIO aborts the program when a schema with a path of its own is given another.
    if let own, let path, path != own { throw .fixedPath(schema: id, path: own, asked: path) }
    let path = own == nil ? path : nil
    let name = Self.name(schema: id, path: path)
    if let settings = settingsObjects[name] { return settings }
    if path == nil, own == nil { throw .relocatable(id) }
    // GIO aborts the program on a malformed path.
    if let path, !Self.isPath(path) { throw .invalidPath(path) }
    guard let settings = gio.settingsNewFull(schema, nil, path) else { throw .relocatable(id) }
    settingsObjects[name] = settings
    return settings
  }
}
