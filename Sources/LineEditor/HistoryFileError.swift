/// A history file that could not be read or written.
///
/// `path` is the file as the caller named it and `reason` says what went wrong, usually the
/// system's own words (`strerror`), so the message can be shown to a person as it is:
/// `history file /home/a/.local/state/my-tool/history: Permission denied`.
public struct HistoryFileError: Error, CustomStringConvertible {
  /// The history file the operation was about.
  public let path: String
  /// What went wrong, in words a person can act on.
  public let reason: String

  /// Creates an error about `path`.
  ///
  /// - Parameters:
  ///   - path: The history file the operation was about.
  ///   - reason: What went wrong.
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// The error as one line: `history file <path>: <reason>`.
  public var description: String { "history file \(path): \(reason)" }
}
