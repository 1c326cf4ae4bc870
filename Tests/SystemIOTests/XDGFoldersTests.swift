import Testing

@testable import SystemIO

/// Where a program keeps its state and its settings: an absolute XDG variable, else the
/// home folder, else nowhere.
@Suite struct XDGFoldersTests {
  @Test(
    arguments: [
      (["XDG_STATE_HOME": "/s", "XDG_CONFIG_HOME": "/c", "HOME": "/h"], "/s/p", "/c/p"),
      (["HOME": "/h"], "/h/.local/state/p", "/h/.config/p"),
      (
        ["XDG_STATE_HOME": "relative", "XDG_CONFIG_HOME": "", "HOME": "/h"],
        "/h/.local/state/p", "/h/.config/p"
      ),
      (["XDG_STATE_HOME": "relative", "HOME": ""], nil, nil),
      ([:], nil, nil),
    ] as [([String: String], String?, String?)])
  func aVariableWithAnAbsolutePathElseTheHomeFolder(
    environment: [String: String], state: String?, config: String?
  ) {
    #expect(XDGFolders.state(of: "p", environment: environment) == state)
    #expect(XDGFolders.config(of: "p", environment: environment) == config)
  }
}
