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

  /// A file that could not be read whole, and why.
  package struct ReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The call that failed.
    package var failure: SystemCallError

    /// `PATH: cannot read: why`, in the catalog's language; a file too large says to make
    /// it smaller or split it into pages.
    package func message(in messages: SystemMessages) -> String {
      let reason =
        switch failure.code {
        case EISDIR: messages[.readFolder]
        case EINVAL: messages[.readNotRegular]
        case EFBIG: messages.text(.readTooLarge, failure.reasonText(in: messages))
        default: failure.reasonText(in: messages)
        }
      return messages.text(.cannotReadFile, failure.path, reason)
    }

    /// ``message(in:)`` in English.
    package var description: String { message(in: .forLanguage("en")) }
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
        throw SystemCallError(.open, path: path, code: ENOENT)
      }
      return file.bytes
    } catch {
      throw ReadError(failure: error)
    }
  }
}
