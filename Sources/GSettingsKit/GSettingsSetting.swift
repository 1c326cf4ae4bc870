import FileFormats
import GSettings

/// A GSettings key as a setting of a settei schema: its key in the model
/// (`org.gnome.desktop.interface:icon-theme`), the specifier it is shown as, and how its
/// value moves between GIO and the model.
package struct GSettingsSetting: Sendable, Equatable {
  /// How a key is shown and edited.
  package enum Form: Sendable, Equatable {
    /// `b`: a switch.
    case toggle
    /// An enum, or a string with `<choices>`: a list of the nicks.
    case choice
    /// Flags: a list of the flags' nicks, each with its own ✓ (a set of them).
    case flags
    /// A number with a `<range>`: a slider.
    case slider
    /// `s`: a text field.
    case text
    /// `as`: a list group of texts.
    case strings
    /// Any other type, numbers without a range too: a text field holding the GVariant text,
    /// checked by parsing it as the key's type.
    case variantText
  }

  /// The schema id.
  package var schema: String
  /// The path of a relocatable schema's settings; `nil` for a schema with a path of its own.
  package var path: String?
  /// The key's GIO description.
  package var key: GSettingsKeyInfo
  /// How it is shown.
  package var form: Form

  /// The name of the page that shows the setting: the schema's id, or `id:path` for a
  /// relocatable schema at a path (`gsettings`' own way of naming it).
  package var pageName: String { GSettingsSource.name(schema: schema, path: path) }

  /// The key in the model: `schema:key`, or `schema:path:key` for a relocatable schema at a
  /// path (the schema is before the first `:`, the key after the last).
  package var settingKey: String { pageName + ":" + key.name }

  package init(schema: String, path: String? = nil, key: GSettingsKeyInfo) {
    self.schema = schema
    self.path = path
    self.key = key
    form = Self.form(of: key)
  }

  /// The form a key takes: from its range first, then its type.
  static func form(of key: GSettingsKeyInfo) -> Form {
    switch key.range {
    case .choices: return .choice
    case .flags: return .flags
    case .numbers where GVariantValues.numberTypes.contains(key.type): return .slider
    case .numbers, .any: break
    }
    switch key.type {
    case "b": return .toggle
    case "s": return .text
    case "as": return .strings
    default: return .variantText
    }
  }

  /// A value read from GIO as the model holds it: a GVariant text field's value is text.
  package func settingValue(_ value: PropertyListValue) -> PropertyListValue {
    guard form == .variantText else { return value }
    switch value {
    case .integer(let number): return .string(String(number))
    case .unsignedInteger(let number): return .string(String(number))
    case .real(let number): return .string("\(number)")
    case .bool(let flag): return .string(flag ? "true" : "false")
    default: return value
    }
  }
}
