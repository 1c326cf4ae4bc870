#if canImport(Glibc)
  import Glibc
#endif

/// Reads whole input files (schemas, pages, strings tables), with errors that name the file
/// and the reason. A thin face over ``FileSystem/readFile(_:acceptsPipes:limit:)`` that
/// also takes pipes and refuses a missing file.
package enum FileBytes {
  package struct ReadError: Error, CustomStringConvertible {
    var path: String
    var reason: String
    package var description: String { "\(path): cannot read: \(reason)" }
  }

  /// The bytes of a file. Refuses folders, devices, missing files and files over `limit`
  /// bytes; reads a FIFO to its end.
  package static func read(_ path: String, limit: Int = 64 << 20) throws(ReadError) -> [UInt8] {
    do throws(SystemCallError) {
      guard let file = try FileSystem.readFile(path, acceptsPipes: true, limit: limit) else {
        throw SystemCallError(operation: "cannot open", path: path, code: ENOENT)
      }
      return file.bytes
    } catch {
      let reason =
        switch error.code {
        case EISDIR: "it is a folder, not a file"
        case EINVAL: "it is not a regular file"
        default: error.reason
        }
      throw ReadError(path: path, reason: reason)
    }
  }
}
