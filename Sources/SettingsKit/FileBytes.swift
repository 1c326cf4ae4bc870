#if canImport(Glibc)
  import Glibc
#endif

/// Reads whole files with `open`/`read`, with errors that name the file and the reason.
enum FileBytes {
  struct ReadError: Error, CustomStringConvertible {
    var path: String
    var reason: String
    var description: String { "\(path): cannot read: \(reason)" }
  }

  /// The bytes of a file. Refuses folders, devices and files over `limit` bytes.
  ///
  /// Opens without blocking, so that a FIFO without a writer reads as empty instead of
  /// hanging; a pipe such as `<(cat schema.json)` is still read to its end.
  static func read(_ path: String, limit: Int = 64 << 20) throws(ReadError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { throw ReadError(path: path, reason: currentError()) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw ReadError(path: path, reason: currentError())
    }
    if (info.st_mode & S_IFMT) == S_IFDIR {
      throw ReadError(path: path, reason: "it is a folder, not a file")
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFIFO:
      // A writer is connected or not; either way, blocking reads now end.
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    default:
      throw ReadError(path: path, reason: "it is not a regular file")
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(max(0, Int(info.st_size)))
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw ReadError(path: path, reason: currentError())
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
      if bytes.count > limit {
        throw ReadError(path: path, reason: "it is larger than \(limit >> 20) MiB")
      }
    }
    return bytes
  }

  static func currentError() -> String {
    String(cString: strerror(errno))
  }
}
