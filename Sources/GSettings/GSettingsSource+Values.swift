import CGio
import FileFormats
import Glibc

/// One change to write: a key of a schema (at `path`, for a relocatable schema), and its new
/// value (`nil`: reset to the default).
package struct GSettingsChange: Sendable, Equatable {
  package var schema: String
  /// The path of a relocatable schema's settings; `nil` for a schema with a path of its own.
  package var path: String?
  package var key: String
  package var value: PropertyListValue?

  package init(schema: String, path: String? = nil, key: String, value: PropertyListValue?) {
    self.schema = schema
    self.path = path
    self.key = key
    self.value = value
  }

  /// The key as `gsettings` names it: `schema:key`, or `schema:path:key`.
  package var name: String { GSettingsSource.name(schema: schema, path: path) + ":" + key }
}

extension GSettingsSource {
  /// A schema's name as `gsettings` writes it: its id, and for a relocatable schema at a
  /// path, `id:path`.
  package static func name(schema id: String, path: String?) -> String {
    path.map { id + ":" + $0 } ?? id
  }

  /// The schema id and path of a name as ``name(schema:path:)`` writes it: the id is before
  /// the first colon, and a path (which may hold colons) after it.
  package static func parts(of name: some StringProtocol) -> (schema: String, path: String?) {
    guard let colon = name.firstIndex(of: ":") else { return (String(name), nil) }
    return (String(name[..<colon]), String(name[name.index(after: colon)...]))
  }

  /// The value of `key` in schema `id` (at `path`, for a relocatable schema), read as
  /// ``value(of:)`` reads a GVariant.
  package func value(schema id: String, path: String? = nil, key: String) throws(GSettingsError)
    -> PropertyListValue
  {
    let settings = try settingsPointer(id, path: path)
    try requireKey(key, in: id)
    guard let variant = gio.settingsGetValue(settings, key) else {
      throw .noSuchKey(schema: id, key: key)
    }
    defer { gio.variantUnref(variant) }
    return value(of: variant)
  }

  /// The value of `key` the user set (GIO's backend holds one at the schema's path, or at
  /// `path` for a relocatable schema), or `nil` when the key has its default.
  package func userValue(schema id: String, path: String? = nil, key: String)
    throws(GSettingsError) -> PropertyListValue?
  {
    let settings = try settingsPointer(id, path: path)
    try requireKey(key, in: id)
    guard let variant = gio.settingsGetUserValue(settings, key) else { return nil }
    defer { gio.variantUnref(variant) }
    return value(of: variant)
  }

  /// Every key's value of schema `id`, by key name.
  package func values(schema id: String) throws(GSettingsError) -> [String: PropertyListValue] {
    var values: [String: PropertyListValue] = [:]
    for key in try schema(id).keys {
      values[key.name] = try value(schema: id, key: key.name)
    }
    return values
  }

  /// Whether the key may be changed (not locked down, backend writable), at `path` for a
  /// relocatable schema.
  package func isWritable(schema id: String, path: String? = nil, key: String)
    throws(GSettingsError) -> Bool
  {
    let settings = try settingsPointer(id, path: path)
    try requireKey(key, in: id)
    return gio.settingsIsWritable(settings, key) != 0
  }

  /// Why `value` cannot be stored in `key` of schema `id` (it is not of the key's type, or
  /// outside its range, choices or flags), or `nil` when it can. The key is named with
  /// `path`, for a relocatable schema; its type and range are the same at every path.
  package func problem(
    storing value: PropertyListValue, schema id: String, path: String? = nil, key: String
  ) -> GSettingsError? {
    do {
      let variant = try variant(for: value, schema: id, path: path, key: key)
      gio.variantUnref(variant)
      return nil
    } catch {
      return error
    }
  }

  /// The value GVariant text `text` (as `dconf dump` writes it: `'Grace'`, `uint32 7`)
  /// gives key `key` of schema `id`, parsed as the key's type and checked against its range;
  /// or why it does not fit.
  package func value(
    parsing text: String, schema id: String, path: String? = nil, key name: String
  ) throws(GSettingsError) -> PropertyListValue {
    let schema = try schemaPointer(id)
    let keyName = Self.name(schema: id, path: path) + ":" + name
    guard let key = gio.key(name, of: schema) else {
      throw .noSuchKey(schema: id, key: name)
    }
    defer { gio.keyUnref(key) }
    let variant = try parse(text, type: gio.keyGetValueType(key), key: keyName)
    defer { gio.variantUnref(variant) }
    guard gio.keyRangeCheck(key, variant) != 0 else {
      throw .invalidValue(key: keyName, problem: .outOfRange(value: text))
    }
    return value(of: variant)
  }

