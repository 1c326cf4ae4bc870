/// Where the package and its test fixtures are, for tests and benchmarks that read them.
public enum PackagePaths {
  /// The package's root folder (the one that holds Package.swift), found from this file's
  /// path: `<root>/Tests/TestSupport/PackagePaths.swift`.
  public static let root: String = {
    var path = #filePath
    for _ in 0..<3 {
      guard let slash = path.lastIndex(of: "/") else { return "." }
      path = String(path[..<slash])
    }
    return path.isEmpty ? "/" : path
  }()

  /// `Tests/Fixtures`: real Settings bundles that the project did not write, with their
  /// licence (see the README there).
  public static let fixtures = root + "/Tests/Fixtures"

  /// The Settings.bundle of the InAppSettingsKit sample app: every Apple specifier type and
  /// InAppSettingsKit's extensions, child panes, UTF-16 strings in en and de.
  public static let sampleBundle = fixtures + "/InAppSettingsKitSample.bundle"

  /// InAppSettingsKit's test bundle, with a malformed page.
  public static let testsBundle = fixtures + "/InAppSettingsKitTests.bundle"

  /// The project's own bundle of what real apps' bundles do: language folders with regions
  /// and scripts (`zh-Hant`, `zh-HK`, `pt-BR`, `es_AR`), `.strings` as UTF-16, binary and XML
  /// property lists, footers with line breaks and bidi marks, numbers written as strings,
  /// choices stored as integers, a `Root~ipad.plist` and idiom-limited rows.
  public static let realWorldCasesBundle = fixtures + "/RealWorldCases.bundle"

  /// `Tests/Fixtures/Fidelity/<name>.bundle`: the project's own small bundles, each of one
  /// case where settei must read a bundle as Settings.app does.
  public static func fidelityBundle(_ name: String) -> String {
    fixtures + "/Fidelity/" + name + ".bundle"
  }

  /// The fixture bundles from other projects, by path.
  public static let bundles = [sampleBundle, testsBundle]
}
