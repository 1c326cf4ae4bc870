import Testing

@testable import SetteiCommands

/// A settei linked with the C library inside it hands `--gsettings` to `settei-gio`, looked
/// for beside it and in the libexec folder of its prefix. (That it runs, and what a settei
/// without it says, is checked on the release binary: ReleaseLinkingTests.)
@Suite struct GIOTwinTests {
  @Test(arguments: [
    (
      "/usr/local/bin/settei",
      ["/usr/local/bin/settei-gio", "/usr/local/libexec/settei/settei-gio"]
    ),
    (
      "/work/.build/x86_64-unknown-linux-gnu/release/settei",
      [
        "/work/.build/x86_64-unknown-linux-gnu/release/settei-gio",
        "/work/.build/x86_64-unknown-linux-gnu/libexec/settei/settei-gio",
      ]
    ),
    ("/bin/settei", ["/bin/settei-gio", "/libexec/settei/settei-gio"]),
    ("/settei", ["/settei-gio", "/libexec/settei/settei-gio"]),
  ])
  func theTwinIsLookedForBesideThenInLibexec(executable: String, places: [String]) {
    #expect(GIOTwin.places(besides: executable) == places)
  }

  /// A test process has the dynamic loader, so it loads GIO itself: nothing is handed over,
  /// with or without `--gsettings`.
  @Test func aProcessWithTheDynamicLoaderRunsGSettingsItself() {
    #expect(!GIOTwin.runs(["--gsettings", "list"]))
    #expect(!GIOTwin.runs(["get", "temperatureUnit"]))
  }
}
