import FileFormats
import SchemaKit
import SettingsKit
import TestSupport
import Testing

@testable import SetteiCommands

/// `settei diff` and `settei export --changed`: what differs, where it is, secrets masked.
@Suite struct DiffCommandTests {
  static func bundle() throws -> TestBundle {
    try TestBundle(pages: [
      "Root": [
        spec("PSTextFieldSpecifier", key: "password", title: "Password", ["IsSecure": true]),
        spec(
          "PSMultiValueSpecifier", key: "unit", title: "Unit",
          ["DefaultValue": "c", "Values": ["c", "f"], "Titles": ["Celsius", "Fahrenheit"]]),
        spec("PSChildPaneSpecifier", title: "Sync Options", ["File": "More"]),
      ],
      "More": [
        spec("PSToggleSwitchSpecifier", key: "sync", title: "Sync", ["DefaultValue": true])
      ],
    ])
  }

  @Test func rowsFollowDefaultsForMissingKeysAndNameKeysTheSchemaLacks() throws {
    let bundle = try Self.bundle()
    let model = SettingsModel(
      schema: try SchemaLoader.load(path: bundle.path), storedValues: [:], language: "en")
    let rows = StoreDifference.rows(
      old: ["unit": "c", "sync": true, "oldName": 1], new: ["sync": false, "unit": "c"],
      model: model, index: SettingsIndex(schema: model.schema))
    #expect(
      rows == [
        .init(key: "sync", path: ["Settings", "Sync Options", "Sync"], old: true, new: false),
        .init(key: "oldName", path: ["(not in the schema)"], old: 1, new: nil),
      ])
    #expect(
      StoreDifference.changedValues(["unit": "c", "sync": false, "gone": 1], model: model)
        == ["sync": false, "gone": 1])
  }

  @Test func twoStoresListKeyOldNewAndWhereWithSecretsMasked() throws {
    let bundle = try Self.bundle()
    let a = bundle.folder.file("a.json")
    let b = bundle.folder.file("b.json")
    try writeText(#"{"password": "hunter2", "unit": "f"}"#, to: a)
    try writeText(#"{"password": "s3cret\u001b[31m", "sync": false}"#, to: b)
    let run = try runSettei(["diff", a, b, "--schema", bundle.path])
    #expect(run.status == 1, "\(run.standardError)")
    #expect(
      run.standardOutput == """
        KEY       OLD     NEW     WHERE
        password  ••••••  ••••••  Settings › Password
        sync      true    false   Settings › Sync Options › Sync
        unit      f       c       Settings › Unit

        """)
    #expect(!run.standardOutput.contains("hunter2") && !run.standardOutput.contains("s3cret"))
  }

  @Test func oneStoreIsComparedWithTheDefaultsAndEscapesWhatATerminalWouldActOn() throws {
    let bundle = try Self.bundle()
    let store = bundle.folder.file("s.json")
    try writeText(#"{"unit": "c", "renamed\u001b]0;x\u0007": "f"}"#, to: store)
    let run = try runSettei(["diff", store, "--schema", bundle.path])
    #expect(run.status == 1)
    #expect(run.standardOutput.hasPrefix("KEY"))
    #expect(
      run.standardOutput.contains("renamed\\u{1B}]0;x\\u{7}  (none)   f    (not in the schema)"))
    #expect(!run.standardOutput.contains("\u{1B}"))
    #expect(!run.standardOutput.contains("unit"), "a stored default is no difference")
  }

  @Test func noDifferenceIsStatusZeroAndSilent() throws {
    let bundle = try Self.bundle()
    let store = bundle.folder.file("s.json")
    try writeText(#"{"unit": "c", "sync": true}"#, to: store)
    let run = try runSettei(["diff", store, "--schema", bundle.path])
    #expect(run.status == 0 && run.standardOutput.isEmpty)
  }

  @Test func aMissingStoreIsNamedAndStatus65() throws {
    let run = try runSettei(["diff", "/nonexistent/a.json"])
    #expect(run.status == 65)
    #expect(run.standardError.contains("/nonexistent/a.json: no such store."))
  }

  @Test func exportChangedKeepsOnlyWhatDiffersFromTheDefaults() throws {
    let bundle = try Self.bundle()
    let store = bundle.folder.file("s.json")
    try writeText(#"{"unit": "c", "sync": false, "password": "pw", "gone": 1}"#, to: store)
    let run = try runSettei(["export", "--changed", "--schema", bundle.path, "--store", store])
    try #require(run.status == 0, "\(run.standardError)")
    let values = try JSONReader.parse(Array(run.standardOutput.utf8), source: "out")
    #expect(values == ["sync": false, "password": "pw", "gone": 1])
    let plist = try runSettei([
      "export", "--changed", "--format", "plist", "--schema", bundle.path, "--store", store,
    ])
    #expect(try PropertyListReader.parse(Array(plist.standardOutput.utf8), source: "p") == values)
  }

  @Test func changedGoesOnlyWithExport() throws {
    #expect(
      throws: Options.UsageError(
        message: "--changed is not an option of settei list; it goes with settei export: "
          + "see 'settei export --help'.")
    ) {
      try Options.parse(["list", "--changed"])
    }
    #expect(
      try Options.parse(["diff", "a.json"]).command
        == DiffCommand.with(.stores(storeA: "a.json", storeB: nil)))
    #expect(try Options.parse(["export", "--changed"]).changedOnly)
  }
}
