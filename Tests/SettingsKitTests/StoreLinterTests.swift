import Testing

@testable import FileFormats
@testable import SettingsKit

/// A store checked against a schema, beside the model whose validator it uses, in the words
/// of SettingsKit's catalog.
@Suite struct StoreLinterTests {
  @Test func aMistypedKeyIsAWarningNamingTheLikelyNewNameInTheLanguageAsked() throws {
    let model = try embeddedModel(language: "en")
    let keys = StoreLinter.settingKeys(of: SettingsIndex(model: model))
    let key = try #require(keys.first { $0.count >= 6 })
    let japanese = SettingsMessages.forLanguage("ja")
    let problems = StoreLinter.problems(
      in: [PropertyListKey(key + "x"): 1], model: model, messages: japanese)
    #expect(problems.count == 1)
    #expect(problems.first?.severity == .warning)
    let message = try #require(problems.first?.message)
    #expect(keys.contains { message == japanese.text(.storeKeyUnknownRenamed, $0) }, "\(message)")
  }

  @Test func aValueThatDoesNotFitIsAnError() throws {
    let model = try embeddedModel(language: "en")
    let index = SettingsIndex(model: model)
    let key = try #require(
      StoreLinter.settingKeys(of: index).first { index.byKey[$0]?.specifier.kind == .multiValue })
    let problems = StoreLinter.problems(in: [PropertyListKey(key): "no such choice"], model: model)
    #expect(problems.map(\.severity) == [.error])
    #expect(problems.first?.message.contains("settei reset \(key)") == true)
  }

  @Test func swappedLettersAreOneTypo() {
    #expect(EditDistance.between("get", "gte") == 1)
    #expect(EditDistance.between("schema", "shema") == 1)
    #expect(EditDistance.between("", "abc") == 3)
  }
}
