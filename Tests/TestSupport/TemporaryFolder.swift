import Glibc

/// A new empty folder under `/tmp`, removed with everything in it when the value goes away.
///
/// ```swift
/// let folder = try TemporaryFolder()
/// let path = folder.file("history")
/// ```
public final class TemporaryFolder {
  /// The folder's absolute path.
  public let path: String

  /// Creates the folder.
  ///
  /// - Throws: ``PseudoTerminalError`` when `mkdtemp` fails.
  public init() throws {
    var template = Array("/tmp/settei-test-XXXXXX".utf8CString)
    guard mkdtemp(&template) != nil else {
      throw PseudoTerminalError(
        description: "mkdtemp: \(String(cString: strerror(errno)))")
    }
    path = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// A path inside the folder: `path/name`.
  public func file(_ name: String) -> String { path + "/" + name }

  deinit {
    TemporaryFolder.remove(path)
  }

  /// Removes `path` and, if it is a folder, everything in it; restores write permission on
  /// folders first so that a test may leave one read-only.
  private static func remove(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    guard info.st_mode & S_IFMT == S_IFDIR else {
      unlink(path)
      return
    }
    chmod(path, 0o700)
    if let folder = opendir(path) {
      var names: [String] = []
      while let entry = readdir(folder) {
        let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
          pointer.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
        }
        if name != "." && name != ".." { names.append(name) }
      }
      closedir(folder)
      for name in names { remove(path + "/" + name) }
    }
    rmdir(path)
  }
}
