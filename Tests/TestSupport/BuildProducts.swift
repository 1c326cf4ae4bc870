import Glibc

/// Finds the programs this package built, for tests that run them.
public enum BuildProducts {
  /// The path of the built executable `name`, next to the running test bundle.
  ///
  /// The test bundle runs from SwiftPM's products folder (`.build/<triple>/<config>/`), where
  /// the package's executables are built too; the folder is found from `/proc/self/exe`,
  /// falling back to `CommandLine.arguments[0]`, and searched upwards so that a bundle nested
  /// deeper in that folder still finds them.
  ///
  /// - Parameter name: The executable's product name, e.g. `line-editor-probe`.
  /// - Returns: The absolute path, or nil when no such executable was found.
  public static func path(of name: String) -> String? {
    var folder = runningExecutable().map(parentFolder)
    while let current = folder, current != "/" {
      let candidate = current + "/" + name
      if access(candidate, X_OK) == 0 { return candidate }
      folder = parentFolder(current)
    }
    return nil
  }

  /// The settei under test: the path in `SETTEI_TEST_EXECUTABLE` when it is set (`make
  /// check-release` sets it to the release build, which links differently, so that the
  /// end-to-end tests also run what ships), else the one built beside the tests.
  public static var settei: String? {
    if let value = getenv("SETTEI_TEST_EXECUTABLE"), value.pointee != 0 {
      return String(cString: value)
    }
    return path(of: "settei")
  }

  /// The absolute path of the running program.
  private static func runningExecutable() -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    if length > 0 {
      return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    guard let first = CommandLine.arguments.first, let resolved = realpath(first, nil) else {
      return nil
    }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// `path` without its last component.
  private static func parentFolder(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}
