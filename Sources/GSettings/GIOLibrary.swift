import CGio
import Glibc

/// GIO's functions, found with `dlopen` and `dlsym` when the first GSettings call is made:
/// a program that never shows GSettings loads no GLib, and one built without GLib's headers
/// still shows them where `libgio-2.0.so.0` is installed.
///
/// The functions take and return GLib's objects as raw pointers; they stay inside this
/// module, which frees each object it makes (GLib's ownership rules are noted at each call).
final class GIOLibrary {
  /// The library's soname: what Debian's `libglib2.0-0` package installs.
  static let soname = "libgio-2.0.so.0"

  let schemaSourceGetDefault: cgio_schema_source_get_default_fn
  let schemaSourceListSchemas: cgio_schema_source_list_schemas_fn
  let schemaSourceLookup: cgio_schema_source_lookup_fn
  let schemaUnref: cgio_schema_unref_fn
  let schemaGetID: cgio_schema_get_string_fn
  let schemaGetPath: cgio_schema_get_string_fn
  let schemaListKeys: cgio_schema_list_fn
  let schemaListChildren: cgio_schema_list_fn
  /// GLib aborts the program when a schema lacks the key: ``key(_:of:)`` asks
  /// `schemaHasKey` first.
  let schemaGetKey: cgio_schema_get_key_fn
  let schemaHasKey: cgio_schema_has_key_fn
  let keyUnref: cgio_schema_key_unref_fn
  let keyGetSummary: cgio_schema_key_get_string_fn
  let keyGetDescription: cgio_schema_key_get_string_fn
  let keyGetDefaultValue: cgio_schema_key_get_variant_fn
  let keyGetRange: cgio_schema_key_get_variant_fn
  let keyGetValueType: cgio_schema_key_get_value_type_fn
  let keyRangeCheck: cgio_schema_key_range_check_fn
  let settingsNewFull: cgio_settings_new_full_fn
  let settingsGetValue: cgio_settings_get_value_fn
  let settingsGetUserValue: cgio_settings_get_user_value_fn
  let settingsSetValue: cgio_settings_set_value_fn
  let settingsReset: cgio_settings_reset_fn
  let settingsIsWritable: cgio_settings_is_writable_fn
  let settingsDelay: cgio_settings_act_fn
  let settingsApply: cgio_settings_act_fn
  let settingsSync: cgio_settings_sync_fn
  let settingsBackendGetDefault: cgio_settings_backend_get_default_fn
  let typeNameFromInstance: cgio_type_name_from_instance_fn
  let variantPrint: cgio_variant_print_fn
  let variantParse: cgio_variant_parse_fn
  let variantGetTypeString: cgio_variant_get_type_string_fn
  let variantGetBoolean: cgio_variant_get_boolean_fn
  let variantGetByte: cgio_variant_get_byte_fn
  let variantGetInt16: cgio_variant_get_int16_fn
  let variantGetUInt16: cgio_variant_get_uint16_fn
  let variantGetInt32: cgio_variant_get_int32_fn
  let variantGetUInt32: cgio_variant_get_uint32_fn
  let variantGetInt64: cgio_variant_get_int64_fn
  let variantGetUInt64: cgio_variant_get_uint64_fn
  let variantGetDouble: cgio_variant_get_double_fn
  let variantGetString: cgio_variant_get_string_fn
  let variantNChildren: cgio_variant_n_children_fn
  let variantGetChildValue: cgio_variant_get_child_value_fn
  let variantGetVariant: cgio_variant_get_variant_fn
  let variantEqual: cgio_variant_equal_fn
  let variantNewString: cgio_variant_new_string_fn
  let variantNewStrv: cgio_variant_new_strv_fn
  let variantRefSink: cgio_variant_ref_sink_fn
  let variantUnref: cgio_variant_unref_fn
  let variantTypeNew: cgio_variant_type_new_fn
  let variantTypeFree: cgio_variant_type_free_fn
  let variantTypePeekString: cgio_variant_type_peek_string_fn
  let variantTypeGetStringLength: cgio_variant_type_get_string_length_fn
  let free: cgio_free_fn
  let strfreev: cgio_strfreev_fn
  let objectUnref: cgio_object_unref_fn
  let errorFree: cgio_error_free_fn

