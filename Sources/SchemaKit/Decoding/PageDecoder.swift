import FileFormats

/// The one decoder of a page dictionary (`PreferenceSpecifiers`, `Title`, `StringsTable`)
/// read as property-list values: a Settings.bundle's pages and, for files of the wrong shape,
/// the JSON form's (``JSONSchemaReader``). ``JSONPageDecoder`` is the JSON form's fast path
/// for files of the right shape.
///
/// A page without a `PreferenceSpecifiers` array is not a page. A specifier that is not a
/// dictionary is recorded as an error in `problems` and left out, and a `StringsTable` that
/// is not a string as a warning, so that lint reports them with the rest; the JSON form
/// refuses a file with the first of those errors.
enum PageDecoder {
  /// The page of `dictionary`, or why it is not one.
  ///
  /// - Parameters:
  ///   - dictionary: The page's members.
  ///   - name: The page's name, for ``LintProblem``s.
  ///   - source: The file, for messages.
  ///   - problems: Where a specifier left out or a `StringsTable` ignored is recorded.
  ///   - prepare: Runs on each specifier dictionary, with its index, before it becomes a
  ///     ``Specifier`` (the JSON form takes out its inline `Children` pages there).
  /// - Returns: The page, or why `dictionary` is not one.
  /// - Throws: What `prepare` throws.
  static func page<Failure: Error>(
    _ dictionary: [PropertyListKey: PropertyListValue], name: String, source: String,
    problems: inout [LintProblem],
    prepare: (inout [PropertyListKey: PropertyListValue], Int) throws(Failure) -> Void
  ) throws(Failure) -> Result<SettingsSchema.Page, SettingsBundleLoader.PageError> {
    guard let list = dictionary[SpecifierKey.preferenceSpecifiers] else {
      return .failure(
        SettingsBundleLoader.PageError(SchemaReason(.noPreferenceSpecifiers)))
    }
    guard let items = list.arrayValue else {
      return .failure(
        SettingsBundleLoader.PageError(
          SchemaReason(.preferenceSpecifiersNotArray, .typeOf(list))))
    }
    var specifiers: [Specifier] = []
    specifiers.reserveCapacity(items.count)
    // Equal `Titles` and `Values` arrays are held once for the page.
    let shared = Specifier.SharedArrays()
    for (index, item) in items.enumerated() {
      guard var raw = item.dictionaryValue else {
        problems.append(
          LintProblem(
            severity: .error, source: source, page: name, specifierIndex: index,
            reason: SchemaReason(.specifierNotDictionary, .typeOf(item)),
            fix: SchemaReason(.makeDictionaryOrRemove)))
        continue
      }
      try prepare(&raw, index)
      var builder = Specifier.Builder(sharing: shared)
      for (name, value) in raw { _ = builder.add(name.string, value) }
      specifiers.append(builder.specifier(index: index))
    }
    var stringsTable: String?
    if let table = dictionary[SpecifierKey.stringsTable] {
      if let tableName = table.stringValue {
        stringsTable = tableName
      } else {
        problems.append(
          LintProblem(
            severity: .warning, source: source, page: name,
            reason: SchemaReason(.stringsTableNotString, .typeOf(table)),
            fix: SchemaReason(.giveStringsFileName)))
      }
    }
    return .success(
      SettingsSchema.Page(
        name: name, title: dictionary[SpecifierKey.title]?.stringValue,
        stringsTable: stringsTable, specifiers: specifiers, source: source))
  }
}
