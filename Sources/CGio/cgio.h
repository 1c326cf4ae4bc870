// The GIO and GLib calls settei's GSettings screens make, as function-pointer types.
//
// Nothing here links GIO: the GSettings module opens libgio-2.0.so.0 with dlopen only when
// --gsettings is given and casts what dlsym finds to these types, so that a build needs no
// GLib headers and the default path loads no GLib. The types are those of GLib 2.44 and
// later (gsettingsschema.h, gsettings.h, gvariant.h), with GLib's objects opaque.
#ifndef CGIO_H
#define CGIO_H

#include <stddef.h>
#include <stdint.h>
#include <sys/auxv.h>

// Whether the process started with the dynamic loader (its address in the auxiliary vector):
// not one linked with the C library inside it (-static-pie), into which GIO cannot be loaded.
static inline int cgio_process_has_dynamic_loader(void) { return getauxval(AT_BASE) != 0; }

typedef struct cgio_schema_source cgio_schema_source;  // GSettingsSchemaSource
typedef struct cgio_schema cgio_schema;                // GSettingsSchema
typedef struct cgio_schema_key cgio_schema_key;        // GSettingsSchemaKey
typedef struct cgio_settings cgio_settings;            // GSettings (a GObject)
typedef struct cgio_variant cgio_variant;              // GVariant
typedef struct cgio_variant_type cgio_variant_type;    // GVariantType
typedef int cgio_boolean;                              // gboolean

// GError, whose message the parse errors are read from.
typedef struct cgio_error {
  uint32_t domain;
  int code;
  char *_Nullable message;
} cgio_error;

// GSettingsSchemaSource
typedef cgio_schema_source *_Nullable (*cgio_schema_source_get_default_fn)(void);
typedef void (*cgio_schema_source_list_schemas_fn)(
    cgio_schema_source *_Nonnull source, cgio_boolean recursive,
    char *_Nullable *_Nullable *_Nullable non_relocatable,
    char *_Nullable *_Nullable *_Nullable relocatable);
typedef cgio_schema *_Nullable (*cgio_schema_source_lookup_fn)(
    cgio_schema_source *_Nonnull source, const char *_Nonnull schema_id,
    cgio_boolean recursive);

// GSettingsSchema
typedef void (*cgio_schema_unref_fn)(cgio_schema *_Nonnull schema);
typedef const char *_Nullable (*cgio_schema_get_string_fn)(cgio_schema *_Nonnull schema);
typedef char *_Nullable *_Nullable (*cgio_schema_list_fn)(cgio_schema *_Nonnull schema);
typedef cgio_schema_key *_Nullable (*cgio_schema_get_key_fn)(
    cgio_schema *_Nonnull schema, const char *_Nonnull name);
typedef cgio_boolean (*cgio_schema_has_key_fn)(
    cgio_schema *_Nonnull schema, const char *_Nonnull name);

// GSettingsSchemaKey
typedef void (*cgio_schema_key_unref_fn)(cgio_schema_key *_Nonnull key);
typedef const char *_Nullable (*cgio_schema_key_get_string_fn)(cgio_schema_key *_Nonnull key);
typedef cgio_variant *_Nullable (*cgio_schema_key_get_variant_fn)(cgio_schema_key *_Nonnull key);
typedef const cgio_variant_type *_Nonnull (*cgio_schema_key_get_value_type_fn)(
    cgio_schema_key *_Nonnull key);
typedef cgio_boolean (*cgio_schema_key_range_check_fn)(
    cgio_schema_key *_Nonnull key, cgio_variant *_Nonnull value);

// GSettings
typedef cgio_settings *_Nullable (*cgio_settings_new_full_fn)(
    cgio_schema *_Nonnull schema, void *_Nullable backend, const char *_Nullable path);
typedef cgio_variant *_Nullable (*cgio_settings_get_value_fn)(
    cgio_settings *_Nonnull settings, const char *_Nonnull key);
typedef cgio_variant *_Nullable (*cgio_settings_get_user_value_fn)(
    cgio_settings *_Nonnull settings, const char *_Nonnull key);
typedef cgio_boolean (*cgio_settings_set_value_fn)(
    cgio_settings *_Nonnull settings, const char *_Nonnull key, cgio_variant *_Nonnull value);
typedef void (*cgio_settings_reset_fn)(cgio_settings *_Nonnull settings, const char *_Nonnull key);
typedef cgio_boolean (*cgio_settings_is_writable_fn)(
    cgio_settings *_Nonnull settings, const char *_Nonnull key);