  /// Whether GIO can be loaded into this process: not into one started without the dynamic
  /// loader (a program linked with the C library inside it, `-static-pie`). GIO would bring
  /// a second C library, whose threads (GDBus's, dconf's) such a process does not survive.
  static var canBeLoaded: Bool { cgio_process_has_dynamic_loader() != 0 }

  /// Opens GIO (the library `soname`) and finds every function, or says which is missing.
  init(soname: String = GIOLibrary.soname) throws(GSettingsError) {
    guard Self.canBeLoaded else { throw .staticallyLinked }
    guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
      let reason = dlerror().map { String(cString: $0) } ?? soname
      throw .libraryMissing(reason)
    }
    // The handle is never closed: GLib cannot be unloaded once its types are registered.
    func symbol<F>(_ name: String, as _: F.Type) throws(GSettingsError) -> F {
      guard let address = dlsym(handle, name) else { throw .symbolMissing(name) }
      return unsafeBitCast(address, to: F.self)
    }
    schemaSourceGetDefault = try symbol(
      "g_settings_schema_source_get_default", as: cgio_schema_source_get_default_fn.self)
    schemaSourceListSchemas = try symbol(
      "g_settings_schema_source_list_schemas", as: cgio_schema_source_list_schemas_fn.self)
    schemaSourceLookup = try symbol(
      "g_settings_schema_source_lookup", as: cgio_schema_source_lookup_fn.self)
    schemaUnref = try symbol("g_settings_schema_unref", as: cgio_schema_unref_fn.self)
    schemaGetID = try symbol("g_settings_schema_get_id", as: cgio_schema_get_string_fn.self)
    schemaGetPath = try symbol("g_settings_schema_get_path", as: cgio_schema_get_string_fn.self)
    schemaListKeys = try symbol("g_settings_schema_list_keys", as: cgio_schema_list_fn.self)
    schemaListChildren = try symbol(
      "g_settings_schema_list_children", as: cgio_schema_list_fn.self)
    schemaGetKey = try symbol("g_settings_schema_get_key", as: cgio_schema_get_key_fn.self)
    schemaHasKey = try symbol("g_settings_schema_has_key", as: cgio_schema_has_key_fn.self)
    keyUnref = try symbol("g_settings_schema_key_unref", as: cgio_schema_key_unref_fn.self)
    keyGetSummary = try symbol(
      "g_settings_schema_key_get_summary", as: cgio_schema_key_get_string_fn.self)
    keyGetDescription = try symbol(
      "g_settings_schema_key_get_description", as: cgio_schema_key_get_string_fn.self)
    keyGetDefaultValue = try symbol(
      "g_settings_schema_key_get_default_value", as: cgio_schema_key_get_variant_fn.self)
    keyGetRange = try symbol(
      "g_settings_schema_key_get_range", as: cgio_schema_key_get_variant_fn.self)
    keyGetValueType = try symbol(
      "g_settings_schema_key_get_value_type", as: cgio_schema_key_get_value_type_fn.self)
    keyRangeCheck = try symbol(
      "g_settings_schema_key_range_check", as: cgio_schema_key_range_check_fn.self)
    settingsNewFull = try symbol("g_settings_new_full", as: cgio_settings_new_full_fn.self)
    settingsGetValue = try symbol("g_settings_get_value", as: cgio_settings_get_value_fn.self)
    settingsGetUserValue = try symbol(
      "g_settings_get_user_value", as: cgio_settings_get_user_value_fn.self)
    settingsSetValue = try symbol("g_settings_set_value", as: cgio_settings_set_value_fn.self)
    settingsReset = try symbol("g_settings_reset", as: cgio_settings_reset_fn.self)
    settingsIsWritable = try symbol(
      "g_settings_is_writable", as: cgio_settings_is_writable_fn.self)
    settingsDelay = try symbol("g_settings_delay", as: cgio_settings_act_fn.self)
    settingsApply = try symbol("g_settings_apply", as: cgio_settings_act_fn.self)
    settingsSync = try symbol("g_settings_sync", as: cgio_settings_sync_fn.self)
    settingsBackendGetDefault = try symbol(
      "g_settings_backend_get_default", as: cgio_settings_backend_get_default_fn.self)
    typeNameFromInstance = try symbol(
      "g_type_name_from_instance", as: cgio_type_name_from_instance_fn.self)
    variantPrint = try symbol("g_variant_print", as: cgio_variant_print_fn.self)
    variantParse = try symbol("g_variant_parse", as: cgio_variant_parse_fn.self)
    variantGetTypeString = try symbol(
      "g_variant_get_type_string", as: cgio_variant_get_type_string_fn.self)
    variantGetBoolean = try symbol("g_variant_get_boolean", as: cgio_variant_get_boolean_fn.self)
    variantGetByte = try symbol("g_variant_get_byte", as: cgio_variant_get_byte_fn.self)
    variantGetInt16 = try symbol("g_variant_get_int16", as: cgio_variant_get_int16_fn.self)
    variantGetUInt16 = try symbol("g_variant_get_uint16", as: cgio_variant_get_uint16_fn.self)
    variantGetInt32 = try symbol("g_variant_get_int32", as: cgio_variant_get_int32_fn.self)
    variantGetUInt32 = try symbol("g_variant_get_uint32", as: cgio_variant_get_uint32_fn.self)
    variantGetInt64 = try symbol("g_variant_get_int64", as: cgio_variant_get_int64_fn.self)
    variantGetUInt64 = try symbol("g_variant_get_uint64", as: cgio_variant_get_uint64_fn.self)
    variantGetDouble = try symbol("g_variant_get_double", as: cgio_variant_get_double_fn.self)
    variantGetString = try symbol("g_variant_get_string", as: cgio_variant_get_string_fn.self)
    variantNChildren = try symbol("g_variant_n_children", as: cgio_variant_n_children_fn.self)
    variantGetChildValue = try symbol(
      "g_variant_get_child_value", as: cgio_variant_get_child_value_fn.self)
    variantGetVariant = try symbol("g_variant_get_variant", as: cgio_variant_get_variant_fn.self)
    variantEqual = try symbol("g_variant_equal", as: cgio_variant_equal_fn.self)
    variantNewString = try symbol("g_variant_new_string", as: cgio_variant_new_string_fn.self)
    variantNewStrv = try symbol("g_variant_new_strv", as: cgio_variant_new_strv_fn.self)
    variantRefSink = try symbol("g_variant_ref_sink", as: cgio_variant_ref_sink_fn.self)
    variantUnref = try symbol("g_variant_unref", as: cgio_variant_unref_fn.self)
    variantTypeNew = try symbol("g_variant_type_new", as: cgio_variant_type_new_fn.self)
    variantTypeFree = try symbol("g_variant_type_free", as: cgio_variant_type_free_fn.self)
    variantTypePeekString = try symbol(
      "g_variant_type_peek_string", as: cgio_variant_type_peek_string_fn.self)
    variantTypeGetStringLength = try symbol(
      "g_variant_type_get_string_length", as: cgio_variant_type_get_string_length_fn.self)
    free = try symbol("g_free", as: cgio_free_fn.self)
    strfreev = try symbol("g_strfreev", as: cgio_strfreev_fn.self)
    objectUnref = try symbol("g_object_unref", as: cgio_object_unref_fn.self)
    errorFree = try symbol("g_error_free", as: cgio_error_free_fn.self)
  }

  /// Key `name` of `schema` (a full reference, for the caller to free with `keyUnref`), or
  /// `nil` when the schema has no such key: `g_settings_schema_get_key` alone aborts the
  /// program for a name the schema lacks, such as a key an import file names.
  func key(_ name: String, of schema: OpaquePointer) -> OpaquePointer? {
    guard schemaHasKey(schema, name) != 0 else { return nil }
    return schemaGetKey(schema, name)
  }

  /// The strings of a `NULL`-terminated array GLib made, which is then freed (`g_strfreev`).
  func takeStrings(_ array: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> [String] {
    guard let array else { return [] }
    defer { strfreev(array) }
    var strings: [String] = []
    var index = 0
    while let element = array[index] {
      strings.append(String(cString: element))
      index += 1
    }
    return strings
  }

  /// The text of a string GLib made, which is then freed (`g_free`).
  func takeString(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
    guard let pointer else { return nil }
    defer { free(pointer) }
    return String(cString: pointer)
  }
}
