#if canImport(Glibc)
  import Glibc
#endif

/// Reads whole input files (schemas, pages, strings tables), with errors that name the file
/// and the reason. A thin face over ``FileSystem/readFile(_:acceptsPipes:limit:)`` that
/// refuses a missing file and, only where asked (the schema named on the command line, such
/// as `<(cat schema.json)`), takes a pipe.
package enum FileBytes {
  /// The most bytes a schema file, a page of a bundle or a `.strings` table may hold: far
  /// beyond the largest real bundles (and the 100,000-row schemas of the benchmarks).
  package static let limit = 64 << 20

  package struct ReadError: Error, CustomStringConvertible {
    var path: String
    var reason: String
    package var description: String { "\(path): cannot read: \(reason)" }
  }

  /// The bytes of a regular file. Refuses folders, devices, missing files and files over
  /// ``limit`` bytes; a FIFO is refused too (opened without blocking), unless `acceptsPipes`:
  /// then it is read to its end.
  package static func read(_ path: String, acceptsPipes: Bool = false) throws(ReadError)
    -> [UInt8]
  {
    do throws(SystemCallError) {
      guard let file = try FileSystem.readFile(path, acceptsPipes: acceptsPipes, limit: limit)
      else {
        throw SystemCallError(operation: "cannot open", path: path, code: ENOENT)
      }
      return file.bytes
    } catch {
      let reason =
        switch error.code {
        case EISDIR: "it is a folder, not a file"
        case EINVAL: "it is not a regular file"
        case EFBIG: error.reason + "; make it smaller, or split it into pages"
        default: error.reason
        }
      throw ReadError(path: path, reason: reason)
    }
  }
}