  /// The text `gsettings get` prints for a value of key `key`: GVariant text with the type
  /// where the text alone does not tell it (`'a'`, `42`, `uint32 7`, `@as []`).
  package func printed(_ value: PropertyListValue, schema id: String, key: String)
    throws(GSettingsError) -> String
  {
    let variant = try variant(for: value, schema: id, key: key)
    defer { gio.variantUnref(variant) }
    return gio.takeString(gio.variantPrint(variant, 1)) ?? ""
  }

  /// Writes `changes`: for each schema, all its changes at once (`g_settings_delay`, the
  /// values, `g_settings_apply`), then waits until the backend has them (`g_settings_sync`).
  /// Every value is checked first, so that one that does not fit writes nothing at all.
  package func write(_ changes: [GSettingsChange]) throws(GSettingsError) {
    var variants: [(change: GSettingsChange, variant: OpaquePointer?)] = []
    defer { for entry in variants { entry.variant.map(gio.variantUnref) } }
    for change in changes {
      let settings = try settingsPointer(change.schema, path: change.path)
      try requireKey(change.key, in: change.schema)
      guard gio.settingsIsWritable(settings, change.key) != 0 else {
        throw .notWritable(key: change.name)
      }
      let variant = try change.value.map { (value) throws(GSettingsError) in
        try self.variant(for: value, schema: change.schema, path: change.path, key: change.key)
      }
      variants.append((change, variant))
    }
    // Each schema at each path is one GSettings object, applied as one.
    var order: [(schema: String, path: String?)] = []
    for entry in variants
    where !order.contains(where: { $0 == (entry.change.schema, entry.change.path) }) {
      order.append((entry.change.schema, entry.change.path))
    }
    for (id, path) in order {
      guard let settings = try? settingsPointer(id, path: path) else { continue }
      gio.settingsDelay(settings)
      for entry in variants where entry.change.schema == id && entry.change.path == path {
        if let variant = entry.variant {
          _ = gio.settingsSetValue(settings, entry.change.key, variant)
        } else {
          gio.settingsReset(settings, entry.change.key)
        }
      }
      gio.settingsApply(settings)
    }
    gio.settingsSync()
    // A backend may drop what it was given without a word (dconf with no D-Bus session, a
    // keyfile in a folder it cannot write): what it holds now is read back.
    var lost: [String] = []
    for entry in variants {
      guard let settings = try? settingsPointer(entry.change.schema, path: entry.change.path)
      else { continue }
      let held = gio.settingsGetUserValue(settings, entry.change.key)
      defer { held.map(gio.variantUnref) }
      let kept =
        switch (entry.variant, held) {
        case (let written?, let held?): gio.variantEqual(written, held) != 0
        case (nil, nil): true
        default: false
        }
      if !kept { lost.append(entry.change.name) }
    }
    guard lost.isEmpty else { throw .notKept(keys: lost) }
  }

  private func requireKey(_ key: String, in id: String) throws(GSettingsError) {
    let schema = try schemaPointer(id)
    guard let pointer = gio.key(key, of: schema) else {
      throw .noSuchKey(schema: id, key: key)
    }
    gio.keyUnref(pointer)
  }

  /// A new GVariant (a full reference, for the caller to free) of key `key`'s type holding
  /// `value`, checked against the key's range; or why there is none.
  func variant(
    for value: PropertyListValue, schema id: String, path: String? = nil, key name: String
  ) throws(GSettingsError) -> OpaquePointer {
    let schema = try schemaPointer(id)
    let keyName = Self.name(schema: id, path: path) + ":" + name
    guard let key = gio.key(name, of: schema) else {
      throw .noSuchKey(schema: id, key: name)
    }
    defer { gio.keyUnref(key) }
    let variantType = gio.keyGetValueType(key)
    let type = typeString(variantType)
    let variant: OpaquePointer
    switch (type, value) {
    case ("s", .string(let text)):
      variant = gio.variantRefSink(gio.variantNewString(text))
    case ("as", .array(let items)):
      let strings = items.compactMap(\.stringValue)
      guard strings.count == items.count else {
        throw .invalidValue(key: keyName, problem: .notTexts)
      }
      variant = withStringArray(strings) { gio.variantRefSink(gio.variantNewStrv($0, -1)) }
    default:
      let text = try Self.text(of: value, type: type, key: keyName)
      variant = try parse(text, type: variantType, key: keyName)
    }
    guard gio.keyRangeCheck(key, variant) != 0 else {
      gio.variantUnref(variant)
      throw .invalidValue(
        key: keyName, problem: .outOfRange(value: value.debugDescription))
    }
    return variant
  }

