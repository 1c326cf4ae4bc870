import FileFormats
import Glibc
import SystemIO

/// The settings file: a flat map from keys to property-list values, like `UserDefaults`.
///
/// A store is loaded once, edited in memory by the session, and saved with
/// ``save(_:changedKeys:overwriting:)``, which takes the lock `<store>.lock`, applies only
/// the keys the session changed over what is on disk then, and refuses to overwrite a key
/// another program changed meanwhile. Loading never modifies the file, and a file that
/// cannot be read is never overwritten. Edits a signal kept from being saved go to a
/// recovery file (``writeRecovery(_:to:)``).
///
/// ```swift
/// let store = try SettingsStore.load(path: "/home/taro/.config/settei/settings.json")
/// var values = store.values
/// values["unit"] = "celsius"
/// try store.save(values, changedKeys: ["unit"])
/// ```
package final class SettingsStore {
  /// How the file is written, chosen by its extension.
  package enum Format: Sendable, Equatable {
    /// JSON: the default for any extension but `.plist`.
    case json
    /// A property list: read as XML or binary, written as XML.
    case plist

    /// The format for `path`: `.plist` (any case) for a `.plist` extension, else `.json`.
    ///
    /// - Parameter path: The store's path.
    package init(path: String) {
      let name = path.split(separator: "/").last ?? ""
      self = name.lowercased().hasSuffix(".plist") ? .plist : .json
    }
  }

  /// The path the store was opened with (a symbolic link stays one; see
  /// ``save(_:changedKeys:overwriting:)``).
  package let path: String
  /// How the file is written.
  package let format: Format
  /// Keys whose values are never put in a message, such as a conflict's: the schema's
  /// secure text fields.
  package var secretKeys: Set<PropertyListKey> = []
  /// The values as last read from or written to the file.
  package internal(set) var values: [PropertyListKey: PropertyListValue]
  /// The file's bytes when ``values`` were read or written: a save that finds the same bytes
  /// under the lock knows the values without parsing them again.
  var knownBytes: [UInt8]?
  /// Where the members sit in ``knownBytes`` (JSON only), so that a save rewrites only the
  /// members it changes.
  var knownLayout: JSONObjectLayout?
  /// Where the members sit in ``knownBytes`` when they are JSON in another shape, so that a
  /// save copies the members it does not change.
  var knownLooseMembers: JSONObjectLayout.Members?

  init(path: String, format: Format, contents: Contents = Contents(), knownBytes: [UInt8]? = nil) {
    self.path = path
    self.format = format
    self.values = contents.values
    self.knownLayout = contents.layout
    self.knownLooseMembers = contents.looseMembers
    self.knownBytes = knownBytes
  }

  /// Numbers no value holds exactly, as another file wrote them (`import` sets the imported
  /// file's), by where they sit: a save writes a changed member's numbers so when its value
  /// is the number the text stands for.
  package var numbersToWrite = JSONWrittenNumbers()

  /// The numbers of a JSON store that no value holds exactly, as the file writes them
  /// (`123456789012345678901234567890`), by where they sit; none for a property list.
  /// Read from the file's bytes again when asked, which `export` and `diff` do.
  package var writtenNumbers: JSONWrittenNumbers {
    guard format == .json, let knownBytes else { return JSONWrittenNumbers() }
    return (try? JSONReader.writtenNumbers(in: knownBytes, source: path)) ?? JSONWrittenNumbers()
  }

  /// What a store file holds: its values and, for JSON, where each one sits in the file
  /// (as a layout in the shape settei writes, else as loose members).
  struct Contents {
    var values: [PropertyListKey: PropertyListValue] = [:]
    var layout: JSONObjectLayout?
    var looseMembers: JSONObjectLayout.Members?
  }

  /// The most bytes settei reads from a store, an imported file or a recovery file: far
  /// beyond the 100,000-key stores of the benchmarks (a few MiB), and refused before any
  /// memory is taken for it, so that a huge (or sparse) file is an error, never a crash.
  package static let sizeLimit = 256 << 20

  /// The most bytes settei reads from a file of its own state, such as the keys a schema
  /// had at the last start: they hold a list of keys, a few MiB for the largest schemas.
  package static let stateSizeLimit = 32 << 20

  /// Opens the store at `path`, reading its values; a missing file is an empty store.
  ///
  /// - Parameters:
  ///   - path: The store's path; its extension chooses the ``Format``.
  ///   - sizeLimit: The most bytes read; a longer file is refused as unreadable.
  /// - Returns: The store, holding the file's values.
  /// - Throws: ``StoreError`` of kind ``StoreError/Kind/unreadable`` if the file exists but
  ///   cannot be read, is over `sizeLimit`, does not parse, or does not hold a dictionary at
  ///   the top level; the error names the line and column where known. The file is not
  ///   modified.
  package static func load(path: String, sizeLimit: Int = sizeLimit) throws(StoreError)
    -> SettingsStore
  {
    let format = Format(path: path)
    guard let file = try readFile(path, limit: sizeLimit, advice: loadAdvice) else {
      return SettingsStore(path: path, format: format)
    }
    let contents = try parse(file.bytes, path: path, format: format, advice: loadAdvice)
    return SettingsStore(path: path, format: format, contents: contents, knownBytes: file.bytes)
  }

  static var loadAdvice: StoreReason { StoreReason(.loadAdvice) }

  /// A file that must exist, read as a store is (its extension chooses the format), such
  /// as a file given to `import`.
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - advice: What the user can do when the file is missing or cannot be read.
  ///   - sizeLimit: The most bytes read; a longer file is refused as unreadable.
  /// - Returns: The file as a store: its values, and its numbers as written.
  /// - Throws: ``StoreError`` of kind ``StoreError/Kind/unreadable`` naming `path`, also when
  ///   there is no file.
  package static func existing(path: String, advice: String, sizeLimit: Int = sizeLimit)
    throws(StoreError) -> SettingsStore
  {
    try existing(path: path, whatToDo: .verbatim(advice), sizeLimit: sizeLimit)
  }

  /// ``existing(path:advice:sizeLimit:)`` with what to do as a reason of the catalog.
  static func existing(path: String, whatToDo advice: StoreReason, sizeLimit: Int = sizeLimit)
    throws(StoreError) -> SettingsStore
  {
    let format = Format(path: path)
    guard let file = try readFile(path, limit: sizeLimit, advice: advice) else {
      throw StoreError(
        kind: .unreadable, path: path,
        why: StoreReason(.cannotOpen, .text(String(cString: strerror(ENOENT)))),
        whatToDo: advice, systemError: ENOENT)
    }
    let contents = try parse(file.bytes, path: path, format: format, advice: advice)
    return SettingsStore(path: path, format: format, contents: contents, knownBytes: file.bytes)
  }

  /// The values in the file at `path`, or `nil` if there is no file.
  static func read(path: String, format: Format, sizeLimit: Int, advice: StoreReason)
    throws(StoreError) -> [PropertyListKey: PropertyListValue]?
  {
    try readFile(path, limit: sizeLimit, advice: advice).map { file throws(StoreError) in
      try parse(file.bytes, path: path, format: format, advice: advice).values
    }
  }

  /// The file at `path`, or `nil` if there is none; failures say what to do.
  static func readFile(_ path: String, limit: Int, advice: StoreReason) throws(StoreError)
    -> FileSystem.File?
  {
    do {
      return try FileSystem.readFile(path, limit: limit)
    } catch {
      throw StoreError(
        kind: .unreadable, path: path,
        why: StoreReason.failedCall(error),
        whatToDo: advice, systemError: error.code)
    }
  }

  /// The values in `bytes`, the contents of the store file at `path`.
  static func parse(_ bytes: [UInt8], path: String, format: Format, advice: StoreReason)
    throws(StoreError) -> Contents
  {
    do {
      switch format {
      case .json:
        let (values, layout, loose) = try JSONReader.parseObjectWithLayout(bytes, source: path)
        return Contents(values: values, layout: layout, looseMembers: loose)
      case .plist:
        return Contents(values: try PropertyListReader.parseDictionary(bytes, source: path))
      }
    } catch {
      throw StoreError(
        kind: .unreadable, path: path, line: error.line, column: error.column,
        why: StoreReason(.verbatim, .format(error.reason)), whatToDo: advice)
    }
  }

  /// The file contents for `values` — sorted keys, final line break — and, for JSON, where
  /// each member sits.
  static func serialize(
    _ values: [PropertyListKey: PropertyListValue], format: Format,
    numbers: JSONWrittenNumbers = JSONWrittenNumbers()
  ) -> (bytes: [UInt8], layout: JSONObjectLayout?) {
    switch format {
    case .json:
      let (bytes, layout) = JSONObjectLayout.write(values, numbers: numbers)
      return (bytes, layout)
    case .plist:
      return (Array(PropertyListWriter.serialize(.dictionary(values)).utf8), nil)
    }
  }
}
