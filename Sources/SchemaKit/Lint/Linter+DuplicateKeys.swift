import FileFormats

extension Linter {
  // MARK: Keys across pages

  /// A specifier that stores a value, where it is.
  private struct Place {
    var page: SettingsSchema.Page
    var specifier: Specifier
  }

  mutating func checkDuplicateKeys(order: [String]) {
    let shared = rootScope
    var scopes: [[String]] = [order.filter(shared.contains)]
    scopes += order.filter { !shared.contains($0) }.map { [$0] }
    for scope in scopes {
      // By bytes, as the store tells keys apart.
      var first: [PropertyListKey: Place] = [:]
      for name in scope {
        guard let page = schema.pages[name] else { continue }
        for specifier in page.specifiers where specifier.kind.storesValue {
          guard let key = specifier.key, !key.isEmpty else { continue }
          guard let earlier = first[key] else {
            first[PropertyListKey(key)] = Place(page: page, specifier: specifier)
            continue
          }
          let there = SchemaArgument.reason(
            SchemaReason(
              .specifierInFile, .text(earlier.page.source), .index(earlier.specifier.index)))
          if let difference = difference(earlier.specifier, specifier) {
            report(
              .error, specifier, on: page,
              SchemaReason(
                .keyUsedTwiceDifferently, .text(printable(key)), there, .text(difference)),
              fix: SchemaReason(.giveAnotherKeyOrSame),
              leavesRowUsable: true)
          } else {
            report(
              .warning, specifier, on: page,
              SchemaReason(.keyUsedTwice, .text(printable(key)), there),
              fix: SchemaReason(.nothingIfMeant))
          }
        }
      }
    }
  }

  /// The first member in which two specifiers of one key differ, or `nil`.
  private func difference(_ a: Specifier, _ b: Specifier) -> String? {
    for member in [
      "Type", "DefaultValue", "Values", "TrueValue", "FalseValue", "MinimumValue", "MaximumValue",
    ] where a[member: member] != b[member: member] {
      return member
    }
    return nil
  }
}
