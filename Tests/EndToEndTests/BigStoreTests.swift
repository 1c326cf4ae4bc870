import FileFormats
import TestSupport
import Testing

/// A store that holds a value for every setting of a generated schema: every value is read
/// as stored, and a save rewrites only the member it changes.
@Suite struct BigStoreTests {
  let generated = GeneratedSchema(panes: 3, settingsPerPane: 200)

  @Test func everyStoredValueIsReadAndASaveRewritesOnlyItsMember() throws {
    let home = try TemporaryFolder()
    let schema = home.file("generated.json")
    write(generated.json(), to: schema)
    let store = home.file("s.json")
    let original = generated.store()
    write(original, to: store)
    let arguments = ["--schema", schema, "--store", store]

    // Every stored value differs from its default, so `export --changed` gives them all
    // back: none dropped, none warned about.
    let export = try runSettei(["export", "--changed"] + arguments, script: "", home: home.path)
    #expect(export.status == 0)
    #expect(export.standardError.isEmpty, "\(export.standardError)")
    let exported = try JSONReader.parseObject(Array(export.standardOutput.utf8), source: "out")
    let stored = try JSONReader.parseObject(original, source: "store")
    #expect(exported.count == generated.settingCount)
    #expect(exported == stored)

    // A change made in the REPL to a setting of a pane the first screen does not read.
    let setting = generated.setting(401)
    #expect(!setting.isToggle)
    let before = "\"\(setting.key)\": \(generated.storedValue(of: setting)),"
    #expect(before == "\"m401\": \"s\",")
    let save = try runSettei(arguments, script: "set m401 Medium\nquit\n", home: home.path)
    #expect(save.status == 0, "\(save.standardError)")
    let expected = String(decoding: original, as: UTF8.self).replacing(
      before, with: "\"m401\": \"m\",", maxReplacements: 1)
    #expect(expected != String(decoding: original, as: UTF8.self))
    #expect(String(decoding: contents(of: store) ?? [], as: UTF8.self) == expected)
  }
}
