#if canImport(Glibc)
  import Glibc
#endif

/// Whole-file reads and writes with the C library, for the report, the generated schemas and
/// the scripts that the benchmark feeds to settei.
enum TextFile {
  /// The file's bytes.
  ///
  /// - Throws: ``BenchError`` if the file cannot be opened or read.
  static func readBytes(_ path: String) throws(BenchError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw BenchError("cannot open \(path): \(reason())") }
    defer { close(descriptor) }
    return ChildProcess.readAll(descriptor)
  }

  /// The file's text, decoded as UTF-8.
  static func read(_ path: String) throws(BenchError) -> String {
    String(decoding: try readBytes(path), as: UTF8.self)
  }

  /// Replaces the file's contents (not atomically: these are the benchmark's own files).
  static func write(_ bytes: [UInt8], to path: String) throws(BenchError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw BenchError("cannot create \(path): \(reason())") }
    defer { close(descriptor) }
    try ChildProcess.writeAll(bytes, to: descriptor)
  }

  /// Replaces the file's text.
  static func write(_ text: String, to path: String) throws(BenchError) {
    try write(Array(text.utf8), to: path)
  }

  /// Makes a folder and its parents, if missing.
  static func makeFolders(_ path: String) throws(BenchError) {
    var current = path.hasPrefix("/") ? "" : "."
    for part in path.split(separator: "/") {
      current += "/" + part
      if mkdir(current, 0o755) != 0, errno != EEXIST {
        throw BenchError("cannot make \(current): \(reason())")
      }
    }
  }

  /// A new empty folder under `parent`, named from `prefix`.
  static func temporaryFolder(in parent: String, prefix: String) throws(BenchError) -> String {
    try makeFolders(parent)
    var template = Array((parent + "/" + prefix + "-XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.flatMap { mkdtemp($0) }
    }
    guard made != nil else { throw BenchError("mkdtemp in \(parent): \(reason())") }
    return String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The text of `errno`.
  static func reason() -> String {
    String(cString: strerror(errno))
  }
}
