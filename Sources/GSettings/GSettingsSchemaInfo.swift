import FileFormats

/// A key of a GSettings schema, as GIO describes it.
package struct GSettingsKeyInfo: Sendable, Equatable {
  /// What values a key allows beyond its type: GIO's `g_settings_schema_key_get_range`.
  package enum Range: Sendable, Equatable {
    /// Any value of the type.
    case any
    /// One of these strings: an `enum` key's nicks, or a string key's `<choices>`.
    case choices([String])
    /// Any set of these flags' nicks (a `flags` key, typed `as`).
    case flags([String])
    /// A number from `minimum` to `maximum`, both included (`<range>`).
    case numbers(minimum: PropertyListValue, maximum: PropertyListValue)
  }

  /// The key's name (`icon-theme`).
  package var name: String
  /// Its GVariant type string (`s`, `b`, `i`, `as`, `a{ss}`, …).
  package var type: String
  /// Its default value, read as ``GVariantValues`` reads values of its type.
  package var defaultValue: PropertyListValue
  /// What values it allows.
  package var range: Range
  /// Its `<summary>` as GIO gives it (translated only where the C library's locale is
  /// installed); `nil` when the schema has none.
  package var summary: String?
  /// Its `<description>` as GIO gives it; `nil` when the schema has none.
  package var description: String?

  package init(
    name: String, type: String, defaultValue: PropertyListValue, range: Range,
    summary: String? = nil, description: String? = nil
  ) {
    self.name = name
    self.type = type
    self.defaultValue = defaultValue
    self.range = range
    self.summary = summary
    self.description = description
  }
}

/// A GSettings schema, as GIO describes it.
package struct GSettingsSchemaInfo: Sendable, Equatable {
  /// Its id (`org.gnome.desktop.interface`).
  package var id: String
  /// The path its settings are stored at (`/org/gnome/desktop/interface/`), or `nil` for a
  /// relocatable schema.
  package var path: String?
  /// Its keys, sorted by name.
  package var keys: [GSettingsKeyInfo]
  /// The names of its `<child>` elements, sorted.
  package var children: [String]

  package init(id: String, path: String?, keys: [GSettingsKeyInfo], children: [String]) {
    self.id = id
    self.path = path
    self.keys = keys
    self.children = children
  }
}
