import SystemIO
import TextSafety

/// A history file that could not be read or written.
///
/// `path` is the file as the caller named it; ``message(language:)`` says what went wrong in
/// a language of LineEditor's catalog (English or Japanese), the system's own words
/// (`strerror`) where a call failed: `history file /home/a/.local/state/my-tool/history:
/// Permission denied`.
public struct HistoryFileError: Error, CustomStringConvertible {
  /// What went wrong, as data; worded by ``message(language:)``.
  package enum Problem: Equatable {
    /// A system call failed.
    case call(SystemCallError)
    /// The file is a folder, a device or a pipe.
    case notRegularFile
    /// The file holds `size` bytes, more than `limit`.
    case tooLarge(size: Int, limit: Int)
    /// The file does not start with libedit's first line, `cookie`.
    case notHistoryFile(cookie: String)
    /// Where the file's folder should be, something else is.
    case notAFolder(String)
    /// The file was not saved over, because it could not be loaded.
    case notOverwritten
    /// Another process holds the lock of the file, at `lockPath`.
    case held(lockPath: String, holder: FileLock.Holder?)
  }

  /// The history file the operation was about.
  public let path: String
  /// What went wrong.
  package let problem: Problem

  package init(path: String, _ problem: Problem) {
    self.path = path
    self.problem = problem
  }

  /// What went wrong, without the file, in `language` (English for a language the catalog
  /// lacks).
  public func reason(language: String) -> String {
    let messages = HistoryMessages.forLanguage(language)
    let system = SystemMessages.forLanguage(language)
    switch problem {
    case .call(let error):
      return error.message(in: system)
    case .notRegularFile:
      return messages[.notRegularFile]
    case .tooLarge(let size, let limit):
      return messages.text(
        .tooLarge, SystemCallError.sizeText(size, system), SystemCallError.sizeText(limit, system))
    case .notHistoryFile(let cookie):
      return messages.text(.notHistoryFile, cookie)
    case .notAFolder(let folder):
      return messages.text(.notAFolder, folder)
    case .notOverwritten:
      return messages[.notOverwritten]
    case .held(let lockPath, let holder):
      return messages.text(
        .heldBy, lockPath, holder?.worded(in: system) ?? messages[.anotherProgram])
    }
  }

  /// The error as one line in `language`: `history file <path>: <reason>`.
  public func message(language: String) -> String {
    HistoryMessages.forLanguage(language).text(.historyFile, path, reason(language: language))
  }

  /// The error as one line in English.
  public var description: String { message(language: "en") }
}
