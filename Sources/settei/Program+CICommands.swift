import FileFormats
import SchemaKit
import TableREPL

/// The commands for iOS developers' CI, which read a Settings.bundle (and a store) without a
/// device: defaults.
extension Program {
  /// `settei defaults PATH`: every key's default, as JSON, a property list or Swift.
  func defaults(_ path: String, format: Options.DefaultsFormat) throws(Failure) -> ExitStatus {
    let schema = try loadSchema(path).schema
    let catalog = DefaultsCatalog(schema: schema)
    for entry in catalog.entries {
      guard let ambiguity = entry.type.ambiguity else { continue }
      note(
        "\(entry.key) (\(entry.page)): ambiguous type, \(ambiguity); "
          + "taken as \(entry.type.swiftName).")
    }
    let values = PropertyListValue.dictionary(catalog.dictionary)
    switch format {
    case .json: standardOutput.write(JSONWriter.serialize(values))
    case .plist:
      if let (key, character) = PropertyListWriter.characterXMLCannotHold(in: values) {
        throw Failure(
          status: .scriptFailed,
          message: "\(path): the default of \(key) holds the control character "
            + "U+\(String(character.value, radix: 16, uppercase: true)), which an XML "
            + "property list cannot hold; nothing was written. Use --format json.")
      }
      standardOutput.write(PropertyListWriter.serialize(values))
    case .swift: standardOutput.write(SwiftDefaultsWriter.write(catalog, source: path))
    }
    return .success
  }

  /// A note on standard error, sanitised: `settei: note: …`.
  func note(_ message: String) {
    standardError.write("settei: note: \(TerminalText.sanitize(message))\n")
  }
}