  /// The GVariant text of `value` for a key of `type`: numbers and Booleans as GVariant
  /// writes them, and a text as it is (it is the GVariant text of other types).
  static func text(of value: PropertyListValue, type: String, key: String) throws(GSettingsError)
    -> String
  {
    switch value {
    case .bool(let flag) where type == "b": return flag ? "true" : "false"
    case .integer(let number) where GVariantValues.numberTypes.contains(type):
      return String(number)
    case .unsignedInteger(let number) where GVariantValues.numberTypes.contains(type):
      return String(number)
    case .real(let number) where type == "d" && number.isFinite: return "\(number)"
    // A slider's value is a real: a whole one is an integer's.
    case .real(let number)
    where GVariantValues.integerTypes.contains(type) && number.rounded() == number
      && abs(number) < 9.2e18:
      return String(Int64(number))
    case .string(let text): return text
    default:
      throw .invalidValue(
        key: key, problem: .notOfType(value: value.debugDescription, type: type))
    }
  }

  /// `g_variant_parse` of `text` as `type`, the whole text, or GLib's reason.
  private func parse(_ text: String, type: OpaquePointer, key: String) throws(GSettingsError)
    -> OpaquePointer
  {
    var error: UnsafeMutablePointer<cgio_error>?
    guard let variant = gio.variantParse(type, text, nil, nil, &error) else {
      let reason = error.flatMap { $0.pointee.message.map { String(cString: $0) } }
      error.map(gio.errorFree)
      throw .invalidValue(
        key: key, problem: .unparsable(text: text, type: typeString(type), reason: reason))
    }
    return variant
  }

  /// A value read from GIO: see ``GVariantValues``.
  func value(of variant: OpaquePointer) -> PropertyListValue {
    let type = String(cString: gio.variantGetTypeString(variant))
    switch type {
    case "b": return .bool(gio.variantGetBoolean(variant) != 0)
    case "y": return .integer(Int(gio.variantGetByte(variant)))
    case "n": return .integer(Int(gio.variantGetInt16(variant)))
    case "q": return .integer(Int(gio.variantGetUInt16(variant)))
    case "i": return .integer(Int(gio.variantGetInt32(variant)))
    case "u": return .integer(Int(gio.variantGetUInt32(variant)))
    case "x": return .integer(Int(gio.variantGetInt64(variant)))
    case "t":
      let number = gio.variantGetUInt64(variant)
      return number <= UInt64(Int.max) ? .integer(Int(number)) : .unsignedInteger(number)
    case "d": return .real(gio.variantGetDouble(variant))
    case "s": return .string(String(cString: gio.variantGetString(variant, nil)))
    case "as":
      var items: [PropertyListValue] = []
      for index in 0..<gio.variantNChildren(variant) {
        let child = gio.variantGetChildValue(variant, index)
        items.append(.string(String(cString: gio.variantGetString(child, nil))))
        gio.variantUnref(child)
      }
      return .array(items)
    default:
      return .string(gio.takeString(gio.variantPrint(variant, 0)) ?? "")
    }
  }
}

/// Runs `body` with `strings` as a `NULL`-terminated C array, valid only inside `body`.
private func withStringArray<R>(
  _ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R
) -> R {
  let copies = strings.map { strdup($0) }
  defer { for copy in copies { free(copy) } }
  let pointers: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } } + [nil]
  return pointers.withUnsafeBufferPointer { buffer in
    // Never empty: it holds at least the NULL at its end.
    guard let start = buffer.baseAddress else { preconditionFailure("an empty string array") }
    return body(start)
  }
}

/// How GVariant values are shown as settei's values: `b` a Boolean; the integer types
/// (`y n q i u x t`) integers; `d` a real; `s` a text; `as` a list of texts; any other type
/// its GVariant text (`gsettings get` prints the same), such as `[('xkb', 'us')]`.
package enum GVariantValues {
  /// The GVariant types of integers.
  package static let integerTypes: Set<String> = ["y", "n", "q", "i", "u", "x", "t"]
  /// The GVariant types of numbers: the integers and `d`.
  package static let numberTypes: Set<String> = integerTypes.union(["d"])

  /// The smallest and largest value of an integer type.
  package static func bounds(of type: String) -> (minimum: Double, maximum: Double)? {
    switch type {
    case "y": (0, 255)
    case "n": (Double(Int16.min), Double(Int16.max))
    case "q": (0, Double(UInt16.max))
    case "i": (Double(Int32.min), Double(Int32.max))
    case "u": (0, Double(UInt32.max))
    case "x": (Double(Int64.min), Double(Int64.max))
    case "t": (0, Double(UInt64.max))
    default: nil
    }
  }
}
