import Glibc
import TextSafety

/// A system call that failed: what was attempted, on which path, `errno`, and what more the
/// call knows of why. Typed, so that each presenter words it in the session's language
/// (``operationText(in:)``, ``reasonText(in:)``, ``message(in:)``).
package struct SystemCallError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What was being done to the path.
  package enum Operation: Sendable, Equatable {
    case open, examine, read, resolve, createFolder, remove, create, close, replace, setMode
    case flush, write, listFolder
    case createLockFile, openLockFile, reuseStaleLockFile, duplicateDescriptor
  }

  /// Why, where the call knows more than `errno` says.
  package enum Problem: Sendable, Equatable {
    /// What `strerror` says of the code.
    case system
    /// The path is a device, a socket or a pipe, not a file.
    case notRegularFile
    /// The file holds `size` bytes (`nil`: read to past the limit), more than `limit`.
    case tooLarge(size: Int?, limit: Int)
  }

  /// What was being done.
  package var operation: Operation
  /// The path the call was about.
  package var path: String
  /// The `errno` value.
  package var code: Int32
  /// Why, beyond the code.
  package var problem: Problem

  package init(_ operation: Operation, path: String, code: Int32, problem: Problem = .system) {
    self.operation = operation
    self.path = path
    self.code = code
    self.problem = problem
  }

  /// What was being done, in the catalog's language: `cannot open`.
  package func operationText(in messages: SystemMessages) -> String {
    let key: SystemMessage =
      switch operation {
      case .open: .opOpen
      case .examine: .opExamine
      case .read: .opRead
      case .resolve: .opResolve
      case .createFolder: .opCreateFolder
      case .remove: .opRemove
      case .create: .opCreate
      case .close: .opClose
      case .replace: .opReplace
      case .setMode: .opSetMode
      case .flush: .opFlush
      case .write: .opWrite
      case .listFolder: .opListFolder
      case .createLockFile: .opCreateLockFile
      case .openLockFile: .opOpenLockFile
      case .reuseStaleLockFile: .opReuseStaleLockFile
      case .duplicateDescriptor: .opDuplicateDescriptor
      }
    return messages[key]
  }

  /// Why, in the catalog's language; the system's own words (`strerror`, in the C
  /// library's locale) for a plain failed call.
  package func reasonText(in messages: SystemMessages) -> String {
    switch problem {
    case .system:
      String(cString: strerror(code))
    case .notRegularFile:
      messages[.notRegularFile]
    case .tooLarge(let size?, let limit):
      messages.text(.tooLargeHolds, Self.sizeText(size, messages), Self.sizeText(limit, messages))
    case .tooLarge(nil, let limit):
      messages.text(.tooLargeLonger, Self.sizeText(limit, messages))
    }
  }

  /// The path, what could not be done to it and why, in the catalog's language:
  /// `/a/b: cannot open: Permission denied`.
  package func message(in messages: SystemMessages) -> String {
    messages.text(.callFailed, path, operationText(in: messages), reasonText(in: messages))
  }

  /// ``message(in:)`` in English.
  package var description: String { message(in: .forLanguage("en")) }

  /// A size for a person: `256 MiB`, `1024 GiB`, `1200 bytes`.
  package static func sizeText(_ bytes: Int, _ messages: SystemMessages) -> String {
    if bytes >= 1 << 30, bytes % (1 << 30) == 0 {
      return messages.text(.sizeGiB, String(bytes >> 30))
    }
    if bytes >= 1 << 20, bytes % (1 << 20) == 0 {
      return messages.text(.sizeMiB, String(bytes >> 20))
    }
    if bytes >= 1 << 10, bytes % (1 << 10) == 0 {
      return messages.text(.sizeKiB, String(bytes >> 10))
    }
    return messages.text(.sizeBytes, String(bytes))
  }
}
