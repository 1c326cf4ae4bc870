/// The schema `settei` opens when no `--schema` is given: the Language & Region screen of the
/// origin tutorial, in English and Japanese, written in settei's JSON schema format
/// (Schemas/LanguageAndRegion.json) and compiled in.
public enum EmbeddedSchema {
  /// The name used for the embedded schema in messages.
  public static let sourceName = "(embedded Language & Region schema)"

  /// The schema. It is compiled in (EmbeddedSchema.generated.swift, written by
  /// `make embedded-schema` from Schemas/LanguageAndRegion.json): reading its JSON text at
  /// each start cost more than half a million instructions, a third of a `settei get`. A test
  /// checks that it is what ``JSONSchemaReader`` makes of ``json``, so it never throws.
  public static func load() throws(SchemaError) -> SettingsSchema {
    compiled()
  }

  /// The `FooterText` of the Region Format group: what shows where the values are not at
  /// hand (a search, a list of texts); its screen shows the example for the values chosen.
  public static let regionFormatExampleFooter =
    "Region Format Example: 0:34, Wednesday, 19 August 2026 · ¥1,234.56 · 4,567.89"
}
