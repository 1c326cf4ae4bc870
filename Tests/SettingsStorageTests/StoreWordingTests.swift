import FileFormats
import TestSupport
import Testing

@testable import SettingsStorage

/// SettingsStorage hands up what is wrong and what to do as typed reasons (`StoreReason`): the
/// program words a store error in the session's language from Messages/SettingsStorage, and
/// the English stays what `description` always printed.
@Suite struct StoreWordingTests {
  let japanese = StoreMessages.forLanguage("ja")

  @Test func aConflictIsWordedInJapaneseWithTheValuesOfBothSides() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("settings.json")
    try writeText(#"{"unit": "celsius"}"#, to: path)
    let store = try SettingsStore.load(path: path)
    try writeText(#"{"unit": "fahrenheit"}"#, to: path)
    let error = try #require(storeError { try store.save([:], changedKeys: ["unit"]) })
    #expect(
      error.why
        == StoreReason(
          .conflictOne,
          .reasons([
            StoreReason(
              .conflictDetail, .text("unit"), .text(#""fahrenheit""#),
              .reason(StoreReason(.notSet)))
          ])))
    #expect(
      error.description
        == path + #": another program changed a setting you changed too, since settei opened "#
        + #"the file: 'unit' is now "fahrenheit" there (yours: (not set))"#
        + "\nNothing was saved; the other program's values stay until you choose.")
    #expect(
      error.worded(in: japanese)
        == path + ": settei がファイルを開いてから、あなたが変更した設定を別のプログラムも変更しました: "
        + #"「unit」はそちらで "fahrenheit" になっています (こちらの値: (未設定))"#
        + "\n何も保存していません。あなたが選ぶまで、別のプログラムの値がそのまま残ります。")
  }

  @Test func aRecoveryFileOfAnotherShapeIsRefusedInJapanese() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("settings.json.recover")
    try writeText(
      PropertyListWriter.serialize(.dictionary(["set": .array([])])), to: path)
    let error = try #require(storeError { _ = try SettingsStore.readRecovery(at: path) })
    #expect(error.why == StoreReason(.notRecoveryFile))
    #expect(error.reason.hasPrefix("not a settei recovery file"))
    #expect(
      error.worded(in: japanese)
        == path + ": settei の復旧ファイルではありません: 'set' (<dict>) と 'removed' "
        + "(<string> の <array>) を持つ <dict> が必要です\n"
        + "settei はこのファイルを変更していません。その変更なしで続けるには、ファイルを別の場所に移すか削除してください。")
  }

  @Test func aStaleLockTakenOverIsANoteInEitherLanguage() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("settings.json")
    try writeText("{\"unit\": \"cel", to: path + ".lock")
    let report = try SettingsStore.load(path: path).save(["unit": "c"], changedKeys: ["unit"])
    let note = try #require(report.noteReasons.first)
    #expect(note.message == .tookOverLock)
    #expect(note.worded(in: japanese).contains("保存中に終了したプロセスが残したロックを引き継ぎました"))
    #expect(report.notes == [note.description])
  }
}