typedef void (*cgio_settings_act_fn)(cgio_settings *_Nonnull settings);  // delay, apply
typedef void (*cgio_settings_sync_fn)(void);

// GSettingsBackend and GType: which backend GIO stores values in ("DConfSettingsBackend",
// "GKeyfileSettingsBackend", "GMemorySettingsBackend").
typedef struct cgio_settings_backend cgio_settings_backend;  // GSettingsBackend (a GObject)
typedef cgio_settings_backend *_Nullable (*cgio_settings_backend_get_default_fn)(void);
typedef const char *_Nullable (*cgio_type_name_from_instance_fn)(void *_Nonnull instance);

// libdconf (libdconf.so.1, opened only to list the folders dconf holds): DConfClient is a
// GObject; dconf_client_list's names end in / for a folder and are freed with g_strfreev.
typedef struct cgio_dconf_client cgio_dconf_client;  // DConfClient
typedef cgio_dconf_client *_Nullable (*cgio_dconf_client_new_fn)(void);
typedef char *_Nullable *_Nullable (*cgio_dconf_client_list_fn)(
    cgio_dconf_client *_Nonnull client, const char *_Nonnull dir, int *_Nullable length);

// GVariant
typedef char *_Nullable (*cgio_variant_print_fn)(
    cgio_variant *_Nonnull value, cgio_boolean type_annotate);
typedef cgio_variant *_Nullable (*cgio_variant_parse_fn)(
    const cgio_variant_type *_Nullable type, const char *_Nonnull text,
    const char *_Nullable limit, const char *_Nullable *_Nullable endptr,
    cgio_error *_Nullable *_Nullable error);
typedef const char *_Nonnull (*cgio_variant_get_type_string_fn)(cgio_variant *_Nonnull value);
typedef cgio_boolean (*cgio_variant_get_boolean_fn)(cgio_variant *_Nonnull value);
typedef uint8_t (*cgio_variant_get_byte_fn)(cgio_variant *_Nonnull value);
typedef int16_t (*cgio_variant_get_int16_fn)(cgio_variant *_Nonnull value);
typedef uint16_t (*cgio_variant_get_uint16_fn)(cgio_variant *_Nonnull value);
typedef int32_t (*cgio_variant_get_int32_fn)(cgio_variant *_Nonnull value);
typedef uint32_t (*cgio_variant_get_uint32_fn)(cgio_variant *_Nonnull value);
typedef int64_t (*cgio_variant_get_int64_fn)(cgio_variant *_Nonnull value);
typedef uint64_t (*cgio_variant_get_uint64_fn)(cgio_variant *_Nonnull value);
typedef double (*cgio_variant_get_double_fn)(cgio_variant *_Nonnull value);
typedef const char *_Nonnull (*cgio_variant_get_string_fn)(
    cgio_variant *_Nonnull value, size_t *_Nullable length);
typedef size_t (*cgio_variant_n_children_fn)(cgio_variant *_Nonnull value);
typedef cgio_variant *_Nonnull (*cgio_variant_get_child_value_fn)(
    cgio_variant *_Nonnull value, size_t index);
typedef cgio_variant *_Nonnull (*cgio_variant_get_variant_fn)(cgio_variant *_Nonnull value);
typedef cgio_boolean (*cgio_variant_equal_fn)(
    cgio_variant *_Nonnull one, cgio_variant *_Nonnull two);
typedef cgio_variant *_Nonnull (*cgio_variant_new_string_fn)(const char *_Nonnull text);
typedef cgio_variant *_Nonnull (*cgio_variant_new_strv_fn)(
    const char *_Nullable const *_Nullable strv, ptrdiff_t length);
typedef cgio_variant *_Nonnull (*cgio_variant_ref_sink_fn)(cgio_variant *_Nonnull value);
typedef void (*cgio_variant_unref_fn)(cgio_variant *_Nonnull value);
typedef cgio_variant_type *_Nonnull (*cgio_variant_type_new_fn)(const char *_Nonnull text);
typedef void (*cgio_variant_type_free_fn)(cgio_variant_type *_Nonnull type);
typedef const char *_Nonnull (*cgio_variant_type_peek_string_fn)(
    const cgio_variant_type *_Nonnull type);
typedef size_t (*cgio_variant_type_get_string_length_fn)(const cgio_variant_type *_Nonnull type);

// GLib memory and GObject
typedef void (*cgio_free_fn)(void *_Nullable memory);
typedef void (*cgio_strfreev_fn)(char *_Nullable *_Nullable strings);
typedef void (*cgio_object_unref_fn)(void *_Nonnull object);
typedef void (*cgio_error_free_fn)(cgio_error *_Nonnull error);

#endif
