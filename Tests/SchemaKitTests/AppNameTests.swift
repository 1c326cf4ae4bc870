import FileFormats
import Glibc
import TestSupport
import Testing

@testable import SchemaKit

/// The root page is titled as Settings.app titles it: with the app's name, read from the
/// `Info.plist` beside the bundle, never with a build setting left unexpanded.
@Suite struct AppNameTests {
  /// A title is written out when it holds something besides spaces (in any script) and no
  /// `$(` or `${` of a build setting, wherever it stands and whatever is around it.
  @Test(arguments: [
    ("Weather", true), ("言語と地域", true), ("US$ (dollars)", true), ("$", true),
    ("Cost: $5", true), ("", false), (" \t\n", false), ("\u{3000}", false),
    ("$(PRODUCT_NAME)", false), ("${PRODUCT_NAME}", false), ("天気 $(PRODUCT_NAME)", false),
    ("x${y}", false),
  ])
  func aTitleIsWrittenOut(title: String, isWrittenOut: Bool) {
    #expect(AppName.isWrittenOut(title) == isWrittenOut, "\(title.debugDescription)")
  }

  static func infoPlist(_ entries: [String: String]) -> String {
    let body = entries.sorted { $0.key < $1.key }.map {
      "<key>\($0.key)</key><string>\($0.value)</string>"
    }.joined()
    return
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><dict>\(body)</dict></plist>"
  }

  /// A bundle at `folder/<path>/Settings.bundle` with a root page titled `title`.
  static func bundle(in folder: TemporaryFolder, at path: String, title: String) throws -> String {
    let bundle = folder.file(path + "/Settings.bundle")
    var made = folder.path
    for part in (path + "/Settings.bundle").split(separator: "/") {
      made += "/" + part
      mkdir(made, 0o755)
    }
    try writeText(
      pagePlist(toggle("a"), extra: "<key>Title</key><string>\(title)</string>"),
      to: bundle + "/Root.plist")
    return bundle
  }

  @Test func theDisplayNameOfTheAppTheBundleIsIn() throws {
    let folder = try TemporaryFolder()
    let bundle = try Self.bundle(in: folder, at: "Notes.app", title: "${PRODUCT_NAME}")
    try writeText(
      Self.infoPlist(["CFBundleDisplayName": "Notes", "CFBundleName": "NotesApp"]),
      to: folder.file("Notes.app/Info.plist"))
    let schema = try SchemaLoader.load(path: bundle)
    #expect(schema.appName == "Notes")
    #expect(!schema.titlesRootFromPage)
  }

  @Test func anUnexpandedBuildSettingIsSkippedForTheNextName() throws {
    let folder = try TemporaryFolder()
    let bundle = try Self.bundle(in: folder, at: "Project/Notes", title: "WhereTo")
    try writeText(
      Self.infoPlist(["CFBundleDisplayName": "$(PRODUCT_NAME)", "CFBundleName": "Notebook"]),
      to: folder.file("Project/Notes/Info.plist"))
    #expect(AppName.ofBundle(at: bundle) == "Notebook")
    try writeText(
      Self.infoPlist(["CFBundleDisplayName": "${PRODUCT_NAME}", "CFBundleName": "$(TARGET_NAME)"]),
      to: folder.file("Project/Notes/Info.plist"))
    #expect(AppName.ofBundle(at: bundle) == nil)
  }

  @Test func theAppFolderNamesItWhenItsInfoPlistDoesNot() throws {
    let folder = try TemporaryFolder()
    let bundle = try Self.bundle(in: folder, at: "Weather.app", title: "Root")
    #expect(AppName.ofBundle(at: bundle) == "Weather")
  }

  @Test func noInfoPlistNoName() throws {
    let folder = try TemporaryFolder()
    let bundle = try Self.bundle(in: folder, at: "x", title: "Root")
    #expect(AppName.ofBundle(at: bundle) == nil)
    #expect(!AppName.isWrittenOut("  "))
    #expect(!AppName.isWrittenOut("${PRODUCT_NAME} Settings"))
    #expect(AppName.isWrittenOut("Notes $5"))
  }
}
