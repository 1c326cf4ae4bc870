import FileFormats
import SchemaKit
import TextSafety

/// Secrets: the secure text fields, and what holds or reveals their values.
extension SettingsModel {
  /// The keys of the schema's secure text fields (`IsSecure`), whose values are shown
  /// masked and never quoted. Every page is read to find them.
  package var secureKeys: Set<PropertyListKey> {
    if !allKeysIndexed { indexAllKeys() }
    return Set(settingsByKey.filter { setting(at: $0.value).specifier.isSecure }.keys)
  }

  /// The keys whose values are or hold a secret: the secure text fields, and the list groups
  /// whose items are secure or have secure fields. Every page is read to find them.
  package var keysHoldingSecrets: Set<PropertyListKey> {
    if !allKeysIndexed { indexAllKeys() }
    return Set(settingsByKey.keys.filter { holdsSecret($0.string) })
  }

  /// Whether a key's value is or holds a secret (see ``keysHoldingSecrets``).
  package func holdsSecret(_ key: String) -> Bool {
    guard let specifier = specifier(forKey: key)?.specifier else { return false }
    return specifier.isSecure || secretItemFields(of: specifier) != nil
  }

  /// Whether `text` holds the value of a secure field that the store or this session gave
  /// it (not an empty one). Only a key whose value `text` holds is looked up, so that a
  /// line typed reads no page.
  package func containsSecret(_ text: String) -> Bool {
    func reveals(_ key: String, _ value: PropertyListValue?) -> Bool {
      guard let secret = value?.stringValue, !secret.isEmpty, text.containsText(secret) else {
        return false
      }
      return specifier(forKey: key)?.specifier.isSecure == true
    }
    return edits.contains { reveals($0.key.string, $0.value) }
      || storedValues.contains { edits[$0.key] == nil && reveals($0.key.string, $0.value) }
  }

  /// How a secret is shown.
  package static let maskedSecret = "••••••"

  /// `value` with the secrets in it masked as ``maskedSecret``: a secure field's value, the
  /// items of a list group whose items are secure, the secure fields of its items' page.
  package func masked(_ value: PropertyListValue, forKey key: String) -> PropertyListValue {
    guard let specifier = specifier(forKey: key)?.specifier else { return value }
    if specifier.isSecure { return .string(Self.maskedSecret) }
    guard let fields = secretItemFields(of: specifier), let items = value.arrayValue else {
      return value
    }
    return .array(
      items.map { item in
        guard var members = item.dictionaryValue else { return .string(Self.maskedSecret) }
        for field in fields where members[field] != nil {
          members[field] = .string(Self.maskedSecret)
        }
        return .dictionary(members)
      })
  }

  /// For a list group: the secure fields of its items' page (empty when the items
  /// themselves are secure), or `nil` when its items hold no secret.
  private func secretItemFields(of specifier: Specifier) -> Set<String>? {
    guard specifier.kind == .listGroup else { return nil }
    var fields: Set<String> = []
    for name in [SpecifierKey.itemSpecifier, SpecifierKey.addSpecifier] {
      guard let item = specifier.nestedSpecifier(name) else { continue }
      if item[SpecifierKey.isSecure]?.boolValue == true { return [] }
      if let file = item[SpecifierKey.file]?.stringValue,
        let page = self.page(named: file, holdsItems: true)
      {
        fields.formUnion(page.specifiers.filter(\.isSecure).compactMap(\.key))
      }
    }
    return fields.isEmpty ? nil : fields
  }
}
