import FileFormats
import GSettings
import SettingsKit

/// What a run of settei with `--gsettings` works on: GIO's schemas as screens, a model of
/// their values, and GSettings as its store.
package final class GSettingsSession {
  package let store: GSettingsStore
  package let screens: GSettingsScreens
  package let model: SettingsModel
  /// What could not be read (a schema's XML, a catalog) and what is not shown (relocatable
  /// schemas), a line each, for standard error.
  package let notes: [String]

  /// Opens GIO, reads its schemas and the values the user set, in `language`.
  ///
  /// - Throws: ``GSettings/GSettingsError`` when GIO cannot be loaded or read (worded by
  ///   ``GSettings/GSettingsError/message(_:)``).
  /// - Parameters:
  ///   - environment: Where GIO's schemas are (`GSETTINGS_SCHEMA_DIR`, `XDG_DATA_DIRS`).
  ///   - language: The session's language, of the titles and messages.
  ///   - requested: Relocatable schemas at paths to show besides those found (a
  ///     `SCHEMA:PATH:KEY` named on the command line), as `gsettings` takes any path.
  package init(
    environment: [String: String], language: String,
    requested: [(schema: String, path: String)] = []
  ) throws(GSettingsError) {
    let source = try GSettingsSource()
    let loaded = try GSettingsScreens.load(
      source: source, environment: environment, language: language, requested: requested)
    screens = loaded.screens
    let store = GSettingsStore(source: source, settings: loaded.screens.settings)
    store.instanceFinder = loaded.finder
    self.store = store
    let model = SettingsModel(
      schema: loaded.screens.schema, storedValues: try store.storedValues(), language: language)
    self.model = model
    model.valueChecker = { [unowned store, unowned model] value, key in
      store.problem(storing: value, forKey: key, language: model.language)
    }
    let screens = loaded.screens
    model.detailLines = { [unowned model] key in screens.detailLines(forKey: key, model: model) }
    var notes = loaded.problems
    let skipped = loaded.screens.skippedRelocatable
    if !skipped.isEmpty {
      let messages = GSettingsMessages.forLanguage(language)
      let names = skipped.joined(separator: ", ")
      notes.append(
        skipped.count == 1
          ? messages.text(.skippedRelocatableOne, names)
          : messages.text(.skippedRelocatable, String(skipped.count), names))
    }
    self.notes = notes
    schemaText = (loaded.text, loaded.syntaxErrors)
    schemaIDs = loaded.ids
    let ids = loaded.ids
    noSchemas =
      ids.fixed.isEmpty && ids.relocatable.isEmpty
      ? GSettingsMessages.forLanguage(language).text(
        .noSchemas,
        GSchemaText.schemaFolders(environment: environment).joined(separator: ", "))
      : nil
  }

  /// The schemas' XML text the screens were made from, and the files that are not XML.
  package let schemaText: (text: GSchemaText, syntaxErrors: [MarkupScanner.SyntaxError])
  /// The ids of every schema GIO has, with a path of its own and relocatable.
  package let schemaIDs: (fixed: [String], relocatable: [String])

  /// Why there is nothing to show, when GIO finds no schema at all: where it looked and what
  /// to do. `nil` when it finds some.
  package let noSchemas: String?

  /// Writes the model's changes to GSettings (each schema's at once), and says so: `nil`
  /// when nothing changed. The model then holds them as stored.
  package func save() -> Result<String?, SaveFailure> {
    let changed = model.changedKeys
    guard !changed.isEmpty else { return .success(nil) }
    let messages = GSettingsMessages.forLanguage(model.language)
    do {
      try store.save(values: model.values, changedKeys: changed)
      model.takeStoredValues(try store.storedValues())
    } catch {
      return .failure(SaveFailure(message: messages.text(.saveFailed, error.message(messages))))
    }
    return .success(
      changed.count == 1
        ? messages.text(.savedOne) : messages.text(.savedMany, String(changed.count)))
  }

  /// A save that wrote nothing, and why.
  package struct SaveFailure: Error, Equatable {
    package var message: String
  }
}
