import FileFormats
import Glibc
import TestSupport
import Testing

/// A schema's pages together may expand only as far as one file may: the limit on binary
/// property lists holds for the whole schema, not only per page.
@Suite("Schema budget failure modes")
struct SchemaBudgetFailureModeTests {
  /// A bundle whose root opens `panes` pages, each a binary plist of a few hundred bytes
  /// whose Titles and Values expand to 2 × 2¹⁷ strings and arrays: about 524,000 values, under
  /// the limit of a file.
  static func bundle(panes: Int, in home: TemporaryFolder) -> String {
    let bundle = home.file("Settings.bundle")
    mkdir(bundle, 0o755)
    let rows = (1...panes).map {
      "<dict><key>Type</key><string>PSChildPaneSpecifier</string>"
        + "<key>Title</key><string>Pane \($0)</string><key>File</key><string>Pane\($0)</string>"
        + "</dict>"
    }
    write(
      plistDocument("<dict><key>PreferenceSpecifiers</key><array>\(rows.joined())</array></dict>"),
      to: bundle + "/Root.plist")
    for pane in 1...panes {
      write(BinaryPlist.bomb(levels: 17, in: .schema), to: bundle + "/Pane\(pane).plist")
    }
    return bundle
  }

  @Test(
    "RM-66 pages that each stay under the limit but pass it together: exit 65, the file named",
    arguments: [["lint"], ["defaults"], ["list"], ["render"]])
  func pagesPassTheLimitTogether(command: [String]) throws {
    let home = try TemporaryFolder()
    let bundle = Self.bundle(panes: 200, in: home)
    #expect(contents(of: bundle + "/Pane1.plist").map { $0.count < 300 } == true)
    let arguments =
      command == ["list"]
      ? ["list", "--schema", bundle, "--store", home.file("s.json")]
      : command + [bundle]
    let run = try settei(arguments, script: "", home: home.path)
    #expect(run.status == 65, "\(run.errors.prefix(500))")
    #expect(
      run.errors.contains(
        "\(bundle)/Pane2.plist:1: binary property list: with the 1 file read before it, it "
          + "expands to more than 1000000 values"),
      "\(run.errors.prefix(500))")
    #expect(run.output.utf8.count < 10_000, "nothing of the pages printed")
  }

  @Test("RM-66 one such page alone is read")
  func onePageAloneIsRead() throws {
    let home = try TemporaryFolder()
    let bundle = Self.bundle(panes: 1, in: home)
    let run = try settei(["defaults", bundle], script: "", home: home.path)
    #expect(run.status == 0, "\(run.errors.prefix(500))")
    #expect(run.output.contains("\"size\""))
  }
}
